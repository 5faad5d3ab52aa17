"""Embarking and disembarking without Qt: the rules decide, geometry measures, one Change."""

from __future__ import annotations

from dataclasses import replace

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import RuleSystem, TerrainPiece, TroopType
from board.game.core.buildings import building_rules
from board.game.core.world import WorldCache
from board.game.occupancy.common import adjacent_parts
from board.game.occupancy.disembarking import check_positions, disembark_change, plan_disembark
from board.game.occupancy.embarking import try_embark, try_move_between_parts
from tests.game.samples import BLUE, RED, library, round_unit, scenario

# The bastion at (10, 10), unturned: footprint 7..13 both ways, its door at (9, 7).
BASTION = TerrainPiece("b", "imperial_bastion", 10.0, 10.0)


def world_of(s):
    return WorldCache(library()).world_for(s)


#: A unit's name as the players read it (the texts must show it, never the id ``sq``).
CATO = "Tactical Squad Cato"


def near_door(n: int, unit_id: str = "sq", side: str = RED, name: str | None = None):
    unit = round_unit(unit_id, side, [(6.0 + 1.4 * (k % 6), 5.6 - 1.4 * (k // 6))
                                      for k in range(n)])
    unit.name = name or unit.name
    return unit


def test_embark_claims_logs_and_undoes_whole():
    s = scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)],
                 units=[near_door(5)])
    attempt = try_embark(s, library(), world_of(s), "sq", "b")
    assert attempt.allowed, attempt.decision.reason
    doc = ScenarioDocument(s)
    before = s.unit("sq")
    undo = apply_change(doc, attempt.change)
    assert s.unit("sq").embarked_in == "b"
    assert s.piece("b").claimed_by == RED
    assert s.piece("b").state["occupants"] == ["sq"]
    assert "embark in Imperial Bastion; now claimed by Red" in s.log[-1].text
    apply_change(doc, undo)
    assert s.unit("sq") is before and s.piece("b").claimed_by is None and not s.log


def test_embark_over_capacity_is_refused_with_the_numbers():
    s = scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)],
                 units=[near_door(22, name=CATO)])
    attempt = try_embark(s, library(), world_of(s), "sq", "b")
    assert not attempt.allowed and attempt.change is None
    assert attempt.decision.reason == (
        "cannot embark: Imperial Bastion holds 20 models, Tactical Squad Cato has 22")


def test_embark_out_of_reach_names_the_models_and_their_distances():
    squad = round_unit("sq", RED, [(9.0, 5.0), (9.0, 1.0), (20.0, 7.0)])
    squad.name = CATO
    s = scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)], units=[squad])
    reason = try_embark(s, library(), world_of(s), "sq", "b").decision.reason
    assert reason.startswith('cannot embark: 2 of 3 models are not within 2" of an access point')
    assert ('(nearest access: Tactical Squad Cato, model 2 5.37"; Tactical Squad Cato, '
            'model 3 6.37")') in reason


@pytest.mark.parametrize("troop", [TroopType.VEHICLE, TroopType.BIKES])
def test_only_infantry_enters_a_40k_building(troop):
    s = scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)],
                 units=[round_unit("sq", RED, [(9.0, 5.5)], troop=troop)])
    reason = try_embark(s, library(), world_of(s), "sq", "b").decision.reason
    assert reason.startswith(f"cannot embark: sq: troop type {troop.value.replace('_', ' ')};")


def test_an_occupied_building_refuses_a_second_unit():
    s = scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)],
                 units=[near_door(3), near_door(3, "other")])
    s.unit("other").embarked_in = "b"
    reason = try_embark(s, library(), world_of(s), "sq", "b").decision.reason
    assert "already occupied by other" in reason


def test_ruins_are_not_a_building_to_enter():
    s = scenario(terrain=[TerrainPiece("r", "wh40k_ruins", 10.0, 10.0)],
                 units=[near_door(3)])
    reason = try_embark(s, library(), world_of(s), "sq", "r").decision.reason
    assert "is not a building a unit can enter in Warhammer 40,000" in reason


