"""Issue 38, problem 1: a rule asks for a stat of a unit inside a building; the player gets there.

A Warhammer Fantasy garrison is shot; its Toughness is missing. The unit is inside the
building, so it cannot be selected on the table: the Shoot dialog offers to edit its profile,
and Units ▸ Edit Unit… with nothing selected asks which unit. The editor shows "not set" for a
stat the unit does not store and no rule defaults (Epic's close assault factor), never a
number the storm would then say is missing.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QSpinBox

from board.view.editors.unit_editor import NOT_SET

from .test_garrison_shot_view import garrison_scenario

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


def no_toughness():
    scenario = garrison_scenario()
    del scenario.unit("spears").stats["t"]
    return scenario


def type_into(spin: QSpinBox, text: str) -> None:
    """Select the box's text and type ``text`` as a player would."""
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, text)


def press_ok(editor) -> None:
    buttons = editor.findChild(QDialogButtonBox)
    QTest.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Ok), Left)


def test_a_garrison_without_toughness_is_edited_from_the_shoot_dialog(window):
    window.show_scenario(no_toughness())
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    assert "Spearmen have no Toughness (T) in their stats" in dialog.odds.toPlainText()
    assert "select the unit" not in dialog.odds.toPlainText()  # it cannot be selected
    button = dialog.edit_stat
    assert button.isVisible() and button.text() == "Edit Spearmen's profile…"
    assert not dialog.roll_button.isEnabled()
    QTest.mouseClick(button, Left)
    editor = window.features.units.editor
    assert editor is not None and editor.isVisible() and editor.unit.id == "spears"
    toughness = editor.stat_boxes["t"]
    assert toughness.text() == NOT_SET  # not a made-up 3 that the shot then says is missing
    type_into(toughness, "4")
    press_ok(editor)
    assert window.scenario.unit("spears").stats["t"] == 4
    assert "Toughness 4" in dialog.odds.toPlainText()  # read again at once
    assert dialog.roll_button.isEnabled() and not button.isVisible()
    window.undo_stack.undo()
    assert "t" not in window.scenario.unit("spears").stats


def test_edit_unit_with_nothing_selected_lists_the_units_inside_buildings(window):
    window.show_scenario(no_toughness())
    window.scene.clearSelection()
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_U,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    chooser = window.features.units.chooser
    assert chooser is not None and chooser.isVisible()
    rows = [chooser.units.item(k).text() for k in range(chooser.units.count())]
    assert rows == ["Great Cannon (Red, on the table)",
                    "Spearmen (Blue, inside Building, 1 floor (cottage))"]
    chooser.units.setCurrentRow(1)
    QTest.keyClick(chooser.units, Qt.Key.Key_Return)
    editor = window.features.units.editor
    assert editor is not None and editor.isVisible() and editor.unit.id == "spears"
    assert editor.name_edit.text() == "Spearmen"


def test_the_editor_shows_not_set_for_an_epic_close_assault_factor_not_stored(window, library):
    from board.document.model import Base, Model, RuleSystem, Scenario, Side, TroopType, Unit

    stand = Unit("tac", "Tactical Detachment", "red", TroopType.INFANTRY,
                 [Model("s1", Base.rectangle_mm(40, 20), 20.0, 20.0)], stats={"armour": 4})
    window.show_scenario(Scenario(name="Epic", rule_system=RuleSystem.EPIC40K,
                                  sides=[Side("red", "Red", "#c62828")], units=[stand]))
    window.scene.model_item("s1").setSelected(True)
    editor = window.features.units.open_edit()
    assert editor.stat_boxes["assault_factor"].text() == NOT_SET
    assert editor.stat_boxes["armour"].value() == 4
    press_ok(editor)  # OK stores what was shown: nothing for the factor
    assert "assault_factor" not in window.scenario.unit("tac").stats


def test_a_unit_inside_is_edited_from_the_building_dock(window):
    window.show_scenario(no_toughness())
    window.scene.clearSelection()
    window.scene.piece_item("house").setSelected(True)
    dock = window.features.buildings.dock
    assert dock.inside_list.count() == 1 and dock.inside_list.item(0).text().startswith(
        "Spearmen")
    inside = dock.inside_list
    at = inside.visualItemRect(inside.item(0)).center()
    QTest.mouseClick(inside.viewport(), Left, Qt.KeyboardModifier.NoModifier, at)  # a double
    QTest.mouseDClick(inside.viewport(), Left, Qt.KeyboardModifier.NoModifier, at)  # click
    editor = window.features.units.editor
    assert editor is not None and editor.isVisible() and editor.unit.id == "spears"
