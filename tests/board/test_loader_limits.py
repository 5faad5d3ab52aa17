"""The issue's failures one by one: each file is refused in one line naming where, or loads
and saves back equal; each declared limit is refused with its reason."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from board.document import limits
from board.document.datasheet_json import datasheet_from_dict
from board.document.errors import ScenarioError
from board.document.io import load_scenario, save_scenario, scenario_from_dict
from tests.board import samples

Data = dict[str, Any]


def data() -> Data:
    return samples.as_data(samples.small_scenario())


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "bad.json"
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    path.write_bytes(text)
    return path


def refusal(tmp_path: Path, text: str | bytes) -> ScenarioError:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path, samples.library())
    shown = str(caught.value)
    assert shown.startswith(str(path)), shown
    assert len(shown) <= 300 and "\n" not in shown, shown
    return caught.value


def text_with(change: str, value: str) -> str:
    """The small scenario's JSON text with the first ``"change": …`` value replaced."""
    text = json.dumps(data())
    key = json.dumps(change) + ": "
    start = text.index(key) + len(key)
    end = start
    depth = 0
    while True:  # the end of the value (a scalar, or a balanced object/array)
        char = text[end]
        if char in "[{":
            depth += 1
        elif char in "]}":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            break
        end += 1
    return text[:start] + value + text[end:]


def test_a_401_digit_integer_is_refused_where_it_is(tmp_path: Path) -> None:
    err = refusal(tmp_path, text_with("x", "9" * 401))
    assert err.where.endswith("terrain[0].x")
    assert "401 characters" in err.message


def test_a_5000_digit_number_is_refused(tmp_path: Path) -> None:
    err = refusal(tmp_path, text_with("x", "1" * 5000 + ".5"))
    assert err.where.endswith("terrain[0].x")


def test_a_number_too_large_to_be_finite_is_refused(tmp_path: Path) -> None:
    err = refusal(tmp_path, text_with("x", "1e309"))
    assert err.message == "number 1e309 is too large to be a finite number"


def test_an_integer_too_large_for_a_float_is_refused_from_python() -> None:
    scenario = data()
    scenario["terrain"][0]["x"] = 10**400
    with pytest.raises(ScenarioError, match=r"whole number too large") as err:
        scenario_from_dict(scenario, samples.library())
    assert err.value.where == "terrain[0].x"


@pytest.mark.parametrize("depth", [65, 900, 2000, 100_000])
def test_deep_nesting_is_refused_without_recursion(tmp_path: Path, depth: int) -> None:
    err = refusal(tmp_path, text_with("stats", "[" * depth + "]" * depth))
    assert err.message.startswith("arrays and objects nest more than 64 deep")
    assert sys.getrecursionlimit() <= 1000 or depth < 1000


def test_nesting_up_to_the_limit_loads_and_saves(tmp_path: Path) -> None:
    scenario = samples.small_scenario()
    deep: Any = 1
    for _ in range(limits.MAX_DEPTH - 4):  # units[1].stats.x: 4 levels used already
        deep = [deep]
    scenario.units[1].stats = {"x": deep}
    save_scenario(scenario, tmp_path / "deep.json")
    assert load_scenario(tmp_path / "deep.json", samples.library()) == scenario


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    text = json.dumps(data()).replace('"name": "Small"', '"name": "Small", "name": "Big"')
    err = refusal(tmp_path, text)
    assert err.message == "the key 'name' is given twice in one object"


def test_nested_duplicate_keys_name_the_object(tmp_path: Path) -> None:
    text = text_with("base", '{"shape": "round", "diameter_mm": 32, "diameter_mm": 40}')
    err = refusal(tmp_path, text)
    assert err.where.endswith("terrain[0].base") or err.where.endswith("models[0].base")


@pytest.mark.parametrize("key", ["stats", "state"])
def test_nan_anywhere_is_refused(tmp_path: Path, key: str) -> None:
    err = refusal(tmp_path, text_with(key, '{"x": NaN}'))
    assert err.message.startswith("NaN is not a number")
    assert err.where.endswith(f"{key}.x")