def test_epic_takes_infantry_in_contact_only():
    hut = TerrainPiece("h", "epic40k_small_building", 10.0, 10.0)
    s = scenario(RuleSystem.EPIC40K, [hut], [
        round_unit("walker", RED, [(10.0, 3.0)], troop=TroopType.WALKER),
        round_unit("far", RED, [(10.0, 0.0)], mm=12),
    ])
    world = world_of(s)
    walker = try_embark(s, library(), world, "walker", "h").decision
    assert "only infantry may enter" in walker.reason
    far = try_embark(s, library(), world, "far", "h").decision
    assert not far
    assert "no model is in base contact with Building, small (Epic 40,000)" in far.reason
    footprint = world.piece("h").footprint
    top = footprint.bounds[1]
    s.unit("far").models[0].y = top - 12 / 25.4 / 2 - 0.05
    assert try_embark(s, library(), world_of(s), "far", "h").allowed


def test_fantasy_garrison_rules_and_the_side_holding_it():
    house = TerrainPiece("h", "whfb_building_1_floor", 10.0, 10.0)
    s = scenario(RuleSystem.WARHAMMER_FANTASY, [house], [
        round_unit("knights", RED, [(10.0, 0.0)], troop=TroopType.CAVALRY),
        round_unit("spears", BLUE, [(10.0, 0.0)], mm=20),
    ])
    world = world_of(s)
    top = world.piece("h").footprint.bounds[1]
    s.unit("knights").models[0].y = s.unit("spears").models[0].y = top - 10 / 25.4 - 0.02
    world = world_of(s)
    knights = try_embark(s, library(), world, "knights", "h").decision
    assert "only infantry, war beasts and swarms may garrison" in knights.reason
    spears = try_embark(s, library(), world, "spears", "h")
    assert spears.allowed
    assert spears.change.pieces["h"].claimed_by == BLUE
    assert spears.change.pieces["h"].state["garrison"]["unit"] == "spears"


def embarked(n: int = 5, name: str | None = None):
    squad = near_door(n, name=name)
    squad.embarked_in = "b"
    return scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)], units=[squad])


def test_first_placement_is_legal_and_a_model_at_6_1_inches_is_named():
    s = embarked(name=CATO)
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    assert plan.decision and plan.reach == 6.0 and not plan.emergency
    assert all(v.legal for v in check_positions(s, world, plan, plan.start))
    radius = 32 / 25.4 / 2
    moved = dict(plan.start, **{"sq-3": (9.0, 7.0 - 6.1 + radius)})
    decision, change = disembark_change(s, library(), world, plan, moved)
    assert not decision and change is None
    assert decision.reason == (
        'cannot disembark: 1 model not placed legally: Tactical Squad Cato, model 3 (too far: '
        'farthest part 6.10" from door, limit 6.00")')
    decision, change = disembark_change(s, library(), world, plan, plan.start)
    assert decision and change.units["sq"].embarked_in is None
    assert change.log[0].text == (
        'Tactical Squad Cato leave Imperial Bastion: Tactical Squad Cato disembark up to 6", '
        "by an access point: may still charge (Repel the Enemy)")
    assert change.units["sq"].models[2].x == plan.start["sq-3"][0]
    assert change.pieces["b"].state["occupants"] == []


def test_a_tremor_limits_the_exit_to_3_inches():
    s = embarked()
    rules = building_rules(s, library(), s.piece("b"))
    s.piece("b").state = rules.state.to_dict() | {"effects": [{
        "kind": "exit_limit", "affected": "occupants", "source": "Tremor",
        "until": None, "unit_ids": [], "distance": 3.0}]}
    plan = plan_disembark(s, library(), world_of(s), "sq")
    assert plan.reach == 3.0


