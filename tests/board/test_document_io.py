"""Scenario files: save → load gives the same document; the save is atomic."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.errors import ScenarioError
from board.document.io import load_scenario, save_scenario, scenario_from_dict, scenario_to_dict
from tests.board import samples


def test_demo_round_trips(tmp_path: Path) -> None:
    demo = load_scenario(DEMO_SCENARIO_PATH)
    target = tmp_path / "demo.json"
    save_scenario(demo, target)
    assert load_scenario(target) == demo
    assert json.loads(target.read_text())["format"] == "battleboard-scenario"


def test_every_shipped_datasheet_round_trips(tmp_path: Path) -> None:
    scenario = samples.every_datasheet_scenario()
    placed = {p.datasheet for p in scenario.terrain}
    assert placed == set(samples.library()) - {
        s for s in samples.library() if samples.library()[s].kind.value == "multi_part"
    }
    save_scenario(scenario, tmp_path / "all.json")
    assert load_scenario(tmp_path / "all.json") == scenario


def test_dict_round_trip_keeps_every_field() -> None:
    scenario = samples.small_scenario()
    scenario.options = {"dilapidated": ["bastion"], "seed": 7}
    scenario.terrain[0].state = {"hull_points_lost": 2, "effects": [
        {"kind": "snap_shots", "affected": "occupants", "source": "Building Shaken",
         "until": {"game_turn": 2, "player": "red", "seat": 1}, "unit_ids": ["u1"],
         "distance": None}]}
    scenario.units[0].stats = {"leadership": 9}
    assert scenario_from_dict(scenario_to_dict(scenario)) == scenario


def test_save_replaces_and_keeps_permissions(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    save_scenario(samples.small_scenario(), target)
    assert load_scenario(target) == samples.small_scenario()
    assert (target.stat().st_mode & 0o777) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_failed_rename_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    save_scenario(samples.small_scenario(), target)
    before = target.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    changed = samples.small_scenario()
    changed.name = "Changed"
    with pytest.raises(ScenarioError) as err:
        save_scenario(changed, target)
    assert "cannot save: No space left on device" in str(err.value)
    assert err.value.where == str(target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_failure_mid_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    save_scenario(samples.small_scenario(), target)
    before = target.read_bytes()

    def crash(fd: int) -> None:
        raise KeyboardInterrupt  # the process is stopped between write and rename

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        save_scenario(samples.every_datasheet_scenario(), target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_unserialisable_state_is_refused_before_touching_the_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    save_scenario(samples.small_scenario(), target)
    before = target.read_bytes()
    bad = samples.small_scenario()
    bad.terrain[0].state = {"when": object()}
    with pytest.raises(ScenarioError, match="cannot save: a value is not JSON"):
        save_scenario(bad, target)
    assert target.read_bytes() == before


def test_save_syncs_the_data_before_the_rename(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        assert Path(src).parent == tmp_path and Path(src).read_text().startswith("{")
        calls.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_scenario(samples.small_scenario(), target)
    assert calls[:2] == ["fsync", "replace"]
    assert load_scenario(target) == samples.small_scenario()
