"""Warhammer 40,000 and the Horus Heresy: the facts the whole bridge may ask (seeds 000, 003).

A building is a :class:`rules.wh40k.Building` made by ``Building.from_dicts`` from the
datasheet (its id set to the piece's) and ``TerrainPiece.state``, brought in step with who is
inside (``Unit.embarked_in``). Heights are inches; sight is traced along true lines, and a
model 25% or more hidden is in cover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from board.document.datasheet import Datasheet, TerrainKind
from board.document.datasheet_json import datasheet_to_dict
from board.document.model import RuleSystem, Scenario, TerrainPiece, Unit
from board.game.systems.heights import height_in_inches
from board.game.systems.protocol import Looker
from geometry import SightRule
from rules import wh40k

__all__ = ["Wh40kFacts"]

class Wh40kFacts:
    """The lower tier of :class:`~board.game.systems.protocol.SystemFacts` for 40K and HH."""

    rule_systems: tuple[RuleSystem, ...] = (RuleSystem.WH40K, RuleSystem.HORUS_HERESY)
    sight_rule: SightRule = SightRule.TRUE_LINE
    hidden_gives_cover: bool = True
    default_deployment: str = "dawn_of_war"
    building_type: type = wh40k.Building
    building_looker: Looker = Looker.BATTLEMENTS

    def is_building(self, sheet: Datasheet) -> bool:
        """A building datasheet of the system with an armour value."""
        return sheet.kind is TerrainKind.BUILDING and sheet.armour is not None

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

    def building_sight_height(self, sheet: Datasheet) -> float:
        """The datasheet's height, inches."""
        return sheet.height

    def model_height(self, unit: Unit) -> float:
        """:func:`height_in_inches`."""
        return height_in_inches(unit)

    def current_armour(self, rules_object: Any, facing: str) -> int | None:
        """The building's armour now (a penetrating hit may have lowered it)."""
        return rules_object.armour(facing) if isinstance(rules_object, wh40k.Building) else None

    def sight_notes(self, scenario: Scenario, piece_id: str) -> tuple[str, ...]:
        """Nothing: cover comes from how much of each model is hidden."""
        return ()