def test_enemies_at_the_door_force_the_emergency_zone():
    # a bastion with its door only: the shipped one also has an escape hatch in the rear wall
    bastion = library()["imperial_bastion"]
    door_only = replace(bastion, id="bastion_door_only", access_points=bastion.access_points[:1])
    lib = library().including([door_only])
    s = embarked()
    s.piece("b").datasheet = "bastion_door_only"
    wall = [(x, y) for x in range(-1, 20, 2) for y in range(-3, 18, 2)
            if (x - 9) ** 2 + (y - 7) ** 2 <= 64 and not (6 < x < 14 and 6 < y < 14)]
    s.units.append(round_unit("horde", BLUE, [(float(x), float(y)) for x, y in wall], mm=25))
    s.piece("b").state["battlements_ruined"] = True  # no way out onto the roof either
    world = WorldCache(lib).world_for(s)
    plan = plan_disembark(s, lib, world, "sq")
    assert plan.decision and plan.emergency
    assert "emergency disembarkation" in plan.decision.reason
    assert plan.access[0][0] == "b"
    assert all(v.legal for v in check_positions(s, world, plan, plan.start))
    decision, change = disembark_change(s, lib, world, plan, plan.start)
    assert "no voluntary actions" in change.log[0].text


def test_fantasy_exit_needs_a_movement_value_then_uses_the_ring():
    house = TerrainPiece("h", "whfb_building_1_floor", 10.0, 10.0)
    spears = round_unit("spears", BLUE, [(0.0, 0.0)] * 3, mm=20)
    spears.embarked_in = "h"
    s = scenario(RuleSystem.WARHAMMER_FANTASY, [house], [spears])
    s.options.update(player=BLUE)  # a garrison leaves in its own Remaining Moves
    plan = plan_disembark(s, library(), world_of(s), "spears")
    assert not plan.decision and "no Movement value" in plan.decision.reason
    spears.stats["movement"] = 4
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "spears")
    assert plan.decision and plan.reach == 8.0
    assert all(v.legal for v in check_positions(s, world, plan, plan.start))
    decision, change = disembark_change(s, library(), world, plan, plan.start)
    assert decision and change.pieces["h"].claimed_by is None


def test_a_base_may_touch_but_not_stand_on_another():
    s = embarked(2)
    s.units.append(round_unit("friend", RED, [(5.0, 4.0)]))
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    size = 32 / 25.4
    touching = {"sq-1": (8.0, 4.0), "sq-2": (8.0 + size, 4.0)}
    assert all(v.legal for v in check_positions(s, world, plan, touching))
    stacked = {"sq-1": (8.0, 4.0), "sq-2": (8.5, 4.0)}
    verdicts = {v.model_id: v.explain() for v in check_positions(s, world, plan, stacked)}
    assert verdicts == {"sq-1": "sq-1: overlaps sq, model 2", "sq-2": "sq-2: overlaps sq, model 1"}
    on_friend = {"sq-1": (5.5, 4.0), "sq-2": (8.0, 4.0)}
    verdicts = {v.model_id: v.explain() for v in check_positions(s, world, plan, on_friend)}
    assert verdicts["sq-1"] == "sq-1: overlaps friend" and verdicts["sq-2"] == "sq-2: legal"


def test_the_first_placement_keeps_off_friendly_models_at_the_door():
    s = embarked(5)
    s.units.append(round_unit("friend", RED, [(9.0, 5.5), (7.5, 5.0), (10.5, 5.0)]))
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    assert all(v.legal for v in check_positions(s, world, plan, plan.start))


def test_in_and_out_in_one_player_turn_is_refused_both_ways():
    s = scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10.0, 10.0)],
                 units=[near_door(5)])
    doc = ScenarioDocument(s)
    apply_change(doc, try_embark(s, library(), world_of(s), "sq", "b").change)
    assert s.unit("sq").stats["embarked_on"] == [1, RED]
    plan = plan_disembark(s, library(), world_of(s), "sq")
    assert plan.decision.reason == (
        "cannot disembark: the unit did not begin the Movement phase inside")
    s.options.update(turn=2)
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    apply_change(doc, disembark_change(s, library(), world, plan, plan.start)[1])
    assert s.unit("sq").stats["disembarked_on"] == [2, RED]
    again = try_embark(s, library(), world_of(s), "sq", "b").decision
    assert again.reason == "cannot embark: the unit disembarked this turn"
    s.options.update(player=BLUE)
    later = try_embark(s, library(), world_of(s), "sq", "b").decision.reason
    assert "disembarked this turn" not in later


