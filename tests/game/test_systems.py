"""Each rule system answers the protocol in its folder; the choices moved out of the view."""

from __future__ import annotations

import subprocess
import sys

import pytest

from board.document.model import RuleSystem, TerrainPiece, TroopType
from board.game.core.buildings import building_rules
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.world import WorldCache
from board.game.firers import Firer, firer_choices, target_choices
from board.game.moves import after_drag
from board.game.systems.buildings import reader_for, reader_of
from board.game.systems.facts import facts_for
from board.game.systems.fantasy.attackers import garrison_unit, possible_attackers
from board.game.systems.protocol import AssaultKind, Looker, ShotForm
from board.game.systems.registry import system_for, system_of
from geometry import SightRule
from rules.dice import FixedDice
from tests.game.samples import BLUE, RED, library, round_unit, scenario

BASTION = TerrainPiece("b", "imperial_bastion", 10.0, 10.0)
KEEP = TerrainPiece("keep", "aquila_strongpoint_keep", 30.0, 24.0)


def world_of(s):
    return WorldCache(library()).world_for(s)


@pytest.mark.parametrize("system", list(RuleSystem))
def test_every_rule_system_has_facts_a_reader_and_a_game(system):
    game, facts, reader = system_for(system), facts_for(system), reader_for(system)
    assert system in game.rule_systems and system in facts.rule_systems
    assert type(game).__mro__[1:3] == (type(facts), type(reader))


def test_the_facts_of_each_system():
    wh40k, hh = system_for(RuleSystem.WH40K), system_for(RuleSystem.HORUS_HERESY)
    epic, fantasy = system_for(RuleSystem.EPIC40K), system_for(RuleSystem.WARHAMMER_FANTASY)
    assert wh40k is hh  # the Horus Heresy is 40K with its own table
    assert [s.assault for s in (wh40k, epic, fantasy)] == [
        AssaultKind.CLOSE_COMBAT, AssaultKind.EPIC, AssaultKind.FANTASY]
    assert [s.sight_rule for s in (wh40k, epic, fantasy)] == [
        SightRule.TRUE_LINE, SightRule.TRUE_LINE, SightRule.LOS_VALUES]
    assert [s.hidden_gives_cover for s in (wh40k, epic, fantasy)] == [True, False, False]
    assert [s.default_deployment for s in (wh40k, epic, fantasy)] == [
        "dawn_of_war", "dawn_of_war", "battleline"]
    assert [s.shot_form for s in (wh40k, epic, fantasy)] == [
        ShotForm.PROFILE, ShotForm.FIREPOWER, ShotForm.GARRISON]
    assert wh40k.building_not_shot == epic.building_not_shot == ""
    assert "garrison" in fantasy.building_not_shot
    assert {ShooterKind(s.building_looker.value) for s in (wh40k, fantasy)} == {
        ShooterKind.BATTLEMENTS, ShooterKind.GARRISON}
    assert epic.building_looker is Looker.BATTLEMENTS


def test_heights_for_sight_by_system():
    squad = round_unit("s", RED, [(0.0, 0.0)], troop=TroopType.MONSTER)
    assert facts_for(RuleSystem.WH40K).model_height(squad) == 1.5
    assert facts_for(RuleSystem.WARHAMMER_FANTASY).model_height(squad) == 4.0
    squad.stats["height"] = 2.25
    assert facts_for(RuleSystem.EPIC40K).model_height(squad) == 2.25


@pytest.mark.parametrize("system", list(RuleSystem))
def test_a_rules_object_is_read_and_written_back_by_its_own_system(system):
    sheets = {"epic40k": "epic40k_small_building", "warhammer_fantasy": "whfb_building_1_floor"}
    sheet_id = sheets.get(system.value, "imperial_bastion")
    s = scenario(system, [TerrainPiece("b", sheet_id, 10.0, 10.0)])
    rules_object = building_rules(s, library(), s.terrain[0])
    assert rules_object is not None
    assert isinstance(rules_object, reader_for(system).building_type)
    assert reader_of(rules_object) is reader_for(system)
    assert system_of(rules_object) is system_for(system)


