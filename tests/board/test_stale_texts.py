"""Issue 38, problem 3: no text outlives what it says.

The Building dock's "Spearmen garrison …" goes when Undo empties the building and when the
garrison flees a shot; a Warhammer Fantasy board after an Epic one reads the cursor in inches
at once.
"""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.document.model import Base, Model, RuleSystem, Scenario, Side, TroopType, Unit

from .test_garrison_shot_view import cannon_seed, garrison_scenario

Left = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def spears_outside() -> Scenario:
    scenario = garrison_scenario()
    spears = scenario.unit("spears")
    spears.embarked_in = None
    spears.models = [dataclasses.replace(m, x=27.0 + 0.8 * k, y=22.06)
                     for k, m in enumerate(spears.models)]
    return scenario


def embark_from_the_dock(window) -> str:
    window.scene.clearSelection()
    window.scene.piece_item("house").setSelected(True)
    dock = window.features.buildings.dock
    dock.unit_choice.setCurrentIndex(dock.unit_choice.findData("spears"))
    QTest.mouseClick(dock.embark_button, Left)
    assert window.scenario.unit("spears").embarked_in == "house", dock.message.text()
    return dock.message.text()


def test_undo_takes_the_dock_s_garrison_words_with_it(window):
    window.show_scenario(spears_outside())
    dock = window.features.buildings.dock
    said = embark_from_the_dock(window)
    assert "Spearmen" in said
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.scenario.unit("spears").embarked_in is None
    assert dock.message.text() == ""
    assert dock.inside_list.count() == 0
    QTest.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)  # redo
    assert window.scenario.unit("spears").embarked_in == "house"
    assert dock.message.text() == ""  # the words were the embark's; a redo says nothing stale


def test_a_garrison_that_flees_a_shot_leaves_no_garrison_words(window, library):
    seed, _ = cannon_seed(library, "the garrison is placed outside, away from")
    window.show_scenario(spears_outside())
    dock = window.features.buildings.dock
    embark_from_the_dock(window)
    assert dock.message.text() != ""
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    assert window.scenario.unit("spears").embarked_in is None  # fled
    assert dock.message.text() == "" and dock.inside_list.count() == 0
    assert not any("Spearmen" in dock.facts.item(k).text() and "garrison" in
                   dock.facts.item(k).text() for k in range(dock.facts.count()))


def test_a_fantasy_board_after_an_epic_one_reads_the_cursor_in_inches(window):
    stand = Unit("tac", "Tactical Detachment", "red", TroopType.INFANTRY,
                 [Model("s1", Base.rectangle_mm(40, 20), 20.0, 20.0)], stats={"armour": 4})
    window.show_scenario(Scenario(name="Epic", rule_system=RuleSystem.EPIC40K,
                                  sides=[Side("red", "Red", "#c62828")], units=[stand]))
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(10.0, 10.0)))
    assert window.cursor_label.text().endswith(" cm")
    window.show_scenario(garrison_scenario())  # File ▸ Open of a Fantasy board
    text = window.cursor_label.text()
    assert "cm" not in text and text.endswith(" in"), text
