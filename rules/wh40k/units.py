"""The units a building's damage reaches: the facts the rules need, and what happened to them.

Hits on units inside or on the battlements are reported (Strength 6, AP –, Ignores Cover,
randomly allocated); wounds are resolved by the players or the board. Units forced out take a
Pinning test: 2D6 against the best Leadership among the unit and its joined characters.

>>> from rules.dice import FixedDice
>>> pinning_test([UnitFacts("squad", "red", ("m1",), leadership=8)], FixedDice([5, 4])).passed
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.dice import Dice, Roll
from rules.names import Names, called
from rules.wh40k.tables import WeaponLoss
from rules.words import counted

__all__ = [
    "Placement",
    "UnitFacts",
    "UnitHits",
    "PinningTest",
    "UnitExit",
    "WeaponLost",
    "pinning_test",
]


class Placement(StrEnum):
    """Where a model forced out of a building can go (a geometry fact)."""

    NORMAL = "disembarked by an access point"
    EMERGENCY = "emergency disembarkation"
    NONE = "cannot be placed"


@dataclass(frozen=True)
class UnitFacts:
    """The facts about a unit the building rules need."""

    id: str
    side: str
    models: tuple[str, ...]
    leadership: int = 8
    troop_type: str = "infantry"
    joined_to: str | None = None


@dataclass(frozen=True)
class UnitHits:
    """Strength 6 AP – Ignores Cover hits on a unit, randomly allocated."""

    unit_ids: tuple[str, ...]
    roll: Roll
    where: str
    strength: int = 6
    ap: int | None = None
    ignores_cover: bool = True
    randomly_allocated: bool = True
    #: Re-roll failed To Wound rolls (a flamer's Fuel Siphon, seed 000 FAQ; our reading).
    reroll_failed_wounds: bool = False

    @property
    def hits(self) -> int:
        """How many hits."""
        return self.roll.total

    def describe(self, names: Names | None = None) -> str:
        """In words (the units by ``names``)."""
        return (
            f"{called(self.unit_ids, names)} ({self.where}): {counted(self.hits, 'hit')} "
            f"at S{self.strength} "
            "AP – with Ignores Cover, randomly allocated"
        )


@dataclass(frozen=True)
class PinningTest:
    """A Pinning test: 2D6 against the best Leadership; passed if not above it."""

    unit_ids: tuple[str, ...]
    roll: Roll
    leadership: int

    @property
    def passed(self) -> bool:
        """Whether the unit holds its nerve (a failure means Go to Ground)."""
        return self.roll.total <= self.leadership

    def describe(self, names: Names | None = None) -> str:
        """In words (the units by ``names``)."""
        verdict = "passed" if self.passed else "failed: goes to ground"
        units = called(self.unit_ids, names)
        return f"Pinning test for {units}: {self.roll.total} vs Ld{self.leadership}, {verdict}"


@dataclass(frozen=True)
class UnitExit:
    """A group forced out of the building or off its battlements."""

    unit_ids: tuple[str, ...]
    placed: tuple[str, ...]
    emergency: tuple[str, ...]
    removed: tuple[str, ...]
    pinning: PinningTest | None
    from_inside: bool = False

    @property
    def may_charge(self) -> bool:
        """Repel the Enemy: all out by access points, and not pinned, even if the building fell."""
        out = bool(self.placed) and not self.emergency
        return self.from_inside and out and (self.pinning is None or self.pinning.passed)

    def describe(self, names: Names | None = None) -> str:
        """In words: who got out, how, who was removed, and the Pinning test (by ``names``)."""
        units = called(self.unit_ids, names)
        if self.from_inside:
            text = (
                f"{units}: {len(self.placed)} out by an access point, {len(self.emergency)} by "
                f"emergency disembarkation, {len(self.removed)} could not be placed and are removed"
            )
        elif self.placed or self.removed:
            text = f"{units} on the battlements: {len(self.placed)} moved off, "
            text += f"{len(self.removed)} could not and are removed"
        else:
            text = f"{units} stay on the battlements, now ruins"
        return text + (f"; {self.pinning.describe(names)}" if self.pinning else "")


@dataclass(frozen=True)
class WeaponLost:
    """An emplaced weapon destroyed, and how it was picked."""

    weapon_id: str
    how: WeaponLoss
    roll: Roll | None = None


def pinning_test(units: Sequence[UnitFacts], dice: Dice,
                 names: Names | None = None) -> PinningTest:
    """Roll a Pinning test for a unit and its joined characters (best Leadership).

    ``names`` names the units in the roll's purpose, as the log shows it.
    """
    ids = tuple(u.id for u in units)
    roll = dice.roll(2, f"Pinning test ({called(ids, names)})")
    return PinningTest(ids, roll, max(u.leadership for u in units))
