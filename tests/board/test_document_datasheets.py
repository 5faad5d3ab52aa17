"""The shipped datasheets load, hold the seeds' numbers, and bad datasheets are refused."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Polygon

from board.document.datasheet import FACINGS, SizeClass, TerrainKind
from board.document.datasheet_json import datasheet_from_dict, datasheet_to_dict
from board.document.datasheets import (
    DATASHEETS_DIR,
    PART_TAG,
    adjacent_pieces,
    load_library,
    place_datasheet,
)
from board.document.errors import ScenarioError
from board.document.model import RuleSystem
from board.document.shapes import place_point
from tests.board import samples

SHIPPED = sorted(DATASHEETS_DIR.glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_datasheet_loads_and_round_trips(path: Path) -> None:
    sheet = datasheet_from_dict(json.loads(path.read_text()), str(path))
    assert sheet.id == path.stem
    assert datasheet_from_dict(datasheet_to_dict(sheet)) == sheet
    assert sheet.notes, "every shipped datasheet says where its numbers come from"
    if sheet.kind is not TerrainKind.MULTI_PART:
        assert Polygon(sheet.footprint).is_valid


def test_library_holds_all_files() -> None:
    library = load_library()
    assert sorted(library) == [p.stem for p in SHIPPED]
    assert len(SHIPPED) >= 19


def test_imperial_bastion_matches_seed_000() -> None:
    bastion = samples.library()["imperial_bastion"]
    assert bastion.size is SizeClass.MEDIUM
    assert bastion.armour == dict.fromkeys(FACINGS, 14)
    assert bastion.hull_points == 4
    # "There is one Access Point: the door." -- plus the escape hatch, which the FAQ treats
    # apart (not part of the building for radii, never assaulted as an access point)
    assert [a.id for a in bastion.access_points if not a.escape_hatch] == ["door"]
    assert [a.id for a in bastion.access_points if a.escape_hatch] == ["escape-hatch"]
    assert {p.facing for p in bastion.fire_points} == set(FACINGS)
    assert all(p.models == 2 for p in bastion.fire_points)
    assert bastion.battlements is not None
    walls = [w for w in bastion.emplaced_weapons if not w.on_battlements]
    roof = [w for w in bastion.emplaced_weapons if w.on_battlements]
    assert [w.weapon.name for w in walls] == ["Heavy bolter"] * 4
    assert [(w.weapon.range, w.weapon.strength, w.weapon.ap, w.weapon.type) for w in walls][0] == (
        36,
        5,
        4,
        "Heavy 3",
    )
    assert [(w.weapon.name, w.weapon.range, w.weapon.strength, w.weapon.ap) for w in roof] == [
        ("Icarus lascannon", 96, 9, 2)
    ]
    assert set(roof[0].weapon.special) == {"Interceptor", "Skyfire"}
    width = max(x for x, _ in bastion.footprint) - min(x for x, _ in bastion.footprint)
    assert 5 <= width <= 7 and 7 <= bastion.height <= 9


def test_fortress_of_redemption_parts() -> None:
    lib = samples.library()
    fortress = lib["fortress_of_redemption"]
    assert fortress.kind is TerrainKind.MULTI_PART
    parts = {p.part: lib[p.datasheet] for p in fortress.parts}
    assert set(parts) == {"tower", "wall", "left_annex", "right_annex"}
    assert all(s.armour == dict.fromkeys(FACINGS, 14) for s in parts.values())
    assert (parts["tower"].size, parts["tower"].hull_points) == (SizeClass.MEDIUM, 4)
    for name in ("wall", "left_annex", "right_annex"):
        assert (parts[name].size, parts[name].hull_points) == (SizeClass.SMALL, 3)
    assert {w.weapon.name for w in parts["left_annex"].emplaced_weapons} == {
        "Heavy bolter",
        "Twin-linked Icarus lascannon",
    }
    right = {w.weapon.name for w in parts["right_annex"].emplaced_weapons}
    assert "Heavy bolter" in right and any("missile silo" in n for n in right)
    assert all(PART_TAG in s.tags for s in parts.values())
    assert ("tower", "wall") in fortress.adjacent_parts


def test_aquila_void_shield_and_generic() -> None:
    lib = samples.library()
    keep = lib["aquila_strongpoint_keep"]
    assert (keep.size, keep.hull_points, keep.mighty_bulwark) == (SizeClass.LARGE, 5, True)
    assert keep.armour == dict.fromkeys(FACINGS, 15)
    vsg = lib["void_shield_generator"]
    assert (vsg.size, vsg.impassable, vsg.hull_points) == (SizeClass.MEDIUM, True, 4)
    assert vsg.armour == dict.fromkeys(FACINGS, 13)
    assert vsg.projects_void_shields is not None
    assert (vsg.projects_void_shields.range, vsg.projects_void_shields.armour) == (12.0, 12)
    assert 1 <= vsg.projects_void_shields.shields <= 3
    for size in ("small", "medium", "large"):
        sheet = lib[f"wh40k_{size}_building"]
        assert sheet.size is SizeClass(size)
        assert sheet.transport_capacity is None and sheet.hull_points is None


@pytest.mark.parametrize(
    ("size", "dc", "af", "area_cm2"),
    [("small", 10, 15, 40), ("medium", 20, 30, 80), ("large", 30, 45, 160)],
)
def test_epic_buildings_follow_seed_001(size: str, dc: int, af: int, area_cm2: float) -> None:
    sheet = samples.library()[f"epic40k_{size}_building"]
    assert (sheet.epic_armour, sheet.damage_capacity, sheet.assault_factor) == (6, dc, af)
    assert sheet.systems == (RuleSystem.EPIC40K.value,)
    assert Polygon(sheet.footprint).area * 2.54**2 == pytest.approx(area_cm2, rel=1e-3)


@pytest.mark.parametrize("floors", [1, 2, 3])
def test_fantasy_buildings_have_floors_and_doors(floors: int) -> None:
    sheet = samples.library()[f"whfb_building_{floors}_floor"]
    assert sheet.floors == floors
    assert sheet.access_points
    xs = [x for x, _ in sheet.footprint]
    ys = [y for _, y in sheet.footprint]
    assert max(xs) - min(xs) < 6 and max(ys) - min(ys) < 6


def test_for_system_sorted_by_name_without_parts() -> None:
    lib = samples.library()
    names = [s.name for s in lib.for_system("wh40k")]
    assert names == sorted(names, key=str.casefold)
    assert "Imperial Bastion" in names and "Fortress of Redemption" in names
    assert not any("bunker annex" in n for n in names)
    assert any("bunker annex" in s.name for s in lib.for_system("wh40k", include_parts=True))
    fantasy = lib.for_system(RuleSystem.WARHAMMER_FANTASY)
    assert [s.floors for s in fantasy if s.id.startswith("whfb_building")] == [1, 2, 3]
    # seed 002: a building over 6" x 6" is best split into sections -- shipped both ways
    assert {s.id for s in fantasy} - {f"whfb_building_{n}_floor" for n in (1, 2, 3)} == {
        "whfb_manor", "whfb_manor_sections", "objective_marker"}  # any system places one
    assert len(lib.for_system("epic40k")) == 4


def test_place_simple_datasheet() -> None:
    [piece] = place_datasheet(samples.library(), "imperial_bastion", 10, 20, 450, piece_id="b")
    assert (piece.id, piece.datasheet, piece.x, piece.y, piece.rotation) == (
        "b",
        "imperial_bastion",
        10.0,
        20.0,
        90.0,
    )
    assert piece.group is None and piece.part is None


def test_place_multi_part_turns_offsets_with_the_group() -> None:
    lib = samples.library()
    pieces = place_datasheet(lib, "fortress_of_redemption", 30.0, 20.0, 90.0, piece_id="f")
    by_part = {p.part: p for p in pieces}
    assert set(by_part) == {"tower", "wall", "left_annex", "right_annex"}
    assert {p.group for p in pieces} == {"f"}
    assert {p.group_datasheet for p in pieces} == {"fortress_of_redemption"}
    assert by_part["tower"].id == "f.tower"
    # The tower sits 2.5 in behind the origin (local +y); turned 90° clockwise that is −x.
    assert (by_part["tower"].x, by_part["tower"].y) == pytest.approx((27.5, 20.0))
    # The left annex is 10 in to the left (−x) and 1.75 in forward: turned, up and to the right.
    assert (by_part["left_annex"].x, by_part["left_annex"].y) == pytest.approx((31.75, 10.0))
    assert all(p.rotation == 90.0 for p in pieces)
    footprints = [
        Polygon([place_point(q, p.x, p.y, p.rotation) for q in lib[p.datasheet].footprint])
        for p in pieces
    ]
    for i, a in enumerate(footprints):
        for b in footprints[i + 1 :]:
            assert a.intersection(b).area < 1e-9
    assert {p.part for p in adjacent_pieces(lib, pieces, by_part["wall"])} == {
        "tower",
        "left_annex",
        "right_annex",
    }
    assert [p.part for p in adjacent_pieces(lib, pieces, by_part["tower"])] == ["wall"]


def test_place_unknown_datasheet() -> None:
    with pytest.raises(ScenarioError, match="unknown datasheet 'titan'"):
        place_datasheet(samples.library(), "titan", 0, 0)


def test_place_generates_distinct_ids() -> None:
    ids = {place_datasheet(samples.library(), "imperial_bastion", 0, 0)[0].id for _ in range(20)}
    assert len(ids) == 20


def test_place_point_rotation_is_clockwise() -> None:
    assert place_point((0.0, -1.0), 0.0, 0.0, 90.0) == pytest.approx((1.0, 0.0))
    assert place_point((1.0, 0.0), 0.0, 0.0, 90.0) == pytest.approx((0.0, 1.0))
    x, y = place_point((3.0, 4.0), 1.0, 1.0, 37.0)
    assert math.hypot(x - 1.0, y - 1.0) == pytest.approx(5.0)


# -- broken datasheet files ---------------------------------------------------------------------


def copy_library(tmp_path: Path) -> Path:
    folder = tmp_path / "datasheets"
    shutil.copytree(DATASHEETS_DIR, folder)
    return folder


def edit(folder: Path, stem: str, **changes: Any) -> Path:
    path = folder / f"{stem}.json"
    data = json.loads(path.read_text())
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("stem", "changes", "where", "message"),
    [
        (
            "imperial_bastion",
            {"footprint": [[0, 0], [6, 6], [6, 0], [0, 6]]},
            "footprint",
            "the polygon is not simple: its edges cross at (3, 3)",
        ),
        (
            "imperial_bastion",
            {"footprint": [[0, 0], [6, 0], [12, 0]]},
            "footprint",
            "the polygon has no area (0 square inches)",
        ),
        (
            "imperial_bastion",
            {"armour": {"front": 14, "side": 13, "rear": 10}},
            "armour.side",
            "unknown field 'side'",
        ),
        (
            "imperial_bastion",
            {"armour": {"front": 14, "right": 13, "rear": 10}},
            "armour.left",
            "missing field 'left'",
        ),
        ("imperial_bastion", {"hull_points": 0}, "hull_points", "must be at least 1, got 0"),
        ("imperial_bastion", {"size": "huge"}, "size", "expected one of small, medium, large"),
        ("imperial_bastion", {"kind": None}, "kind", "missing field 'kind'"),
        (
            "imperial_bastion",
            {"systems": ["necromunda"]},
            "systems[0]",
            "unknown rule system 'necromunda'",
        ),
        (
            "imperial_bastion",
            {"access_points": [{"id": "door", "x": 0, "y": 0}]},
            "access_points[0]",
            "(0, 0) is 3.00 in from the footprint's walls; it must be within 0.5 in of them",
        ),
        (
            "imperial_bastion",
            {"fire_points": [{"id": "f", "x": 3, "y": 0, "facing": "top"}]},
            "fire_points[0].facing",
            "a facing is one of front, right, rear, left; got 'top'",
        ),
        ("imperial_bastion", {"hull_point": 4}, "hull_point", "unknown field 'hull_point'"),
        (
            "fortress_of_redemption",
            {"adjacent_parts": [["tower", "keep"]]},
            "adjacent_parts[0]",
            "expected a pair of part names",
        ),
        (
            "fortress_of_redemption_tower",
            {
                "emplaced_weapons": [
                    {
                        "id": "hb",
                        "x": 0,
                        "y": 0,
                        "weapon": {
                            "name": "Heavy bolter",
                            "range": 36,
                            "strength": "5",
                            "ap": 4,
                            "type": "Heavy 3",
                        },
                    }
                ]
            },
            "emplaced_weapons[0].weapon.strength",
            'expected a whole number, got "5"',
        ),
        (
            "void_shield_generator",
            {"projects_void_shields": {"shields": 0}},
            "projects_void_shields.shields",
            "must be at least 1, got 0",
        ),
        ("imperial_bastion", {"id": "bastion"}, "id", "the id 'bastion' must match the file name"),
    ],
)
def test_broken_datasheet_names_file_and_field(
    tmp_path: Path, stem: str, changes: dict[str, Any], where: str, message: str
) -> None:
    folder = copy_library(tmp_path)
    path = edit(folder, stem, **changes)
    with pytest.raises(ScenarioError) as err:
        load_library(folder)
    assert err.value.where == f"{path}, {where}"
    assert err.value.message.startswith(message)


def test_multi_part_naming_a_missing_part(tmp_path: Path) -> None:
    folder = copy_library(tmp_path)
    (folder / "fortress_of_redemption_wall.json").unlink()
    with pytest.raises(ScenarioError) as err:
        load_library(folder)
    assert err.value.message == "part datasheet 'fortress_of_redemption_wall' is unknown"
    assert err.value.where == f"{folder / 'fortress_of_redemption.json'}, parts[1].datasheet"


def test_multi_part_with_overlapping_parts(tmp_path: Path) -> None:
    folder = copy_library(tmp_path)
    path = folder / "fortress_of_redemption.json"
    data = json.loads(path.read_text())
    data["parts"][0]["y"] = 0.0  # the tower pushed forward into the wall
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as err:
        load_library(folder)
    assert err.value.message == "parts 'tower' and 'wall' overlap by 10.5 square inches"


def test_datasheet_not_json(tmp_path: Path) -> None:
    folder = copy_library(tmp_path)
    (folder / "imperial_bastion.json").write_text('{"id": "imperial_bastion",\n "name": }')
    with pytest.raises(ScenarioError) as err:
        load_library(folder)
    assert err.value.message == "not valid JSON: Expecting value at line 2, column 10"
    assert err.value.where == str(folder / "imperial_bastion.json")
