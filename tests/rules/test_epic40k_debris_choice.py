"""Critical damage row 10, in a close assault and in shooting: the defender's choice is hit."""

import pytest

from rules.dice import FixedDice
from rules.epic40k import (
    Assaulter,
    BuildingState,
    Site,
    SizeClass,
    UnitInside,
    assault_building,
    shoot_building,
)
from rules.epic40k.tables import CriticalEffect

A1 = UnitInside("a1", "alpha", 4)
A2 = UnitInside("a2", "alpha", 4)
B1 = UnitInside("b1", "bravo", 5)
SITE = Site((A1, A2, B1))

#: Assault factor 15 against a small building's 15: no bonuses. Roll-off 6 to 1 (won by 5,
#: hits on 2+); the one assault die 6; critical chance 6; 2D6 = 5 + 5, row 10.
ASSAULT_TO_ROW_10 = [6, 1, 6, 6, 5, 5]


def _hits(outcome):
    return [(h.unit, h.needed, h.killed) for c in outcome.criticals for h in c.hits]


def test_in_an_assault_the_chosen_unit_takes_the_debris_not_the_first_inside():
    state = BuildingState.new(SizeClass.SMALL)
    dice = FixedDice([*ASSAULT_TO_ROW_10, 4])  # a2's kill roll 4 (armour 4+)
    out = assault_building(state, [Assaulter("a", "infantry", 15)], SITE, dice,
                           debris_target="a2")
    assert out.criticals[0].row.effect is CriticalEffect.DEBRIS_FALLS
    assert _hits(out) == [("a2", 4, True)]
    assert out.criticals[0].killed == {"a2"}
    assert state.damage_capacity == 10 - 1 - 2  # the assault hit, then row 10's extra 2
    assert dice.unused == []


def test_in_an_assault_without_a_choice_the_first_unit_inside_takes_it():
    state = BuildingState.new(SizeClass.SMALL)
    out = assault_building(state, [Assaulter("a", "infantry", 15)], SITE,
                           FixedDice([*ASSAULT_TO_ROW_10, 4]))
    assert _hits(out) == [("a1", 4, True)]


def test_an_assault_refuses_a_debris_target_not_inside_before_any_die_is_rolled():
    state = BuildingState.new(SizeClass.SMALL)
    dice = FixedDice([*ASSAULT_TO_ROW_10, 4])
    with pytest.raises(ValueError, match=r"debris target 'zz' is not inside the building "
                                         r"\(units inside: a1, a2, b1\)"):
        assault_building(state, [Assaulter("a", "infantry", 15)], SITE, dice,
                         debris_target="zz")
    assert dice.unused == [*ASSAULT_TO_ROW_10, 4]
    assert state.damage_capacity == 10


def test_an_assault_on_an_empty_building_refuses_any_debris_target():
    with pytest.raises(ValueError, match=r"units inside: none"):
        assault_building(BuildingState.new(SizeClass.SMALL), [Assaulter("a", "infantry", 15)],
                         Site(), FixedDice([]), debris_target="a1")


def test_once_the_chosen_unit_is_destroyed_a_later_row_10_falls_on_the_first_still_inside():
    state = BuildingState.new(SizeClass.SMALL)
    titans = [Assaulter(t, "war_engine", 30, close_combat_weapon=True) for t in ("t1", "t2")]
    # 120 against 15: +4; 6 + 4 to 1, row 5 (2+); dice 6, 6; D6 damage 1 and 1; two automatic
    # criticals, both 5 + 5: a2 rolls 6 (destroyed), then a1 rolls 1 (survives)
    dice = FixedDice([6, 1, 6, 6, 1, 1, 5, 5, 6, 5, 5, 1])
    out = assault_building(state, titans, SITE, dice, debris_target="a2")
    assert _hits(out) == [("a2", 4, True), ("a1", 4, False)]
    assert state.damage_capacity == 10 - 1 - 1 - 2 - 2
    assert dice.unused == []


def test_in_shooting_the_chosen_unit_takes_the_debris():
    state = BuildingState.new(SizeClass.SMALL)
    # firepower 1: 6 hits; critical chance 6; 2D6 = 4 + 6, row 10; b1's kill roll 5 (armour 5+)
    dice = FixedDice([6, 6, 4, 6, 5])
    out = shoot_building(state, 1, SITE, dice, debris_target="b1")
    critical = out.hits[0].critical
    assert critical is not None and critical.row.effect is CriticalEffect.DEBRIS_FALLS
    assert [(h.unit, h.needed, h.killed) for h in critical.hits] == [("b1", 5, True)]
    assert dice.unused == []


def test_shooting_refuses_a_debris_target_not_inside_before_any_die_is_rolled():
    state = BuildingState.new(SizeClass.SMALL)
    dice = FixedDice([6, 6, 4, 6, 5])
    with pytest.raises(ValueError, match=r"'zz' is not inside the building \(units inside: "
                                         r"a1, a2, b1\)"):
        shoot_building(state, 1, SITE, dice, debris_target="zz")
    assert dice.unused == [6, 6, 4, 6, 5] and state.damage_capacity == 10
