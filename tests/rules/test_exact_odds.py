"""The Epic close assault's and the Fantasy garrison shot's odds, held against every roll.

Each case is small enough to enumerate every face of every die the roller would roll; the
exact distribution built that way must equal the one :mod:`rules.epic40k.assault_odds` and
:mod:`rules.warhammer_fantasy.garrison_odds` compute.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules.epic40k.assault_odds import assault_odds
from rules.epic40k.tables import results_row
from rules.odds import Distribution
from rules.warhammer_fantasy.garrison_odds import GarrisonTarget, garrison_attack_odds, panic_fails
from rules.warhammer_fantasy.melee import save_needed, wound_needed

FACES = range(1, 7)


@pytest.mark.parametrize("ours, theirs, stands", [(0, 0, 2), (1, 0, 3), (0, 2, 2), (3, 0, 1)])
def test_the_epic_assault_odds_are_every_roll_counted(ours, theirs, stands):
    damage: Counter[int] = Counter()
    won = Fraction(0)
    untied = [(a, b) for a in FACES for b in FACES if a + ours != b + theirs]
    for a, b in untied:  # a tie is rolled again: the untied rolls, each as likely
        margin = (a + ours) - (b + theirs)
        row = results_row(abs(margin))
        kill = row.winner_hits_on if margin > 0 else row.loser_hits_on
        won += Fraction(margin > 0, len(untied))
        for dice in itertools.product(FACES, repeat=stands):
            damage[sum(f >= kill for f in dice)] += 1
    total = sum(damage.values())
    odds = assault_odds(stands, 0, ours, theirs, damage_capacity=stands)
    assert odds.assaulters_win == won
    assert dict(odds.damage.items()) == {k: Fraction(v, total) for k, v in damage.items()}
    assert odds.ruins == Fraction(damage[stands], total)


@pytest.mark.parametrize("strength, toughness, save, wounds, multiple, models", [
    (10, 3, None, 1, None, 3), (4, 4, 4, 1, None, 3), (8, 4, 3, 2, "D3", 2),
    (10, 5, None, 3, "D6", 2)])
def test_the_garrison_odds_are_every_roll_counted(strength, toughness, save, wounds, multiple,
                                                  models):
    to_wound = wound_needed(strength, toughness)
    needed = save_needed(save, strength)
    lost: Counter[int] = Counter()
    for hits in (1, 2):  # 1 or 2 hits, each as likely, every hit carrying its MW
        for rolls in itertools.product(FACES, repeat=3 * hits):
            total = 0
            for k in range(hits):
                wound, saved, mw = rolls[3 * k: 3 * k + 3]
                if to_wound is None or wound < to_wound:
                    continue
                if needed is not None and saved >= needed:
                    continue
                each = (mw + 1) // 2 if multiple == "D3" else mw if multiple else 1
                total += min(each, wounds)
            lost[min(total // wounds, models)] += 6 ** (3 * (2 - hits))
    count = sum(lost.values())
    target = GarrisonTarget(toughness, save, wounds, models, leadership=7)
    hits_dist = Distribution.uniform([1, 2])
    odds = garrison_attack_odds(target, hits_dist, strength, multiple,
                                carriers=lambda h: h if multiple else 0)
    assert dict(odds.lost.items()) == {k: Fraction(v, count) for k, v in lost.items() if v}


def test_a_panic_test_fails_above_leadership_but_never_on_a_double_one():
    assert panic_fails(7) == Fraction(15, 36)
    assert panic_fails(2) == Fraction(35, 36)  # 2 on 2D6 is the double 1: it passes
    assert panic_fails(12) == 0
