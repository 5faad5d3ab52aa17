"""A model keeps its number in its unit when others are lost: the log and the board name the
same model before and after a casualty (``Model.number``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from board.document.changes import Change, apply_change
from board.document.edits import ScenarioDocument
from board.document.errors import ScenarioError
from board.document.io import load_scenario, save_scenario, scenario_to_dict
from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
from board.game.core.assault import remove_models
from board.game.core.names import Namer


def guard() -> Scenario:
    models = [Model(f"g{k}", Base.round_mm(25), 10.0 + k, 10.0) for k in range(1, 4)]
    return Scenario(sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    units=[Unit("guard", "Guard Squad", "red", TroopType.INFANTRY, models)])


def test_models_are_numbered_by_place_once_and_keep_it():
    scenario = guard()
    assert [m.number for m in scenario.unit("guard").models] == [1, 2, 3]
    document = ScenarioDocument(scenario)
    change = Change()
    lost = remove_models(document.scenario, change, ["g1"])
    assert lost == ["Guard Squad, model 1"]
    apply_change(document, change)
    names = Namer.for_scenario(document.scenario, None)
    assert names.model("g2") == "Guard Squad, model 2"  # not "model 1" now that g1 is gone
    assert names.model("g3") == "Guard Squad, model 3"
    change = Change()
    remove_models(document.scenario, change, ["g2"])
    apply_change(document, change)
    names = Namer.for_scenario(document.scenario, None)
    assert names.model("g3") == "Guard Squad, model 3"  # the last of three is still model 3


def test_numbers_are_saved_and_read_back(tmp_path: Path):
    scenario = guard()
    del scenario.unit("guard").models[0]  # g2, g3 numbered 2, 3
    path = tmp_path / "numbers.json"
    save_scenario(scenario, path)
    data = json.loads(path.read_text())
    assert [m["number"] for m in data["units"][0]["models"]] == [2, 3]
    again = load_scenario(path)
    assert [m.number for m in again.unit("guard").models] == [2, 3]


def test_a_file_without_numbers_is_numbered_by_place(tmp_path: Path):
    data = scenario_to_dict(guard())
    for model in data["units"][0]["models"]:
        del model["number"]
    data["units"][0]["models"][2]["number"] = 1  # one given: the others take 2 and 3
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    assert [m.number for m in load_scenario(path).unit("guard").models] == [2, 3, 1]


def test_two_models_with_one_number_are_refused_with_where(tmp_path: Path):
    data = scenario_to_dict(guard())
    data["units"][0]["models"][2]["number"] = 1
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    assert "models 1 and 3 of the unit both have number 1" in str(refused.value)
    assert "units[0].models[2].number" in str(refused.value)
