"""Automated fire of claimed buildings, and shooting an Epic 40,000 building."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.shots import ShootingError
from board.game.core.world import WorldCache
from board.game.systems.epic.shooting import epic_odds_lines, epic_shoot
from board.game.systems.wh40k.automated_fire import automated_fire, automated_targets
from rules.dice import Dice, FixedDice
from tests.game.samples import BLUE, RED, library, round_unit, scenario


def claimed_board(claimed_by=RED):
    bastion = TerrainPiece("bastion", "imperial_bastion", 24.0, 24.0, claimed_by=claimed_by)
    near = round_unit("near", BLUE, [(24.0, 12.0)], mm=25)  # 8.5" from the front bolter
    far = round_unit("far", BLUE, [(24.0, 45.0)], mm=25)
    near.stats["toughness"] = 3
    found = scenario(RuleSystem.WH40K, [bastion], [near, far, round_unit("own", RED,
                                                                       [(40.0, 24.0)])])
    return found, WorldCache(library()).world_for(found)


def test_each_weapon_picks_the_nearest_enemy_in_range_and_sight():
    found, world = claimed_board()
    targets = {t.weapon_id: t for t in automated_targets(found, library(), world, Dice(1))}
    assert targets["heavy-bolter-front"].target == "near"
    assert targets["heavy-bolter-rear"].target == "far"  # "near" is behind the bastion
    assert targets["heavy-bolter-front"].bs == 2
    assert targets["heavy-bolter-front"].mount == (25.0, 21.0)
    assert all(t.target != "own" for t in targets.values())


def test_an_unclaimed_building_does_not_fire():
    found, world = claimed_board(claimed_by=None)
    assert automated_targets(found, library(), world, Dice(1)) == []


def test_automated_fire_rolls_at_bs2_wounds_and_removes_casualties_in_one_change():
    found, world = claimed_board()
    result = automated_fire(found, library(), world, seed=4)
    entry = result.change.log[0]
    assert entry.seed == 4 and entry.rolls
    assert "heavy-bolter" not in entry.text  # the log names weapons as players read them
    near_name = found.unit("near").name
    assert (f"Heavy bolter (front) of Imperial Bastion (automated, BS2) at {near_name}: 3 shots"
            in entry.text)
    first = next(line for line in result.lines if f" at {near_name}: " in line)
    to_hit = [r["faces"][0] for r in entry.rolls if r["purpose"].startswith("to hit")][:3]
    assert f"3 shots, {sum(f >= 5 for f in to_hit)} hit" in first  # BS2 hits on 5+
    near = result.change.units.get("near", found.unit("near"))
    wounded = [r for r in entry.rolls if r["purpose"].startswith(f"to wound {near_name}")]
    slain = sum(f >= 2 for r in wounded for f in r["faces"])
    assert (near is None) == (slain >= 1)


def test_a_weapon_fired_by_hand_does_not_fire_automatically():
    found, world = claimed_board()
    result = automated_fire(found, library(), world, seed=2,
                            manually_fired={"bastion": ["heavy-bolter-front"]})
    assert ("Heavy bolter (front) of Imperial Bastion: fired manually this phase"
            in result.change.log[0].text)


def epic_board():
    hall = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0)
    inside = Unit("tac", "Tactical detachment", RED, TroopType.INFANTRY,
                  [Model(f"s{i}", Base.round_mm(12), 20.0, 20.0) for i in range(3)],
                  embarked_in="hall", stats={"armour": 4})
    found = scenario(RuleSystem.EPIC40K, [hall], [inside])
    return found, WorldCache(library()).world_for(found)


def test_epic_firepower_dice_scoring_6_cost_damage_capacity():
    found, world = epic_board()
    # 4 firepower dice: two 6s; each hit's critical roll (1, 2) is not a 6.
    result = epic_shoot(found, library(), world, "hall", 4, "Warlord Titan", True,
                        dice=FixedDice([6, 3, 6, 5, 1, 2]))
    state = result.change.pieces["hall"].state
    assert state["damage_capacity"] == 8  # a small building starts with 10
    assert "2 of 4 dice scored 6+, 0 critical; damage capacity now 8" in result.lines[1]
    assert result.change.log[0].rolls[0]["faces"] == [6, 3, 6, 5]


def test_epic_only_super_heavy_weapons_may_target_a_building():
    found, world = epic_board()
    with pytest.raises(ShootingError, match="only super-heavy weapons may target a building"):
        epic_shoot(found, library(), world, "hall", 4, "Predator", False, seed=1)


def test_epic_odds_before_rolling_are_exact():
    found, world = epic_board()
    lines = epic_odds_lines(found, library(), "hall", 2)
    # Two dice: no 6 25/36, one 6 10/36, two 6s 1/36.
    assert lines[0] == "dice scoring 6+: 0: 69.4%, 1: 27.8%, 2: 2.8%"
    assert lines[1] == f"at least one critical: {float(1 - Fraction(35, 36) ** 2) * 100:.1f}%"


@pytest.mark.parametrize(("gap", "in_range"), [(35.9, True), (36.0, True), (36.01, False)])
def test_automated_fire_measures_a_rhino_to_its_hull(gap, in_range):
    # the front heavy bolter (36") at (25, 21); a Rhino hull 4.5" x 3.5" turned side-on, its
    # near side at y = 16.75 and its near end at x0: the gap is hypot(x0 - 25, 4.25)
    x0 = 25.0 + (gap ** 2 - 4.25 ** 2) ** 0.5
    rhino = Unit("rhino", "Rhino", BLUE, TroopType.VEHICLE,
                 [Model("rhino-1", Base.hull_in(4.5, 3.5), x0 + 2.25, 15.0, 90.0)],
                 stats={"armour": {"front": 11, "right": 11, "rear": 10, "left": 11}})
    bastion = TerrainPiece("bastion", "imperial_bastion", 24.0, 24.0, claimed_by=RED)
    found = scenario(RuleSystem.WH40K, [bastion], [rhino])
    world = WorldCache(library()).world_for(found)
    targets = {t.weapon_id: t for t in automated_targets(found, library(), world, Dice(1))}
    assert (targets["heavy-bolter-front"].target == "rhino") is in_range


@pytest.mark.parametrize(("gap", "in_range"), [(35.99, True), (36.0, True), (36.01, False)])
def test_automated_fire_measures_an_oval_base_to_its_tip(gap, in_range):
    # a 60 x 35 mm oval pointing its long axis at the front bolter: its tip is ``gap`` away,
    # where a circle of half its width at its centre would be 0.49" farther. The bolter is
    # mounted 2" up its wall and the rider is 1.5" tall: by the 40K straight line (issue 40)
    # the tip is sqrt(across² + 0.5²) away, so it stands sqrt(gap² − 0.25) across
    along = (30.0 / math.hypot(30, 18), -18.0 / math.hypot(30, 18))
    reach = math.sqrt(gap ** 2 - 0.5 ** 2) + 30 / 25.4
    centre = (25.0 + along[0] * reach, 21.0 + along[1] * reach)
    facing = math.degrees(math.atan2(along[0], -along[1]))
    rider = Unit("rider", "Rider", BLUE, TroopType.CAVALRY,
                 [Model("rider-1", Base.oval_mm(60, 35), *centre, facing)])
    bastion = TerrainPiece("bastion", "imperial_bastion", 24.0, 24.0, claimed_by=RED)
    found = scenario(RuleSystem.WH40K, [bastion], [rider])
    world = WorldCache(library()).world_for(found)
    targets = {t.weapon_id: t for t in automated_targets(found, library(), world, Dice(1))}
    assert (targets["heavy-bolter-front"].target == "rider") is in_range