def test_the_world_is_built_without_loading_the_rules():
    code = ("import sys, board.game.core.world, board.game.core.targets; "
            "print(sorted(m for m in sys.modules if m == 'rules' or m.startswith('rules.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_a_firer_from_a_line_of_sights_shooter():
    s = scenario(terrain=[TerrainPiece(**vars(BASTION))],
                 units=[round_unit("sq", RED, [(30.0, 30.0), (31.0, 30.0)])])
    assert Firer.from_shooter(s, Shooter(ShooterKind.UNIT, "sq")) == Firer.of_unit("sq")
    assert Firer.from_shooter(s, Shooter(ShooterKind.MODEL, "sq-2")) == Firer.of_unit("sq")
    assert Firer.from_shooter(s, Shooter(ShooterKind.EMPLACED_WEAPON, "b", "w")) == \
        Firer.of_weapon("b", "w")
    assert Firer.from_shooter(s, Shooter(ShooterKind.BATTLEMENTS, "b")) is None
    assert Firer.from_shooter(s, None) is None


def test_emplaced_weapons_are_offered_only_on_a_held_40k_building():
    s = scenario(terrain=[TerrainPiece(**vars(BASTION))],
                 units=[round_unit("sq", RED, [(30.0, 30.0)])])
    firers = [f for f, _ in firer_choices(s, library(), world_of(s))]
    assert firers == [Firer.of_unit("sq")]
    s.piece("b").claimed_by = BLUE
    held = dict(firer_choices(s, library(), world_of(s)))
    weapons = [f for f in held if f.emplaced]
    assert weapons and all(f.piece_id == "b" for f in weapons)
    assert all(label.endswith("of Imperial Bastion (Blue)") for f, label in held.items()
               if f.emplaced)
    assert target_choices(s, library()) == [("b", "Imperial Bastion")]


def test_a_fantasy_building_is_not_a_target_and_offers_no_weapons():
    house = TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0)
    s = scenario(RuleSystem.WARHAMMER_FANTASY, [house], [round_unit("sq", RED, [(5.0, 5.0)])])
    assert target_choices(s, library()) == []
    assert [f for f, _ in firer_choices(s, library(), world_of(s))] == [Firer.of_unit("sq")]


def test_the_fantasy_attackers_are_the_enemy_units_nearest_first():
    house = TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0)  # x 28..32, y 22.5..25.5
    garrison = round_unit("gar", BLUE, [(30.0, 24.0)], mm=20)
    garrison.embarked_in = "house"
    far = round_unit("far", RED, [(30.0, 40.0)], mm=20)
    near = round_unit("near", RED, [(30.0, 30.0)], mm=20)
    hero = round_unit("hero", RED, [(30.0, 27.0)], mm=20, troop=TroopType.CHARACTER)
    friend = round_unit("friend", BLUE, [(30.0, 28.0)], mm=20)
    s = scenario(RuleSystem.WARHAMMER_FANTASY, [house], [garrison, far, near, hero, friend])
    unit = garrison_unit(s, library(), "house")
    assert unit is not None and unit.id == "gar"
    found = possible_attackers(s, world_of(s), "house", unit.side)
    radius = 20 / 25.4 / 2
    assert [u.id for u, _ in found] == ["near", "far"]
    assert [round(gap, 3) for _, gap in found] == [round(30 - 25.5 - radius, 3),
                                                   round(40 - 25.5 - radius, 3)]
    empty = scenario(RuleSystem.WARHAMMER_FANTASY, [TerrainPiece(**vars(house))], [near])
    assert garrison_unit(empty, library(), "house") is None


def test_a_drag_onto_the_battlements_claims_only_in_40k_and_only_when_no_building_moved():
    s = scenario(terrain=[TerrainPiece(**vars(KEEP))], units=[round_unit("sq", RED, [(0, 0)])])
    roof = world_of(s).piece("keep").battlements
    assert roof is not None
    x, y = roof.representative_point().coords[0]
    gx, gy = x, roof.bounds[3] + 1.0  # just off the roof's edge: a climb of a few inches
    s.unit("sq").models[0].x, s.unit("sq").models[0].y = gx, gy
    world = world_of(s)
    old, new = {"sq-1": (gx, gy)}, {"sq-1": (x, y)}
    claim = after_drag(s, library(), world, old, new, pieces_moved=False,
                       dice=FixedDice([6, 6]))  # the battlements' difficult-terrain test
    assert claim is not None and claim.pieces["keep"].claimed_by == RED
    assert after_drag(s, library(), world, old, new, pieces_moved=True) is None
    assert after_drag(s, library(), world, old, old, pieces_moved=False) is None
    s.rule_system = RuleSystem.EPIC40K
    assert after_drag(s, library(), world_of(s), old, new, pieces_moved=False) is None
