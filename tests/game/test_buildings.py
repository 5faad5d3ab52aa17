"""Building rules objects and summaries for 40K, Horus Heresy, Epic 40,000 and Fantasy."""

from __future__ import annotations

import pytest

from board.document.model import RuleSystem, TerrainPiece, TroopType
from board.game.core.buildings import BuildingStateError, building_rules, state_of, write_back
from board.game.reports.summary import summarise, summarise_all
from board.game.systems.fantasy.building import FantasyBuilding
from rules import epic40k, wh40k
from rules.turns import PlayerTurn
from rules.wh40k.tables import Affected, DamageResult
from tests.game import samples


def bastion(state=None, claimed_by=None) -> TerrainPiece:
    return TerrainPiece("bastion", "imperial_bastion", 30, 20, 0, claimed_by=claimed_by,
                        state=state or {})


def test_a_fresh_bastion_summary_reads_the_datasheet_through_the_rules():
    piece = bastion(claimed_by=samples.RED)
    unit = samples.round_unit("squad", samples.RED, [(0, 0)] * 5)
    unit.embarked_in = "bastion"
    sc = samples.scenario(terrain=[piece], units=[unit])
    summary = summarise(sc, samples.library(), piece)
    assert summary.armour == {"front": 14, "right": 14, "rear": 14, "left": 14}
    assert summary.hull_points == (4, 4) and summary.capacity == 20 and summary.size == "medium"
    assert summary.inside == ("squad",) and summary.models_inside == 5
    assert summary.claimed_by == samples.RED and summary.condition == "standing"
    assert len(summary.weapons) == 5 and all(w.may_fire for w in summary.weapons)
    assert [(p.id, p.facing, p.models) for p in summary.fire_points][:2] == [
        ("front-1", "front", 2), ("front-2", "front", 2)]
    assert "inside: squad, 5 models (capacity 20 models)" in summary.lines()


def test_a_damaged_dilapidated_bastion_shows_the_rules_numbers_and_effects():
    until = PlayerTurn(2, samples.RED, 0)
    effect = wh40k.Effect("snap_shots", Affected.EMPLACED_WEAPONS, DamageResult.TREMOR, until)
    state = wh40k.BuildingState(hull_points_lost=1, armour_lost=1, dilapidated=True,
                                destroyed_weapons=["heavy-bolter-left"], claimed_by=samples.RED,
                                effects=[effect])
    piece = bastion(state.to_dict())
    sc = samples.scenario(terrain=[piece])
    summary = summarise(sc, samples.library(), piece)
    building = building_rules(sc, samples.library(), piece)
    assert summary.armour == {f: building.armour(f) for f in wh40k.FACINGS} == {
        "front": 11, "right": 11, "rear": 11, "left": 11}
    assert summary.hull_points == (3, 4)
    weapons = {w.id: w for w in summary.weapons}
    assert not weapons["heavy-bolter-left"].may_fire
    assert "destroyed" in weapons["heavy-bolter-left"].reason
    assert not weapons["heavy-bolter-front"].may_fire  # dilapidated: the guns are silent
    assert summary.effects == (effect.describe({"red": "Red"}),)
    assert "until the end of Red's turn 2" in summary.effects[0]


def test_write_back_keeps_claimed_by_in_step_with_the_rules_state():
    piece = bastion(claimed_by=None)
    sc = samples.scenario(terrain=[piece])
    building = building_rules(sc, samples.library(), piece)
    building.state.claimed_by = samples.BLUE
    building.state.hull_points_lost = 2
    write_back(piece, building)
    assert piece.claimed_by == samples.BLUE and piece.state["hull_points_lost"] == 2
    again = building_rules(sc, samples.library(), piece)
    assert again.state == building.state and again.hull_points == 2


def test_occupants_follow_the_document_not_a_stale_state():
    stale = wh40k.BuildingState(occupants=["gone"], occupying_side=samples.BLUE).to_dict()
    piece = bastion(stale)
    unit = samples.round_unit("squad", samples.RED, [(0, 0)])
    unit.embarked_in = "bastion"
    sc = samples.scenario(terrain=[piece], units=[unit])
    building = building_rules(sc, samples.library(), piece)
    assert building.state.occupants == ["squad"] and building.controller == samples.RED


