"""Epic 40,000: the facts the whole bridge may ask (seed 001).

A building is a :class:`rules.epic40k.BuildingState`; an empty ``state`` starts a fresh
building of the datasheet's size and numbers. Heights are inches, as in 40K; the players
measure in centimetres (:attr:`~board.document.model.RuleSystem.uses_cm`).
"""

from __future__ import annotations

from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import RuleSystem
from board.game.systems import base_facts as shared
from board.game.systems.epic.description import EPIC40K
from board.game.systems.epic.setup import SETUPS
from board.game.systems.protocol import Looker, SystemFacts, SystemSetup
from geometry import DistanceRule, SightRule

__all__ = ["EpicFacts", "FACTS"]


class EpicFacts:
    """The lower tier of :class:`~board.game.systems.protocol.SystemFacts` for Epic 40,000."""

    rule_systems: tuple[RuleSystem, ...] = (EPIC40K,)
    sight_rule: SightRule = SightRule.TRUE_LINE
    hidden_gives_cover: bool = False
    default_deployment: str = "dawn_of_war"
    member_word: str = "stand"
    building_looker: Looker = Looker.BATTLEMENTS
    setups: dict[RuleSystem, SystemSetup] = SETUPS
    #: Epic 40,000 measures across the table: its units garrison buildings and "move freely
    #: throughout" them (seed 001) rather than stand on levels, and its FAQ on measuring
    #: ranges asks only that players measure one way consistently (the E40K compendium,
    #: thehobby.zone, "FAQ: Measuring ranges" [S]). Our decision: horizontal (docs/measure.md).
    distance_rule: DistanceRule = DistanceRule.HORIZONTAL
    distance_rule_source: str = ("Epic 40,000: across the table (our decision: units garrison "
                                 "buildings rather than stand on them)")

    def is_building(self, sheet: Datasheet) -> bool:
        """A building datasheet of the system with a size class."""
        return sheet.kind is TerrainKind.BUILDING and sheet.size is not None

    building_sight_height = shared.building_sight_height
    model_height = shared.model_height
    sight_notes = shared.sight_notes

#: the facts its registry hands out (board.game.systems.facts).
FACTS: SystemFacts = EpicFacts()
