"""Shooting a 40K building: facing from geometry, exact odds, seeded resolution, one change."""

from __future__ import annotations

import copy
import math

import pytest
from shapely.geometry import Point

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import Base, Model, RuleSystem, Table, TerrainPiece, TroopType, Unit
from board.game.core.buildings import building_rules
from board.game.core.clock import clock_of
from board.game.core.world import WorldCache
from board.game.systems.wh40k.effects import weapon_profile
from board.game.systems.wh40k.shooting import (
    ShootingError,
    ShotPlan,
    WeaponOrder,
    emplaced_order,
    odds_lines,
    shoot,
    shot_odds,
)
from rules import wh40k
from rules.dice import Dice, FixedDice
from tests.game.samples import BLUE, RED, library, round_unit, scenario

LASCANNON = WeaponOrder("Lascannon", 1, 4, 9, 2)
FRONT = (24.0, 10.0)
DOOR = (23.0, 21.0)  # the bastion's door, at (-1, -3) from its centre (24, 24)


def bastion_board(toughness=None):
    bastion = TerrainPiece("bastion", "imperial_bastion", 24.0, 24.0, claimed_by=RED)
    vets = Unit("vets", "Veteran Squad", RED, TroopType.INFANTRY,
                [Model(f"v{i}", Base.round_mm(32), 24.0, 24.0) for i in range(3)],
                embarked_in="bastion", stats={"leadership": 8})
    if toughness:
        vets.stats.update(toughness=toughness)  # no armour save: the hits kill
    found = scenario(RuleSystem.WH40K, [bastion],
                     [vets, round_unit("devs", BLUE, [FRONT])])
    return found, WorldCache(library()).world_for(found)


def plan(weapon=LASCANNON, at=FRONT):
    return ShotPlan("bastion", weapon, at, "Devastators")


@pytest.mark.parametrize(("at", "facing"), [(FRONT, "front"), ((40.0, 24.0), "right"),
                                            ((24.0, 40.0), "rear"), ((8.0, 24.0), "left")])
def test_the_facing_comes_from_where_the_firer_stands(at, facing):
    found, world = bastion_board()
    result = shoot(found, library(), world, plan(at=at), dice=FixedDice([1]))  # a miss
    assert result.facing == facing
    assert f"({facing} facing, AV 14)" in result.lines[0]


def test_the_odds_shown_are_attack_odds():
    found, world = bastion_board()
    weapon = WeaponOrder("Lascannon", 3, 4, 9, 2, special=("Twin-linked",))
    odds = shot_odds(found, library(), world, plan(weapon))
    building = building_rules(found, library(), found.terrain[0])
    direct = wh40k.attack_odds(building, "front", 3, 4, 9, 2, twin_linked=True)
    assert odds.final == direct.final
    lines = odds_lines(odds)
    hull = dict(direct.hull_points_left.items())
    assert lines[0].startswith(f"hull points left: 4: {float(hull[4]) * 100:.1f}%")
    assert lines[-1] == f"destroyed: {float(direct.destroyed) * 100:.1f}%"
    assert sum(hull.values()) == 1


