"""The lower tier's registry of facts: each rule system's, registered once (no Qt, no rules).

The world of shapes asks it how tall things stand for sight and where a scenario deploys
(:class:`~board.game.systems.protocol.SystemFacts`). It stands on the document alone: the
board's first paint builds the world without loading the rules.

>>> facts_for(RuleSystem.HORUS_HERESY).default_deployment
'dawn_of_war'
>>> facts_for(RuleSystem.WARHAMMER_FANTASY).sight_rule
<SightRule.LOS_VALUES: 'los_values'>
"""

from __future__ import annotations

from board.document.model import RuleSystem
from board.game.systems.epic.facts import EpicFacts
from board.game.systems.fantasy.facts import FantasyFacts
from board.game.systems.protocol import SystemFacts
from board.game.systems.wh40k.facts import Wh40kFacts

__all__ = ["FACTS", "facts_for"]

#: Each rule system's facts, once.
FACTS: dict[RuleSystem, SystemFacts] = {
    system: facts for facts in (Wh40kFacts(), EpicFacts(), FantasyFacts())
    for system in facts.rule_systems}


def facts_for(system: RuleSystem) -> SystemFacts:
    """The facts of ``system`` (every :class:`RuleSystem` has them)."""
    return FACTS[system]