def test_nan_from_python_in_annotations_is_refused() -> None:
    scenario = samples.small_scenario()
    d = samples.as_data(scenario)
    d["annotations"] = [{"id": "a", "kind": "ruler", "data": {"from": float("inf")}}]
    with pytest.raises(ScenarioError, match="inf is not a finite number") as err:
        scenario_from_dict(d, samples.library())
    assert err.value.where == "annotations[0].data.from"


@pytest.mark.parametrize("escape", ["\\ud800", "x\\udfffy"])
def test_lone_surrogates_are_refused(tmp_path: Path, escape: str) -> None:
    err = refusal(tmp_path, json.dumps(data()).replace('"Small"', f'"{escape}"'))
    assert "lone surrogate" in err.message
    assert err.where.endswith(", name")


def test_a_surrogate_pair_is_fine(tmp_path: Path) -> None:
    path = write(tmp_path, json.dumps(data()).replace('"Small"', '"\\ud83d\\ude00 squad"'))
    scenario = load_scenario(path, samples.library())
    assert scenario.name == "\U0001F600 squad"
    save_scenario(scenario, tmp_path / "again.json")
    assert load_scenario(tmp_path / "again.json", samples.library()) == scenario


def test_a_saved_state_of_the_wrong_type_is_refused(tmp_path: Path) -> None:
    err = refusal(tmp_path, text_with("state", '{"hull_points_lost": "x"}'))
    assert err.where.endswith("terrain[0].state.hull_points_lost")
    assert err.message == 'expected a whole number, got "x"'


@pytest.mark.parametrize(("state", "where"), [
    ({"condition": "flattened"}, "state.condition"),
    ({"effects": [{"kind": "x", "source": "Tremor",
                   "until": {"game_turn": "2", "player": "red", "seat": 0}}]},
     "effects[0].until.game_turn"),
    ({"destroyed_weapons": [1]}, "destroyed_weapons[0]"),
    ({"nonsense": 1}, "state.nonsense"),
    ({"claimed_by": 5}, "state.claimed_by"),
])
def test_40k_states_are_checked_by_type(state: Data, where: str) -> None:
    d = data()
    d["terrain"][0]["state"] = state
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(d, samples.library())
    assert err.value.where.endswith(where), err.value


def test_epic_and_fantasy_states_are_checked_by_type() -> None:
    d = data()
    d["rule_system"] = "epic40k"
    d["terrain"][0]["state"] = {"size": "medium", "damage_capacity": 2.5}
    with pytest.raises(ScenarioError, match="expected a whole number, got 2.5"):
        scenario_from_dict(d, samples.library())
    d["rule_system"] = "warhammer_fantasy"
    d["terrain"][0]["state"] = {"garrison": {"unit": "squad-a", "side": "red",
                                             "entered_turn": "one"}}
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(d, samples.library())
    assert err.value.where == "terrain[0].state.garrison.entered_turn"


def test_a_table_1e308_wide_is_refused(tmp_path: Path) -> None:
    err = refusal(tmp_path, text_with("table", '{"width": 1e308, "height": 48}'))
    assert err.where.endswith("table.width")
    assert err.message == "must be at most 600 in size, got 1e+308"


def test_the_largest_table_loads() -> None:
    d = data()
    d["table"] = {"width": limits.MAX_TABLE_IN, "height": limits.MAX_TABLE_IN}
    assert scenario_from_dict(d, samples.library()).table.width == 600


@pytest.mark.parametrize(("key", "limit", "what"), [
    ("terrain", limits.MAX_PIECES, "terrain pieces"),
    ("log", limits.MAX_LOG_ENTRIES, "log entries"),
    ("annotations", limits.MAX_ANNOTATIONS, "annotations"),
    ("units", limits.MAX_UNITS, "units"),
])
def test_counts_over_their_limit_are_refused_with_the_limit(key: str, limit: int,
                                                            what: str) -> None:
    d = data()
    d[key] = [{}] * (limit + 1)
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(d, samples.library())
    assert err.value.where == key
    assert err.value.message == f"{limit + 1:,} {what}: the most a file may hold is {limit:,}"


def test_too_many_models_are_refused_before_any_is_read() -> None:
    d = data()
    d["units"][1]["models"] = [None] * (limits.MAX_MODELS + 1)
    with pytest.raises(ScenarioError, match="the most a scenario may hold is 20,000"):
        scenario_from_dict(d, samples.library())


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(limits.MAX_FILE_BYTES + 1)
    with pytest.raises(ScenarioError, match="larger than 16 MiB"):
        load_scenario(path, samples.library())


