"""Issue 38, problem 2: the line-of-sight tool shows it is armed and never erases an answer unsaid.

The button and the Shoot menu item look pressed while the tool is on; the status bar's prompt
comes back after a menu's tip took its place; after an answer the prompt says a click starts a
new line, and the answer stays in the Shooting dock when it does.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from board.view.sight import SightTool
from tests.board.qt_helpers import click


def arm(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    QTest.keyClick(window, Qt.Key.Key_L)
    assert isinstance(window.scene.tool, SightTool)


def hover_a_menu_item(window, qtbot) -> None:
    """Open the Units menu, go down to an item with a tip (its tip shows), close it."""
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Units")
    menu.popup(window.mapToGlobal(QPoint(20, 20)))
    qtbot.waitExposed(menu)
    QTest.keyClick(menu, Qt.Key.Key_Down)  # the first item is active: its tip is shown
    tip = menu.activeAction().statusTip()
    assert tip
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == tip, timeout=3000)
    QTest.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=3000)


def test_the_armed_tool_looks_pressed_and_its_prompt_survives_a_menu(window, qtbot):
    action = window.shooting.actions["sight"]
    assert not action.isChecked() and not window.shooting.dock.sight.isChecked()
    arm(window, qtbot)
    assert action.isChecked() and window.shooting.dock.sight.isChecked()
    button = window.tool_bar.widgetForAction(action)
    assert button.isChecked()  # the tool bar's button is drawn pressed in
    prompt = window.statusBar().currentMessage()
    assert prompt.startswith("Line of sight: click the shooter")
    hover_a_menu_item(window, qtbot)
    assert window.statusBar().currentMessage() == prompt  # the prompt came back
    QTest.mouseClick(window.shooting.dock.sight, Qt.MouseButton.LeftButton)  # pressed again
    assert not isinstance(window.scene.tool, SightTool)
    assert not action.isChecked() and not window.shooting.dock.sight.isChecked()
    assert window.statusBar().currentMessage() == ""


def test_a_click_after_an_answer_says_so_and_keeps_the_answer(window, qtbot):
    arm(window, qtbot)
    click(window.view, (10.0, 40.0), Qt.KeyboardModifier.ShiftModifier)  # the red squad
    assert window.statusBar().currentMessage().startswith(
        "Line of sight from Tactical Squad: now click the target")  # its name, not its id
    click(window.view, (40.0, 30.0))  # b0
    answer = window.shooting.sight.reading.lines()
    prompt = window.statusBar().currentMessage()
    assert "the answer is in the Shooting dock. Click a new shooter for another line" in prompt
    assert window.shooting.dock.readout.toPlainText() == "\n".join(answer)
    click(window.view, (42.0, 30.0))  # b1: a new shooter
    text = window.shooting.dock.readout.toPlainText().split("\n")
    assert text[:2] == ["Shooter: Guard Squad, model 2",
                        "Now click the target (Shift: its whole unit)"]
    assert text[3:] == ["Last answer (kept until the next one):", *answer]
