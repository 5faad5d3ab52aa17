"""Seed 001's tables, a test per row."""

import pytest

from rules.epic40k.tables import (
    SIZES,
    CatastrophicResult,
    CriticalEffect,
    SizeClass,
    assault_factor_ratio_bonus,
    catastrophic_row,
    critical_row,
    results_row,
)


@pytest.mark.parametrize(
    ("size", "armour", "dc", "af"),
    [(SizeClass.SMALL, 6, 10, 15), (SizeClass.MEDIUM, 6, 20, 30), (SizeClass.LARGE, 6, 30, 45)],
)
def test_size_table(size: SizeClass, armour: int, dc: int, af: int) -> None:
    row = SIZES[size]
    assert (row.armour, row.damage_capacity, row.assault_factor) == (armour, dc, af)


@pytest.mark.parametrize(
    ("difference", "winner", "loser"),
    [(1, 4, 4), (2, 3, 4), (3, 3, 5), (4, 2, 5), (5, 2, 6), (6, 2, 6), (11, 2, 6)],
)
def test_results_table(difference: int, winner: int, loser: int) -> None:
    row = results_row(difference)
    assert (row.winner_hits_on, row.loser_hits_on) == (winner, loser)


def test_results_table_refuses_a_draw() -> None:
    with pytest.raises(ValueError, match="won by 1 or more, not 0"):
        results_row(0)


@pytest.mark.parametrize(
    ("higher", "lower", "bonus"),
    [(31, 30, 1), (59, 30, 1), (60, 30, 2), (90, 30, 3), (120, 30, 4), (500, 30, 4), (5, 5, 0)],
)
def test_assault_factor_bonus(higher: int, lower: int, bonus: int) -> None:
    assert assault_factor_ratio_bonus(higher, lower) == bonus


@pytest.mark.parametrize(
    ("total", "extra", "effect"),
    [
        (2, 3, CriticalEffect.SHAKES_VIOLENTLY),
        (3, 1, CriticalEffect.FLYING_DEBRIS),
        (4, 1, CriticalEffect.FLYING_DEBRIS),
        (5, 1, CriticalEffect.FLYING_DEBRIS),
        (6, 0, CriticalEffect.HOLDS_STEADY),
        (7, 0, CriticalEffect.HOLDS_STEADY),
        (8, 0, CriticalEffect.HOLDS_STEADY),
        (9, 1, CriticalEffect.SHIFTS_FOUNDATION),
        (10, 2, CriticalEffect.DEBRIS_FALLS),
        (11, 3, CriticalEffect.SEVERELY_DAMAGED),
        (12, 4, CriticalEffect.BURSTS_INTO_FLAMES),
    ],
)
def test_critical_damage_table(total: int, extra: int, effect: CriticalEffect) -> None:
    row = critical_row(total)
    assert (row.extra_damage, row.effect) == (extra, effect)


def test_critical_table_refuses_13() -> None:
    with pytest.raises(ValueError, match="2 to 12, not 13"):
        critical_row(13)


U, C, D = CatastrophicResult.UNSTABLE, CatastrophicResult.CRUMBLING, CatastrophicResult.DESTROYED


@pytest.mark.parametrize(
    ("size", "results"),
    [
        (SizeClass.SMALL, [U, U, C, C, D, D]),
        (SizeClass.MEDIUM, [U, U, U, C, C, D]),
        (SizeClass.LARGE, [U, U, U, U, C, C]),  # no Destroyed row (decision 1)
    ],
)
def test_catastrophic_table(size: SizeClass, results: list[CatastrophicResult]) -> None:
    assert [catastrophic_row(size, roll).result for roll in range(1, 7)] == results


def test_catastrophic_table_refuses_7() -> None:
    with pytest.raises(ValueError, match="1 to 6, not 7"):
        catastrophic_row(SizeClass.SMALL, 7)