def test_a_penetrating_hit_that_rolls_total_collapse_forces_the_occupants_out():
    found, world = bastion_board()
    # to hit 4 (3+ hits); penetration 6 + S9 = 15 > 14; damage 5 + 1 (AP2) = 6: Total Collapse;
    # 2D6 hits on the occupants (3, 3); Pinning 5 + 4 = 9 against Ld 8: failed.
    dice = FixedDice([4, 6, 5, 3, 3, 5, 4])
    result = shoot(found, library(), world, plan(), dice=dice)
    assert dice.unused == []
    piece = result.change.pieces["bastion"]
    assert piece.state["hull_points_lost"] == 1
    assert piece.state["destroyed_by"] == "Total Collapse"
    assert piece.state["condition"] == wh40k.BuildingCondition.COLLAPSED.value
    assert piece.claimed_by is None and piece.datasheet == "imperial_bastion"
    vets = result.change.units["vets"]
    assert vets.embarked_in is None and len(vets.models) == 3
    footprint = world.piece("bastion").footprint
    hatch = (25.0, 27.0)  # the escape hatch, low in the rear wall: an access point too
    for model in vets.models:
        gap = min(math.dist((model.x, model.y), p) for p in (DOOR, hatch)) + 16.0 / 25.4
        assert gap <= 6.0 + 1e-6  # wholly within 6" of the door or the hatch
        assert footprint.distance(Point(model.x, model.y)) >= 0.62  # 32 mm base outside
    (entry,) = result.change.log
    assert "damage roll 5 +1 (AP2 weapon) = 6: Total Collapse" in entry.text
    lines = entry.text.split("\n")
    assert lines[0].startswith("Devastators shoot Imperial Bastion (front facing, AV 14)")
    assert "Veteran Squad (inside): 6 hits at S6 AP – with Ignores Cover" in entry.text
    assert "Pinning test for Veteran Squad: 9 vs Ld8, failed" in entry.text
    assert "Veteran Squad forced out: 3 models placed" in entry.text
    assert not any(word in entry.text.replace("Devastators", "") for word in ("vets", "devs"))
    assert [r["faces"] for r in entry.rolls] == [[4], [6], [5], [3, 3], [5, 4]]
    purposes = [r["purpose"] for r in entry.rolls]
    assert purposes[-2:] == ["Total Collapse: hits on Veteran Squad",
                             "Pinning test (Veteran Squad)"]


def test_detonation_leaves_a_crater():
    found, world = bastion_board()
    result = shoot(found, library(), world, plan(), dice=FixedDice([4, 6, 6] + [3] * 30))
    piece = result.change.pieces["bastion"]
    assert piece.state["destroyed_by"] == "Detonation!"
    assert piece.datasheet == "wh40k_crater_large"
    assert "Imperial Bastion is replaced by Crater, large (40K)" in result.change.log[0].text


def test_a_seeded_shot_ends_in_the_state_the_rules_give_and_undo_takes_it_back_whole():
    found, world = bastion_board(toughness=4)
    weapon = WeaponOrder("Lascannon", 6, 4, 9, 2)
    result = shoot(found, library(), world, plan(weapon), seed=3)
    building = building_rules(found, library(), found.terrain[0])
    dice = Dice(3)
    replay = wh40k.resolve_shooting(building, weapon_profile(weapon), 4, "front", dice,
                                    clock_of(found),
                                    surroundings=_replay_surroundings(found))
    expected = building.state.to_dict()
    assert result.change.pieces["bastion"].state == expected
    assert result.change.log[0].seed == 3
    assert result.change.log[0].rolls == [r.to_dict() for r in dice.rolls]
    dead = {m for h in replay.hits for a in h.applied for m in a.casualties}
    survivors = result.change.units.get("vets")
    kept = {m.id for m in survivors.models} if survivors else set()
    assert kept == {"v0", "v1", "v2"} - dead

    document = ScenarioDocument(found)
    before = copy.deepcopy((found.terrain, found.units, found.log))
    undo = apply_change(document, result.change)
    assert found.log and found.terrain[0].state
    apply_change(document, undo)
    assert (found.terrain, found.units, found.log) == before


def _replay_surroundings(found):
    from board.game.systems.wh40k.effects import ShotEffects
    world = WorldCache(library()).world_for(found)
    building = building_rules(found, library(), found.terrain[0])
    return ShotEffects(found, world, building).surroundings


def test_a_template_hits_automatically():
    found, world = bastion_board()
    flamer = WeaponOrder("Heavy flamer", 2, 4, 5, 4, template=True)
    result = shoot(found, library(), world, plan(flamer), dice=FixedDice([1, 2]))
    assert result.lines[1] == "Heavy flamer: template, 2 hits"
    assert len(result.change.log[0].rolls) == 2  # two penetration rolls, no rolls to hit


