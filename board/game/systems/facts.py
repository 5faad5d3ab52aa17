"""The lower tier's registry of facts: each rule system's, from its folder (no Qt, no rules).

The world of shapes asks it how tall things stand for sight and where a scenario deploys
(:class:`~board.game.systems.protocol.SystemFacts`). It stands on the document alone: the
board's first paint builds the world without loading the rules. Each folder registered in
:data:`board.game.systems.FOLDERS` gives its facts (``facts.py``'s ``FACTS``).

>>> facts_for(RuleSystem.HORUS_HERESY).default_deployment
'dawn_of_war'
>>> facts_for(RuleSystem.WARHAMMER_FANTASY).sight_rule
<SightRule.LOS_VALUES: 'los_values'>
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from board.document.model import RuleSystem
from board.game.systems import part_of
from board.game.systems.protocol import SystemFacts

__all__ = ["FACTS", "facts_for"]


def facts_for(system: RuleSystem) -> SystemFacts:
    """The facts of ``system`` (every registered :class:`RuleSystem` has them)."""
    facts: SystemFacts = part_of(system, "facts").FACTS
    return facts


class _Facts(Mapping[RuleSystem, SystemFacts]):
    """Every registered system's facts."""

    def __getitem__(self, system: RuleSystem) -> SystemFacts:
        return facts_for(system)

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(RuleSystem)

    def __len__(self) -> int:
        return len(RuleSystem)


#: Each registered rule system's facts.
FACTS: Mapping[RuleSystem, SystemFacts] = _Facts()
