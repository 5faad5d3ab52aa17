"""Seed 001's two worked examples, every number reproduced."""

from rules.dice import FixedDice
from rules.epic40k import Assaulter, BuildingState, Site, SizeClass, assault_building
from rules.epic40k.tables import CriticalEffect


def _marines() -> list[Assaulter]:
    return [
        Assaulter("assault marines 1", "infantry", 4),
        Assaulter("assault marines 2", "infantry", 4),
        Assaulter("assault marines 3", "infantry", 4),
        Assaulter("librarian", "infantry", 6, psyker=True),
    ]


def test_example_1_assault_marines_and_librarian_against_a_medium_building() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    assert state.assault_factor == 30
    # marines roll 4, building 6; hit dice 2, 3, 5, 5; the single critical chance 6; 2D6 = 7
    dice = FixedDice([4, 6, 2, 3, 5, 5, 6, 3, 4])
    out = assault_building(state, _marines(), Site(), dice)
    assert out.assault_factor == 18  # 4 + 4 + 4 + 6
    assert out.building_assault_factor == 30
    assert [(b.value, "psyker" in b.reason) for b in out.assaulter_bonuses] == [(1, True)]
    assert [b.value for b in out.building_bonuses] == [1]  # higher assault factor
    assert (out.assaulter_score, out.building_score) == (5, 7)  # 4+1 and 6+1
    assert not out.assaulters_won
    assert out.row.difference == 2
    assert out.kill_number == 4  # the loser of a 2-point fight hits on 4+
    assert out.hit_dice.faces == (2, 3, 5, 5)  # four dice for four units
    assert out.hits == 2 and out.damage_dealt == 2
    assert state.damage_capacity == 18
    assert out.critical_chance is not None and out.critical_chance.faces == (6,)
    assert len(out.criticals) == 1  # one chance however many units hit
    assert out.criticals[0].row.effect is CriticalEffect.HOLDS_STEADY
    assert dice.unused == []


def test_example_1_without_the_six_there_is_no_critical() -> None:
    state = BuildingState.new(SizeClass.MEDIUM)
    out = assault_building(state, _marines(), Site(), FixedDice([4, 6, 2, 3, 5, 5, 5]))
    assert out.critical_chance is not None and out.critical_chance.total == 5
    assert out.criticals == ()
    assert state.damage_capacity == 18


def test_example_2_phantom_titan_against_a_large_building() -> None:
    state = BuildingState.new(SizeClass.LARGE)
    titan = Assaulter("phantom titan", "war_engine", 30, close_combat_weapon=True)
    # titan rolls 5, building 3; hit die 5; D6 damage 4; automatic critical 2D6 = 6 + 3
    dice = FixedDice([5, 3, 5, 4, 6, 3])
    out = assault_building(state, [titan], Site(), dice)
    assert out.assault_factor == 60  # 30 doubled by the close-combat weapon
    assert out.building_assault_factor == 45
    assert [b.value for b in out.assaulter_bonuses] == [1]  # 60 > 45 but less than twice
    assert out.building_bonuses == ()
    assert (out.assaulter_score, out.building_score) == (6, 3)
    assert out.assaulters_won and out.row.difference == 3
    assert out.kill_number == 3
    assert out.hits == 1
    assert out.damage_dealt == 4  # D6 damage from the close-combat weapon
    assert out.critical_chance is None  # no 6 needed
    assert len(out.criticals) == 1
    assert out.criticals[0].roll.total == 9
    assert out.criticals[0].row.extra_damage == 1
    assert state.damage_capacity == 30 - 4 - 1
    assert dice.unused == []