def test_an_emplaced_weapon_fires_from_its_mount_and_a_destroyed_one_is_refused():
    found, world = bastion_board()
    order, at = emplaced_order(found, library(), world, "bastion", "icarus-lascannon", 4)
    assert (order.name, order.strength, order.ap, order.bs, at) == \
        ("Icarus lascannon", 9, 2, 4, (24.0, 24.0))
    found.terrain[0].state = {"destroyed_weapons": ["icarus-lascannon"]}
    with pytest.raises(ShootingError, match="Imperial Bastion: Icarus lascannon cannot fire: "
                                            "it has been destroyed"):
        emplaced_order(found, library(), world, "bastion", "icarus-lascannon", 4)


@pytest.mark.parametrize(
    ("weapon", "message"),
    [(WeaponOrder("Gun", 0, 4, 9, 2), "1 or more shots, not 0"),
     (WeaponOrder("Gun", 1, 0, 9, 2), "Ballistic Skill must be 1 to 10, not 0"),
     (WeaponOrder("Gun", 1, 4, 11, 2), "Strength must be 1 to 10, not 11"),
     (WeaponOrder("Gun", 1, 4, 9, 7), "AP must be 1 to 6 or –, not 7")],
)
def test_bad_weapons_are_refused_with_the_number(weapon, message):
    found, world = bastion_board()
    with pytest.raises(ShootingError, match=message):
        shoot(found, library(), world, plan(weapon), seed=1)


def test_a_fallen_building_or_a_non_building_cannot_be_shot():
    found, world = bastion_board()
    found.terrain[0].state = {"condition": "removed and replaced by a crater"}
    with pytest.raises(ShootingError, match="already removed and replaced by a crater"):
        shoot(found, library(), world, plan(), seed=1)
    found.terrain.append(TerrainPiece("crater", "wh40k_crater_small", 50.0, 40.0))
    with pytest.raises(ShootingError, match=r"Crater, small \(40K\) is not a Warhammer 40,000 "
                                            "building"):
        shoot(found, library(), world, ShotPlan("crater", LASCANNON, FRONT, "x"), seed=1)


def test_no_escape_gives_the_occupants_d6_hits_before_the_building_is_hit():
    found, world = bastion_board()
    flamer = WeaponOrder("Heavy flamer", 1, 4, 5, 4, template=True, fire_point=True)
    # No Escape D6 = 4 hits; then the template's penetration roll 2 + S5 = 7 < 14.
    result = shoot(found, library(), world, plan(flamer), dice=FixedDice([4, 2]))
    text = result.change.log[0].text
    assert "No Escape: Veteran Squad inside take 4 hits at S5 AP4, randomly allocated" in text
    assert result.change.log[0].rolls[0]["purpose"] == "No Escape: hits on Veteran Squad"
    assert result.change.pieces["bastion"].state["hull_points_lost"] == 0


def test_no_escape_kills_when_the_occupants_toughness_is_known():
    found, world = bastion_board(toughness=3)
    flamer = WeaponOrder("Heavy flamer", 1, 4, 5, 4, template=True, fire_point=True)
    # 1 hit; to wound S5 v T3 on 2+: 6; one wound to a random model (D3: 2 = v1), no save;
    # then the penetration roll 1.
    result = shoot(found, library(), world, plan(flamer), dice=FixedDice([1, 6, 2, 1]))
    assert [m.id for m in result.change.units["vets"].models] == ["v0", "v2"]
    text = result.change.log[0].text
    assert "Veteran Squad: 1 wound on 2+; slain: Veteran Squad, model 2" in text
    assert "Veteran Squad loses model 2" in text


def test_a_blast_over_the_battlements_also_hits_the_building():
    found, world = bastion_board()
    battle_cannon = WeaponOrder("Battle cannon", 1, 4, 8, 3, blast=5.0, on_battlements=True)
    odds = shot_odds(found, library(), world, plan(battle_cannon))
    building = building_rules(found, library(), found.terrain[0])
    first = wh40k.attack_odds(building, "front", 1, 4, 8, 3)
    assert odds.final == wh40k.attack_odds(building, "front", 1, None, 8, 3, after=first).final
    # to hit 1: the shot misses; the battlements' hit: 6 + S8 = 14 against 14, glancing.
    result = shoot(found, library(), world, plan(battle_cannon), dice=FixedDice([1, 6]))
    assert result.change.pieces["bastion"].state["hull_points_lost"] == 1
    assert "the marker also covered the battlements" in result.change.log[0].text
    with pytest.raises(ShootingError, match="only a blast or template also hits the battlements"):
        shoot(found, library(), world, plan(WeaponOrder("Gun", 1, 4, 8, 3, on_battlements=True)),
              seed=1)


