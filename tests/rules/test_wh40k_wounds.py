"""Hits from a building's damage on the units inside: to wound, random allocation, saves."""

from __future__ import annotations

import pytest

from rules.dice import FixedDice, Roll
from rules.wh40k import (
    Attack,
    ModelProfile,
    Surroundings,
    UnitHits,
    best_save,
    resolve_hit,
    resolve_wounds,
    to_wound_target,
)
from tests.rules.wh40k_samples import bastion, clock, occupy, squad

MARINE = ModelProfile(toughness=4, save=3)
GUARD = ModelProfile(toughness=3, save=5)


def hits(count: int, unit: str = "tactical") -> UnitHits:
    return UnitHits((unit,), Roll("hits", (count,)), "inside")


@pytest.mark.parametrize(("strength", "toughness", "needed"), [
    (6, 3, 2), (6, 4, 2), (6, 5, 3), (6, 6, 4), (6, 7, 5), (6, 8, 6), (6, 9, 6), (6, 10, None),
])
def test_to_wound_chart(strength, toughness, needed):
    assert to_wound_target(strength, toughness) == needed


def test_best_save_ignores_cover_and_takes_invulnerable():
    assert best_save(MARINE, None) == 3
    assert best_save(MARINE, 3) is None and best_save(MARINE, 4) == 3
    assert best_save(ModelProfile(4, save=2, invulnerable=4), 2) == 4
    assert best_save(ModelProfile(4), None) is None


def test_a_random_model_takes_wounds_until_it_dies():
    models = {f"g{i}": GUARD for i in range(1, 5)}
    # 3 hits wound on 2+: faces 2, 1, 6 → 2 wounds; pick g3; save 5+ fails (2); pick among
    # three left: 1 → g1; save 6 holds
    out = resolve_wounds(hits(3), models, FixedDice([2, 1, 6, 3, 2, 1, 6]))
    assert out.needed == 2 and out.casualties == ("g3",)
    assert [a.model_id for a in out.allocations] == ["g3", "g1"]
    assert [f for r in out.rolls for f in r.faces] == [2, 1, 6, 3, 2, 1, 6]
    assert "slain: g3" in out.describe()


def test_a_multi_wound_model_keeps_the_wounds_until_dead():
    models = {"captain": ModelProfile(4, save=3, wounds=3), "m1": MARINE}
    # 4 hits on 2+ all wound; pick captain; saves 1, 2, 1 → dead after 3 failed; 4th wound
    # goes to m1 (only one left, no pick roll); save 3 holds
    out = resolve_wounds(hits(4), models, FixedDice([3, 3, 3, 3, 1, 1, 2, 1, 3]))
    assert out.casualties == ("captain",)
    assert out.allocations[0].wounds_lost == 3 and out.allocations[1].pick is None
    assert out.allocations[1].wounds_lost == 0


def test_hits_that_cannot_wound_roll_nothing():
    out = resolve_wounds(UnitHits(("wraith",), Roll("hits", (3,)), "inside"),
                         {"w": ModelProfile(10)}, FixedDice([]))
    assert out.needed is None and out.rolls == [] and "cannot wound" in out.describe()


def test_damage_result_resolves_wounds_when_profiles_are_given():
    building = bastion()
    inside = squad(models=3)
    occupy(building, inside)
    profiles = {"tactical": dict.fromkeys(inside.models, MARINE)}
    surroundings = Surroundings(units={"tactical": inside}, profiles=profiles)
    # pen 6; table 3 → Partial Collapse; D6 hits = 2; to wound 4, 5; pick 2 → tactical-2,
    # save 1 fails; pick 1 of 2 → tactical-1, save 2 fails
    dice = FixedDice([6, 3, 2, 4, 5, 2, 1, 1, 2])
    out = resolve_hit(building, Attack(10, None), "front", dice, clock(),
                      surroundings=surroundings)
    applied = out.applied[0]
    assert applied.casualties == ["tactical-2", "tactical-1"]
    assert dice.unused == []
    assert [r.faces for r in out.rolls] == [r.faces for r in dice.rolls]


def test_casualties_are_not_forced_out():
    building = bastion()
    inside = squad(models=2)
    occupy(building, inside)
    profiles = {"tactical": dict.fromkeys(inside.models, GUARD)}
    surroundings = Surroundings(units={"tactical": inside}, profiles=profiles)
    # pen, Total Collapse (6); 2D6 hits = 2 (1, 1); wound 6, 6; pick 1 → tactical-1 save 1;
    # tactical-2 save 1; everyone dead: no Pinning test
    dice = FixedDice([6, 6, 1, 1, 6, 6, 1, 1, 1])
    out = resolve_hit(building, Attack(10, None), "front", dice, clock(),
                      surroundings=surroundings)
    exit_ = out.applied[0].exits[0]
    assert exit_.placed == () and exit_.pinning is None and dice.unused == []
