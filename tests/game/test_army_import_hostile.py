"""Lists that must be refused in one line, and lists whose shape must not lose a model or an army.

Each hostile list goes through ``battleboard import-list`` as a player runs it: exit status 2, one
line on stderr naming where and why, the scenario file unchanged, in well under 5 s. The shapes
the real lists showed (tests/game/test_army_real_rosters.py) are built here too, so that CI checks
them whether or not the real files are laid beside the clone.
"""

from __future__ import annotations

import copy
import json
import time

import pytest

from board.document.edits import ScenarioDocument
from board.document.io import default_library, load_scenario, save_scenario
from board.document.model import RuleSystem
from board.document.roster import read_roster
from board.import_list import main as import_list
from tests.game import roster_samples as samples
from tests.game.test_army_import import _import, _scenario


@pytest.fixture(autouse=True)
def no_corrections(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOARD_BASES", str(tmp_path / "bases.json"))


def _json(data: dict) -> bytes:
    return json.dumps({"roster": data}).encode()


def _refused(tmp_path, capsys, name: str, data: bytes, *extra: str) -> str:
    path = tmp_path / "game.json"
    save_scenario(_scenario(RuleSystem.WH40K), path)
    before = path.read_bytes()
    roster = tmp_path / name
    roster.write_bytes(data)
    start = time.perf_counter()
    status = import_list([str(roster), str(path), "--side", "red", *extra])
    took = time.perf_counter() - start
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith("battleboard import-list: ") and err.count("\n") == 1, err
    assert path.read_bytes() == before
    assert took < 5.0
    return err


def _with(data: dict, where: tuple, value: object) -> dict:
    data = copy.deepcopy(data)
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return data


LIST_40K = samples.wh40k_7th()


@pytest.mark.parametrize("where, value, said", [
    (("forces", 0, "selections"), {"id": "x", "name": "Tactical Squad"},
     "forces[0].selections: must be a list, got an object"),
    (("forces", 0, "selections", 0, "name"), {"$t": 1},
     "forces[0].selections[0].name: must be text, got an object ({'$t': 1})"),
    (("forces", 0, "selections", 0, "selections"), "Space Marine",
     "forces[0].selections[0].selections: must be a list, got text"),
    (("forces",), [1, 2], "forces[0]: must be an object, got a number (1)"),
    (("forces", 0, "selections", 0, "profiles", 0, "characteristics", 0, "$text"), [4],
     "characteristics[0].$text: must be text or a number, got a list"),
])
def test_a_new_recruit_field_of_the_wrong_type_is_refused_with_its_path(tmp_path, capsys, where,
                                                                          value, said):
    err = _refused(tmp_path, capsys, "list.json", _json(_with(LIST_40K, where, value)))
    assert said in err


def test_a_list_with_no_unit_is_refused_not_written_empty(tmp_path, capsys):
    empty = _with(LIST_40K, ("forces", 0, "selections"), [samples.sel("Warlord Trait",
                                                                      "upgrade")])
    err = _refused(tmp_path, capsys, "empty.ros", samples.to_ros(empty).encode())
    assert "the list holds no unit to place" in err and "Warlord Trait" in err


def test_a_list_for_another_game_is_refused_naming_both(tmp_path, capsys):
    sigmar = _with(LIST_40K, ("gameSystemName",), "Age of Sigmar 4.0")
    err = _refused(tmp_path, capsys, "sigmar.ros", samples.to_ros(sigmar).encode())
    assert "Age of Sigmar 4.0" in err and "Warhammer 40,000" in err and "--any-system" in err
    epic = _with(LIST_40K, ("gameSystemName",), "Epic Armageddon")
    assert "(Epic 40,000)" in _refused(tmp_path, capsys, "epic.ros",
                                       samples.to_ros(epic).encode())


def test_any_system_imports_a_list_for_another_game(tmp_path, capsys):
    path = tmp_path / "game.json"
    save_scenario(_scenario(RuleSystem.WH40K), path)
    roster = tmp_path / "sigmar.ros"
    roster.write_text(samples.to_ros(_with(LIST_40K, ("gameSystemName",), "Age of Sigmar")))
    assert import_list([str(roster), str(path), "--side", "red", "--any-system"]) == 0
    assert load_scenario(path, default_library()).units


def test_bidirectional_controls_are_taken_out_of_names():
    spoof = _with(LIST_40K, ("forces", 0, "selections", 0, "name"),
                  "Captain\u202e\u2066 Severus\u2069\u200f")
    roster = read_roster(samples.to_ros(spoof).encode(), "spoof.ros")
    assert roster.units[0].name == "Captain Severus"


# -- shapes the real lists have, built here --------------------------------------------

def _unit_profile(name: str) -> dict:
    return samples.profile(name, "Unit", M='8"', T="5", W="5", Sv="3+")


def _list_of(*selections: dict, system: str = "Warhammer 40,000 9th Edition") -> bytes:
    return samples.to_ros(samples.roster("Shapes", system, [
        samples.force("Patrol", "Xenos - T'au Empire", list(selections))], 500)).encode()


def test_a_model_holding_models_keeps_itself_and_a_grouping_entry_does_not():
    commander = samples.sel("Commander in XV8 Crisis Battlesuit", "model", 1,
                            [_unit_profile("Commander")],
                            [samples.sel("MV1 Gun Drone", "model", 2,
                                         [_unit_profile("MV1 Gun Drone")])])
    group = samples.sel("Achilles Ridgerunners", "model", 1, None,
                        [samples.sel("Achilles Ridgerunner", "model", 1,
                                     [_unit_profile("Achilles Ridgerunner")])])
    units = read_roster(_list_of(commander, group)).units
    assert [(m.name, m.count) for m in units[0].models] == [
        ("Commander in XV8 Crisis Battlesuit", 1), ("MV1 Gun Drone", 2)]
    assert [(m.name, m.count) for m in units[1].models] == [("Achilles Ridgerunner", 1)]


def test_models_written_as_upgrades_and_counts_written_in_names_are_counted():
    squad = samples.sel("Special Weapons Squad", "unit", 1, None, [
        samples.sel("Guardsman", "upgrade", 3, [_unit_profile("Guardsman")]),
        samples.sel("Guardsman W/ Special Weapon", "upgrade", 1, [_unit_profile("Guardsman")],
                    [samples.sel("Meltagun", "upgrade")])])
    tank = samples.sel("TX7 Hammerhead Gunship", "model", 1, [_unit_profile("Hammerhead")],
                       [samples.sel("2x MV1 Gun Drone", "model", 1)])
    grimnyr = samples.sel("Grimnyr", "unit", 1, [_unit_profile("Grimnyr")],
                          [samples.sel("CORV", "model", 2, [_unit_profile("CORV")])])
    mixed = samples.sel("Infantry Squad", "unit", 1, None, [
        samples.sel("Sergeant", "model", 1, [_unit_profile("Sergeant")]),
        samples.sel("Guardsman", "upgrade", 9, [_unit_profile("Guardsman")]),
        samples.sel("Rhino Armoured Carrier", "upgrade", 1, None, [samples.sel(
            "Rhino", "upgrade", 1, [samples.profile("Legion Rhino", "Vehicle", Front="11")])])])
    units = read_roster(_list_of(squad, tank, grimnyr, mixed)).units
    assert [u.model_count for u in units] == [4, 3, 3, 10, 1]
    assert units[4].name == "Rhino" and units[4].key == units[3].key + "/transport-0"
    assert [(m.name, m.count) for m in units[1].models][1] == ("MV1 Gun Drone", 2)
    assert [m.name for m in units[2].models] == ["Grimnyr", "CORV"]


def test_a_battlescribe_1_list_reads_its_units_from_the_categories():
    data = samples.wh40k_7th()
    force = data["forces"][0]
    force["categories"] = [{"id": "c1", "name": "HQ", "entryId": "e1",
                            "selections": force.pop("selections")}]
    roster = read_roster(samples.to_ros(data).encode(), "bs1.ros")
    assert [u.name for u in roster.units] == [u.name for u in read_roster(
        samples.to_ros(samples.wh40k_7th()).encode(), "bs2.ros").units]
    assert roster.units


# -- another list onto a side that holds an army -----------------------------------------

def test_a_different_list_is_added_beside_the_army_and_replace_takes_it_off(tmp_path):
    from board.document.roster.bases import BaseLibrary

    bases, _ = BaseLibrary.load(tmp_path / "none.json")
    document = ScenarioDocument(_scenario(RuleSystem.WH40K))
    first = read_roster(samples.to_ros(samples.wh40k_7th()).encode(), "first.ros")
    _import(document, first, "red", bases)
    army = {u.id for u in document.scenario.units}
    second = read_roster(samples.to_ros(samples.wh40k_10th()).encode(), "second.ros")
    assert second.roster_id != first.roster_id
    plan, _ = _import(document, second, "red", bases)
    assert plan.removed == [] and plan.replaced == [] and plan.beside == len(army)
    assert army <= {u.id for u in document.scenario.units}  # nothing of the first army went
    from board.game.army.plan import plan_import

    again = plan_import(document.scenario, first, "red", bases, replace=True)
    assert {u.name for u in again.replaced} == {u.name for u in plan.units if u.placeable}
    assert again.removed == [] and set(again.kept) == {u.key for u in first.units}