def test_a_polygon_over_the_vertex_limit_is_refused() -> None:
    sheet = {"id": "big", "name": "Big", "kind": "ruins", "systems": ["wh40k"],
             "footprint": [[i, i * i] for i in range(limits.MAX_VERTICES + 1)]}
    with pytest.raises(ScenarioError, match="1,001 points: the most a file may hold is 1,000"):
        datasheet_from_dict(sheet, "sheet")


def test_a_corner_at_1e308_is_refused_not_taken_for_an_area() -> None:
    sheet = {"id": "big", "name": "Big", "kind": "ruins", "systems": ["wh40k"],
             "footprint": [[-1e308, -1e308], [1e308, -1e308], [1e308, 1e308]]}
    with pytest.raises(ScenarioError, match="a coordinate is at most 1,000,000 in size"):
        datasheet_from_dict(sheet, "sheet")


def test_repeated_corners_are_refused_by_name() -> None:
    square = [[0, 0], [2, 0], [2, 2], [0, 2]]
    sheet = {"id": "big", "name": "Big", "kind": "ruins", "systems": ["wh40k"],
             "footprint": square * 3}
    with pytest.raises(ScenarioError, match=r"points 1 and 5 are both \(0, 0\)"):
        datasheet_from_dict(sheet, "sheet")


def test_overlapping_parts_found_among_many() -> None:
    parts = [{"part": f"p{i}", "datasheet": "wh40k_crater_small", "x": 10.0 * i, "y": 0}
             for i in range(limits.MAX_PARTS)]
    parts[-1]["x"] = parts[-2]["x"] + 0.5
    sheet = {"id": "sprawl", "name": "Sprawl", "kind": "multi_part", "systems": ["wh40k"],
             "parts": parts}
    d = data()
    d["custom_datasheets"] = [sheet]
    with pytest.raises(ScenarioError, match="parts 'p98' and 'p99' overlap by") as err:
        scenario_from_dict(d, samples.library())
    assert err.value.where == "custom_datasheets[0].parts"


def test_a_huge_unknown_key_gives_a_short_message(tmp_path: Path) -> None:
    text = json.dumps(data()).replace('"name": "Small"', f'"{"k" * 15_000}": 1, "name": "S"')
    err = refusal(tmp_path, text)
    assert "unknown field" in str(err)


def test_a_long_path_is_shortened_in_the_middle(tmp_path: Path) -> None:
    folder = tmp_path / ("d" * 200)
    folder.mkdir()
    path = folder / "army.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path, samples.library())
    shown = str(err.value)
    assert len(shown) <= 300 and "army.json" in shown and "not valid JSON" in shown


def test_every_loaded_file_saves_and_loads_back_equal(tmp_path: Path) -> None:
    d = data()
    # Free keys: a declared stat (board/document/stats.py) is checked against its range.
    d["units"][1]["stats"] = {"huge": 1e308, "big": 2**64 - 1, "tiny": 5e-324, "neg": -0.0,
                              "text": "Grüße \U0001F600", "nested": {"a": [None, True]}}
    d["log"] = [{"text": "", "rolls": [{"die": 6}], "seed": 2**64 - 1}]
    path = write(tmp_path, json.dumps(d))
    scenario = load_scenario(path, samples.library())
    save_scenario(scenario, tmp_path / "again.json")
    assert load_scenario(tmp_path / "again.json", samples.library()) == scenario


def test_save_refuses_what_could_not_be_read_back(tmp_path: Path) -> None:
    scenario = samples.small_scenario()
    scenario.units[0].stats = {"bad": "\udc80"}
    with pytest.raises(ScenarioError, match="cannot save: a value is not JSON") as err:
        save_scenario(scenario, tmp_path / "x.json")
    assert err.value.where.endswith("units[0].stats.bad")
    assert not (tmp_path / "x.json").exists()
    scenario.units[0].stats = {"bad": float("nan")}
    with pytest.raises(ScenarioError, match="nan is not a finite number"):
        save_scenario(scenario, tmp_path / "x.json")
