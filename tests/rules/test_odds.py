"""rules.odds: exact distributions, checked against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.odds import Distribution, binomial, iterate, success_chance


def test_a_die_is_uniform():
    d6 = Distribution.die(6)
    assert sorted(d6) == [1, 2, 3, 4, 5, 6] and all(p == Fraction(1, 6) for _, p in d6.items())
    assert Distribution.die(3).mean() == 2


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_dice_sum_equals_enumeration(count):
    counted: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=count):
        counted[sum(faces)] = counted.get(sum(faces), 0) + 1
    expected = {total: Fraction(n, 6**count) for total, n in counted.items()}
    assert dict(Distribution.dice_sum(count).weights) == expected


def test_probabilities_must_sum_to_one_and_be_positive():
    with pytest.raises(ValueError, match="sum to 1/2"):
        Distribution({1: Fraction(1, 2)})
    with pytest.raises(ValueError, match="negative"):
        Distribution({1: Fraction(3, 2), 2: Fraction(-1, 2)})
    with pytest.raises(ValueError, match="at least one outcome"):
        Distribution.uniform([])
    with pytest.raises(ValueError, match="cannot roll -1 dice"):
        Distribution.dice_sum(-1)


def test_zero_outcomes_are_dropped():
    d = Distribution({1: Fraction(1), 2: Fraction(0)})
    assert list(d) == [1] and len(d) == 1 and d[2] == 0


@pytest.mark.parametrize(("needed", "chance"),
                         [(0, 1), (1, 1), (2, Fraction(5, 6)), (6, Fraction(1, 6)), (7, 0)])
def test_success_chance_clamps_at_both_ends(needed, chance):
    assert success_chance(needed) == chance


def test_success_chance_with_a_reroll_equals_enumeration():
    wins = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a >= 4 or b >= 5)
    assert success_chance(4, reroll_needed=5) == Fraction(wins, 36)


@given(st.integers(0, 8), st.fractions(0, 1, max_denominator=12))
def test_binomial_sums_to_one_with_mean_np(trials, chance):
    dist = binomial(trials, chance)
    assert sum(p for _, p in dist.items()) == 1
    assert dist.mean() == trials * chance


def test_map_then_and_iterate():
    coin = Distribution.uniform(["H", "T"])
    assert coin.map(lambda side: side == "H")[True] == Fraction(1, 2)
    two = coin.then(lambda first: coin.map(lambda second: first + second))
    assert two["HT"] == Fraction(1, 4)
    walk = iterate(Distribution.certain(0), lambda n: Distribution.uniform([n, n + 1]), 3)
    assert dict(walk.weights) == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8),
                                  3: Fraction(1, 8)}
    assert walk.probability(lambda n: n >= 2) == Fraction(1, 2)
