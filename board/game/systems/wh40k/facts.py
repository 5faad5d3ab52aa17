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
from geometry import DistanceRule, SightRule

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
    #: Distances are taken between the models as they are placed, heights included: the
    #: closest points in 3D of the models' volumes (a base's footprint from where it stands
    #: to the model's height). A model 6" up a ruin is not within 3" of an objective at its
    #: foot (bolterandchainsword.com topic 302685, 7th edition [S]; "for everything else,
    #: the models are assumed to be where the models are actually placed", dakkadakka.com
    #: thread 222552 [S]); issue 40 names it the 40K family's rule. docs/measure.md, Heights.
    distance_rule: DistanceRule = DistanceRule.STRAIGHT
    distance_rule_source: str = ("40K: between the models as placed, heights included "
                                 "(closest points in 3D)")

    def is_building(self, sheet: Datasheet) -> bool:
        """A building datasheet of the system with an armour value."""
        return sheet.kind is TerrainKind.BUILDING and sheet.armour is not None

    building_sight_height = shared.building_sight_height
    model_height = shared.model_height
    sight_notes = shared.sight_notes

#: the facts its registry hands out (board.game.systems.facts).
FACTS: SystemFacts = Wh40kFacts()
