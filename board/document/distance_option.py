"""The scenario option that picks how distances with heights are read (no Qt, no geometry).

``options["distance_rule"]`` is one of :data:`DISTANCE_RULES`: ``system`` (the default: the
rule system's own, declared in ``board/game/systems/<system>/facts.py``), or a house rule,
``horizontal`` (across the table only), ``straight`` (the straight line between the closest
points) or ``across_then_up``. A file or a peer naming anything else is refused with the
choices named (docs/measure.md, Heights).

>>> check_distance_option({"distance_rule": "straight"}, "options")
>>> try:
...     check_distance_option({"distance_rule": "diagonal"}, "options")
... except ScenarioError as error:
...     print(error)
options.distance_rule: expected one of system, horizontal, straight, across_then_up, got "diagonal"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from board.document.errors import ScenarioError
from board.document.fields import describe

__all__ = ["DISTANCE_RULE", "DISTANCE_RULES", "SYSTEM_RULE", "check_distance_option",
           "distance_choice"]

#: The option's key in ``Scenario.options``.
DISTANCE_RULE = "distance_rule"
#: The default: the rule system's own rule.
SYSTEM_RULE = "system"
#: Every value the option may take.
DISTANCE_RULES = (SYSTEM_RULE, "horizontal", "straight", "across_then_up")


def check_distance_option(options: Mapping[str, Any], where: str) -> None:
    """Refuse an unknown ``distance_rule`` (``ScenarioError`` naming the choices)."""
    if DISTANCE_RULE not in options:
        return
    value = options[DISTANCE_RULE]
    if not isinstance(value, str) or value not in DISTANCE_RULES:
        raise ScenarioError(f"expected one of {', '.join(DISTANCE_RULES)}, got {describe(value)}",
                            f"{where}.{DISTANCE_RULE}" if where else DISTANCE_RULE)


def distance_choice(options: Mapping[str, Any]) -> str:
    """The option's value, ``system`` when not set (a checked scenario's)."""
    value = options.get(DISTANCE_RULE, SYSTEM_RULE)
    return value if value in DISTANCE_RULES else SYSTEM_RULE
