"""Every kind of bad scenario file is refused with a message that names it and where it is."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from board.document.datasheets import DATASHEETS_DIR, place_datasheet
from board.document.errors import ScenarioError
from board.document.io import load_scenario, save_scenario
from tests.board import samples

Data = dict[str, Any]


def refused(tmp_path: Path, data: Data | str) -> ScenarioError:
    """Write ``data`` to a file, load it, and return the refusal."""
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path, samples.library())
    assert err.value.where.startswith(str(path))
    return err.value


def broken(change: Callable[[Data], object]) -> Data:
    data = samples.as_data(samples.small_scenario())
    change(data)
    return data


def test_not_json_names_line_and_column(tmp_path: Path) -> None:
    err = refused(tmp_path, '{\n  "format": "battleboard-scenario",\n  "version": 1,,\n}')
    assert (
        err.message == "not valid JSON: Expecting property name enclosed in double quotes "
        "at line 3, column 16"
    )
    assert err.where == str(tmp_path / "bad.json")


def test_not_text(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(ScenarioError, match=r"not a text file \(byte 0 is not UTF-8\)"):
        load_scenario(path, samples.library())


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read the file: No such file or directory"):
        load_scenario(tmp_path / "nowhere.json", samples.library())


def test_wrong_format_name(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d.update(format="vassal-module")))
    assert err.message == (
        "not a battleboard scenario: format is 'vassal-module', expected 'battleboard-scenario'"
    )
    assert err.where.endswith("bad.json, format")


def test_no_format_name(tmp_path: Path) -> None:
    bastion = json.loads((DATASHEETS_DIR / "imperial_bastion.json").read_text())
    err = refused(tmp_path, bastion)
    assert err.message == ("not a battleboard scenario: it has no 'format' field (expected "
                           "'battleboard-scenario')")


def test_top_level_array(tmp_path: Path) -> None:
    err = refused(tmp_path, "[1, 2]")
    assert err.message == "expected an object {...}, got [1, 2]"


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_unknown_version(tmp_path: Path, version: object) -> None:
    err = refused(tmp_path, broken(lambda d: d.update(version=version)))
    assert err.message == (f"unknown format version {version!r}: this program reads version 1")
    assert err.where.endswith("version")


@pytest.mark.parametrize(
    ("path", "key", "where"),
    [
        ((), "table", "table"),
        (("table",), "height", "table.height"),
        (("units", 1), "side", "units[1].side"),
        (("units", 0, "models", 2), "base", "units[0].models[2].base"),
        (("terrain", 0), "datasheet", "terrain[0].datasheet"),
    ],
)
def test_missing_field(tmp_path: Path, path: tuple[object, ...], key: str, where: str) -> None:
    def drop(data: Data) -> None:
        node: Any = data
        for step in path:
            node = node[step]
        del node[key]

    err = refused(tmp_path, broken(drop))
    assert err.message == f"missing field '{key}'"
    assert err.where.endswith(", " + where)


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (
            lambda d: d["table"].update(width="72"),
            "table.width",
            'expected a finite number, got "72"',
        ),
        (lambda d: d.update(units={}), "units", "expected an array [...], got {}"),
        (
            lambda d: d["units"][0]["models"][1].update(x=True),
            "units[0].models[1].x",
            "expected a finite number, got true",
        ),
        (
            lambda d: d["units"][1].update(troop_type="ogre"),
            "units[1].troop_type",
            "expected one of infantry, jump_infantry",
        ),
        (
            lambda d: d["terrain"][0].update(rotation=None),
            "terrain[0].rotation",
            "expected a finite number, got null",
        ),
        (
            lambda d: d.update(rule_system="necromunda"),
            "rule_system",
            'expected one of wh40k, horus_heresy, epic40k, warhammer_fantasy, got "necromunda"',
        ),
        (
            lambda d: d["sides"][0].update(colour="red"),
            "sides[0].colour",
            "a colour is written #rrggbb, got 'red'",
        ),
        (
            lambda d: d["units"][0].update(hull_points=3),
            "units[0].hull_points",
            "unknown field 'hull_points'",
        ),
        (lambda d: d["table"].update(height=0), "table.height", "must be more than 0, got 0"),
    ],
)
def test_wrong_type_or_value(
    tmp_path: Path, change: Callable[[Data], object], where: str, message: str
) -> None:
    err = refused(tmp_path, broken(change))
    assert err.where.endswith(", " + where)
    assert err.message.startswith(message)


def test_nan_is_not_a_number(tmp_path: Path) -> None:
    text = json.dumps(samples.as_data(samples.small_scenario())).replace('"x": 24.0', '"x": NaN')
    err = refused(tmp_path, text)
    assert err.where.endswith("terrain[0].x")
    assert err.message == "NaN is not a number a file may hold (numbers are finite)"


def bowtie_datasheet() -> Data:
    return {
        "id": "bowtie_ruin",
        "name": "Bow-tie ruin",
        "kind": "building",
        "systems": ["wh40k"],
        "footprint": [[0, 0], [4, 4], [4, 0], [0, 4]],
        "armour": 10,
        "size": "small",
    }


def test_non_simple_footprint(tmp_path: Path) -> None:
    def add(data: Data) -> None:
        data["custom_datasheets"] = [bowtie_datasheet()]
        data["terrain"][0]["datasheet"] = "bowtie_ruin"

    err = refused(tmp_path, broken(add))
    assert err.message == "the polygon is not simple: its edges cross at (2, 2)"
    assert err.where.endswith("custom_datasheets[0].footprint")


def test_custom_datasheet_travels_with_the_file(tmp_path: Path) -> None:
    scenario = samples.small_scenario()
    sheet = dict(bowtie_datasheet(), footprint=[[0, 0], [4, 0], [4, 4], [0, 4]])
    data = samples.as_data(scenario)
    data["custom_datasheets"] = [sheet]
    data["terrain"][0]["datasheet"] = "bowtie_ruin"
    path = tmp_path / "custom.json"
    path.write_text(json.dumps(data))
    loaded = load_scenario(path, samples.library())
    assert loaded.custom_datasheets[0].armour == dict.fromkeys(
        ("front", "right", "rear", "left"), 10
    )
    save_scenario(loaded, tmp_path / "again.json")
    assert load_scenario(tmp_path / "again.json", samples.library()) == loaded


def test_custom_datasheet_may_not_shadow_a_shipped_one(tmp_path: Path) -> None:
    data = broken(
        lambda d: d.update(
            custom_datasheets=[
                dict(bowtie_datasheet(), id="imperial_bastion", footprint=[[0, 0], [4, 0], [4, 4]])
            ]
        )
    )
    err = refused(tmp_path, data)
    assert "'imperial_bastion' is already a different shipped datasheet" in err.message
    assert err.where.endswith("custom_datasheets[0].id")


def test_unknown_datasheet(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["terrain"][0].update(datasheet="warp_gate")))
    assert err.message.startswith("unknown datasheet 'warp_gate'")
    assert err.where.endswith("terrain[0].datasheet")


def test_embarked_in_a_piece_that_does_not_exist(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["units"][0].update(embarked_in="rhino-7")))
    assert err.message == "embarked in 'rhino-7', but no terrain piece has that id"
    assert err.where.endswith("units[0].embarked_in")


def test_embarked_in_an_impassable_building(tmp_path: Path) -> None:
    def vsg(data: Data) -> None:
        data["terrain"][0]["datasheet"] = "void_shield_generator"

    err = refused(tmp_path, broken(vsg))
    assert err.message == (
        "embarked in 'bastion' (Void Shield Generator), which is impassable and cannot be entered"
    )


def test_unit_of_an_unknown_side(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["units"][1].update(side="green")))
    assert err.message == "unknown side 'green' (sides: blue, red)"
    assert err.where.endswith("units[1].side")


def test_claimed_by_an_unknown_side(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["terrain"][0].update(claimed_by="green")))
    assert err.message == "claimed by unknown side 'green' (sides: blue, red)"


def test_three_sides(tmp_path: Path) -> None:
    extra = {"id": "green", "name": "Green", "colour": "#20c020"}
    err = refused(tmp_path, broken(lambda d: d["sides"].append(extra)))
    assert err.message == "a scenario has 2 sides, got 3"


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (
            lambda d: d["units"][1].update(id="squad-a"),
            "units[1].id",
            "duplicate unit id 'squad-a' (first used at units[0].id)",
        ),
        (
            lambda d: d["units"][1]["models"][3].update(id="a2"),
            "units[1].models[3].id",
            "duplicate model id 'a2' (first used at units[0].models[2].id)",
        ),
        (
            lambda d: d["terrain"].append(dict(d["terrain"][0])),
            "terrain[1].id",
            "duplicate terrain piece id 'bastion' (first used at terrain[0].id)",
        ),
        (
            lambda d: d["sides"][1].update(id="red"),
            "sides[1].id",
            "duplicate side id 'red' (first used at sides[0].id)",
        ),
    ],
)
def test_duplicate_ids(
    tmp_path: Path, change: Callable[[Data], object], where: str, message: str
) -> None:
    err = refused(tmp_path, broken(change))
    assert err.message == message
    assert err.where.endswith(", " + where)


@pytest.mark.parametrize(
    ("base", "where", "message"),
    [
        (
            {"shape": "round", "diameter_mm": -25},
            "base.diameter_mm",
            "a round base's diameter must be more than 0 and at most 500 mm, got -25",
        ),
        (
            {"shape": "round", "diameter_mm": 0},
            "base.diameter_mm",
            "a round base's diameter must be more than 0 and at most 500 mm, got 0",
        ),
        ({"shape": "oval", "length_mm": 60}, "base.width_mm", "missing field 'width_mm'"),
        (
            {"shape": "hull", "length_in": 120, "width_in": 3},
            "base.length_in",
            "a hull base's length must be more than 0 and at most 48 in, got 120",
        ),
        (
            {"shape": "hexagon", "diameter_mm": 32},
            "base.shape",
            "expected one of round, oval, hull",
        ),
        (
            {"shape": "round", "diameter_mm": 32, "width_mm": 40},
            "base.width_mm",
            "unknown field 'width_mm'",
        ),
        ("32mm", "base", 'expected an object {...}, got "32mm"'),
    ],
)
def test_bad_base(tmp_path: Path, base: object, where: str, message: str) -> None:
    err = refused(tmp_path, broken(lambda d: d["units"][1]["models"][4].update(base=base)))
    assert err.where.endswith(", units[1].models[4]." + where)
    assert err.message.startswith(message)


def test_joined_to_a_unit_of_the_other_side(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["units"][1].update(joined_to="squad-a")))
    assert err.message == ("joined to 'squad-a' of side 'red', but this unit is of side 'blue'")


def test_a_unit_without_models(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["units"][1].update(models=[])))
    assert err.message == "a unit has at least one model, got none"


def test_refusal_leaves_the_previous_scenario_alone(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    save_scenario(samples.small_scenario(), good)
    open_scenario = load_scenario(good, samples.library())
    snapshot = samples.as_data(open_scenario)
    refused(tmp_path, broken(lambda d: d["units"][0].update(embarked_in="nowhere")))
    assert samples.as_data(open_scenario) == snapshot
    assert load_scenario(good, samples.library()) == open_scenario


def with_fortress() -> Data:
    scenario = samples.small_scenario()
    scenario.terrain += place_datasheet(samples.library(), "fortress_of_redemption", 24, 8,
                                        piece_id="fort")
    return samples.as_data(scenario)


def test_a_part_twice_in_one_group(tmp_path: Path) -> None:
    data = with_fortress()
    twin = dict(data["terrain"][1], id="fort.tower-2", x=40.0)
    data["terrain"].append(twin)
    err = refused(tmp_path, data)
    assert err.message == "group 'fort' already has its part 'tower' (at terrain[1])"
    assert err.where.endswith("terrain[5].part")


def test_a_part_of_the_wrong_group_datasheet(tmp_path: Path) -> None:
    data = with_fortress()
    data["terrain"][2]["group_datasheet"] = "aquila_strongpoint"
    err = refused(tmp_path, data)
    assert err.message == ("part 'wall' with datasheet 'fortress_of_redemption_wall' is not a "
                           "part of 'aquila_strongpoint' (parts: strongpoint, annex)")
    assert err.where.endswith("terrain[2].part")


def test_a_multi_part_datasheet_placed_whole(tmp_path: Path) -> None:
    err = refused(tmp_path, broken(lambda d: d["terrain"][0].update(
        datasheet="fortress_of_redemption")))
    assert err.message == ("'fortress_of_redemption' is a multi-part datasheet: place its parts, "
                           "one piece each")
