"""Scenario options for Warhammer Fantasy buildings: WAP 9th (default) or 8th edition.

RULES.md section 0: seeds 002 and 004 are the Warhammer Armies Project's unofficial 9th
edition; section 3 lists where 8th edition differs, and each such fact reads the switch here.

>>> FantasyOptions().edition.label
'Warhammer Armies Project 9th edition'
>>> FantasyOptions.from_dict({"edition": "wfb8", "shooters_per_floor": 4}).shooters_per_floor
4
>>> FantasyOptions.from_dict(FantasyOptions().to_dict()) == FantasyOptions()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["Edition", "FantasyOptions", "WFB8_OVERKILL_CAP"]

#: RULES.md section 3 (recalled): 8th edition counts a challenge's overkill up to +5.
WFB8_OVERKILL_CAP = 5


class Edition(StrEnum):
    """Which rulebook settles the facts where the two differ (RULES.md section 3)."""

    WAP9 = "wap9"
    WFB8 = "wfb8"

    @property
    def label(self) -> str:
        """Return the name a player reads."""
        return {
            Edition.WAP9: "Warhammer Armies Project 9th edition",
            Edition.WFB8: "Warhammer Fantasy Battles 8th edition",
        }[self]


@dataclass(frozen=True)
class FantasyOptions:
    """The Warhammer Fantasy building options of a scenario.

    ``shooters_per_floor``: seed 002, five models a floor unless the players agree otherwise.
    ``challenge_overkill_cap``: overkill from a challenge counts toward the result up to this
    many wounds; ``None`` (the default) follows the edition: seed 002 names no cap for WAP,
    8th edition caps it at +5 (RULES.md section 3, recalled). A number overrides both.
    ``stand_and_shoot_beyond_movement``: the project's reading (RULES.md section 3, marked
    secondary) that Stand & Shoot needs the charger to start farther away than its own
    Movement; ``False`` lets a garrison always Stand & Shoot.
    """

    edition: Edition = Edition.WAP9
    shooters_per_floor: int = 5
    challenge_overkill_cap: int | None = None
    stand_and_shoot_beyond_movement: bool = True

    def __post_init__(self) -> None:
        if self.shooters_per_floor < 1:
            raise ValueError(
                f"at least 1 model a floor must be able to shoot, not {self.shooters_per_floor}"
            )
        if self.challenge_overkill_cap is not None and self.challenge_overkill_cap < 0:
            raise ValueError(f"the overkill cap is 0 or more, not {self.challenge_overkill_cap}")

    @property
    def overkill_cap(self) -> int | None:
        """The most overkill a challenge adds to the result: none in WAP, +5 in 8th edition."""
        if self.challenge_overkill_cap is not None:
            return self.challenge_overkill_cap
        return None if self.wap else WFB8_OVERKILL_CAP

    @property
    def wap(self) -> bool:
        """Whether the Warhammer Armies Project 9th edition facts apply."""
        return self.edition is Edition.WAP9

    def to_dict(self) -> dict[str, Any]:
        """Return plain JSON values for ``Scenario.options``."""
        return {
            "edition": self.edition.value,
            "shooters_per_floor": self.shooters_per_floor,
            "challenge_overkill_cap": self.challenge_overkill_cap,
            "stand_and_shoot_beyond_movement": self.stand_and_shoot_beyond_movement,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FantasyOptions:
        """Read the options back; a bad value is refused with a message naming it."""
        edition = data.get("edition", Edition.WAP9.value)
        if edition not in {e.value for e in Edition}:
            raise ValueError(f"Fantasy option edition {edition!r} is not one of wap9, wfb8")
        per_floor = data.get("shooters_per_floor", 5)
        cap = data.get("challenge_overkill_cap")
        for key, value in (("shooters_per_floor", per_floor), ("challenge_overkill_cap", cap)):
            if value is None and key == "challenge_overkill_cap":
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"Fantasy option {key} {value!r} is not a whole number")
        beyond = data.get("stand_and_shoot_beyond_movement", True)
        if not isinstance(beyond, bool):
            raise ValueError(f"Fantasy option stand_and_shoot_beyond_movement {beyond!r} is not "
                             f"true or false")
        return cls(Edition(edition), per_floor, cap, beyond)
