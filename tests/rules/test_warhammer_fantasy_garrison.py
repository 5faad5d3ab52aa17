"""Garrisoning, joining, leaving, line of sight values and options (seed 002)."""

import pytest

from rules.warhammer_fantasy import (
    Edition,
    ExitPlacement,
    FantasyOptions,
    GarrisonState,
    building_line_of_sight,
    forced_exit,
    may_charge_out,
    may_garrison,
    may_join,
    may_leave,
    model_line_of_sight_bonus,
)

FREE = {"occupied": False, "marched": False, "reformed": False}


@pytest.mark.parametrize("troop", ["infantry", "war_beast", "swarm"])
def test_infantry_war_beasts_and_swarms_may_garrison(troop: str) -> None:
    assert may_garrison(troop, **FREE)


@pytest.mark.parametrize("troop", ["cavalry", "monstrous_cavalry", "monster", "chariot"])
def test_other_troop_types_may_not_garrison(troop: str) -> None:
    decision = may_garrison(troop, **FREE)
    assert not decision and troop.replace("_", " ") in decision.reason  # a word, not a code


def test_war_machines_need_room_on_the_top_floor() -> None:
    assert not may_garrison("war_machine", **FREE)
    assert may_garrison("war_machine", **FREE, room_on_top_floor=True)


@pytest.mark.parametrize(("change", "why"), [({"marched": True}, "marched"),
                                             ({"reformed": True}, "reformed"),
                                             ({"occupied": True}, "already holds")])
def test_not_after_marching_or_reforming_nor_into_a_held_building(
    change: dict[str, bool], why: str
) -> None:
    decision = may_garrison("infantry", **(FREE | change))
    assert not decision and why in decision.reason


def test_characters_join_a_friendly_garrison_by_reaching_the_building() -> None:
    held = GarrisonState("spears", "red", entered_turn=2)
    assert may_join("red", held, in_contact=True)
    assert "base contact" in may_join("red", held, in_contact=False).reason
    assert "enemy" in may_join("blue", held, in_contact=True).reason
    assert "empty" in may_join("red", None, in_contact=True).reason


def test_garrison_state_round_trips_and_refuses_bad_values() -> None:
    held = GarrisonState("spears", "red", 2, ["captain"])
    assert GarrisonState.from_dict(held.to_dict()) == held
    with pytest.raises(ValueError, match="entered_turn 'two'"):
        GarrisonState.from_dict({"unit": "a", "side": "b", "entered_turn": "two"})
    with pytest.raises(ValueError, match="characters"):
        GarrisonState.from_dict({"unit": "a", "side": "b", "entered_turn": 1, "characters": 3})


GOOD = ExitPlacement(nearest=1.0, farthest=7.5)


def test_leaving_only_in_remaining_moves_of_a_later_turn() -> None:
    held = GarrisonState("spears", "red", entered_turn=2)
    assert may_leave(held, 3, True, GOOD, movement=4)
    assert "Remaining Moves" in may_leave(held, 3, False, GOOD, 4).reason
    assert "went in this turn (turn 2)" in may_leave(held, 2, True, GOOD, 4).reason


def test_leaving_placement_keeps_1_inch_and_at_most_twice_movement() -> None:
    held = GarrisonState("spears", "red", entered_turn=1)
    assert "0.50\"" in may_leave(held, 2, True, ExitPlacement(0.5, 3), 4).reason
    too_far = may_leave(held, 2, True, ExitPlacement(1.0, 8.01), 4)
    assert not too_far and "8.01\"" in too_far.reason and "(8\")" in too_far.reason
    assert may_leave(held, 2, True, ExitPlacement(1.0, 8.0), 4)


def test_never_charging_out_and_frenzied_garrisons_are_forced_out() -> None:
    assert not may_charge_out()
    assert forced_exit(frenzied=True, enemy_in_charge_reach=True)
    assert not forced_exit(frenzied=False, enemy_in_charge_reach=True)


@pytest.mark.parametrize(("floors", "value"), [(1, 5), (2, 10), (4, 20)])
def test_line_of_sight_value_is_5_per_floor(floors: int, value: int) -> None:
    assert building_line_of_sight(floors) == value


@pytest.mark.parametrize(("floor", "bonus"), [(1, 0), (2, 5), (3, 10)])
def test_models_gain_5_per_floor_above_the_first(floor: int, bonus: int) -> None:
    assert model_line_of_sight_bonus(floor) == bonus


def test_floors_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="not 0"):
        building_line_of_sight(0)
    with pytest.raises(ValueError, match="not 0"):
        model_line_of_sight_bonus(0)


def test_options_default_to_wap_and_refuse_bad_values() -> None:
    assert FantasyOptions().edition is Edition.WAP9
    assert FantasyOptions.from_dict({"edition": "wfb8"}).edition is Edition.WFB8
    with pytest.raises(ValueError, match="'wfb7'"):
        FantasyOptions.from_dict({"edition": "wfb7"})
    with pytest.raises(ValueError, match="shooters_per_floor 'five'"):
        FantasyOptions.from_dict({"shooters_per_floor": "five"})
    with pytest.raises(ValueError, match="not 0"):
        FantasyOptions(shooters_per_floor=0)
