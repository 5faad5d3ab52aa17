"""Fire points, emplaced weapons (manual and automated fire) and projected void shields."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import FixedDice
from rules.wh40k import (
    Affected,
    Attack,
    Building,
    BuildingProfile,
    EmplacedWeaponSpec,
    ManualFire,
    automated_fire,
    can_fire,
    check_fire_points,
    check_manual_fire,
    hit_projected_shield,
    projected_shield_intercepts,
    resolve_hit,
    restore_shields,
    shooting_restriction,
    weapon_bs,
)
from rules.wh40k.void_shields import pick_generator
from tests.rules.wh40k_samples import (
    BATTLE_CANNON,
    MISSILE_SILO,
    RED,
    bastion,
    clock,
    occupy,
    squad,
)

ALL_GUNS = ("hb-front", "hb-right", "hb-rear", "hb-left", "icarus")


def nearest(table: dict[str, list[str]]):
    return lambda weapon_id: table.get(weapon_id, [])


# -- fire points -------------------------------------------------------------------------------

def test_two_models_per_fire_point_unless_stated():
    building = bastion()
    assert check_fire_points(building, {"fp-front": 2, "fp-rear": 1})
    assert check_fire_points(building, {"fp-front": 3}).reason == (
        "fire point fp-front lets 2 models shoot, not 3")
    assert "no fire point 'roof'" in check_fire_points(building, {"roof": 1}).reason


# -- manual fire -------------------------------------------------------------------------------

def test_manual_fire_one_model_per_weapon_once_per_phase_at_the_units_target():
    building = bastion()
    occupy(building, squad())
    models = squad().models
    orders = [ManualFire("hb-front", models[0], "orks"), ManualFire("icarus", models[1], "orks")]
    assert check_manual_fire(building, orders, models, unit_target="orks")
    twice = orders + [ManualFire("hb-front", models[2], "orks")]
    assert check_manual_fire(building, twice, models).reason == (
        "hb-front has already been fired this Shooting phase")
    greedy = [ManualFire("hb-front", models[0], "orks"), ManualFire("hb-rear", models[0], "orks")]
    assert "already firing an emplaced weapon" in check_manual_fire(building, greedy,
                                                                     models).reason
    split = [ManualFire("hb-front", models[0], "orks"), ManualFire("icarus", models[1], "tank")]
    assert "shoot at the unit's target" in check_manual_fire(building, split, models).reason


def test_a_model_firing_through_a_fire_point_cannot_also_fire_a_weapon():
    building = bastion()
    occupy(building, squad())
    models = squad().models
    orders = [ManualFire("hb-front", models[0], "orks")]
    refusal = check_manual_fire(building, orders, models, fire_point_firers={models[0]})
    assert "fires through a fire point" in refusal.reason
    outsider = [ManualFire("hb-front", "someone", "orks")]
    assert "someone is not embarked" in check_manual_fire(building, outsider, models).reason
    assert "needs a unit inside" in check_manual_fire(bastion(), orders, models).reason


def test_destroyed_and_spent_weapons_cannot_fire():
    building = bastion(destroyed_weapons=["hb-front"], spent_weapons=["icarus"])
    assert "destroyed" in can_fire(building, "hb-front").reason
    assert "one-shot weapon already used" in can_fire(building, "icarus").reason
    assert MISSILE_SILO.one_shot


# -- automated fire ----------------------------------------------------------------------------

def test_claimed_building_fires_every_weapon_not_fired_manually_at_bs2():
    building = bastion(claimed_by=RED)
    targets = nearest({"hb-front": ["orks"], "icarus": ["tank"], "hb-rear": ["a", "b", "c"]})
    shots = {s.weapon_id: s for s in automated_fire(building, {"hb-left"}, targets,
                                                     FixedDice([2]))}
    assert set(shots) == set(ALL_GUNS)
    assert (shots["hb-front"].target, shots["hb-front"].bs) == ("orks", 2)
    assert shots["icarus"].target == "tank"
    assert shots["hb-rear"].target == "b" and shots["hb-rear"].roll.sides == 3
    assert shots["hb-left"].target is None and "manually" in shots["hb-left"].reason
    assert shots["hb-right"].target is None and "no enemy" in shots["hb-right"].reason


def test_unclaimed_building_has_no_automated_fire():
    shots = automated_fire(bastion(), (), nearest({"icarus": ["tank"]}), FixedDice([]))
    assert all(s.target is None and "unclaimed" in s.reason for s in shots)


def test_partial_collapse_puts_the_guns_on_snap_shots_and_blasts_fall_silent():
    profile = replace(bastion().profile, emplaced_weapons=(
        EmplacedWeaponSpec("hb", bastion().profile.weapon("hb-front").weapon),
        EmplacedWeaponSpec("cannon", BATTLE_CANNON, on_battlements=True)))
    building = Building(profile)
    building.state.claimed_by = RED
    resolve_hit(building, Attack(10, None), "front", FixedDice([6, 3]), clock())
    assert shooting_restriction(building, Affected.EMPLACED_WEAPONS).reason.startswith("snap")
    assert weapon_bs(building, "hb", 4) == 1
    assert weapon_bs(building, "cannon", 4) is None
    assert "cannot snap" in can_fire(building, "cannon").reason
    shots = {s.weapon_id: s for s in automated_fire(building, (), nearest(
        {"hb": ["orks"], "cannon": ["orks"]}), FixedDice([]))}
    assert shots["hb"].bs == 1 and shots["cannon"].target is None
    building.end_turn(clock(RED, 3).now)
    assert weapon_bs(building, "hb", 4) == 4


# -- void shields ------------------------------------------------------------------------------

def generator() -> Building:
    return Building(BuildingProfile.from_values(
        "vsg", 13, "medium", hull_points=4, impassable=True, projected_void_shields=3))


def test_projected_shield_stops_hits_from_outside_on_units_wholly_inside():
    attack = Attack(8, 3)
    assert projected_shield_intercepts(attack, 3, firer_inside=False, target_wholly_inside=True)
    assert "firer is inside" in projected_shield_intercepts(attack, 3, True, True).reason
    assert "not wholly within" in projected_shield_intercepts(attack, 3, False, False).reason
    assert "no projected shields" in projected_shield_intercepts(attack, 0, False, True).reason
    witchfire = Attack(None, None, "witchfire")
    assert "Strength-less" in projected_shield_intercepts(witchfire, 3, False, True).reason


def test_projected_shields_drop_on_a_glance_and_graviton_needs_a_six():
    vsg = generator()
    assert hit_projected_shield(vsg, Attack(8, 3), FixedDice([4])).dropped  # 12 = glance
    assert not hit_projected_shield(vsg, Attack(8, 3), FixedDice([3])).dropped
    graviton = Attack(None, 2, "graviton gun", graviton=True)
    assert not hit_projected_shield(vsg, graviton, FixedDice([5])).dropped
    assert hit_projected_shield(vsg, graviton, FixedDice([6])).dropped
    assert vsg.projected_shields_up == 1


def test_shields_come_back_on_a_five_at_the_end_of_the_controllers_turn():
    vsg = generator()
    vsg.state.projected_shields_down = 2
    rolls = restore_shields(vsg, FixedDice([5, 4]))
    assert [r.total for r in rolls] == [5, 4] and vsg.projected_shields_up == 2


def test_graviton_never_touches_a_buildings_own_shield():
    building = Building(replace(bastion().profile, void_shields=1))
    graviton = Attack(6, 2, "graviton", graviton=True)
    out = resolve_hit(building, graviton, "front", FixedDice([6, 1]), clock())
    assert out.shield is None and out.penetration is not None


def test_several_generators_pick_one_at_random():
    assert pick_generator(["a"], FixedDice([])) == ("a", None)
    chosen, roll = pick_generator(["a", "b"], FixedDice([2]))
    assert chosen == "b" and roll.sides == 2


# -- blasts, templates, one-shot weapons -------------------------------------------------------

def test_blast_on_the_battlements_also_hits_the_building_toward_the_firer():
    from rules.wh40k import battlements_blast_hit

    building = bastion()
    out = battlements_blast_hit(building, BATTLE_CANNON, "left", FixedDice([6, 2]), clock())
    assert out.facing == "left" and out.penetration.total == 14
    assert building.hull_points == 3
    barrage = replace(BATTLE_CANNON, special=("Barrage",))
    with pytest.raises(ValueError, match="side facing"):
        battlements_blast_hit(building, barrage, "front", FixedDice([6]), clock())
    bolter = bastion().profile.weapon("hb-front").weapon
    with pytest.raises(ValueError, match="neither a blast nor a template"):
        battlements_blast_hit(building, bolter, "front", FixedDice([6]), clock())


def test_no_escape_gives_the_occupants_d6_hits():
    from rules.wh40k import WeaponProfile, no_escape_hits

    flamer = WeaponProfile("heavy flamer", 0, 5, 4, "Assault 1", template=True)
    assert no_escape_hits(bastion(), flamer, FixedDice([])) is None
    building = bastion()
    occupy(building, squad())
    hits = no_escape_hits(building, flamer, FixedDice([5]))
    assert hits.hits == 5 and hits.unit_ids == ("tactical",) and hits.strength == 5
    with pytest.raises(ValueError, match="not a template"):
        no_escape_hits(building, BATTLE_CANNON, FixedDice([5]))


def test_a_one_shot_weapon_is_spent_once_fired():
    from rules.wh40k import record_fired

    profile = replace(bastion().profile, emplaced_weapons=(
        EmplacedWeaponSpec("silo", MISSILE_SILO, on_battlements=True),))
    building = Building(profile)
    assert record_fired(building, "silo") and not record_fired(building, "silo")
    assert "already used" in can_fire(building, "silo").reason
    assert not record_fired(bastion(), "hb-front")
