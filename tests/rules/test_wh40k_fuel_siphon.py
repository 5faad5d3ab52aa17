"""Fuel Siphon for flamer weapons (seed 000 FAQ) in the rules: penetration, odds, To Wound.

Seed 000 FAQ: "All weapons that are specifically noted as being flamer weapons receive the
benefit of the Promethium Pipes special rule." The benefit itself is our recalled reading
(:data:`rules.wh40k.DECISION_FUEL_SIPHON`): failed armour penetration and To Wound rolls are
re-rolled.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from rules.dice import Dice, FixedDice
from rules.wh40k import (
    FUEL_SIPHON,
    Attack,
    Building,
    ModelProfile,
    Penetration,
    TurnClock,
    UnitHits,
    WeaponProfile,
    attack_odds,
    resolve_hit,
    resolve_wounds,
)
from rules.wh40k.profile import BuildingProfile


def hut() -> Building:
    return Building(BuildingProfile.from_values("hut", 11, "small", name="Hut"))


def test_the_exact_odds_match_every_sequence_of_dice_through_the_real_rules():
    """One S5 flamer hit on AV11: glance on a 6; with Fuel Siphon a miss is rolled again."""
    odds = attack_odds(hut(), "front", 1, None, 5, 4, fuel_siphon=True)
    flamer = Attack.from_weapon(WeaponProfile("Heavy flamer", 8, 5, 4, "Assault", 1,
                                              template=True, special=(FUEL_SIPHON,)))
    assert flamer.fuel_siphon
    glanced = Fraction(0)
    for first, second in itertools.product(range(1, 7), repeat=2):
        building = hut()
        out = resolve_hit(building, flamer, "front", FixedDice([first, second]),
                          TurnClock(("red", "blue")))
        if out.penetration.result is Penetration.GLANCING:
            glanced += Fraction(1, 36)
    assert glanced == Fraction(11, 36)
    assert odds.hull_points_left.probability(lambda hp: hp == 2) == glanced


def test_a_weapon_without_the_rule_does_not_reroll():
    plain = Attack.from_weapon(WeaponProfile("Heavy flamer", 8, 5, 4, "Assault", 1,
                                             template=True))
    dice = Dice(seed=2)  # a 1 first
    out = resolve_hit(hut(), plain, "front", dice, TurnClock(("red", "blue")))
    assert len(dice.rolls) == 1 and out.penetration.first is None


def test_no_escape_hits_reroll_failed_wounds():
    """The flamer's hits on the occupants: the failed To Wound rolls are rolled again."""
    models = {f"m{k}": ModelProfile(toughness=4) for k in range(3)}
    hits = UnitHits(("sq",), FixedDice([3]).roll(1, "hits"), "inside", 4, 4,
                    ignores_cover=False, reroll_failed_wounds=True)
    # S4 against T4 wounds on 4+: 2, 5, 1 → one wound; the two failed re-rolled: 4, 3
    out = resolve_wounds(hits, models, FixedDice([2, 5, 1, 4, 3, 1, 1]))
    assert out.wounds == 2 and out.reroll is not None and out.reroll.faces == (4, 3)
    assert "2 wounds on 4+ (2 failed re-rolled: Fuel Siphon)" in out.describe()
