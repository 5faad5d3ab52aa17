"""Rolling the battlements' terrain tests (seed 000, RULES.md §1 "Terrain tests").

Seed 000: battlements "are difficult terrain"; "Jump units, Jet Pack units, Jetbikes and
Skimmers do not need to take Dangerous Terrain tests if they start or end their move on a
battlement." RULES.md §1: "difficult: roll 2D6, highest = max move. Dangerous: per model D6,
1 = Wound (no cover save). Vehicles treat difficult as dangerous; fail = −1 HP + Immobilised."
"""

from __future__ import annotations

import pytest

from rules.dice import Dice, FixedDice
from rules.wh40k.battlements import TerrainTest
from rules.wh40k.terrain import TerrainOptions, battlements_move, roll_terrain_test


def test_difficult_terrain_rolls_2d6_and_the_highest_is_the_move():
    """ "difficult: roll 2D6, highest = max move" """
    move = battlements_move("infantry", started_on=False, ended_on=True)
    result = roll_terrain_test(move, ["a", "b", "c"], FixedDice([2, 5]), who="Squad")
    assert result.highest == 5 and result.lost == ()
    assert [r.purpose for r in result.rolls] == ["difficult terrain (Squad)"]
    assert result.describe().endswith(': 2D6 → 2, 5: may move up to 5"')


def test_dangerous_terrain_a_one_is_a_wound_without_cover_and_a_one_wound_model_is_lost():
    """ "Dangerous: per model D6, 1 = Wound (no cover save)" """
    move = battlements_move("vehicle", True, False)
    result = roll_terrain_test(move, ["t1", "t2"], FixedDice([1, 4]))
    assert result.ones == ("t1",) and result.hull_points_lost == 1 and result.immobilised
    options = TerrainOptions.from_dict({"bikes_and_cavalry_dangerous": True})
    bikes = battlements_move("bikes", False, True, dangerous_types=options.dangerous_types)
    assert bikes.test is TerrainTest.DANGEROUS
    result = roll_terrain_test(bikes, ["b1", "b2", "b3"], FixedDice([1, 6, 1, 3, 2]), save=3,
                               who="Bikers")
    assert result.ones == ("b1", "b3")
    assert [r.faces for r in result.rolls] == [(1, 6, 1), (3,), (2,)]  # b1 saves, b3 not
    assert result.saved == ("b1",) and result.lost == ("b3",)


def test_a_natural_one_fails_any_save_and_several_wounds_keep_the_model():
    bikes = battlements_move("bikes", False, True, dangerous_types=frozenset({"bikes"}))
    result = roll_terrain_test(bikes, ["b1"], FixedDice([1, 1]), save=2)
    assert result.lost == ("b1",)
    result = roll_terrain_test(bikes, ["b1"], FixedDice([1]), wounds=2)
    assert result.lost == () and result.wounded == ("b1",)
    assert "a Wound each" in result.describe({"b1": "Biker 1"})


@pytest.mark.parametrize("troop_type", ["jump_infantry", "jet_pack_infantry", "jetbikes",
                                        "skimmer"])
def test_the_flyers_roll_nothing(troop_type):
    """Seed 000: Jump, Jet Pack, Jetbike and Skimmer units take no Dangerous Terrain test
    starting or ending on a battlement: no die is rolled."""
    dice = Dice(seed=1)
    result = roll_terrain_test(battlements_move(troop_type, True, False), ["m"], dice)
    assert result.rolls == () and dice.rolls == [] and result.lost == ()


def test_bikes_and_cavalry_test_as_difficult_by_default():
    """RULES.md names only vehicles: bikes and cavalry take the difficult test by default."""
    default = TerrainOptions.from_dict({})
    for troop_type in ("bikes", "cavalry"):
        move = battlements_move(troop_type, True, False, dangerous_types=default.dangerous_types)
        assert move.test is TerrainTest.DIFFICULT
    with pytest.raises(ValueError, match="bikes_and_cavalry_dangerous 'yes' is not true"):
        TerrainOptions.from_dict({"bikes_and_cavalry_dangerous": "yes"})
