"""File ▸ Import Army List… in the real window: the dialog, real clicks, one undo step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from board.document.model import Base
from board.game.army.plan import roster_key
from board.view.army import controller as army_controller
from board.view.items import ModelItem
from tests.game import roster_samples as samples

ROSTERS = Path(__file__).resolve().parents[1] / "game" / "rosters"


@pytest.fixture(autouse=True)
def own_bases(tmp_path, monkeypatch):
    path = tmp_path / "bases.json"
    monkeypatch.setenv("BATTLEBOARD_BASES", str(path))
    return path


def _open(window, qtbot, monkeypatch, path: Path):
    monkeypatch.setattr(army_controller.QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(path), ""))
    window.features.army.action.trigger()
    dialog = window.features.army.dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    dialog.activateWindow()  # keys go to the active window
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def _choose_side(dialog, side_id: str) -> None:
    dialog.side.setCurrentIndex(dialog.side.findData(side_id))


def test_the_file_menu_offers_the_import(window):
    texts = [a.text() for a in window.menu("&File").actions()]
    assert "Import Army &List…" in texts


def test_the_dialog_lists_every_unit_and_every_entry_it_cannot_place(window, qtbot,
                                                                     monkeypatch):
    dialog = _open(window, qtbot, monkeypatch, ROSTERS / "wh40k_7th_space_marines.ros")
    table = dialog.table
    rows = {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}
    assert rows == {"Captain": "new", "Rhino": "new", "Tactical Squad": "new",
                    "Land Speeder Squadron": "new ⚠", "Dreadnought": "new",
                    "Warlord Trait: The Imperium's Sword": "not a unit"}
    notes = table.item(dialog.unit_row("Rhino"), 7).text()
    assert "HP 3: kept as a note" in notes
    assert "5 units to add" in dialog.summary.text()


def test_import_with_a_changed_base_and_a_confirmed_guess_is_one_undo_step(
        window, qtbot, monkeypatch, own_bases):
    before = len(window.document.scenario.units)
    steps = window.undo_stack.count()
    dialog = _open(window, qtbot, monkeypatch, ROSTERS / "wh40k_7th_space_marines.ros")
    _choose_side(dialog, "blue")
    row = dialog.unit_row("Captain")
    box = dialog.table.cellWidget(row, 4)
    assert isinstance(box, QComboBox) and box.currentData() == Base.round_mm(40)
    chosen = dialog.base_choices(row)[1]
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_Down)  # the player picks the next base offered
    qtbot.waitUntil(lambda: dialog.plan.units[row].base_override == chosen)
    speeders = dialog.unit_row("Land Speeder Squadron")
    mark = dialog.table.item(speeders, 0)
    rect = dialog.table.visualItemRect(mark)
    QTest.mouseClick(dialog.table.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, QPoint(rect.left() + 12, rect.center().y()))
    qtbot.waitUntil(lambda: dialog.table.item(speeders, 0).text() == "new")
    assert not dialog.plan.units[speeders].guessed
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    scenario = window.document.scenario
    assert len(scenario.units) == before + 5
    assert window.undo_stack.count() == steps + 1
    captain = next(u for u in scenario.units if u.name == "Captain")
    assert captain.side == "blue" and captain.models[0].base == chosen
    items = [i for i in window.scene.items() if isinstance(i, ModelItem)]
    assert sum(1 for i in items if i.model_id in {m.id for m in captain.models}) == 1
    kept = json.loads(own_bases.read_text(encoding="utf-8"))
    assert kept["bases"]["wh40k"]["captain"]["base"]["length"] == chosen.length
    window.undo_stack.undo()
    assert len(window.document.scenario.units) == before
    window.undo_stack.redo()
    assert len(window.document.scenario.units) == before + 5


def test_a_guessed_base_is_drawn_dashed_until_confirmed(window, qtbot, monkeypatch):
    dialog = _open(window, qtbot, monkeypatch, ROSTERS / "wh40k_7th_space_marines.ros")
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    tank = next(u for u in window.document.scenario.units if u.name == "Land Speeder Squadron")
    item = next(i for i in window.scene.items()
                if isinstance(i, ModelItem) and i.model_id == tank.models[0].id)
    assert item._guessed and "guessed" in item.toolTip()
    halberdier = next(u for u in window.document.scenario.units if u.name == "Captain")
    other = next(i for i in window.scene.items()
                 if isinstance(i, ModelItem) and i.model_id == halberdier.models[0].id)
    assert not other._guessed


def test_reimport_shows_added_and_removed_before_applying(window, qtbot, monkeypatch,
                                                          tmp_path):
    data = samples.wh40k_7th()
    first = tmp_path / "first.ros"
    first.write_text(samples.to_ros(data), encoding="utf-8")
    dialog = _open(window, qtbot, monkeypatch, first)
    _choose_side(dialog, "red")
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    ids = {roster_key(u): u.id for u in window.document.scenario.units if roster_key(u)}
    data["forces"][0]["selections"].pop(0)  # the Captain leaves
    second = tmp_path / "second.ros"
    second.write_text(samples.to_ros(data), encoding="utf-8")
    units_before = list(window.document.scenario.units)
    dialog = _open(window, qtbot, monkeypatch, second)
    _choose_side(dialog, "red")
    table = dialog.table
    rows = {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}
    assert rows["Captain"] == "removed" and rows["Tactical Squad"] == "kept"
    assert window.document.scenario.units == units_before  # shown, not applied yet
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    now = {roster_key(u): u.id for u in window.document.scenario.units if roster_key(u)}
    assert len(now) == len(ids) - 1 and all(ids[k] == v for k, v in now.items())


def test_a_hostile_list_is_refused_in_a_box_and_nothing_changes(window, qtbot, monkeypatch,
                                                                tmp_path):
    bomb = tmp_path / "laughs.ros"
    bomb.write_text('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l "lol">]>'
                    f'<roster xmlns="{samples.NS}">&l;</roster>', encoding="utf-8")
    shown = []
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append(text))
    units = list(window.document.scenario.units)
    monkeypatch.setattr(army_controller.QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(bomb), ""))
    window.features.army.action.trigger()
    assert len(shown) == 1 and "DTD, an entity" in shown[0]
    assert window.document.scenario.units == units


def _type_in_cell(dialog, qtbot, row: int, column: int, text: str) -> None:
    """Click the cell, F2, select all, type ``text``, Tab: as a player edits it."""
    rect = dialog.table.visualItemRect(dialog.table.item(row, column))
    QTest.mouseClick(dialog.table.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, rect.center())
    QTest.keyClick(dialog.table, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    editor = QApplication.focusWidget()
    QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Tab)  # on to the next cell: the edit is committed


def test_the_player_edits_a_units_stats_in_the_table(window, qtbot, monkeypatch):
    dialog = _open(window, qtbot, monkeypatch, ROSTERS / "wh40k_7th_space_marines.ros")
    row = dialog.unit_row("Rhino")
    _type_in_cell(dialog, qtbot, row, 6, "BS 3")
    qtbot.waitUntil(lambda: dialog.table.item(row, 6).text() == "BS 3")
    unit = dialog.plan.units[row]
    assert unit.stats["bs"] == 3
    assert unit.stats["armour"] == {"front": 11, "right": 11, "rear": 10, "left": 11}
    _type_in_cell(dialog, qtbot, row, 6, "BS 12")
    qtbot.waitUntil(lambda: "BS 12" in dialog.error.text())
    assert "BS 12: Ballistic Skill (BS) must be a whole number from 0 to 10" in dialog.error.text()
    assert dialog.plan.units[row].stats["bs"] == 3


def test_the_player_types_a_base_the_presets_lack(window, qtbot, monkeypatch):
    dialog = _open(window, qtbot, monkeypatch, ROSTERS / "wh40k_7th_space_marines.ros")
    row = dialog.unit_row("Land Speeder Squadron")
    box = dialog.table.cellWidget(row, 4)
    line = box.lineEdit()
    QTest.mouseDClick(line, Qt.MouseButton.LeftButton)
    QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(line, "120x92 mm oval")
    QTest.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.plan.units[row].base_override == Base.oval_mm(120, 92))
    assert not dialog.plan.units[row].guessed
    box = dialog.table.cellWidget(dialog.unit_row("Captain"), 4)
    line = box.lineEdit()
    QTest.mouseDClick(line, Qt.MouseButton.LeftButton)
    QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(line, "huge")
    QTest.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "is not a base" in dialog.error.text())
    assert dialog.plan.units[dialog.unit_row("Captain")].base_override is None
