"""40K and HH: what a building's rules object is, and how it is written back (no Qt).

The half of the system's facts that needs the rules (:mod:`board.game.systems.buildings`);
the other half (:mod:`.facts`) is read before the rules are loaded, for the board's first paint.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from board.document.datasheet import Datasheet
from board.document.datasheet_json import datasheet_to_dict
from board.document.model import Scenario, TerrainPiece
from board.game.systems.protocol import BuildingReader
from rules import wh40k

__all__ = ["Wh40kBuildings", "READER"]


class Wh40kBuildings:
    """What a building is in 40K and HH (the protocol's ``BuildingReader``)."""

    building_type: type = wh40k.Building

    def read_building(self, scenario: Scenario, sheet: Datasheet, piece: TerrainPiece,
                      names: Mapping[str, str]) -> wh40k.Building:
        """The building from its datasheet and saved state, with who is inside now."""
        data = datasheet_to_dict(sheet)
        data["id"] = piece.id
        building = wh40k.Building.from_dicts(data, piece.state, piece.claimed_by)
        building.names = names
        inside = scenario.units_in(piece.id)
        building.state.occupants = [u.id for u in inside]
        building.state.occupying_side = inside[0].side if inside else None
        return building

    def saved_state(self, rules_object: Any,
                    claimed_by: str | None) -> tuple[dict[str, Any], str | None]:
        """The building's state, and its own claim."""
        assert isinstance(rules_object, wh40k.Building)
        return rules_object.state.to_dict(), rules_object.state.claimed_by

    def current_armour(self, rules_object: Any, facing: str) -> int | None:
        """The building's armour now (a penetrating hit may have lowered it)."""
        return rules_object.armour(facing) if isinstance(rules_object, wh40k.Building) else None

#: the building reader its registry hands out (board.game.systems.buildings).
READER: BuildingReader = Wh40kBuildings()
