"""Dragging, rotating and selecting with the real mouse on the real viewport."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.board.qt_helpers import click, drag, positions

RED = ["r0", "r1", "r2", "r3", "r4"]
ALL = RED + ["b0", "b1", "b2", "t0"]


def test_dragging_one_model_moves_exactly_that_model(window):
    before = positions(window.document, ALL)
    moved = drag(window.view, (10.0, 40.0), (16.5, 33.0))
    after = positions(window.document, ALL)
    assert after["r0"][0] == pytest.approx(before["r0"][0] + moved.x(), abs=0.01)
    assert after["r0"][1] == pytest.approx(before["r0"][1] + moved.y(), abs=0.01)
    assert moved.x() == pytest.approx(6.5, abs=0.2) and moved.y() == pytest.approx(-7.0, abs=0.2)
    assert {k: v for k, v in after.items() if k != "r0"} == {
        k: v for k, v in before.items() if k != "r0"
    }
    assert window.undo_stack.count() == 1
    item = window.scene.model_item("r0")
    assert (item.pos().x(), item.pos().y()) == pytest.approx(after["r0"])


def test_drag_needs_the_intermediate_move_with_the_button_held(window):
    # One move between press and release is enough and is what a user's drag delivers.
    moved = drag(window.view, (10.0, 40.0), (12.0, 42.0), steps=1)
    assert positions(window.document, ["r0"])["r0"] == pytest.approx(
        (10.0 + moved.x(), 40.0 + moved.y()), abs=0.01
    )


def test_shift_drag_moves_the_whole_unit_keeping_formation(window):
    before = positions(window.document, ALL)
    moved = drag(window.view, (13.0, 40.0), (20.0, 20.0), Qt.KeyboardModifier.ShiftModifier)
    after = positions(window.document, ALL)
    for mid in RED:
        assert after[mid][0] == pytest.approx(before[mid][0] + moved.x(), abs=0.01)
        assert after[mid][1] == pytest.approx(before[mid][1] + moved.y(), abs=0.01)
    for mid in ["b0", "b1", "b2", "t0"]:
        assert after[mid] == before[mid]
    assert window.undo_stack.count() == 1


def test_undo_restores_every_position_exactly_and_redo_reapplies(window):
    before = positions(window.document, ALL)
    drag(window.view, (13.0, 40.0), (30.0, 10.0), Qt.KeyboardModifier.ShiftModifier)
    drag(window.view, (60.0, 36.0), (62.0, 30.0))
    moved = positions(window.document, ALL)
    window.actions_["undo"].trigger()
    window.actions_["undo"].trigger()
    assert positions(window.document, ALL) == before
    for mid, (x, y) in before.items():
        pos = window.scene.model_item(mid).pos()
        assert (pos.x(), pos.y()) == (x, y)
    window.actions_["redo"].trigger()
    window.actions_["redo"].trigger()
    assert positions(window.document, ALL) == moved


def test_zoom_then_drag_still_moves_the_right_inches(window):
    view = window.view
    scale = view.scale_factor
    anchor = view.mapFromScene(QPointF(12.0, 40.0))
    wheel = QWheelEvent(
        QPointF(anchor),
        QPointF(view.viewport().mapToGlobal(anchor)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.scale_factor == pytest.approx(scale * 1.25**2, rel=1e-6)
    # The point under the cursor stays under the cursor.
    under = view.mapToScene(anchor)
    assert (under.x(), under.y()) == pytest.approx((12.0, 40.0), abs=1.5 / scale)
    window.actions_["zoom_in"].trigger()
    assert view.scale_factor == pytest.approx(scale * 1.25**3, rel=1e-6)
    start = positions(window.document, ["r1"])["r1"]
    moved = drag(view, start, (start[0] + 2.0, start[1] - 1.5))
    assert moved.x() == pytest.approx(2.0, abs=0.05) and moved.y() == pytest.approx(-1.5, abs=0.05)
    end = positions(window.document, ["r1"])["r1"]
    assert end == pytest.approx((start[0] + moved.x(), start[1] + moved.y()), abs=0.01)


def test_rotate_with_keys_and_ctrl_wheel_is_undoable(window):
    click(window.view, (60.0, 36.0))
    assert window.scene.selected_model_ids() == ["t0"]
    QTest.keyClick(window.view, Qt.Key.Key_R)
    assert window.document.scenario.model("t0")[1].facing == 285.0
    QTest.keyClick(window.view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClick(window.view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert window.document.scenario.model("t0")[1].facing == 255.0
    assert window.scene.model_item("t0").rotation() == 255.0
    at = QPointF(window.view.mapFromScene(QPointF(60.0, 36.0)))
    wheel = QWheelEvent(
        at,
        at,
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    scale = window.view.scale_factor
    QApplication.sendEvent(window.view.viewport(), wheel)
    assert window.document.scenario.model("t0")[1].facing == 260.0
    assert window.view.scale_factor == scale  # Ctrl+wheel on a selection turns, not zooms
    while window.undo_stack.canUndo():
        window.undo_stack.undo()
    assert window.document.scenario.model("t0")[1].facing == 270.0


def test_rubber_band_selects_the_models_inside(window):
    drag(window.view, (8.0, 38.0), (13.6, 42.0))  # r3 (14.5, 40) reaches 13.87
    assert sorted(window.scene.selected_model_ids()) == ["r0", "r1", "r2"]
    assert positions(window.document, RED) == {f"r{i}": (10.0 + 1.5 * i, 40.0) for i in range(5)}
    assert window.undo_stack.count() == 0


def test_ctrl_click_adds_to_the_selection_and_dragging_moves_the_selection(window):
    click(window.view, (10.0, 40.0))
    click(window.view, (40.0, 30.0), Qt.KeyboardModifier.ControlModifier)
    assert window.scene.selected_model_ids() == ["r0", "b0"]
    moved = drag(window.view, (40.0, 30.0), (40.0, 33.0))  # both to free table
    after = positions(window.document, ["r0", "b0", "r1"])
    assert after["r0"] == pytest.approx((10.0 + moved.x(), 40.0 + moved.y()), abs=0.01)
    assert after["b0"] == pytest.approx((40.0 + moved.x(), 30.0 + moved.y()), abs=0.01)
    assert after["r1"] == (11.5, 40.0)


def test_dragging_a_building_moves_it_and_undo_puts_it_back(window):
    moved = drag(window.view, (50.0, 12.5), (55.0, 20.0))
    piece = window.document.scenario.piece("hut")
    assert (piece.x, piece.y) == pytest.approx((50.0 + moved.x(), 14.0 + moved.y()), abs=0.01)
    window.undo_stack.undo()
    assert (piece.x, piece.y, piece.rotation) == (50.0, 14.0, 90.0)


def test_middle_button_pans_without_moving_anything(window):
    window.view.zoom_by(4.0)
    before = positions(window.document, ALL)
    bar = window.view.horizontalScrollBar()
    value = bar.value()
    vp = window.view.viewport()
    start = QPoint(400, 300)
    QTest.mousePress(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(vp, QPoint(350, 300))
    QTest.mouseRelease(
        vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(300, 300)
    )
    assert bar.value() == value + 50
    assert positions(window.document, ALL) == before


def test_undo_and_redo_shortcuts_drive_the_stack(window):
    drag(window.view, (10.0, 40.0), (12.0, 40.0))
    moved = positions(window.document, ["r0"])
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert positions(window.document, ["r0"]) == {"r0": (10.0, 40.0)}
    QTest.keyClick(
        window.view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert positions(window.document, ["r0"]) == moved
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert positions(window.document, ["r0"]) == moved


def test_space_drag_pans_instead_of_moving_a_model(window):
    window.view.zoom_by(4.0)
    window.view.centerOn(10.0, 38.0)
    before = positions(window.document, ALL)
    bar = window.view.verticalScrollBar()
    value = bar.value()
    QTest.keyPress(window.view, Qt.Key.Key_Space)
    on_model = window.view.mapFromScene(QPointF(10.0, 40.0))
    vp = window.view.viewport()
    assert vp.rect().contains(on_model)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, on_model)
    QTest.mouseMove(vp, on_model + QPoint(0, -20))
    QTest.mouseMove(vp, on_model + QPoint(0, -40))
    QTest.mouseRelease(
        vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, on_model + QPoint(0, -40)
    )
    QTest.keyRelease(window.view, Qt.Key.Key_Space)
    assert bar.value() == value + 40
    assert positions(window.document, ALL) == before and window.undo_stack.count() == 0


def test_snap_lands_the_grabbed_model_on_the_half_inch_and_keeps_formation(window):
    window.actions_["snap"].trigger()
    drag(window.view, (11.5, 40.0), (14.83, 36.71), Qt.KeyboardModifier.ShiftModifier)
    after = positions(window.document, RED)
    assert after["r1"][0] * 2 == round(after["r1"][0] * 2)
    assert after["r1"][1] * 2 == round(after["r1"][1] * 2)
    gaps = [after[f"r{i + 1}"][0] - after[f"r{i}"][0] for i in range(4)]
    assert gaps == pytest.approx([1.5] * 4)
    window.actions_["snap"].trigger()
    assert window.scene.snap_step == 0.0


def test_the_status_bar_shows_how_far_a_drag_has_gone(window):
    vp = window.view.viewport()
    p0 = window.view.mapFromScene(QPointF(10.0, 40.0))
    p1 = window.view.mapFromScene(QPointF(13.0, 36.0))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p0)
    QTest.mouseMove(vp, p1)
    shown = window.statusBar().currentMessage()
    moved = window.view.mapToScene(p1) - window.view.mapToScene(p0)
    assert shown.startswith("moving 1 model ")
    assert f"{(moved.x() ** 2 + moved.y() ** 2) ** 0.5:.2f} in" in shown
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p1)
    assert window.statusBar().currentMessage() == ""


def test_escape_cancels_a_drag_in_progress(window):
    vp = window.view.viewport()
    p0 = window.view.mapFromScene(QPointF(10.0, 40.0))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p0)
    QTest.mouseMove(vp, p0 + QPoint(60, -30))
    assert window.scene.model_item("r0").pos() != QPointF(10.0, 40.0)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       p0 + QPoint(60, -30))
    assert window.scene.model_item("r0").pos() == QPointF(10.0, 40.0)
    assert positions(window.document, ["r0"]) == {"r0": (10.0, 40.0)}
    assert window.undo_stack.count() == 0


def test_press_and_release_elsewhere_without_a_move_still_moves_by_the_distance(window):
    vp = window.view.viewport()
    p0 = window.view.mapFromScene(QPointF(10.0, 40.0))
    p1 = window.view.mapFromScene(QPointF(14.0, 37.0))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p0)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p1)
    moved = window.view.mapToScene(p1) - window.view.mapToScene(p0)
    assert positions(window.document, ["r0"])["r0"] == pytest.approx(
        (10.0 + moved.x(), 40.0 + moved.y()), abs=0.01)
    assert window.undo_stack.count() == 1
