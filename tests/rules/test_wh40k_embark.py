"""Embarking, disembarking, moving between parts and claiming 40K buildings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.dice import FixedDice
from rules.wh40k import (
    Attack,
    Building,
    BuildingProfile,
    BuildingState,
    UnitFacts,
    can_disembark,
    can_embark,
    can_move_between_parts,
    claim_on_battlements,
    claim_on_entering,
    disembark,
    disembark_distance,
    embark,
    initial_claim,
    move_between_parts,
    release_destroyed,
    resolve_hit,
)
from tests.rules.wh40k_samples import BLUE, NAMES, RED, bastion, clock, occupy, squad

DATASHEETS = Path(__file__).resolve().parents[2] / "resources" / "datasheets"


def character(unit_id: str, joined_to: str, side: str = RED) -> UnitFacts:
    return UnitFacts(unit_id, side, (f"{unit_id}-1",), 10, "independent_character", joined_to)


# -- embarking ---------------------------------------------------------------------------------

def test_a_unit_within_reach_embarks_and_claims_the_building():
    building = bastion()
    decision, claim = embark(building, [squad()], models_out_of_reach=0)
    assert decision and "10 of 20 places" in decision.reason
    assert building.state.occupants == ["tactical"] and building.state.occupying_side == RED
    assert claim.after == RED and claim.changed


def test_a_second_unit_cannot_enter_an_occupied_building_and_the_message_says_so():
    building = bastion(NAMES)
    embark(building, [squad()], 0)
    refusal = can_embark(building, [squad("devastators", models=5)], 0, inside=[squad()])
    assert not refusal
    assert refusal.reason == (
        "cannot embark: Imperial Bastion is already occupied by Tactical Squad Cato; only one "
        "unit plus its joined independent characters may occupy a building")


def test_without_names_the_rules_show_the_ids():
    building = bastion()
    embark(building, [squad()], 0)
    refusal = can_embark(building, [squad("devastators", models=5)], 0, inside=[squad()])
    assert "Imperial Bastion is already occupied by tactical;" in refusal.reason


def test_an_enemy_unit_cannot_enter_an_occupied_building_either():
    building = bastion()
    embark(building, [squad()], 0)
    assert "already occupied" in can_embark(building, [squad("orks", BLUE)], 0).reason


def test_a_unit_and_its_joined_characters_embark_together_within_capacity():
    building = bastion(NAMES)
    group = [squad(models=19), character("captain", "tactical")]
    assert can_embark(building, group, 0)
    crowd = [squad(models=20), character("captain", "tactical")]
    assert can_embark(building, crowd, 0).reason == (
        "cannot embark: Imperial Bastion holds 20 models, Tactical Squad Cato, "
        "Captain Lysander have 21")
    occupy(building, squad(models=20))
    assert can_embark(building, [character("captain", "tactical")], 0,
                      inside=[squad(models=20)]).reason == (
        "cannot embark: Imperial Bastion holds 20 models, Captain Lysander has 1 with 20 inside")


def test_a_character_may_join_the_friendly_unit_already_inside():
    building = bastion()
    embark(building, [squad(models=9)], 0)
    assert can_embark(building, [character("librarian", "tactical")], 0, inside=[squad(models=9)])
    full = [squad(models=20)]
    assert "with 20 inside" in can_embark(building, [character("lib", "tactical")], 0,
                                          inside=full).reason


def test_a_character_not_joined_to_the_unit_is_refused():
    group = [squad(), character("captain", "someone-else")]
    assert "not an independent character joined to tactical" in can_embark(bastion(), group,
                                                                           0).reason


def test_models_out_of_reach_are_counted_in_the_refusal():
    refusal = can_embark(bastion(), [squad()], models_out_of_reach=3)
    assert refusal.reason == 'cannot embark: 3 of 10 models are not within 2" of an access point'


@pytest.mark.parametrize("troop_type", ["jump_infantry", "jet_pack_infantry", "infantry"])
def test_jump_and_jet_pack_infantry_may_enter(troop_type):
    assert can_embark(bastion(), [squad(troop_type=troop_type)], 0)


@pytest.mark.parametrize("troop_type", ["bikes", "monstrous_creature", "vehicle", "walker"])
def test_others_may_not(troop_type):
    refusal = can_embark(bastion(), [squad(troop_type=troop_type)], 0)
    assert not refusal and "only infantry" in refusal.reason


def test_impassable_and_destroyed_buildings_cannot_be_entered():
    generator = Building(BuildingProfile.from_values("vsg", 13, "medium", impassable=True,
                                                     access_points=("door",)))
    assert "impassable (its battlements may be used)" in can_embark(generator, [squad()],
                                                                    0).reason
    ruin = bastion(condition="collapsed: left on the table, can no longer be occupied")
    ruin = Building(ruin.profile, BuildingState.from_dict({"condition": ruin.state.condition}))
    assert "can no longer be occupied" in can_embark(ruin, [squad()], 0).reason


def test_battlements_count_as_an_access_point():
    wall = fortress_parts()["wall"]
    assert wall.profile.access_points == () and can_embark(wall, [squad(models=5)], 0)
    shed = Building(BuildingProfile.from_values("shed", 10, "small"))
    assert "no access point or battlements" in can_embark(shed, [squad()], 0).reason


def test_no_embarking_in_the_turn_the_unit_disembarked():
    refusal = can_embark(bastion(), [squad()], 0, disembarked_this_turn=True)
    assert refusal.reason == "cannot embark: the unit disembarked this turn"


# -- disembarking ------------------------------------------------------------------------------

def test_disembark_by_an_access_point_may_still_charge():
    building = bastion()
    occupy(building, squad())
    out = disembark(building, ["tactical"])
    assert out.decision and out.max_distance == 6.0 and out.may_charge
    assert not out.no_voluntary_actions
    assert building.state.occupants == [] and building.state.claimed_by == RED


def test_emergency_disembarkation_forbids_voluntary_actions():
    building = bastion()
    occupy(building, squad())
    out = disembark(building, ["tactical"], emergency=True)
    assert out.emergency and out.no_voluntary_actions and not out.may_charge


def test_after_a_tremor_the_occupants_may_disembark_only_3_inches():
    building = bastion()
    occupy(building, squad())
    resolve_hit(building, Attack(10, None), "front", FixedDice([6, 2]), clock())
    assert disembark_distance(building, "tactical") == 3.0
    out = disembark(building, ["tactical"])
    assert out.max_distance == 3.0 and '3"' in out.decision.reason


def test_no_disembarking_in_the_turn_of_embarking_or_for_a_stranger():
    building = bastion(NAMES)
    occupy(building, squad())
    assert "did not begin the Movement phase inside" in can_disembark(
        building, "tactical", embarked_this_turn=True).reason
    assert can_disembark(building, "orks").reason == (
        "cannot disembark: Boyz Mob is not inside Imperial Bastion")
    assert can_disembark(building, "tactical").reason == (
        'Tactical Squad Cato may disembark up to 6"')


def test_disembark_onto_the_battlements():
    building = bastion()
    occupy(building, squad())
    out = disembark(building, ["tactical"], onto_battlements=True)
    assert out.decision and building.state.on_battlements == ["tactical"]
    hut = Building(BuildingProfile.from_values("hut", 10, "small", access_points=("door",)))
    occupy(hut, squad())
    assert "has none" in can_disembark(hut, "tactical", onto_battlements=True).reason


# -- multi-part buildings: the Fortress of Redemption ------------------------------------------

def fortress_parts() -> dict[str, Building]:
    parts = {}
    for part in ("tower", "wall", "left_annex", "right_annex"):
        data = json.loads((DATASHEETS / f"fortress_of_redemption_{part}.json").read_text())
        parts[part] = Building(BuildingProfile.from_dict(data))
    return parts


def test_fortress_of_redemption_parts_are_claimed_separately():
    parts = fortress_parts()
    assert all(p.armour("front") == 14 for p in parts.values())
    for part in parts.values():
        initial_claim(part.state, None)
    embark(parts["tower"], [squad()], 0)
    embark(parts["left_annex"], [squad("orks", BLUE, models=8)], 0)
    assert {name: p.state.claimed_by for name, p in parts.items()} == {
        "tower": RED, "wall": None, "left_annex": BLUE, "right_annex": None}
    claim_on_battlements(parts["wall"], BLUE)
    assert parts["wall"].state.claimed_by == BLUE and parts["tower"].state.claimed_by == RED


def test_moving_into_an_adjacent_unoccupied_part_takes_the_whole_move_and_claims_it():
    parts = fortress_parts()
    embark(parts["tower"], [squad(models=8)], 0)
    decision, claim = move_between_parts(parts["tower"], parts["wall"], [squad(models=8)],
                                         adjacent=True)
    assert decision and "whole move" in decision.reason
    assert parts["wall"].state.occupants == ["tactical"] and parts["tower"].state.occupants == []
    assert claim.after == RED and parts["tower"].state.claimed_by == RED


def test_moving_between_parts_is_refused_with_reasons():
    parts = fortress_parts()
    embark(parts["tower"], [squad(models=12)], 0)
    big = [squad(models=12)]
    assert "not adjacent" in can_move_between_parts(parts["tower"], parts["left_annex"], big,
                                                    adjacent=False).reason
    assert can_move_between_parts(parts["tower"], parts["wall"], big, True).reason == (
        "cannot move: Fortress of Redemption: wall and walkway holds 10 models, tactical has 12")
    occupy(parts["wall"], squad("orks", BLUE, models=4))
    assert "occupied by orks" in can_move_between_parts(parts["tower"], parts["wall"], big,
                                                        True).reason
    assert "not all inside" in can_move_between_parts(parts["wall"], parts["tower"], big,
                                                      True).reason


# -- claiming ----------------------------------------------------------------------------------

def test_bought_buildings_start_claimed_others_unclaimed():
    state = BuildingState()
    assert initial_claim(state, RED).after == RED and state.claimed_by == RED
    assert initial_claim(state, None).after is None


def test_claim_stays_when_empty_until_the_enemy_enters():
    building = bastion()
    embark(building, [squad()], 0)
    disembark(building, ["tactical"])
    assert building.state.claimed_by == RED
    assert not claim_on_battlements(building, BLUE).changed
    embark(building, [squad("orks", BLUE)], 0)
    assert building.state.claimed_by == BLUE


def test_destroyed_buildings_cannot_be_claimed_and_are_released():
    building = bastion(claimed_by=RED)
    resolve_hit(building, Attack(10, 1), "front", FixedDice([6, 6]), clock())
    assert building.destroyed and building.state.claimed_by is None
    assert not claim_on_entering(building, BLUE).changed
    assert not claim_on_battlements(building, BLUE).changed
    building.state.claimed_by = RED
    assert release_destroyed(building).after is None
