"""Warhammer 40,000 and the Horus Heresy: the facts the whole bridge may ask (seeds 000, 003).

A building is a :class:`rules.wh40k.Building` made by ``Building.from_dicts`` from the
datasheet (its id set to the piece's) and ``TerrainPiece.state``, brought in step with who is
inside (``Unit.embarked_in``). Heights are inches; sight is traced along true lines, and a
model 25% or more hidden is in cover.
"""

from __future__ import annotations

from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import RuleSystem
from board.game.systems import base_facts as shared
from board.game.systems.protocol import Looker, SystemFacts, SystemSetup
from board.game.systems.wh40k.description import HORUS_HERESY, WH40K
from board.game.systems.wh40k.setup import SETUPS
from geometry import SightRule

__all__ = ["Wh40kFacts", "FACTS"]

class Wh40kFacts:
    """The lower tier of :class:`~board.game.systems.protocol.SystemFacts` for 40K and HH."""

    rule_systems: tuple[RuleSystem, ...] = (WH40K, HORUS_HERESY)
    sight_rule: SightRule = SightRule.TRUE_LINE
    hidden_gives_cover: bool = True
    default_deployment: str = "dawn_of_war"
    member_word: str = "model"
    building_looker: Looker = Looker.BATTLEMENTS
    setups: dict[RuleSystem, SystemSetup] = SETUPS

    def is_building(self, sheet: Datasheet) -> bool:
        """A building datasheet of the system with an armour value."""
        return sheet.kind is TerrainKind.BUILDING and sheet.armour is not None

    building_sight_height = shared.building_sight_height
    model_height = shared.model_height
    sight_notes = shared.sight_notes

#: the facts its registry hands out (board.game.systems.facts).
FACTS: SystemFacts = Wh40kFacts()
