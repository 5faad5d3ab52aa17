"""Warhammer Fantasy: the facts the whole bridge may ask (seeds 002 and 004).

A building is a :class:`FantasyBuilding`: its floors and the
:class:`rules.warhammer_fantasy.GarrisonState` kept as ``state["garrison"]``; the side holding
it is the piece's ``claimed_by``. Sight compares Line of Sight values (a building's is 5 per
floor); a garrison is in hard cover.
"""

from __future__ import annotations

from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import RuleSystem, Scenario, Unit
from board.game.systems.fantasy.description import WARHAMMER_FANTASY
from board.game.systems.fantasy.setup import SETUPS
from board.game.systems.heights import line_of_sight_value
from board.game.systems.protocol import Looker, SystemFacts, SystemSetup
from geometry import DistanceRule, SightRule, building_los_value

__all__ = ["FantasyFacts", "FACTS"]


class FantasyFacts:
    """The lower tier of :class:`~board.game.systems.protocol.SystemFacts` for Fantasy."""

    rule_systems: tuple[RuleSystem, ...] = (WARHAMMER_FANTASY,)
    sight_rule: SightRule = SightRule.LOS_VALUES
    hidden_gives_cover: bool = False
    default_deployment: str = "battleline"
    member_word: str = "model"
    building_looker: Looker = Looker.GARRISON
    setups: dict[RuleSystem, SystemSetup] = SETUPS
    #: Warhammer Fantasy measures base to base (8W and 7W "Measuring distances" [V]), and a
    #: unit is never on top of a building: it garrisons it, and a garrison's range is
    #: "measured from the closest point of the building" (seed 002); floors only raise the
    #: Line of Sight value. So: across the table (docs/measure.md, Heights).
    distance_rule: DistanceRule = DistanceRule.HORIZONTAL
    distance_rule_source: str = ("Warhammer Fantasy: base to base across the table; a garrison "
                                 "measures from the building's closest point")

    def is_building(self, sheet: Datasheet) -> bool:
        """Every building datasheet of the system."""
        return sheet.kind is TerrainKind.BUILDING

    def building_sight_height(self, sheet: Datasheet) -> float:
        """A building's Line of Sight value (5 per floor); other terrain its height."""
        if sheet.kind is TerrainKind.BUILDING:
            return building_los_value(sheet.floors)
        return sheet.height

    def model_height(self, unit: Unit) -> float:
        """The unit's Line of Sight value."""
        return line_of_sight_value(unit)

    def sight_notes(self, scenario: Scenario, piece_id: str) -> tuple[str, ...]:
        """A garrison is in hard cover (seed 002)."""
        inside = scenario.units_in(piece_id)
        if not inside:
            return ()
        names = ", ".join(u.name for u in inside)
        return (f"{names} inside: shots at the garrison count it as in hard cover (−2 to hit)",)

#: the facts its registry hands out (board.game.systems.facts).
FACTS: SystemFacts = FantasyFacts()
