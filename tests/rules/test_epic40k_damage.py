"""Critical damage effects, catastrophic damage, collapse and the per-turn effects."""

import pytest

from rules.dice import FixedDice
from rules.epic40k import (
    BuildingState,
    Condition,
    Site,
    SizeClass,
    UnitInside,
    UnitNearby,
    apply_damage,
    end_of_movement_phase,
    resolve_critical,
    shoot_building,
    start_of_shooting_phase,
    start_of_turn,
)
from rules.epic40k.occupants import kill_roll_needed

A1 = UnitInside("a1", "alpha", 4)
A2 = UnitInside("a2", "alpha", 4)
B1 = UnitInside("b1", "bravo", 5)
SITE = Site((A1, A2, B1))


def test_kill_roll_beyond_six_needs_a_six_then_more() -> None:
    assert kill_roll_needed(4, 2) == (6, None)
    assert kill_roll_needed(5, 2) == (6, 4)
    assert kill_roll_needed(6, 2) == (6, 5)
    with pytest.raises(ValueError, match="10\\+"):
        kill_roll_needed(6, 4)


def test_state_round_trips_through_json_values() -> None:
    state = BuildingState(SizeClass.SMALL, -2, Condition.CRUMBLING, on_fire=True)
    assert BuildingState.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"size": "small", "damage_capacity": "ten"}, "damage_capacity 'ten'"),
        ({"size": "small", "condition": "on fire"}, "condition 'on fire'"),
        ({"size": "small", "on_fire": 1}, "on_fire 1"),
    ],
)
def test_state_refuses_bad_values(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BuildingState.from_dict(data)


def test_row_2_every_unit_inside_is_attacked_with_the_armour_bonus() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    # 2D6 = 1+1; a1 needs 6 (4+2): 6; a2: 5 (survives); b1 needs 7 = 6 then 4+: 6, 3
    out = resolve_critical(state, SITE, FixedDice([1, 1, 6, 5, 6, 3]))
    assert [(h.unit, h.needed, h.killed) for h in out.hits] == [
        ("a1", 6, True), ("a2", 6, False), ("b1", 7, False)]
    assert out.killed == {"a1"}
    assert out.blast_markers == {}
    assert state.damage_capacity == 17  # +3 extra damage


def test_rows_3_to_5_disrupt_each_detachment_on_4_plus() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    out = resolve_critical(state, SITE, FixedDice([2, 2, 4, 3]))
    assert out.blast_markers == {"alpha": 1}
    assert state.damage_capacity == 19


def test_row_9_every_detachment_inside_gains_a_blast_marker() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    out = resolve_critical(state, SITE, FixedDice([4, 5]))
    assert out.blast_markers == {"alpha": 1, "bravo": 1}
    assert state.damage_capacity == 19


def test_row_10_one_unit_of_the_owners_choice_takes_a_hit_at_its_own_armour() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    out = resolve_critical(state, SITE, FixedDice([5, 5, 5]), debris_target="b1")
    assert [(h.unit, h.needed, h.killed) for h in out.hits] == [("b1", 5, True)]
    assert state.damage_capacity == 18
    with pytest.raises(ValueError, match="'zz' is not inside"):
        resolve_critical(state, SITE, FixedDice([5, 5]), debris_target="zz")


def test_row_12_sets_the_building_on_fire_and_burns_each_detachment() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    # 2D6 = 12; alpha FP 3: a1 6 (dies), a2 2, a2 6 (dies); bravo FP 1: b1 6 then 4 (dies)
    out = resolve_critical(state, SITE, FixedDice([6, 6, 3, 6, 2, 6, 1, 6, 4]))
    assert state.on_fire
    assert out.killed == {"a1", "a2", "b1"}
    assert out.blast_markers == {"alpha": 1, "bravo": 1}
    assert state.damage_capacity == 16


def test_fire_hits_spill_to_another_detachment_and_it_takes_a_blast_marker_too() -> None:
    state = BuildingState(SizeClass.MEDIUM, 10, on_fire=True)
    site = Site((A1, UnitInside("b1", "bravo", 4)))
    # alpha FP 3: a1 6 dies, then b1 (spill) 6 dies, the third hit is lost; bravo FP 2: nobody
    out = start_of_shooting_phase(state, site, FixedDice([3, 6, 6, 2]))
    assert [h.unit for a in out.attacks for h in a.hits] == ["a1", "b1"]
    assert out.blast_markers == {"alpha": 1, "bravo": 1}
    assert out.damage is not None and state.damage_capacity == 9


def test_a_building_not_burning_does_nothing_in_the_shooting_phase() -> None:
    state = BuildingState.new(SizeClass.SMALL)
    out = start_of_shooting_phase(state, SITE, FixedDice([]))
    assert out.damage is None and state.damage_capacity == 10


def test_reaching_zero_rolls_catastrophic_damage_once() -> None:
    state = BuildingState(SizeClass.MEDIUM, 2)
    out = apply_damage(state, 3, SITE, FixedDice([2]), "test")
    assert out.catastrophic is not None
    assert state.condition is Condition.UNSTABLE and state.damage_capacity == -1
    again = apply_damage(state, 1, SITE, FixedDice([]), "test")
    assert again.catastrophic is None and state.damage_capacity == -2


def test_destroyed_building_kills_inside_and_near_unless_4_plus_and_hits_further_out() -> None:
    state = BuildingState(SizeClass.SMALL, 1)
    near = UnitNearby("n1", "charlie", 4, distance_cm=4.0)
    mid = UnitNearby("n2", "charlie", 3, distance_cm=5.5)
    far = UnitNearby("n3", "charlie", 3, distance_cm=7.0)
    site = Site((A1,), (near, mid, far))
    # catastrophic 5 (destroyed); saves: a1 3 (dies), n1 4 (lives); radius 1D6 = 6 cm;
    # n2 (5.5 cm) hit: 3 kills; n3 (7 cm) out of reach
    out = apply_damage(state, 1, site, FixedDice([5, 3, 4, 6, 3]), "test")
    fall = out.catastrophic.collapse if out.catastrophic else None
    assert fall is not None
    assert [(s.unit, s.survived) for s in fall.saves] == [("a1", False), ("n1", True)]
    assert fall.radius_cm == 6
    assert [(h.unit, h.killed) for h in fall.hits] == [("n2", True)]
    assert fall.killed == {"a1", "n2"}
    assert state.condition is Condition.RUINS


def test_large_building_collapse_rolls_three_dice_for_the_radius() -> None:
    state = BuildingState(SizeClass.LARGE, 0, Condition.CRUMBLING)
    out = start_of_turn(state, Site(), FixedDice([6, 1, 2, 3]))
    assert out.collapse is not None and out.collapse.radius_cm == 6
    assert state.condition is Condition.RUINS


@pytest.mark.parametrize(("roll", "falls"), [(4, False), (5, True), (6, True)])
def test_unstable_building_falls_on_5_or_6(roll: int, falls: bool) -> None:
    state = BuildingState(SizeClass.MEDIUM, 0, Condition.UNSTABLE)
    out = start_of_turn(state, Site(), FixedDice([roll, 2, 2]))
    assert (out.collapse is not None) == falls
    assert state.standing != falls


def test_crumbling_hits_every_unit_inside_at_its_own_armour() -> None:
    state = BuildingState(SizeClass.MEDIUM, 0, Condition.CRUMBLING)
    out = end_of_movement_phase(state, SITE, FixedDice([4, 3, 5]))
    assert [(h.unit, h.needed, h.killed) for h in out.hits] == [
        ("a1", 4, True), ("a2", 4, False), ("b1", 5, True)]


def test_intact_building_does_not_crumble_or_roll() -> None:
    state = BuildingState.new(SizeClass.SMALL)
    assert end_of_movement_phase(state, SITE, FixedDice([])).hits == ()
    assert start_of_turn(state, SITE, FixedDice([])).roll is None


def test_a_datasheet_may_give_its_own_numbers_and_they_round_trip() -> None:
    state = BuildingState.new(SizeClass.SMALL, damage_capacity=12, assault_factor=20, armour=5)
    assert (state.damage_capacity, state.assault_factor, state.armour) == (12, 20, 5)
    assert BuildingState.from_dict(state.to_dict()) == state
    plain = BuildingState.new(SizeClass.SMALL)
    assert (plain.assault_factor, plain.armour) == (15, 6)
    with pytest.raises(ValueError, match="not 7\\+"):
        BuildingState.new(SizeClass.SMALL, armour=7)
    with pytest.raises(ValueError, match="assault_factor 'x'"):
        BuildingState.from_dict({"size": "small", "assault_factor": "x"})


def test_a_building_with_armour_5_is_hit_on_5_or_6() -> None:
    state = BuildingState.new(SizeClass.SMALL, armour=5)
    out = shoot_building(state, 3, Site(), FixedDice([5, 4, 6, 1, 1]))
    assert len(out.hits) == 2 and state.damage_capacity == 8
