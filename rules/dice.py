"""The one source of dice: seedable, and every roll recorded with what it was for.

Every rule resolution takes a :class:`Dice` and rolls through it, so that

- the log can show each die and its purpose,
- a resolution can be replayed: the same seed and the same calls give the same rolls,
- a test can hand in :class:`FixedDice` with the faces it wants.

>>> dice = Dice(seed=7)
>>> first = dice.roll(2, "charge distance")
>>> replay = Dice(seed=7).roll(2, "charge distance")
>>> first.faces == replay.faces
True
>>> FixedDice([6, 1]).roll(2, "penetration").faces
(6, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Roll", "Dice", "FixedDice", "DiceExhausted"]


@dataclass(frozen=True)
class Roll:
    """Some dice rolled together for one purpose: ``faces`` on ``sides``-sided dice."""

    purpose: str
    faces: tuple[int, ...]
    sides: int = 6

    @property
    def total(self) -> int:
        """The sum of the faces."""
        return sum(self.faces)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON values, for the scenario's log."""
        return {"purpose": self.purpose, "faces": list(self.faces), "sides": self.sides}

    def __str__(self) -> str:
        dice = f"D{self.sides}" if self.sides != 6 else "D6"
        shown = ", ".join(str(f) for f in self.faces)
        return f"{self.purpose}: {len(self.faces)}{dice} → {shown}"


@dataclass
class Dice:
    """A seeded dice roller that remembers every roll.

    ``seed`` ``None`` picks a fresh seed from the system and keeps it, so that even an unseeded
    resolution can be replayed from the log.
    """

    seed: int | None = None
    rolls: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**31)
        self._rng = random.Random(self.seed)
        self._drawn: list[int] = []  # the sides of every die drawn, to rewind (restore)

    def _face(self, sides: int) -> int:
        self._drawn.append(sides)
        return self._rng.randint(1, sides)

    def roll(self, count: int, purpose: str, sides: int = 6) -> Roll:
        """Roll ``count`` dice of ``sides`` sides for ``purpose`` and record it."""
        if count < 0:
            raise ValueError(f"cannot roll {count} dice")
        result = Roll(purpose, tuple(self._face(sides) for _ in range(count)), sides)
        self.rolls.append(result)
        return result

    def d6(self, purpose: str) -> int:
        """One D6."""
        return self.roll(1, purpose).total

    def d3(self, purpose: str) -> int:
        """One D3, rolled as a D6 halved rounding up (recorded as the D6 face)."""
        return (self.roll(1, f"{purpose} (D3)").total + 1) // 2

    def roll_off(self, purpose: str) -> tuple[int, int]:
        """Each player rolls a D6 (re-rolling ties); returns the two final faces."""
        while True:
            a, b = self.roll(2, purpose).faces
            if a != b:
                return a, b

    def checkpoint(self) -> object:
        """Return the rolls so far and the generator's state (see :mod:`rules.atomic`)."""
        return len(self.rolls), len(self._drawn)

    def restore(self, checkpoint: object) -> None:
        """Forget the rolls made since ``checkpoint`` and rewind the generator to it.

        The generator is rewound by drawing again, from the seed, the dice drawn before the
        checkpoint: a failure is rare, a checkpoint is taken at every resolution.
        """
        count, drawn = _two_counts(checkpoint)
        del self.rolls[count:]
        if drawn == len(self._drawn):
            return
        sides, self._drawn = self._drawn[:drawn], []
        self._rng = random.Random(self.seed)
        for n in sides:
            self._face(n)

    def take(self) -> list[Roll]:
        """Return the rolls made since the last ``take`` and forget them (for the log)."""
        taken, self.rolls = self.rolls, []
        return taken


def _two_counts(checkpoint: object) -> tuple[int, int]:
    if not (isinstance(checkpoint, tuple) and len(checkpoint) == 2
            and all(isinstance(n, int) for n in checkpoint)):
        raise TypeError(f"not a dice checkpoint: {checkpoint!r}")
    return checkpoint[0], checkpoint[1]


class DiceExhausted(RuntimeError):
    """A :class:`FixedDice` was asked for more faces than it was given."""


class FixedDice(Dice):
    """Dice that return the given faces in order: for tests and for replaying a table row.

    The faces are used regardless of the number of sides asked for, so that a test can state
    exactly what each roll shows; asking for more faces than given raises
    :class:`DiceExhausted` so that a test cannot silently read past its script.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(seed=0)
        self._faces = list(faces)
        self._next = 0

    def _face(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise DiceExhausted(f"the test gave {len(self._faces)} dice and more were rolled")
        face = self._faces[self._next]
        self._next += 1
        if not 1 <= face <= sides:
            raise ValueError(f"a D{sides} cannot show {face}")
        return face

    def checkpoint(self) -> object:
        """Return the rolls so far and the next face to give."""
        return len(self.rolls), self._next

    def restore(self, checkpoint: object) -> None:
        """Forget the rolls since ``checkpoint``; the faces they used are given again."""
        count, position = _two_counts(checkpoint)
        del self.rolls[count:]
        self._next = position

    @property
    def unused(self) -> list[int]:
        """Faces not yet rolled."""
        return self._faces[self._next :]
