"""Panic tests for a garrison (seed 002; RULES.md sections 3 and 4).

A garrison tests for Panic as any unit does, with distances measured to the edge of the
building (RULES.md §4 seeds 002/004 decision 10); if it fails it leaves the building and flees
as a unit breaking from combat would.

>>> heavy_casualties(Losses(models=2, models_at_start=10, strength=6, strength_at_start=20),
...                  FantasyOptions())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.warhammer_fantasy.options import FantasyOptions
from rules.warhammer_fantasy.result import flee_roll

__all__ = [
    "PANIC_DISTANCE",
    "PanicCause",
    "Losses",
    "heavy_casualties",
    "panic_test_needed",
    "PanicTest",
    "garrison_panic_test",
]

#: RULES.md section 3: a friend destroyed or breaking within 6" causes a Panic test.
PANIC_DISTANCE = 6.0


class PanicCause(StrEnum):
    """What may cause a Panic test."""

    HEAVY_CASUALTIES = "heavy_casualties"
    FRIEND_DESTROYED = "friend_destroyed"
    FRIEND_BREAKS = "friend_breaks"


@dataclass(frozen=True)
class Losses:
    """What a unit lost in one phase and had at its start, in models and in Unit Strength."""

    models: int
    models_at_start: int
    strength: int
    strength_at_start: int


def heavy_casualties(losses: Losses, options: FantasyOptions) -> bool:
    """Whether losses in one phase reach a quarter of the unit.

    RULES.md section 3: a quarter of the models in 8th edition, of the Unit Strength in WAP.
    """
    lost, start = ((losses.strength, losses.strength_at_start) if options.wap
                   else (losses.models, losses.models_at_start))
    if start < 1:
        raise ValueError(f"a unit starts the phase with 1 or more, not {start}")
    return 4 * lost >= start


def panic_test_needed(
    cause: PanicCause,
    distance_to_building: float | None,
    *,
    in_combat: bool = False,
    tested_this_phase: bool = False,
) -> Decision:
    """Whether the garrison must test for Panic now.

    ``distance_to_building`` is from the friend that was destroyed or broke to the edge of the
    garrison's building (RULES.md §4 seeds 002/004 decision 10); ``None`` for heavy casualties.
    """
    if in_combat:
        return Decision.no("a unit in close combat does not test for Panic")
    if tested_this_phase:
        return Decision.no("the garrison has already tested for Panic this phase")
    if cause is PanicCause.HEAVY_CASUALTIES:
        return Decision.yes("the garrison lost a quarter of its strength this phase")
    if distance_to_building is None:
        raise ValueError(f"{cause.value}: the distance to the building's edge is needed")
    if distance_to_building > PANIC_DISTANCE:
        return Decision.no(
            f"the friend was {distance_to_building:.2f}\" from the building's edge, "
            f"beyond {PANIC_DISTANCE:g}\""
        )
    return Decision.yes(
        f"a friend {cause.value.replace('_', ' ')} {distance_to_building:.2f}\" from the "
        f"building's edge (within {PANIC_DISTANCE:g}\")"
    )


@dataclass(frozen=True)
class PanicTest:
    """The Panic test's 2D6 and, if it failed, the flight out of the building."""

    roll: Roll
    leadership: int
    passed: bool
    flee: Roll | None

    @property
    def verdict(self) -> str:
        """The test alone: ``Panic test 8 against Leadership 7: failed``.

        The flight is said once, by whoever moves the garrison out.
        """
        result = "passed" if self.passed else "failed"
        return f"Panic test {self.roll.total} against Leadership {self.leadership}: {result}"

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        if self.passed:
            return f"Panic test {self.roll.total} against Leadership {self.leadership}: passed"
        assert self.flee is not None
        return (
            f"Panic test {self.roll.total} against Leadership {self.leadership}: failed; the "
            f"garrison is placed outside the building and flees {self.flee.total}\""
        )


def garrison_panic_test(leadership: int, dice: Dice) -> PanicTest:
    """Test for Panic: 2D6 at most Leadership (a double 1 passes); failing, leave and flee."""
    if not 2 <= leadership <= 10:
        raise ValueError(f"Leadership runs from 2 to 10, not {leadership}")
    roll = dice.roll(2, f"garrison Panic test (Leadership {leadership})")
    passed = roll.total <= leadership or roll.faces == (1, 1)
    flee = None if passed else flee_roll(dice, "panicked garrison leaves the building")
    return PanicTest(roll, leadership, passed, flee)
