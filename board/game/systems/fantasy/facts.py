"""Warhammer Fantasy: the facts the whole bridge may ask (seeds 002 and 004).

A building is a :class:`FantasyBuilding`: its floors and the
:class:`rules.warhammer_fantasy.GarrisonState` kept as ``state["garrison"]``; the side holding
it is the piece's ``claimed_by``. Sight compares Line of Sight values (a building's is 5 per
floor); a garrison is in hard cover.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import RuleSystem, Scenario, TerrainPiece, TroopType, Unit
from board.game.systems.heights import line_of_sight_value
from board.game.systems.protocol import Looker
from geometry import SightRule, building_los_value
from rules import warhammer_fantasy

__all__ = ["FantasyBuilding", "FantasyFacts", "garrison_of"]


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


class FantasyFacts:
    """The lower tier of :class:`~board.game.systems.protocol.SystemFacts` for Fantasy."""

    rule_systems: tuple[RuleSystem, ...] = (RuleSystem.WARHAMMER_FANTASY,)
    sight_rule: SightRule = SightRule.LOS_VALUES
    hidden_gives_cover: bool = False
    default_deployment: str = "battleline"
    building_type: type = FantasyBuilding
    building_looker: Looker = Looker.GARRISON

    def is_building(self, sheet: Datasheet) -> bool:
        """Every building datasheet of the system."""
        return sheet.kind is TerrainKind.BUILDING

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

    def building_sight_height(self, sheet: Datasheet) -> float:
        """A building's Line of Sight value (5 per floor); other terrain its height."""
        if sheet.kind is TerrainKind.BUILDING:
            return building_los_value(sheet.floors)
        return sheet.height

    def model_height(self, unit: Unit) -> float:
        """The unit's Line of Sight value."""
        return line_of_sight_value(unit)

    def current_armour(self, rules_object: Any, facing: str) -> int | None:
        """Fantasy buildings have no armour that changes."""
        return None

    def sight_notes(self, scenario: Scenario, piece_id: str) -> tuple[str, ...]:
        """A garrison is in hard cover (seed 002)."""
        inside = scenario.units_in(piece_id)
        if not inside:
            return ()
        names = ", ".join(u.name for u in inside)
        return (f"{names} inside: shots at the garrison count it as in hard cover (−2 to hit)",)
