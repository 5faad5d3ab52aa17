"""Warhammer Fantasy: what a building's rules object is, and how it is written back (no Qt).

The half of the system's facts that needs the rules (:mod:`board.game.systems.buildings`);
the other half (:mod:`.facts`) is read before the rules are loaded, for the board's first paint.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece, TroopType
from board.game.systems.protocol import BuildingReader
from rules import warhammer_fantasy

__all__ = ["READER", "FantasyBuilding", "FantasyBuildings", "garrison_of"]


@dataclass
class FantasyBuilding:
    """A Warhammer Fantasy building in play: its floors and the garrison holding it, if any."""

    floors: int
    garrison: warhammer_fantasy.GarrisonState | None = None

    @property
    def line_of_sight(self) -> int:
        """The building's Line of Sight value (5 per floor, seed 002)."""
        return warhammer_fantasy.building_line_of_sight(self.floors)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values for ``TerrainPiece.state``."""
        return {"garrison": self.garrison.to_dict() if self.garrison else None}


def garrison_of(rules_object: Any) -> warhammer_fantasy.GarrisonState | None:
    """The garrison holding a Fantasy building (``None``: empty, or not a Fantasy building)."""
    return rules_object.garrison if isinstance(rules_object, FantasyBuilding) else None


class FantasyBuildings:
    """What a building is in Warhammer Fantasy (the protocol's ``BuildingReader``)."""

    building_type: type = FantasyBuilding

    def read_building(self, scenario: Scenario, sheet: Datasheet, piece: TerrainPiece,
                      names: Mapping[str, str]) -> FantasyBuilding:
        """The floors and the garrison: the saved one, or the units the file put inside."""
        unknown = set(piece.state) - {"garrison"}
        if unknown:
            raise ValueError(f"unknown garrison state keys: {sorted(unknown)}")
        saved = piece.state.get("garrison")
        garrison = warhammer_fantasy.GarrisonState.from_dict(saved) if saved else None
        inside = scenario.units_in(piece.id)
        if not inside:
            return FantasyBuilding(sheet.floors, None)
        if garrison is None:  # put inside by the file alone: it went in before the first turn
            main = next((u for u in inside if u.troop_type is not TroopType.CHARACTER),
                        inside[0])
            garrison = warhammer_fantasy.GarrisonState(main.id, main.side, 0)
        garrison.characters = [u.id for u in inside if u.id != garrison.unit]
        garrison.name = next((u.name for u in inside if u.id == garrison.unit), garrison.unit)
        return FantasyBuilding(sheet.floors, garrison)

    def saved_state(self, rules_object: Any,
                    claimed_by: str | None) -> tuple[dict[str, Any], str | None]:
        """The garrison, and the side holding the building as its claim."""
        assert isinstance(rules_object, FantasyBuilding)
        holder = rules_object.garrison.side if rules_object.garrison else None
        return rules_object.to_dict(), holder

    def current_armour(self, rules_object: Any, facing: str) -> int | None:
        """Fantasy buildings have no armour that changes."""
        return None

#: the building reader its registry hands out (board.game.systems.buildings).
READER: BuildingReader = FantasyBuildings()
