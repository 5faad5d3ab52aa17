"""The log dock on the real window: every roll, what it was for, the seed; Export log…"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.changes import Change
from board.document.model import LogEntry
from board.game.core.log_text import log_text
from board.view.commands import ApplyChangeCommand
from board.view.log import dock as log_dock
from rules.dice import Dice


def _shoot(window, seed=77):
    """A seeded resolution logged as one undoable action, as the tools do."""
    dice = Dice(seed=seed)
    dice.roll(2, "to hit (BS 4)")
    dice.roll(1, "armour penetration (S9)")
    entry = LogEntry("Lascannons fire at the bastion", [r.to_dict() for r in dice.take()],
                     dice.seed)
    window.undo_stack.push(ApplyChangeCommand(window.document, Change(log=[entry]), "Shoot"))
    return entry


def test_the_dock_starts_empty_and_is_in_the_view_menu(window):
    dock = window.log_dock
    assert dock.count_label.text() == "0 entries, 0 rolls"
    assert dock.shown_text() == "(nothing has happened yet)"
    assert dock.toggleViewAction() in window.menu("&View").actions()


def test_a_logged_action_shows_every_roll_and_the_seed_and_undo_takes_it_back(window):
    dock = window.log_dock
    entry = _shoot(window)
    hit, pen = entry.rolls
    assert dock.count_label.text() == "1 entry, 2 rolls"
    assert dock.shown_text().splitlines() == [
        "1. Lascannons fire at the bastion",
        "     seed 77",
        f"     to hit (BS 4): 2D6 -> {hit['faces'][0]}, {hit['faces'][1]} "
        f"(total {sum(hit['faces'])})",
        f"     armour penetration (S9): 1D6 -> {pen['faces'][0]} (total {pen['faces'][0]})",
    ]
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.scenario.log == []
    assert dock.count_label.text() == "0 entries, 0 rolls"


def test_a_new_scenario_replaces_the_log_shown(window, scenario):
    _shoot(window)
    scenario.log = [LogEntry("Another game")]
    window.show_scenario(scenario)
    assert window.log_dock.shown_text() == "1. Another game"


def test_export_log_button_writes_the_text(window, tmp_path, monkeypatch):
    _shoot(window, seed=5)
    _shoot(window, seed=6)
    target = tmp_path / "log.txt"
    monkeypatch.setattr(log_dock.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(target), "Text (*.txt)"))
    QTest.mouseClick(window.log_dock.export_button, Qt.MouseButton.LeftButton)
    text = target.read_text(encoding="utf-8")
    assert text == log_text(window.document.scenario) + "\n"
    assert text.splitlines()[0] == "Log of Sample (Warhammer 40,000): 2 entries, 4 rolls"
    assert "     seed 5" in text and "     seed 6" in text


def test_export_log_from_the_file_menu_reports_a_failure(window, tmp_path, monkeypatch):
    target = tmp_path / "no-such-folder" / "log.txt"
    monkeypatch.setattr(log_dock.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    shown = []
    monkeypatch.setattr(log_dock.QMessageBox, "critical",
                        lambda parent, title, text: shown.append((title, text)))
    action = next(a for a in window.menu("&File").actions() if a.text() == "Export &Log…")
    action.trigger()
    assert shown and shown[0][0] == "Export log"
    assert str(target) in shown[0][1]
    assert not target.exists()


def test_write_log_names_the_file_it_could_not_write(window, tmp_path):
    with pytest.raises(OSError, match="could not write the log to .*missing"):
        log_dock.write_log(window.document.scenario, Path(tmp_path / "missing" / "log.txt"))


def test_a_real_shot_at_a_building_lands_whole_in_the_dock(window):
    from board.game.systems.wh40k.shooting import ShotPlan, WeaponOrder, shoot

    scene = window.scene
    plan = ShotPlan("bastion", WeaponOrder("Lascannon", 1, 4, 9, 2), (24.0, 40.0),
                    "Tactical Squad")
    result = shoot(window.document.scenario, scene.datasheets, scene.world(), plan, seed=6)
    window.undo_stack.push(ApplyChangeCommand(window.document, result.change, "Shoot"))
    entry = window.document.scenario.log[-1]
    shown = window.log_dock.shown_text().splitlines()
    assert shown[0] == f"1. {result.lines[0]}"
    assert shown[1: len(result.lines)] == [f"   {line}" for line in result.lines[1:]]
    assert "     seed 6" in shown
    assert len(entry.rolls) >= 1
    for roll in entry.rolls:
        assert any(line.startswith(f"     {roll['purpose']}: ") for line in shown)
