"""Scenario options for Epic 40,000 buildings: the project's readings players may play otherwise.

Neither seed 001 nor RULES.md states these; the defaults are the project's readings (named
here as decisions and listed in docs/rules-epic-fantasy.md), and a scenario may turn each to
the other common reading.

>>> EpicOptions.from_dict({}) == EpicOptions()
True
>>> EpicOptions.from_dict({"debris_falls_inside_bonus": True}).debris_falls_inside_bonus
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

__all__ = [
    "DECISION_DEBRIS_FALLS_NO_BONUS",
    "DECISION_COLLAPSE_ZONE_NOT_HIT_AGAIN",
    "EpicOptions",
]

#: Our reading: critical row 10 ("A large chunk of Debris falls on a unit!") names no +2
#: armour, so its hit is rolled against the unit's own armour (as crumbling, RULES.md §4
#: seed 001 decision 3). Option ``debris_falls_inside_bonus``: roll it with the +2.
DECISION_DEBRIS_FALLS_NO_BONUS = "critical row 10 hits without the +2 armour of the building"

#: Our reading: a unit already rolled for in the 5 cm collapse zone (dies unless 4+) is not
#: also hit by the debris. Option ``collapse_zone_hit_again``: survivors of the 5 cm zone are
#: hit by the debris too when within the rolled radius.
DECISION_COLLAPSE_ZONE_NOT_HIT_AGAIN = "a unit rolled for in the 5 cm zone is not hit again"


@dataclass(frozen=True)
class EpicOptions:
    """The Epic 40,000 options of a scenario (``Scenario.options``)."""

    debris_falls_inside_bonus: bool = False
    collapse_zone_hit_again: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return plain JSON values for ``Scenario.options``."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EpicOptions:
        """Read the options back; a value that is not true or false is refused by name."""
        values = {}
        for f in fields(cls):
            value = data.get(f.name, False)
            if not isinstance(value, bool):
                raise ValueError(f"Epic option {f.name} {value!r} is not true or false")
            values[f.name] = value
        return cls(**values)