def test_a_fantasy_garrison_cannot_leave_in_the_turn_it_went_in():
    house = TerrainPiece("h", "whfb_building_1_floor", 10.0, 10.0)
    spears = round_unit("spears", BLUE, [(0.0, 0.0)] * 3, mm=20)
    spears.embarked_in = "h"
    spears.stats["movement"] = 4
    s = scenario(RuleSystem.WARHAMMER_FANTASY, [house], [spears])
    s.piece("h").state = {"garrison": {"unit": "spears", "side": BLUE, "entered_turn": 3}}
    s.options.update(turn=3)
    plan = plan_disembark(s, library(), world_of(s), "spears")
    assert plan.decision.reason == ("cannot leave: spears garrisoned the building this turn "
                                    "(turn 3) and may leave in a later turn")
    s.options.update(turn=4)
    assert "in its own Movement phase (it is" in \
        plan_disembark(s, library(), world_of(s), "spears").decision.reason
    s.options.update(player=BLUE)
    assert plan_disembark(s, library(), world_of(s), "spears").decision


def test_epic_speaks_centimetres_in_and_out():
    hut = TerrainPiece("h", "epic40k_small_building", 10.0, 10.0)
    squad = round_unit("sq", RED, [(10.0, 0.0), (11.0, 0.0)], mm=12)
    s = scenario(RuleSystem.EPIC40K, [hut], [squad])
    reason = try_embark(s, library(), world_of(s), "sq", "h").decision.reason
    assert reason.startswith("cannot enter: no model is in base contact with "
                             "Building, small (Epic 40,000) (nearest ")
    assert " cm away, contact is 0.25 cm or less)" in reason
    squad.embarked_in = "h"
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    assert plan.decision.reason == "sq may move out up to 10 cm from Building, small (Epic 40,000)"
    top = world.piece("h").footprint.bounds[1]
    radius = 6 / 25.4
    spots = {"sq-1": (10.0, top - 11.0 / 2.54 + radius), "sq-2": plan.start["sq-2"]}
    (far, ok) = check_positions(s, world, plan, spots)
    assert far.explain() == 'sq-1: too far: farthest part 11.00 cm from h, limit 10.00 cm'
    assert ok.legal


def fortress(inside_part: str = "fortress.wall"):
    from board.document.datasheets import place_datasheet

    parts = place_datasheet(library(), "fortress_of_redemption", 40.0, 20.0, piece_id="fortress")
    squad = near_door(5)
    squad.embarked_in = inside_part
    return scenario(terrain=parts, units=[squad])


def test_moving_into_an_adjacent_part_claims_it_in_one_change():
    s = fortress()
    world = world_of(s)
    assert sorted(adjacent_parts(s, world, "fortress.wall")) == [
        "fortress.left_annex", "fortress.right_annex", "fortress.tower"]
    attempt = try_move_between_parts(s, library(), world, "sq", "fortress.tower")
    assert attempt.allowed, attempt.decision.reason
    assert attempt.change.units["sq"].embarked_in == "fortress.tower"
    assert attempt.change.pieces["fortress.tower"].claimed_by == RED
    assert attempt.change.pieces["fortress.wall"].state["occupants"] == []
    assert "take" in attempt.decision.reason and "whole move" in attempt.decision.reason


def test_a_part_that_does_not_touch_is_refused():
    s = fortress("fortress.tower")
    reason = try_move_between_parts(s, library(), world_of(s), "sq",
                                    "fortress.left_annex").decision.reason
    assert reason == ("cannot move: Fortress of Redemption: left bunker annex is not adjacent to "
                      "Fortress of Redemption: tower")
