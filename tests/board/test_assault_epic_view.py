"""Storm a building on the board, Epic 40,000: seed 001's first worked example with fixed dice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    TerrainPiece,
    TroopType,
    Unit,
)
from board.view.assault import EpicAssaultDialog, StormTool
from board.view.window import MainWindow
from rules.dice import FixedDice
from tests.board.qt_helpers import click

HALF = 1.7605
STAND = Base.round_mm(20)
EDGE = 20.0 - HALF - STAND.length_in / 2


def epic_scenario(inside: list[Unit] | None = None) -> Scenario:
    models = [Model(m, STAND, EDGE, 18.6 + 0.85 * k)
              for k, m in enumerate(("am1", "am2", "am3", "lib"))]
    marines = Unit("assault", "Assault Marines", "red", TroopType.INFANTRY, models,
                   stats={"assault_factor": 4, "assault_factors": {"lib": 6},
                          "psykers": ["lib"], "armour": 4})
    return Scenario(name="Epic storm", rule_system=RuleSystem.EPIC40K,
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=[TerrainPiece("block", "epic40k_medium_building", 20.0, 20.0)],
                    units=[marines, *(inside or [])])


def guard_inside() -> Unit:
    return Unit("guard", "Guard", "blue", TroopType.INFANTRY,
                [Model(f"g{k}", STAND, 20.0, 19.5 + 0.5 * k) for k in (1, 2, 3)],
                embarked_in="block", stats={"armour": 4})


@pytest.fixture
def epic_window(qtbot, library, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings)
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(epic_scenario())
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    return win


def open_storm(window, at) -> EpicAssaultDialog:
    window.view.setFocus()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_A,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert isinstance(window.scene.tool, StormTool)
    click(window.view, at)
    assert not isinstance(window.scene.tool, StormTool)  # back to selecting
    return window.storm.dialog


def test_storming_reproduces_the_first_worked_example_and_undo_takes_it_back(epic_window):
    window = epic_window
    window.storm.make_dice = lambda: FixedDice([4, 6, 2, 3, 5, 5, 3])
    dialog = open_storm(window, (20.0, 20.0))
    assert isinstance(dialog, EpicAssaultDialog) and dialog.isVisible()
    assert dialog.chosen() == ["am1", "am2", "am3", "lib"]
    assert "assault factor 18 against the building's 30" in dialog.preview.text()
    assert "(+1)" in dialog.preview.text()
    QTest.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    scenario = window.document.scenario
    assert scenario.piece("block").state["damage_capacity"] == 18
    record = dialog.record.toPlainText()
    assert "scores 5 to 7, the building wins by 2" in record
    assert "2 of 4 dice hit for 2 damage" in record and "capacity 20 → 18" in record
    entry = scenario.log[-1]
    assert [r["faces"] for r in entry.rolls] == [[4], [6], [2, 3, 5, 5], [3]]
    assert window.undo_stack.count() == 1
    assert not dialog.roll_button.isEnabled()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert scenario.piece("block").state == {} and scenario.log == []


def test_a_refused_stand_is_listed_with_its_reason_and_nothing_changes(epic_window):
    window = epic_window
    dialog = open_storm(window, (20.0, 20.0))
    assert [r.colour.name() for r in dialog.marks.marks.rings] == ["#2ecc40"] * 4
    assert dialog.marks.scene() is window.scene
    dialog.set_chosen(["am1"])
    assert [r.colour.name() for r in dialog.marks.marks.rings] == ["#2ecc40"] + ["#bdbdbd"] * 3
    assert "assault factor 4 against the building's 30" in dialog.preview.text()
    dialog.set_chosen([])
    assert "choose at least one stand" in dialog.refusal.text()
    assert not dialog.roll_button.isEnabled()
    assert window.undo_stack.count() == 0 and window.document.scenario.log == []
    dialog.close()
    assert dialog.marks.scene() is None  # the marks leave the board with the dialog


def test_clicking_beside_the_building_waits_and_escape_leaves_the_tool(epic_window):
    window = epic_window
    window.view.setFocus()
    window.storm.start()
    click(window.view, (40.0, 40.0))
    assert isinstance(window.scene.tool, StormTool) and window.storm.dialog is None
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert not isinstance(window.scene.tool, StormTool)


def test_the_defender_picks_the_second_stand_inside_and_the_debris_of_row_10_falls_on_it(
        epic_window):
    window = epic_window
    window.show_scenario(epic_scenario([guard_inside()]))
    # roll-off 6 (+1) against 1 (+1): won by 5, hits on 2+; dice 6, 6, 6, 6; critical chance 6;
    # 2D6 = 5 + 5, row 10: the debris falls; its kill roll 4 against armour 4+
    window.storm.make_dice = lambda: FixedDice([6, 1, 6, 6, 6, 6, 6, 5, 5, 4])
    dialog = open_storm(window, (20.0, 20.0))
    combo = dialog.debris
    assert combo is not None and combo.isVisible()
    assert [combo.itemText(k) for k in range(combo.count())] == [
        "Guard, stand 1", "Guard, stand 2", "Guard, stand 3"]
    assert combo.currentText() == "Guard, stand 1"  # the default: the first stand inside
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "Guard, stand 2"
    QTest.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    scenario = window.document.scenario
    assert [m.id for m in scenario.unit("guard").models] == ["g1", "g3"]
    line = "debris falls on Guard, stand 2 (the defender's choice): needs 4+, rolled 4: destroyed"
    assert line in dialog.record.toPlainText()
    assert line in scenario.log[-1].text
    assert not combo.isEnabled()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [m.id for m in scenario.unit("guard").models] == ["g1", "g2", "g3"]


def test_with_nobody_inside_there_is_no_debris_choice(epic_window):
    dialog = open_storm(epic_window, (20.0, 20.0))
    assert dialog.debris is None and dialog.debris_target() is None
