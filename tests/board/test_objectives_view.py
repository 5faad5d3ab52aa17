"""Objectives on the real window: the holder follows a drag live, the ranges on request."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.document.model import Base, Model, Scenario, Side, Table, TerrainPiece, TroopType, Unit
from board.view.objectives.items import ObjectivesItem
from tests.board.first_game import place_from_palette
from tests.board.qt_helpers import Left, NoMod

MARKER_R = 20 / 25.4
R32 = 16 / 25.4


def _scenario():
    red = Unit("red-tac", "Tactical Squad", "red", TroopType.INFANTRY,
               [Model("r0", Base.round_mm(32), 40.0, 22.0)], stats={"oc": 2})
    blue = Unit("blue-boyz", "Boyz", "blue", TroopType.INFANTRY,
                [Model("b0", Base.round_mm(32), 30.0 - MARKER_R - 1.0 - R32, 22.0)],
                stats={"oc": 1})
    return Scenario(name="Objectives", table=Table(60, 44),
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    options={"edition": "10th"},
                    terrain=[TerrainPiece("obj", "objective_marker", 30.0, 22.0)],
                    units=[red, blue])


@pytest.fixture
def board(window, qtbot):
    window.show_scenario(_scenario())
    window.view.fit_table()
    controller = window.features.objectives
    qtbot.waitUntil(lambda: bool(controller.held))
    return controller


def test_the_holder_follows_a_drag_live_and_on_release(window, board, qtbot):
    assert board.held[0].control.holder == "blue"
    view = window.view
    start = view.mapFromScene(QPointF(40.0, 22.0))
    QTest.mousePress(view.viewport(), Left, NoMod, start)
    # Into range: 1" from the marker's edge, the button still down.
    target = view.mapFromScene(QPointF(30.0 + MARKER_R + 1.0 + R32, 22.0))
    for k in range(1, 5):
        at = start + (target - start) * (k / 4)
        QTest.mouseMove(view.viewport(), QPoint(round(at.x()), round(at.y())))
    qtbot.waitUntil(lambda: board.held[0].control.holder == "red")  # before the release
    assert window.document.scenario.model("r0")[1].x == 40.0  # the document not yet moved
    caption = board.item.looks[0].caption
    assert caption == "Objective 1: Red holds, 2 to 1"
    QTest.mouseRelease(view.viewport(), Left, NoMod, target)
    qtbot.waitUntil(lambda: window.document.scenario.model("r0")[1].x != 40.0)
    qtbot.waitUntil(lambda: board.held[0].control.holder == "red")
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: board.held[0].control.holder == "blue")


def test_ranges_are_drawn_on_request(window, board, qtbot):
    assert not board.item.ranges_shown
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_O,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert board.item.ranges_shown and board.ranges_action.isChecked()
    # The range circle reaches 3" beyond the marker's edge: the item covers it.
    bounds = board.item.boundingRect()
    assert bounds.left() <= 30.0 - MARKER_R - 3.0 and bounds.right() >= 30.0 + MARKER_R + 3.0
    image = window.view.grab().toImage()
    at = window.view.mapFromScene(QPointF(30.0, 22.0))
    gold = image.pixelColor(at.x(), at.y())
    assert (gold.red(), gold.green()) > (200, 150) and gold.blue() < 120  # the marker's gold


def test_no_markers_no_objectives_until_the_first_is_placed(window, qtbot):
    assert window.features.objectives is None  # the sample board has no marker
    assert not any(isinstance(i, ObjectivesItem) for i in window.scene.items())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_O,  # the ranges asked for before any marker
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    place_from_palette(window, "Objective marker (40 mm)")
    controller = window.features.objectives
    assert controller is not None and controller.ranges_action.isChecked()
    qtbot.waitUntil(lambda: [look.caption for look in controller.item.looks] == ["Objective 1"])
    assert controller.item.ranges_shown and controller.item.scene() is window.scene
    window.undo_stack.undo()  # the marker gone: the overlay stays, showing nothing
    qtbot.waitUntil(lambda: controller.item.looks == ())
    assert controller.held == () and window.features.objectives is controller
