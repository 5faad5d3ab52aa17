"""Issue 35 in the real window: a list for another game, a second army, a dialog that fits.

Driven as a player drives it: File ▸ Import Army List… (the file dialog answered), keys and
clicks on the question and the import dialog, the board checked after.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox

from board.view.army import controller as army_controller
from tests.game import roster_samples as samples


@pytest.fixture(autouse=True)
def own_bases(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOARD_BASES", str(tmp_path / "bases.json"))


def _choose_file(monkeypatch, path: Path) -> None:
    monkeypatch.setattr(army_controller.QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(path), ""))


def _answer(qtbot, press) -> list[str]:
    """Answer the next modal question with ``press(box)``; return the texts it showed."""
    seen: list[str] = []

    def act() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, act)
            return
        seen.append(box.text())
        press(box)

    QTimer.singleShot(0, act)
    return seen


def _list(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / name
    path.write_text(samples.to_ros(data), encoding="utf-8")
    return path


def test_a_list_for_another_game_asks_first_and_return_cancels(window, qtbot, monkeypatch,
                                                               tmp_path):
    data = samples.wh40k_7th()
    data["gameSystemName"] = "Age of Sigmar 4.0"
    _choose_file(monkeypatch, _list(tmp_path, "sigmar.ros", data))
    units = list(window.document.scenario.units)
    seen = _answer(qtbot, lambda box: QTest.keyClick(box, Qt.Key.Key_Return))
    window.features.army.action.trigger()
    assert seen and "Age of Sigmar 4.0" in seen[0] and "Warhammer 40,000" in seen[0]
    assert window.features.army.dialog is None  # Return pressed Cancel, the default
    assert window.document.scenario.units == units
    assert "Not imported" in window.statusBar().currentMessage()

    def anyway(box: QMessageBox) -> None:
        button = next(b for b in box.buttons() if b.text() == "Import Anyway")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    _answer(qtbot, anyway)
    window.features.army.action.trigger()
    dialog = window.features.army.dialog
    assert dialog is not None and dialog.plan is not None and dialog.plan.units


def _import(window, qtbot, monkeypatch, path: Path, side: str):
    _choose_file(monkeypatch, path)
    window.features.army.action.trigger()
    dialog = window.features.army.dialog
    qtbot.waitExposed(dialog)
    dialog.side.setCurrentIndex(dialog.side.findData(side))
    return dialog


def test_a_different_list_goes_beside_the_army_unless_replace_is_ticked(window, qtbot,
                                                                       monkeypatch, tmp_path):
    side = window.document.scenario.sides[0].id
    first = _list(tmp_path, "first.ros", samples.wh40k_7th())
    dialog = _import(window, qtbot, monkeypatch, first, side)
    assert not dialog.replace.isVisible()  # nothing else imported on that side yet
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    army = {u.id for u in window.document.scenario.units if u.stats.get("roster")}
    second = _list(tmp_path, "second.ros", samples.wh40k_10th())
    dialog = _import(window, qtbot, monkeypatch, second, side)
    assert dialog.replace.isVisible() and not dialog.replace.isChecked()
    assert "stay beside it" in dialog.summary.text()
    rows = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert "removed" not in rows
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    now = {u.id for u in window.document.scenario.units}
    assert army <= now  # one click never deletes an army
    third = _list(tmp_path, "third.ros", samples.wh40k_7th())  # a new list id
    dialog = _import(window, qtbot, monkeypatch, third, side)
    box = dialog.replace
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    qtbot.waitUntil(box.isChecked)
    rows = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    imported = [u for u in window.document.scenario.units
                if u.side == side and u.stats.get("roster")]
    assert rows.count("removed") == len(imported) > len(army)  # both lists' units, if asked


def test_the_dialog_fits_its_screen_and_shows_every_base_whole(window, qtbot, monkeypatch,
                                                               tmp_path):
    data = samples.wh40k_10th()
    _choose_file(monkeypatch, _list(tmp_path, "tenth.ros", data))
    window.features.army.action.trigger()
    dialog = window.features.army.dialog
    qtbot.waitExposed(dialog)
    area = dialog.screen().availableGeometry()
    assert area.contains(dialog.frameGeometry()), (dialog.frameGeometry(), area)
    assert dialog.width() <= 1200
    column = 4
    for row in range(len(dialog.plan.units)):
        box = dialog.table.cellWidget(row, column)
        assert isinstance(box, QComboBox)
        assert dialog.table.columnWidth(column) >= box.sizeHint().width(), box.currentText()
    cancel = dialog.buttons.button(dialog.buttons.StandardButton.Cancel)
    assert area.contains(cancel.mapToGlobal(cancel.rect().bottomRight()))
