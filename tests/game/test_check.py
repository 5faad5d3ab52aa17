"""``battleboard check`` on the demo: its facts equal the geometry and rules APIs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from board.check import main
from board.document.datasheets import DATASHEETS_DIR, DEMO_SCENARIO_PATH
from board.document.io import load_scenario, save_scenario
from board.document.model import Annotation
from geometry import (
    dawn_of_war,
    distance,
    format_distance,
    model_footprint,
    place_footprint,
    unit_wholly_within,
    void_shield_cover,
    wholly_within_zone,
)
from rules import wh40k
from tests.game import samples


def shapes(scenario, unit_id):
    unit = scenario.unit(unit_id)
    return [(m.id, model_footprint(m.base.shape.value, m.base.length, m.base.width, m.x, m.y,
                                   m.facing)) for m in unit.models]


def footprint(scenario, piece_id):
    piece = scenario.piece(piece_id)
    sheet = samples.library()[piece.datasheet]
    return place_footprint(sheet.footprint, piece.x, piece.y, piece.rotation)


@pytest.fixture(scope="module")
def demo():
    return load_scenario(DEMO_SCENARIO_PATH)


@pytest.fixture(scope="module")
def report(demo):
    from board.check import check_report
    from board.game.reports.report import Source
    return check_report(demo, samples.library(), Source.of_file(Path(DEMO_SCENARIO_PATH)))


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_demo_keeps_a_ruler_and_a_within(demo):
    assert {a.kind for a in demo.annotations} >= {"ruler", "within"}


def test_kept_ruler_equals_geometry_distance(demo, report, capsys):
    ruler = next(m for m in report["measurements"] if m["kind"] == "ruler")
    (_, helbrute), = shapes(demo, "helbrute-ghar")
    expected = distance(helbrute, footprint(demo, "bastion"))
    assert ruler["distance_in"] == pytest.approx(expected, abs=1e-9)
    assert ruler["shown"] == format_distance(expected)
    _, out, _ = run(capsys, str(DEMO_SCENARIO_PATH))
    shown = format_distance(expected)
    assert f"ruler: {shown} from Helbrute Ghar to Imperial Bastion (closest points)" in out
    assert "Helbrute Ghar: x 34.000\", y 14.000\"" in out  # its position
    import hashlib
    digest = hashlib.sha256(Path(DEMO_SCENARIO_PATH).read_bytes()).hexdigest()
    assert f"file: {Path(DEMO_SCENARIO_PATH).name} (sha256 {digest})" in out


def test_kept_within_equals_per_model_geometry(demo, report):
    kept = next(m for m in report["measurements"] if m["kind"] == "within")
    targets = shapes(demo, "tactical-cato")
    for row, (mid, shape) in zip(kept["models"], shapes(demo, "bikers-kor"), strict=True):
        closest = min(distance(shape, t) for _, t in targets)
        assert row["model"] == mid and row["closest_in"] == pytest.approx(closest, abs=1e-9)
        wholly = min(unit_wholly_within([(mid, shape)], t, 24).distances[0] for _, t in targets)
        assert row["farthest_in"] == pytest.approx(wholly, abs=1e-9)
        assert row["verdict"] == ("wholly within" if wholly <= 24 else
                                  "within" if closest <= 24 else "not within")
    assert kept["verdict"] in ("within", "wholly within", "not within")


def test_void_shield_coverage_equals_geometry(demo, report):
    generator = [("void-shield-generator", footprint(demo, "void-shield-generator"))]
    for row in report["void_shields"]:
        cover = void_shield_cover(shapes(demo, row["unit"]), generator)
        assert (row["status"] == "covered") == cover.covered
    statuses = {row["unit"]: row["status"] for row in report["void_shields"]}
    assert statuses["tactical-cato"] == "covered"
    assert "devastators-vel" not in statuses  # embarked in the bastion


def test_models_out_of_zone_equal_geometry(demo, report):
    plan = dawn_of_war(72, 48)
    zones = demo.options["deployment"]["zones"]
    total = 0
    for row in report["deployment"]["units"]:
        check = wholly_within_zone(shapes(demo, row["unit"]), plan.zone(zones[row["side"]]))
        assert [o["model"] for o in row["out"]] == [v.model_id for v in check.failing]
        total += len(check.failing)
    assert report["deployment"]["models_out"] == total > 0


def test_building_states_equal_the_rules(demo, report):
    rows = {b["piece_id"]: b for b in report["buildings"]}
    for piece in demo.terrain:
        sheet = json.loads((DATASHEETS_DIR / f"{piece.datasheet}.json").read_text())
        if sheet["kind"] != "building" or sheet.get("armour") is None:
            assert piece.id not in rows
            continue
        building = wh40k.Building.from_dicts(sheet, piece.state, piece.claimed_by)
        row = rows[piece.id]
        assert row["armour"] == {f: building.armour(f) for f in wh40k.FACINGS}
        assert row["hull_points"] == [building.hull_points, building.profile.hull_points]
        assert row["capacity"] == building.profile.transport_capacity
        assert row["claimed_by"] == piece.claimed_by
        assert row["inside"] == [u.id for u in demo.units_in(piece.id)]
    assert rows["bastion"]["inside"] == ["devastators-vel"]


def test_text_and_json_say_the_same(capsys, report):
    status, out, _ = run(capsys, str(DEMO_SCENARIO_PATH), "--json")
    assert status == 0 and json.loads(out) == json.loads(json.dumps(report))
    status, text, _ = run(capsys, str(DEMO_SCENARIO_PATH))
    assert status == 0
    for title in ("Kept measurements", "Void-shield coverage", "Deployment: Dawn of War",
                  "Buildings"):
        assert title in text
    assert f"{report['deployment']['models_out']} models out of zone" in text
    assert "hull points: 4 of 4" in text


def test_a_bad_file_exits_2_with_the_message(tmp_path: Path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "battleboard-scenario", "version": 9}')
    status, out, err = run(capsys, str(bad))
    assert status == 2 and out == ""
    assert "unknown format version 9" in err and str(bad) in err
    status, _, err = run(capsys, str(tmp_path / "missing.json"))
    assert status == 2 and "missing.json" in err


def test_a_kept_measurement_naming_a_missing_unit_exits_2(tmp_path: Path, capsys):
    scenario = load_scenario(DEMO_SCENARIO_PATH)
    scenario.annotations.append(Annotation("w9", "within", {
        "unit": "ghosts", "target": {"type": "point", "x": 1, "y": 1}, "distance": 6}))
    path = tmp_path / "ghosts.json"
    save_scenario(scenario, path)
    status, _, err = run(capsys, str(path))
    assert status == 2
    assert "annotation 'w9' (within): no unit 'ghosts' in the scenario" in err


def test_as_a_subprocess_through_the_battleboard_entry_point(tmp_path: Path):
    command = [sys.executable, "-c", "import sys; from board.main import main; "
               "sys.exit(main(sys.argv[1:]))", "check", str(DEMO_SCENARIO_PATH), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["scenario"] == "Demo: the bastion line"
    assert "PySide6" not in done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = subprocess.run(command[:4] + [str(bad)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "bad.json" in done.stderr and done.stdout == ""


def test_epic_and_fantasy_scenarios_check_in_their_own_terms(tmp_path: Path, capsys):
    from board.document.model import RuleSystem, TerrainPiece
    from board.game.core.targets import PieceTarget
    from board.game.measuring.annotations import within_annotation

    hab = TerrainPiece("hab", "epic40k_medium_building", 30, 20)  # 3.521" square
    unit = samples.round_unit("squad", samples.RED, [(30, 24.5), (30, 27.8)], mm=12)
    epic = samples.scenario(RuleSystem.EPIC40K, terrain=[hab], units=[unit])
    epic.annotations.append(within_annotation("w", "squad", PieceTarget("hab"), 15, "cm"))
    path = tmp_path / "epic.json"
    save_scenario(epic, path)
    status, out, err = run(capsys, str(path), "--json")
    assert status == 0, err
    report = json.loads(out)
    (kept,) = report["measurements"]
    edge = 20 + 3.521 / 2
    closest = [24.5 - 6 / 25.4 - edge, 27.8 - 6 / 25.4 - edge]
    assert [m["closest_in"] for m in kept["models"]] == pytest.approx(closest, abs=1e-3)
    assert kept["shown"] == "15.00 cm" and kept["distance_in"] == pytest.approx(15 / 2.54)
    assert [m["verdict"] for m in kept["models"]] == ["wholly within", "within"]
    (building,) = report["buildings"]
    assert building["damage_capacity"] == [20, 20] and "assault factor: 30" in building["facts"]
    assert report["unit"] == "cm" and report["void_shields"] == []

    house = TerrainPiece("house", "whfb_building_3_floor", 30, 20)
    garrison = samples.round_unit("halberds", samples.BLUE, [(0, 0)] * 10, mm=20)
    garrison.embarked_in = "house"
    fantasy = samples.scenario(RuleSystem.WARHAMMER_FANTASY, terrain=[house], units=[garrison])
    path = tmp_path / "fantasy.json"
    save_scenario(fantasy, path)
    status, out, err = run(capsys, str(path))
    assert status == 0, err
    assert "Deployment: Battleline" in out
    assert "line of sight value: 15" in out and "models that may shoot: 15" in out
    assert "inside: halberds, 10 models" in out and "claimed by: Blue" in out


def test_a_kept_within_a_deployment_zone_and_a_missing_zone(tmp_path: Path, capsys):
    from board.game.core.targets import ZoneTarget
    from board.game.measuring.annotations import within_annotation

    scenario = load_scenario(DEMO_SCENARIO_PATH)
    scenario.annotations = [within_annotation("z", "scouts-telion",
                                              ZoneTarget("deployment", "bottom"), 0)]
    path = tmp_path / "zone.json"
    save_scenario(scenario, path)
    status, out, err = run(capsys, str(path), "--json")
    assert status == 0, err
    (kept,) = json.loads(out)["measurements"]
    check = wholly_within_zone(shapes(scenario, "scouts-telion"), dawn_of_war().zone("bottom"))
    assert [m["farthest_in"] for m in kept["models"]] == pytest.approx(list(check.distances))
    scenario.annotations = [within_annotation("z", "scouts-telion",
                                              ZoneTarget("deployment", "middle"), 0)]
    save_scenario(scenario, path)
    status, _, err = run(capsys, str(path))
    assert status == 2 and "annotation 'z' (within): Dawn of War has no zone 'middle'" in err
