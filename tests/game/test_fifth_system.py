"""A fifth rule system is one folder and one registry entry (issue 28), on the bridge.

The Epic 40,000 folder is copied under a new name (:mod:`tests.game.fifth_folder`) and
registered by ``board.game.systems.add_folder`` alone: no enum member added, no table patched,
no file of the program changed. The document then knows the system (a file naming it loads, its
saved building state is checked by the copy's description, its label and centimetres are the
copy's), the registries hand out the copy's facts, reader and game, and the bridge plays a shot
and seed 001's first worked close assault on a building of the new system. The board through
the window: ``tests/board/test_fifth_system_view.py``.
"""

from __future__ import annotations

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.errors import ScenarioError
from board.document.io import scenario_from_dict, scenario_to_dict
from board.document.model import RuleSystem
from board.document.stats import PROFILES, STATS, systems_of
from board.game.core.assault import StandsOrder
from board.game.core.deploy import DEFAULT_DEPLOYMENT
from board.game.core.shots import FirepowerOrder, ShotPlan, WeaponOrder
from board.game.core.world import WorldCache
from board.game.systems import part_of
from board.game.systems.buildings import reader_for
from board.game.systems.facts import facts_for
from board.game.systems.registry import system_for
from board.game.systems.roster_profiles import roster_reading
from board.game.systems.setup import TABLE_PRESETS
from rules.dice import FixedDice
from tests.game import samples
from tests.game.fifth_folder import LABEL, NAME, necro_block, necro_board, necro_registered


@pytest.fixture
def necro(tmp_path):
    with necro_registered(tmp_path) as system:
        yield system


def test_the_copied_folder_is_the_new_systems_in_every_registry(necro):
    assert necro == NAME and necro in RuleSystem and RuleSystem(NAME) is necro
    assert list(RuleSystem)[-1] is necro  # File ▸ New offers it, after the shipped four
    assert necro.label == LABEL and necro.uses_cm
    assert type(system_for(necro)).__module__ == "necro_folder.system"
    assert type(facts_for(necro)).__module__ == "necro_folder.facts"
    assert type(reader_for(necro)).__module__ == "necro_folder.building"
    assert roster_reading(necro) is part_of(necro, "roster").ROSTER
    assert part_of(necro, "roster").__name__ == "necro_folder.roster"
    assert facts_for(necro).rule_systems == (necro,)
    assert TABLE_PRESETS[necro] == TABLE_PRESETS[RuleSystem.EPIC40K]
    assert DEFAULT_DEPLOYMENT[necro] == DEFAULT_DEPLOYMENT[RuleSystem.EPIC40K]
    assert PROFILES[necro] == PROFILES[RuleSystem.EPIC40K]
    assert [s.key for s in STATS if necro in systems_of(s)] == \
        [s.key for s in STATS if RuleSystem.EPIC40K in systems_of(s)]


def test_a_file_of_the_new_system_loads_and_its_state_is_checked_by_its_description(necro):
    library = dict(samples.library())
    scenario = necro_board(necro, necro_block(library))
    scenario.piece("block").state = {"system": "epic40k", "size": "medium",
                                     "damage_capacity": 17}
    data = scenario_to_dict(scenario)
    assert data["rule_system"] == "necro"
    again = scenario_from_dict(data, library)
    assert again.rule_system is necro and again.piece("block").state["damage_capacity"] == 17
    data["terrain"][0]["state"]["damage_capacity"] = "x"
    with pytest.raises(ScenarioError, match=r"terrain\[0\]\.state\.damage_capacity: expected "
                                            r"a whole number"):
        scenario_from_dict(data, library)


def test_the_fifth_system_plays_a_shot_and_an_assault(necro):
    library = dict(samples.library())
    sheet = necro_block(library)
    library[sheet.id] = sheet
    scenario = necro_board(necro, sheet)
    document = ScenarioDocument(scenario)
    world = WorldCache(library).world_for(scenario)
    game = system_for(scenario.rule_system)
    plan = ShotPlan("block", WeaponOrder("firepower 3", 1, 1, 1, None), (40.0, 20.0),
                    "Warlord Titan")
    heading, odds = game.shot_preview(scenario, library, world, plan, FirepowerOrder(3, True))
    assert heading == "Warlord Titan at Necro block"
    assert odds[0].startswith("dice scoring 6+: 0: 57.9%")
    shot = game.shoot(scenario, library, world, plan, FirepowerOrder(3, True), 2)
    apply_change(document, shot.change)
    scored = sum(f >= 6 for f in scenario.log[-1].rolls[0]["faces"])
    assert scenario.piece("block").state["damage_capacity"] == 20 - scored

    scenario.piece("block").state = {}
    world = WorldCache(library).world_for(scenario)
    # seed 001's first worked example: roll-off 4 and 6; assault dice 2, 3, 5, 5; critical 3
    # played as the Storm dialog plays it: the stands, the preview and the roll from the game
    dice = FixedDice([4, 6, 2, 3, 5, 5, 3])
    stands = game.assault_stands(scenario, world, "block")
    chosen = tuple(s.model_id for s in stands if s.decision and s.side == samples.RED)
    assert sorted(chosen) == ["am1", "am2", "am3", "lib"]
    order = StandsOrder(chosen)
    assert game.assault_preview(scenario, library, world, "block", order)[0].startswith(
        "4 stands, assault factor 18 against the building's")
    result = game.storm(scenario, library, world, "block", order, dice)
    assert "hit on 4+, 2 of 4 dice hit for 2 damage" in result.text
    apply_change(document, result.change)
    assert scenario.piece("block").state["damage_capacity"] == 18


def test_once_taken_away_a_file_naming_it_gets_one_clear_message(tmp_path):
    library = dict(samples.library())
    with necro_registered(tmp_path) as system:
        data = scenario_to_dict(necro_board(system, necro_block(library)))
    assert NAME not in RuleSystem
    with pytest.raises(ScenarioError) as refused:
        scenario_from_dict(data, library)
    assert str(refused.value) == ("rule_system: expected one of wh40k, horus_heresy, epic40k, "
                                  'warhammer_fantasy, got "necro"')
