"""Exact probability distributions over small finite outcomes, as :class:`fractions.Fraction`.

Shared by every rule system: a player planning an attack wants the exact chance, not a
simulated estimate. A :class:`Distribution` maps outcomes (any hashable value: a number, an
enum member, a tuple describing a state) to probabilities that sum to exactly one.

>>> d6 = Distribution.die(6)
>>> d6[6]
Fraction(1, 6)
>>> two = Distribution.dice_sum(2)
>>> two[7], two.probability(lambda total: total >= 11)
(Fraction(1, 6), Fraction(1, 12))
>>> success_chance(4), success_chance(6, reroll_needed=6)
(Fraction(1, 2), Fraction(11, 36))
>>> binomial(2, Fraction(1, 2))[1]
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

__all__ = [
    "Distribution",
    "success_chance",
    "binomial",
    "iterate",
    "percent",
]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


@dataclass(frozen=True)
class Distribution(Generic[T]):
    """A finite probability distribution; probabilities are exact fractions summing to one.

    Outcomes of probability zero are dropped. Building one whose probabilities do not sum to
    one raises ``ValueError`` with the sum.
    """

    weights: Mapping[T, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        clean = {k: Fraction(v) for k, v in self.weights.items() if v != 0}
        if any(v < 0 for v in clean.values()):
            raise ValueError(f"negative probability in {clean}")
        total = sum(clean.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        object.__setattr__(self, "weights", clean)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def certain(cls, outcome: T) -> Distribution[T]:
        """Return the outcome ``outcome`` with probability one."""
        return cls({outcome: Fraction(1)})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Each of ``outcomes`` equally likely (repeats add up)."""
        items = list(outcomes)
        if not items:
            raise ValueError("a uniform distribution needs at least one outcome")
        weights: dict[T, Fraction] = {}
        for item in items:
            weights[item] = weights.get(item, Fraction(0)) + Fraction(1, len(items))
        return cls(weights)

    @classmethod
    def die(cls, sides: int = 6) -> Distribution[int]:
        """One die of ``sides`` sides."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        return Distribution.uniform(range(1, sides + 1))

    @classmethod
    def dice_sum(cls, count: int, sides: int = 6) -> Distribution[int]:
        """Return the total of ``count`` dice of ``sides`` sides (``count`` 0 → certainly 0)."""
        if count < 0:
            raise ValueError(f"cannot roll {count} dice")
        total: Distribution[int] = Distribution.certain(0)
        for _ in range(count):
            total = total.add(Distribution.die(sides))
        return total

    # -- reading -----------------------------------------------------------------------------
    def __getitem__(self, outcome: T) -> Fraction:
        return self.weights.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[T]:
        return iter(self.weights)

    def __len__(self) -> int:
        return len(self.weights)

    def items(self) -> Iterable[tuple[T, Fraction]]:
        """Pairs of outcome and probability."""
        return self.weights.items()

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        """Return the chance that the outcome satisfies ``predicate``."""
        return sum((p for k, p in self.weights.items() if predicate(k)), Fraction(0))

    def mean(self, value: Callable[[T], Fraction | int] | None = None) -> Fraction:
        """Return the expected ``value(outcome)`` (the outcome itself when it is a number)."""
        get = value if value is not None else (lambda k: k)  # type: ignore[assignment,return-value]
        return sum((Fraction(get(k)) * p for k, p in self.weights.items()), Fraction(0))

    # -- combining ---------------------------------------------------------------------------
    def map(self, function: Callable[[T], U]) -> Distribution[U]:
        """Return the distribution of ``function(outcome)``."""
        weights: dict[U, Fraction] = {}
        for outcome, p in self.weights.items():
            key = function(outcome)
            weights[key] = weights.get(key, Fraction(0)) + p
        return Distribution(weights)

    def then(self, step: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Follow each outcome with the distribution ``step(outcome)`` (a Markov step)."""
        weights: dict[U, Fraction] = {}
        for outcome, p in self.weights.items():
            for after, q in step(outcome).weights.items():
                weights[after] = weights.get(after, Fraction(0)) + p * q
        return Distribution(weights)

    def add(self: Distribution[int], other: Distribution[int]) -> Distribution[int]:
        """Return the distribution of the sum of two independent numeric outcomes."""
        return self.then(lambda a: other.map(lambda b: a + b))


def success_chance(needed: int, sides: int = 6, reroll_needed: int | None = None) -> Fraction:
    """Return the chance that a die shows ``needed`` or more, with one re-roll of a failure.

    ``reroll_needed`` is what the re-roll needs (``None``: no re-roll). A target above
    ``sides`` never succeeds; a target of 1 or less always does.
    """
    first = Fraction(max(0, min(sides, sides - needed + 1)), sides)
    if reroll_needed is None:
        return first
    return first + (1 - first) * success_chance(reroll_needed, sides)


def binomial(trials: int, chance: Fraction) -> Distribution[int]:
    """Return the number of successes in ``trials`` independent tries of chance ``chance``."""
    if trials < 0:
        raise ValueError(f"cannot make {trials} tries")
    step: Distribution[int] = Distribution({1: chance, 0: 1 - chance})
    count: Distribution[int] = Distribution.certain(0)
    for _ in range(trials):
        count = count.add(step)
    return count


def iterate(
    start: Distribution[T], step: Callable[[T], Distribution[T]], times: int
) -> Distribution[T]:
    """Apply the Markov step ``step`` ``times`` times, starting from ``start``.

    >>> walk = iterate(Distribution.certain(0), lambda n: Distribution.uniform([n, n + 1]), 2)
    >>> walk[1]
    Fraction(1, 2)
    """
    state = start
    for _ in range(times):
        state = state.then(step)
    return state


def percent(chance: Fraction) -> str:
    """A chance as a player reads it: one decimal, ``<0.1%`` for a sliver, ``0%`` for none.

    >>> percent(Fraction(1, 8)), percent(Fraction(1, 10_000)), percent(Fraction(0))
    ('12.5%', '<0.1%', '0%')
    """
    value = float(chance) * 100.0
    return "0%" if chance == 0 else "<0.1%" if value < 0.1 else f"{value:.1f}%"
