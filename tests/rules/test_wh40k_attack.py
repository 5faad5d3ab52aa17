"""Shooting and close combat against 40K buildings, hit by hit with fixed dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice, FixedDice
from rules.wh40k import (
    Attack,
    Building,
    BuildingProfile,
    DamageResult,
    Penetration,
    WeaponProfile,
    resolve_close_combat,
    resolve_hit,
    resolve_shooting,
    roll_penetration,
    roll_to_hit,
    to_hit_target,
)
from tests.rules.wh40k_samples import (
    BATTLE_CANNON,
    BOLTGUN,
    LASCANNON,
    bastion,
    clock,
    plain_building,
)

R = DamageResult


@pytest.mark.parametrize(("bs", "needed", "reroll"), [
    (1, 6, None), (2, 5, None), (3, 4, None), (4, 3, None), (5, 2, None),
    (6, 2, 6), (7, 2, 5), (8, 2, 4), (9, 2, 3), (10, 2, 2),
])
def test_to_hit_as_against_a_vehicle(bs, needed, reroll):
    assert to_hit_target(bs) == (needed, reroll)


def test_bs_zero_cannot_shoot():
    with pytest.raises(ValueError, match="Ballistic Skill 0 cannot shoot"):
        to_hit_target(0)


def test_high_bs_rerolls_a_miss_and_twin_linked_rerolls_too():
    shot = roll_to_hit(6, FixedDice([1, 6]))
    assert shot.hit and [r.total for r in shot.rolls] == [1, 6]
    assert not roll_to_hit(6, FixedDice([1, 5])).hit
    assert roll_to_hit(3, FixedDice([2, 4]), twin_linked=True).hit
    assert not roll_to_hit(3, FixedDice([2])).hit


@pytest.mark.parametrize(("face", "strength", "armour", "result"), [
    (1, 9, 14, Penetration.NONE), (5, 9, 14, Penetration.GLANCING),
    (6, 9, 14, Penetration.PENETRATING), (3, 9, 12, Penetration.GLANCING),
    (1, 4, 10, Penetration.NONE), (6, 4, 10, Penetration.GLANCING),
])
def test_penetration_equal_glances_higher_penetrates(face, strength, armour, result):
    roll = roll_penetration(Attack(strength, None), armour, FixedDice([face]))
    assert roll.result is result and roll.total == face + strength
    assert str(armour) in roll.describe()


def test_armourbane_rolls_two_dice_and_haywire_rolls_its_own_table():
    armourbane = Attack.from_weapon(WeaponProfile("melta", 12, 8, 1, special=("Armourbane",)))
    assert roll_penetration(armourbane, 14, FixedDice([3, 4])).result is Penetration.PENETRATING
    haywire = Attack(None, None, "haywire grenade", haywire=True)
    assert [roll_penetration(haywire, 14, FixedDice([f])).result for f in (1, 2, 5, 6)] == [
        Penetration.NONE, Penetration.GLANCING, Penetration.GLANCING, Penetration.PENETRATING]


def test_strengthless_attack_cannot_hurt_a_building():
    with pytest.raises(ValueError, match="has no Strength"):
        roll_penetration(Attack(None, None, "witchfire"), 10, FixedDice([6]))


def test_glancing_hit_on_a_building_with_one_hull_point_collapses_it():
    building = plain_building(armour=12, hull_points=1)
    out = resolve_hit(building, Attack(9, None), "front", FixedDice([3]), clock())
    assert out.penetration.result is Penetration.GLANCING
    assert out.hull_points_after == 0 and out.damage is None
    assert out.results == [R.TOTAL_COLLAPSE] and building.destroyed
    assert "hull points reduced to 0" in out.describe()


def test_glancing_hit_with_hull_points_left_only_costs_one():
    building = plain_building(armour=12)
    out = resolve_hit(building, Attack(9, None), "front", FixedDice([3]), clock())
    assert out.results == [] and building.hull_points == 3 and not building.destroyed


def test_last_hull_point_penetrated_still_rolls_and_detonation_wins():
    building = plain_building(armour=12, hull_points=1)
    out = resolve_hit(building, Attack(10, 2), "front", FixedDice([6, 6]), clock())
    assert out.damage.result is R.DETONATION and out.results == [R.DETONATION]
    other = plain_building(armour=12, hull_points=1)
    out = resolve_hit(other, Attack(10, 2), "front", FixedDice([6, 1]), clock())
    assert out.damage.result is R.TREMOR and out.results == [R.TOTAL_COLLAPSE]


def test_armour_reduced_to_zero_on_a_facing_is_total_collapse_at_once():
    profile = BuildingProfile.from_values(
        "shack", {"front": 10, "right": 10, "rear": 1, "left": 10}, "small", hull_points=3)
    shack = Building(profile)
    out = resolve_hit(shack, Attack(10, None), "front", FixedDice([6, 1]), clock())
    assert out.results == [R.BREACH, R.TOTAL_COLLAPSE]
    assert "armour reduced to 0" in out.applied[1].cause
    assert shack.armour("rear") == 0 and shack.destroyed


def test_hitting_a_destroyed_building_is_refused():
    building = plain_building(armour=12, hull_points=1)
    resolve_hit(building, Attack(9, None), "front", FixedDice([3]), clock())
    with pytest.raises(ValueError, match="already collapsed"):
        resolve_hit(building, Attack(9, None), "front", FixedDice([3]), clock())


def test_close_combat_hits_automatically_on_the_rear():
    profile = BuildingProfile.from_values(
        "gate", {"front": 14, "right": 13, "rear": 10, "left": 13}, "small")
    gate = Building(profile)
    melta_bombs = Attack(8, 1, "melta bombs", penetration_dice=2)
    outcomes = resolve_close_combat(gate, melta_bombs, 2, FixedDice([1, 1, 1, 1]), clock())
    assert [o.facing for o in outcomes] == ["rear", "rear"]
    assert [o.penetration.armour for o in outcomes] == [10, 10]
    assert all(o.penetration.result is Penetration.GLANCING for o in outcomes)
    assert gate.hull_points == 1


def test_close_combat_stops_when_the_building_falls():
    building = plain_building(armour=10, hull_points=1)
    outcomes = resolve_close_combat(building, Attack(6, None), 3, FixedDice([4]), clock())
    assert len(outcomes) == 1 and building.destroyed


def test_shooting_rolls_all_to_hit_then_each_hit_and_counts_the_leftovers():
    building = plain_building(armour=10, hull_points=1)
    heavy = WeaponProfile("autocannon", 48, 7, 4, "Heavy 2", shots=2)
    out = resolve_shooting(building, heavy, 4, "front", FixedDice([5, 3, 3]), clock())
    assert [t.hit for t in out.to_hit] == [True, True]
    assert len(out.hits) == 1 and out.unresolved_hits == 1 and building.destroyed
    assert [r.total for r in out.rolls] == [5, 3, 3]
    assert "1 hit had no building left" in out.describe()


def test_snap_shots_are_at_bs1_and_blasts_cannot_snap():
    building = plain_building(armour=10)
    out = resolve_shooting(building, BOLTGUN, 4, "front", FixedDice([5]), clock(), shots=1,
                           snap_shots=True)
    assert out.bs == 1 and not out.to_hit[0].hit
    with pytest.raises(ValueError, match="no Snap Shots"):
        resolve_shooting(building, BATTLE_CANNON, 3, "front", FixedDice([]), clock(),
                         snap_shots=True)


def test_building_void_shield_takes_shooting_hits_first_and_drops():
    building = Building(replace(bastion().profile, void_shields=1))
    out = resolve_shooting(building, LASCANNON, 4, "front", FixedDice([4, 3]), clock())
    assert out.hits[0].shield.dropped and out.hits[0].penetration is None
    assert building.void_shields_up == 0 and building.hull_points == 4
    out = resolve_shooting(building, LASCANNON, 4, "front", FixedDice([4, 6, 1]), clock())
    assert out.hits[0].shield is None and building.hull_points == 3


def test_void_shield_holds_against_a_weak_hit_and_ignores_close_combat():
    building = plain_building(armour=12, void_shields=1)
    out = resolve_hit(building, Attack(6, None), "front", FixedDice([5]), clock())
    assert not out.shield.dropped and building.void_shields_up == 1
    out = resolve_hit(building, Attack(9, None), "front", FixedDice([3]), clock(),
                      shooting=False)
    assert out.shield is None and building.hull_points == 3


def test_a_seeded_resolution_replays_identically():
    def run(seed):
        building = bastion()
        dice = Dice(seed=seed)
        out = resolve_shooting(building, LASCANNON, 4, "front", dice, clock(), shots=6)
        return out.describe(), building.state.to_dict(), [r.faces for r in dice.rolls]

    assert run(11) == run(11)
    assert any(run(11) != run(seed) for seed in range(12, 20))


def test_outcomes_go_to_the_log_as_text_and_plain_rolls():
    import json

    building = plain_building(armour=10, hull_points=1)
    out = resolve_shooting(building, LASCANNON, 4, "front", FixedDice([5, 6, 6]), clock(),
                           shots=1)
    entry = json.loads(json.dumps(out.to_log()))
    assert [r["faces"] for r in entry["rolls"]] == [[5], [6], [6]]
    assert "Detonation!" in entry["text"] and "hull points 1 → 0" in entry["text"]
    assert entry["rolls"][0]["purpose"] == "to hit"
    assert out.hits[0].to_log()["rolls"][0]["purpose"] == "armour penetration"
