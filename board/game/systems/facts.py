"""The lower tier's registry: each rule system's facts, registered once (no Qt).

The bridge's core asks it what a building's rules object is, how tall things stand for sight
and where a scenario deploys (:class:`~board.game.systems.protocol.SystemFacts`). It stands
on the document and the rules alone: nothing here imports the rest of :mod:`board.game`.

>>> facts_for(RuleSystem.HORUS_HERESY).default_deployment
'dawn_of_war'
>>> facts_for(RuleSystem.WARHAMMER_FANTASY).sight_rule
<SightRule.LOS_VALUES: 'los_values'>
"""

from __future__ import annotations

from board.document.model import RuleSystem
from board.game.systems.epic.facts import EpicFacts
from board.game.systems.fantasy.facts import FantasyBuilding, FantasyFacts
from board.game.systems.protocol import SystemFacts
from board.game.systems.wh40k.facts import Wh40kFacts
from rules import epic40k, wh40k

__all__ = ["BuildingRules", "FACTS", "facts_for", "facts_of"]

#: A building's rules object, whichever the rule system.
BuildingRules = wh40k.Building | epic40k.BuildingState | FantasyBuilding

#: Each rule system's facts, once.
FACTS: dict[RuleSystem, SystemFacts] = {
    system: facts for facts in (Wh40kFacts(), EpicFacts(), FantasyFacts())
    for system in facts.rule_systems}


def facts_for(system: RuleSystem) -> SystemFacts:
    """The facts of ``system`` (every :class:`RuleSystem` has them)."""
    return FACTS[system]


def facts_of(rules_object: BuildingRules) -> SystemFacts:
    """The facts of the rule system a building's rules object belongs to."""
    return next(f for f in FACTS.values() if isinstance(rules_object, f.building_type))
