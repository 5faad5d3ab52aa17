"""The unit editor: a unit entered with real keys, refused with the reason, one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from board.document.model import BaseShape, TroopType


def _type(widget, text: str) -> None:
    """Select the field's text and type ``text`` over it, as a player would."""
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(widget, text)


def _editor(window):
    QTest.keyClick(window, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    editor = window.features.units.editor
    assert editor is not None and editor.isVisible()
    return editor


def test_a_unit_entered_in_the_editor_lands_clear_of_the_bastion_as_one_step(window, qtbot):
    before = len(window.scenario.units)
    editor = _editor(window)
    _type(editor.name_edit, "Veterans")
    _type(editor.count_box, "6")
    editor.preset_box.setCurrentIndex(editor.preset_box.findText("40 mm"))
    _type(editor.stat_boxes["ws"], "5")
    _type(editor.stat_boxes["leadership"], "9")
    QTest.keyClick(editor.ok_button, Qt.Key.Key_Space)
    assert not editor.isVisible()
    unit = window.scenario.units[-1]
    assert len(window.scenario.units) == before + 1
    assert (unit.name, len(unit.models), unit.troop_type) == ("Veterans", 6, TroopType.INFANTRY)
    assert unit.models[0].base.shape is BaseShape.ROUND and unit.models[0].base.length == 40
    assert unit.stats["ws"] == 5 and unit.stats["leadership"] == 9
    assert unit.stats["toughness"] == 4 and unit.stats["save"] == 3  # the profile's defaults
    world = window.scene.world()
    footprints = [p.footprint for p in world.pieces.values()]
    for model_id, shape in world.unit_models(unit.id):
        poly = shape.polygon() if hasattr(shape, "polygon") else shape
        assert not any(poly.intersects(f) for f in footprints), model_id
    window.undo_stack.undo()
    assert len(window.scenario.units) == before


def test_a_value_out_of_range_is_refused_with_the_reason(window):
    before = len(window.scenario.units)
    editor = _editor(window)
    _type(editor.stat_boxes["ws"], "12")
    QTest.keyClick(editor.ok_button, Qt.Key.Key_Space)
    assert editor.isVisible()
    assert "Weapon Skill (WS) must be a whole number from 0 to 10, got 12" in \
        editor.refusal.text()
    assert len(window.scenario.units) == before
    editor.reject()


def test_editing_a_unit_changes_its_profile_in_one_undo_step(window):
    unit = window.scenario.unit("red-tac")
    for model in unit.models:
        window.scene.model_item(model.id).setSelected(True)
    QTest.keyClick(window, Qt.Key.Key_U,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    editor = window.features.units.editor
    assert editor is not None and editor.unit is unit
    _type(editor.name_edit, "Tactical Squad Fidelis")
    _type(editor.stat_boxes["toughness"], "5")
    QTest.keyClick(editor.ok_button, Qt.Key.Key_Space)
    edited = window.scenario.unit("red-tac")
    assert edited.name == "Tactical Squad Fidelis" and edited.stats["toughness"] == 5
    window.undo_stack.undo()
    assert window.scenario.unit("red-tac").name == unit.name


@pytest.fixture(autouse=True)
def _no_modal_left():
    yield
    modal = QApplication.activeModalWidget()
    if modal is not None:
        modal.close()


def test_the_sides_are_renamed_and_recoloured_in_one_undo_step(window):
    window.actions_["sides"].trigger()
    dialog = window.features.sides.dialog
    _type(dialog.rows[0].name_edit, "Ultramarines")
    dialog.rows[0].set_colour("#0d47a1")
    QTest.keyClick(dialog.ok_button, Qt.Key.Key_Space)
    assert [s.name for s in window.scenario.sides] == ["Ultramarines", "Blue"]
    assert window.scenario.side("red").colour == "#0d47a1"  # the id stays
    assert window.scene.model_item("r0").name == "Tactical Squad (Ultramarines)"
    window.undo_stack.undo()
    assert window.scenario.side("red").name == "Red"
    assert window.scene.model_item("r0").name == "Tactical Squad (Red)"


def test_two_sides_of_one_name_are_refused(window):
    window.actions_["sides"].trigger()
    dialog = window.features.sides.dialog
    _type(dialog.rows[1].name_edit, "red")
    QTest.keyClick(dialog.ok_button, Qt.Key.Key_Space)
    assert dialog.isVisible() and "the sides need different names" in dialog.refusal.text()
    dialog.reject()
