"""Shooting at an Epic 40,000 building, who may enter and who may assault."""

import pytest

from rules.dice import FixedDice
from rules.epic40k import (
    Assaulter,
    BuildingState,
    Condition,
    Site,
    SizeClass,
    assault_building,
    may_assault,
    may_enter,
    may_target_building,
    occupants_hit_by_shot,
    shoot_building,
)


@pytest.mark.parametrize(("troop", "allowed"), [("infantry", True), ("walker", False),
                                                ("vehicle", False), ("war_engine", False)])
def test_only_infantry_may_enter(troop: str, allowed: bool) -> None:
    assert bool(may_enter(troop)) == allowed


def test_only_super_heavy_weapons_may_target_a_building() -> None:
    assert may_target_building(True)
    assert "super-heavy" in may_target_building(False).reason


def test_units_inside_are_hit_only_under_a_template() -> None:
    assert occupants_hit_by_shot(True)
    assert not occupants_hit_by_shot(False)


def test_firepower_dice_each_six_costs_one_and_has_its_own_critical_chance() -> None:
    state = BuildingState.new(SizeClass.SMALL)
    # FP 4: 6, 2, 6, 5 → two hits; critical chances 3 and 6; the 6 rolls 2D6 = 4 + 3 (steady)
    out = shoot_building(state, 4, Site(), FixedDice([6, 2, 6, 5, 3, 6, 4, 3]))
    assert len(out.hits) == 2
    assert [h.critical is not None for h in out.hits] == [False, True]
    assert state.damage_capacity == 8 and out.damage_capacity_after == 8


def test_shooting_a_building_to_zero_rolls_catastrophic_and_stops_when_it_falls() -> None:
    state = BuildingState(SizeClass.SMALL, 1)
    # FP 2: 6, 6; the first hit → 0 → catastrophic 6 (destroyed), radius 1; second hit ignored
    out = shoot_building(state, 2, Site(), FixedDice([6, 6, 6, 1, 2]))
    assert len(out.hits) == 1
    assert state.condition is Condition.RUINS
    with pytest.raises(ValueError, match="ruins"):
        shoot_building(state, 1, Site(), FixedDice([6]))


def test_shooting_refuses_no_firepower() -> None:
    with pytest.raises(ValueError, match="not 0"):
        shoot_building(BuildingState.new(SizeClass.SMALL), 0, Site(), FixedDice([]))


@pytest.mark.parametrize(
    ("unit", "allowed", "why"),
    [
        (Assaulter("g", "infantry", 1), False, "assault factor 2 or more"),
        (Assaulter("m", "infantry", 2), True, ""),
        (Assaulter("t", "vehicle", 6), False, "cannot enter"),
        (Assaulter("d", "walker", 6), False, "cannot enter"),
        (Assaulter("w", "war_engine", 10), True, ""),
    ],
)
def test_who_may_assault(unit: Assaulter, allowed: bool, why: str) -> None:
    decision = may_assault(unit)
    assert bool(decision) == allowed
    assert why in decision.reason


def test_assault_refuses_a_unit_that_may_not_and_says_why() -> None:
    with pytest.raises(ValueError, match="has 1"):
        assault_building(BuildingState.new(SizeClass.SMALL), [Assaulter("g", "infantry", 1)],
                         Site(), FixedDice([]))


def test_a_tie_is_rolled_again_and_blast_markers_help_the_building() -> None:
    state = BuildingState.new(SizeClass.SMALL)  # AF 15
    units = [Assaulter("a", "infantry", 15)]
    # assaulters have 5 BMs: building +2. Roll 5 vs 3 → tie 5-5; then 6 vs 2 → 6 vs 4
    out = assault_building(state, units, Site(), FixedDice([5, 3, 6, 2, 1]), blast_markers=5)
    assert [b.value for b in out.building_bonuses] == [1, 1]
    assert len(out.roll_offs) == 4
    assert (out.assaulter_score, out.building_score) == (6, 4)
    assert out.kill_number == 3  # winner by 2
    assert out.hits == 0 and out.critical_chance is None
    assert state.damage_capacity == 10  # untouched


def test_losing_by_more_than_five_uses_row_five() -> None:
    state = BuildingState.new(SizeClass.SMALL)  # AF 15 vs 3: ×5 → building +4
    out = assault_building(state, [Assaulter("a", "infantry", 3)], Site(),
                           FixedDice([1, 6, 6, 2]))
    assert out.building_score - out.assaulter_score == 9
    assert out.row.difference == 5 and out.kill_number == 6
    assert out.hits == 1 and state.damage_capacity == 9