def collapse(found, world):
    """To hit 4, penetration 6, damage 5 + 1 = Total Collapse, 2 hit dice, then Pinning."""
    return shoot(found, library(), world, plan(), dice=FixedDice([4, 6, 5, 1, 1, 3, 3]))


def test_models_with_no_room_by_the_door_come_out_by_emergency_disembarkation():
    found, world = bastion_board()
    # Blue models every 2" round the bastion out to x = 29: nowhere within 6" of the door is
    # 1" clear of them; only a strip to their right, within 6" of the footprint, is.
    crowd = [(float(x), float(y)) for x in range(15, 30, 2) for y in range(13, 34, 2)
             if not (20 < x < 28 and 20 < y < 28)]
    found.units.append(round_unit("crowd", BLUE, crowd, mm=25))
    world = WorldCache(library()).world_for(found)
    result = collapse(found, world)
    assert "Veteran Squad: 0 out by an access point, 3 by emergency disembarkation" in \
        result.change.log[0].text
    footprint = world.piece("bastion").footprint
    for model in result.change.units["vets"].models:
        gap = footprint.distance(Point(model.x, model.y))
        assert 16.0 / 25.4 - 1e-6 <= gap <= 6.0 - 16.0 / 25.4 + 1e-6


def test_models_with_no_room_at_all_are_removed():
    found, world = bastion_board()
    found.table = Table(8.0, 8.0)  # the bastion (6" square) in the middle: a 1" band round it
    found.terrain[0].x = found.terrain[0].y = 4.0
    found.units = found.units[:1]
    world = WorldCache(library()).world_for(found)
    result = shoot(found, library(), world, ShotPlan("bastion", LASCANNON, (4.0, -5.0), "x"),
                   dice=FixedDice([4, 6, 5, 1, 1]))
    text = result.change.log[0].text
    assert "3 could not be placed and are removed" in text
    assert result.change.units["vets"] is None and "Veteran Squad is destroyed" in text


def test_a_fortress_part_brought_down_leaves_rubble_of_its_own_that_saves_and_loads(tmp_path):
    """The parts of a multi-part building are separate models (seed 000): the crater a fallen
    part leaves is not a part of the group any more, and the board it is on saves and loads."""
    from board.document.datasheets import place_datasheet
    from board.document.io import load_scenario, save_scenario

    parts = place_datasheet(library(), "fortress_of_redemption", 24.0, 30.0, piece_id="fort")
    found = scenario(RuleSystem.WH40K, parts, [round_unit("devs", BLUE, [(24.0, 6.0)])])
    world = WorldCache(library()).world_for(found)
    wall = next(p for p in found.terrain if p.part == "wall")
    # to hit 4; penetration 6 + S9 beats the wall; damage 6 (+1 AP2): Detonation!
    result = shoot(found, library(), world,
                   ShotPlan(wall.id, LASCANNON, (24.0, 6.0), "Devastators"),
                   dice=FixedDice([4, 6, 6] + [3] * 30))
    rubble = result.change.pieces[wall.id]
    assert rubble.datasheet.startswith("wh40k_crater")
    assert (rubble.group, rubble.part, rubble.group_datasheet) == (None, None, None)
    document = ScenarioDocument(found)
    apply_change(document, result.change)
    save_scenario(document.scenario, tmp_path / "after.json")
    again = load_scenario(tmp_path / "after.json", library())
    assert again.piece(wall.id).datasheet == rubble.datasheet
    assert {p.part for p in again.terrain if p.group == "fort"} == {
        p.part for p in parts if p.id != wall.id}