def test_horus_heresy_uses_the_same_building_object():
    piece = bastion()
    sc = samples.scenario(RuleSystem.HORUS_HERESY, terrain=[piece])
    assert isinstance(building_rules(sc, samples.library(), piece), wh40k.Building)


def test_a_bad_saved_state_is_named():
    piece = bastion({"hull_points_lost": 1, "colour": "red"})
    sc = samples.scenario(terrain=[piece])
    with pytest.raises(BuildingStateError, match="piece 'bastion': bad building state: .*colour"):
        building_rules(sc, samples.library(), piece)


def test_ruins_and_craters_and_other_systems_sheets_have_no_rules_object():
    terrain = [TerrainPiece("ruins", "wh40k_ruins", 10, 10),
               TerrainPiece("crater", "wh40k_crater_small", 20, 10), bastion()]
    sc = samples.scenario(terrain=terrain)
    assert [s.piece_id for s in summarise_all(sc, samples.library())] == ["bastion"]
    epic = samples.scenario(RuleSystem.EPIC40K, terrain=[bastion()])
    assert building_rules(epic, samples.library(), epic.terrain[0]) is None


def test_epic_building_starts_from_the_datasheet_and_reads_its_saved_state():
    piece = TerrainPiece("hab", "epic40k_medium_building", 10, 10, claimed_by=samples.RED)
    sc = samples.scenario(RuleSystem.EPIC40K, terrain=[piece])
    fresh = building_rules(sc, samples.library(), piece)
    assert isinstance(fresh, epic40k.BuildingState)
    assert (fresh.damage_capacity, fresh.assault_factor, fresh.armour) == (20, 30, 6)
    fresh.damage_capacity = 14
    fresh.on_fire = True
    write_back(piece, fresh)
    assert piece.claimed_by == samples.RED and piece.state["damage_capacity"] == 14
    summary = summarise(sc, samples.library(), piece)
    assert summary.damage_capacity == (14, 20) and summary.hull_points is None
    assert summary.armour is None and summary.condition == "intact"
    assert "armour: 6+" in summary.facts and "assault factor: 30" in summary.facts
    assert summary.effects and "on fire" in summary.effects[0]


def test_fantasy_garrison_is_read_from_the_document_and_saved_in_the_state():
    house = TerrainPiece("house", "whfb_building_2_floor", 10, 10)
    unit = samples.round_unit("spears", samples.BLUE, [(0, 0)] * 12, mm=20)
    hero = samples.round_unit("captain", samples.BLUE, [(0, 0)], mm=20,
                              troop=TroopType.CHARACTER)
    unit.embarked_in = hero.embarked_in = "house"
    sc = samples.scenario(RuleSystem.WARHAMMER_FANTASY, terrain=[house], units=[hero, unit])
    building = building_rules(sc, samples.library(), house)
    assert isinstance(building, FantasyBuilding) and building.line_of_sight == 10
    assert building.garrison.unit == "spears" and building.garrison.characters == ["captain"]
    state, holder = state_of(building, None)
    assert holder == samples.BLUE and state["garrison"]["unit"] == "spears"
    write_back(house, building)
    summary = summarise(sc, samples.library(), house)
    assert summary.claimed_by == samples.BLUE and summary.condition == "garrisoned"
    assert summary.models_inside == 13
    assert "models that may shoot: 10" in summary.facts
    assert "line of sight value: 10" in summary.facts


def test_an_empty_fantasy_building_holds_nobody():
    house = TerrainPiece("house", "whfb_building_1_floor", 10, 10,
                         state={"garrison": {"unit": "x", "side": "red", "entered_turn": 1}})
    sc = samples.scenario(RuleSystem.WARHAMMER_FANTASY, terrain=[house])
    building = building_rules(sc, samples.library(), house)
    assert building.garrison is None  # the document says nobody is inside
    assert state_of(building, "red") == ({"garrison": None}, None)
