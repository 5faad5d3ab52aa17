"""Selecting many items at once is one change of the selection, said once.

Qt says each item selected at once, and every listener (the docks, the measurements, who
sees whom, the unit naming) reads the selection again: a unit of 20 was said 21 times, and
Select All on a table of 3,000 models took three minutes. Each test acts with real clicks and
keys and counts what the scene said.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from shiboken6 import isValid

Shift = Qt.KeyboardModifier.ShiftModifier
Ctrl = Qt.KeyboardModifier.ControlModifier


def said(window) -> list[int]:
    told: list[int] = []
    scene = window.scene

    def count() -> None:
        if isValid(scene):  # not while the window closes
            told.append(len(scene.selectedItems()))

    scene.selectionChanged.connect(count)
    return told


def at(window, model_id: str):
    model = window.document.scenario.model(model_id)[1]
    return window.view.mapFromScene(QPointF(model.x, model.y))


def test_shift_click_selects_the_unit_in_one_change(window):
    told = said(window)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Shift,
                     at(window, "r2"))
    assert told == [5]  # the five of the Tactical Squad, said once
    assert window.scene.selected_model_ids() == [f"r{k}" for k in range(5)]
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Shift,
                     at(window, "b1"))
    assert told == [5, 3]  # the squad let go and the Guard Squad taken: one change


def test_select_all_is_one_change_and_a_click_on_a_model_another(window):
    told = said(window)
    window.view.viewport().setFocus()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_A, Ctrl)
    everything = len(window.scene.model_items()) + len(window.scene.piece_items())
    assert told == [everything]
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, "r0"))
    assert told == [everything]  # a selected model clicked keeps the selection (to drag it)
    window.scene.clearSelection()
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, "r0"))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, "t0"))
    assert told == [everything, 0, 1, 1]  # r0 taken; r0 let go and t0 taken in one change
    assert window.scene.selected_model_ids() == ["t0"]
