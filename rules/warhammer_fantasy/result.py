"""Who won the fight for a building, and the garrison's Break test (seed 002).

Combat result points come from wounds only (with a challenge's overkill): no standards,
ranks or flanks, and no charge bonus. A musician wins a draw by 1 unless both sides have one.
A losing garrison tests as Steadfast; the assaulter never takes a Break test here.

>>> combat_result(3, 3, attacker_musician=True, defender_musician=False).winner.value
'attacker'
>>> combat_result(2, 2, attacker_musician=True, defender_musician=True).winner.value
'draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.dice import Dice, Roll

__all__ = [
    "Winner",
    "CombatResult",
    "combat_result",
    "BreakTest",
    "garrison_break_test",
    "FLEE_DICE",
    "flee_roll",
]

#: RULES.md section 3: a fleeing unit moves 2D6 (both editions).
FLEE_DICE = 2


class Winner(StrEnum):
    """Who won the round."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    DRAW = "draw"


@dataclass(frozen=True)
class CombatResult:
    """Both sides' result points, the winner and by how much."""

    attacker_points: int
    defender_points: int
    winner: Winner
    margin: int
    description: str


def combat_result(
    attacker_wounds: int, defender_wounds: int, attacker_musician: bool, defender_musician: bool
) -> CombatResult:
    """Work out the result from wounds caused alone (seed 002); a musician breaks a draw."""
    a, d = attacker_wounds, defender_wounds
    text = f"wounds caused: assaulter {a}, garrison {d}"
    if a == d and attacker_musician != defender_musician:
        side = "assaulter" if attacker_musician else "garrison"
        a, d = (a + 1, d) if attacker_musician else (a, d + 1)
        text += f"; a draw, won by 1 by the {side}'s musician"
    if a == d:
        return CombatResult(a, d, Winner.DRAW, 0, f"{text}: a draw")
    winner = Winner.ATTACKER if a > d else Winner.DEFENDER
    who = "assaulter" if a > d else "garrison"
    return CombatResult(a, d, winner, abs(a - d), f"{text}: the {who} wins by {abs(a - d)}")


@dataclass(frozen=True)
class BreakTest:
    """A garrison's Break test: the 2D6, the Leadership it must not exceed, pass or fail."""

    roll: Roll
    leadership: int
    margin: int
    passed: bool

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        verdict = "holds" if self.passed else "breaks"
        return (
            f"the garrison lost by {self.margin} and tests as Steadfast on its Leadership "
            f"{self.leadership}: rolled {self.roll.total} ({'+'.join(map(str, self.roll.faces))})"
            f", it {verdict}"
        )


def garrison_break_test(leadership: int, margin: int, dice: Dice) -> BreakTest:
    """Take a losing garrison's Break test: 2D6 against unmodified Leadership.

    RULES.md §4 seeds 002/004 decision 12: a garrison is always Steadfast though it has no
    ranks, so the margin it lost by does not lower its Leadership. A double 1 always passes
    (RULES.md section 3).
    """
    if not 2 <= leadership <= 10:
        raise ValueError(f"Leadership runs from 2 to 10, not {leadership}")
    roll = dice.roll(2, f"garrison Break test (Steadfast, Leadership {leadership})")
    passed = roll.total <= leadership or roll.faces == (1, 1)
    return BreakTest(roll, leadership, margin, passed)


def flee_roll(dice: Dice, purpose: str) -> Roll:
    """Roll a flee move (2D6 inches)."""
    return dice.roll(FLEE_DICE, f"{purpose}: flee (2D6\")")
