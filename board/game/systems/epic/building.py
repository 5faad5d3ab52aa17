"""Epic 40,000: what a building's rules object is, and how it is written back (no Qt).

The half of the system's facts that needs the rules (:mod:`board.game.systems.buildings`);
the other half (:mod:`.facts`) is read before the rules are loaded, for the board's first paint.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece
from board.game.systems.protocol import BuildingReader
from rules import epic40k

__all__ = ["EpicBuildings", "READER"]


class EpicBuildings:
    """What a building is in Epic 40,000 (the protocol's ``BuildingReader``)."""

    building_type: type = epic40k.BuildingState

    def read_building(self, scenario: Scenario, sheet: Datasheet, piece: TerrainPiece,
                      names: Mapping[str, str]) -> epic40k.BuildingState:
        """The saved state, or a fresh building of the datasheet's size and numbers."""
        if piece.state:
            return epic40k.BuildingState.from_dict(piece.state)
        assert sheet.size is not None
        return epic40k.BuildingState.new(epic40k.SizeClass(sheet.size.value),
                                         sheet.damage_capacity, sheet.assault_factor,
                                         sheet.epic_armour)

    def saved_state(self, rules_object: Any,
                    claimed_by: str | None) -> tuple[dict[str, Any], str | None]:
        """The state; the piece's claim is kept (the Epic rules have none of their own)."""
        return rules_object.to_dict(), claimed_by

    def current_armour(self, rules_object: Any, facing: str) -> int | None:
        """The datasheet's: Epic armour does not change with the facing's damage."""
        return None

#: the building reader its registry hands out (board.game.systems.buildings).
READER: BuildingReader = EpicBuildings()
