"""The Deploy tools on the real window: zones, marks, the dock, the map menu, undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.game.core.units import excess_text
from board.game.deployment.deploy_choice import deployment_status
from tests.board.qt_helpers import drag, positions

R32 = 32 / 25.4 / 2


@pytest.fixture
def deploy(window, qtbot):
    """The window's Deploy controller, shown with its keyboard shortcut."""
    controller = window.deploy
    window.activateWindow()  # shortcuts go to the active window
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_D,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: controller.status is not None)
    return controller


def _map_action(controller, key):
    controller.map_menu.aboutToShow.emit()
    return next(a for a in controller.map_menu.actions() if a.data() == key)


def test_the_deploy_menu_holds_the_toggle_and_the_maps(window):
    menu = window.menu("&Deploy")
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Show &Deployment", "Deployment &Map", "Objective &Ranges"]
    assert not window.deploy.zones_item.isVisible() and not window.deploy.dock.isVisible()


def test_showing_draws_each_sides_zone_and_counts_models_out(window, deploy):
    assert deploy.show_action.isChecked()
    assert deploy.zones_item.isVisible() and deploy.dock.isVisible()
    captions = [z.caption for z in deploy.zones_item.zones]
    assert captions == ["Red deploys here (bottom)", "Blue deploys here (top)"]
    bottom = deploy.zones_item.zones[0].path.boundingRect()
    assert (bottom.top(), bottom.bottom(), bottom.width()) == (36.0, 48.0, 72.0)
    # The sample: red's squad stands in its zone; blue's guards (y 30) and tank (y 36) do not.
    lines = deploy.dock.lines()
    assert lines[0] == "Tactical Squad (Red, zone bottom): 0 of 5 out"
    assert lines[1].startswith("Guard Squad (Blue, zone top): 3 of 3 out: model 1 by 18.")
    assert deploy.dock.headline.text().endswith("4 models out of zone")
    assert len(deploy.marks()) == 4
    assert sorted(deploy.mark_texts())[0].startswith("3 out, up to 18.")


def test_dragging_a_model_out_marks_it_and_the_count_follows(window, deploy, qtbot):
    moved = drag(window.view, (10.0, 40.0), (10.0, 30.0))
    x, y = positions(window.document, ["r0"])["r0"]
    assert (x, y) == pytest.approx((10.0 + moved.x(), 40.0 + moved.y()))
    expected = excess_text(36.0 - (y - R32))
    qtbot.waitUntil(lambda: deploy.dock.lines()[0].startswith("Tactical Squad (Red, zone "
                                                              "bottom): 1 of 5 out"))
    assert deploy.dock.lines()[0].endswith(f": model 1 by {expected}")
    qtbot.waitUntil(lambda: f"out {expected}" in deploy.mark_texts())  # laid out, drawn
    ring = next(m for m in deploy.marks() if m.centre.x() == pytest.approx(x))
    assert (ring.centre.y(), ring.radius) == pytest.approx((y, R32))
    # The dock agrees with the pure function over the document.
    status = deployment_status(window.document.scenario, window.scene.world())
    assert deploy.dock.lines() == [row.text for row in status.rows]
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: deploy.dock.lines()[0].endswith("0 of 5 out"))


def test_choosing_a_map_is_one_undo_step(window, deploy, qtbot):
    before = window.undo_stack.count()
    _map_action(deploy, "hammer_and_anvil").trigger()
    assert window.document.scenario.options["deployment"] == "hammer_and_anvil"
    assert window.undo_stack.count() == before + 1
    assert window.undo_stack.undoText() == "Deployment map: Hammer and Anvil"
    qtbot.waitUntil(lambda: deploy.dock.headline.text().startswith("Hammer and Anvil"))
    assert {z.caption.split("(")[1] for z in deploy.zones_item.zones} == {"left)", "right)"}
    assert _map_action(deploy, "hammer_and_anvil").isChecked()
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "deployment" not in window.document.scenario.options
    qtbot.waitUntil(lambda: deploy.dock.headline.text().startswith("Dawn of War"))
    assert _map_action(deploy, "dawn_of_war").isChecked()


def test_choosing_the_map_in_use_changes_nothing(window, deploy):
    before = window.undo_stack.count()
    _map_action(deploy, "dawn_of_war").trigger()
    assert window.undo_stack.count() == before
    assert "deployment" not in window.document.scenario.options


def test_activating_a_units_line_selects_its_models(window, deploy):
    at = deploy.dock.list.visualItemRect(deploy.dock.list.item(1)).center()
    viewport = deploy.dock.list.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(viewport, left, none, at)  # a double click as the mouse sends it
    QTest.mouseDClick(viewport, left, none, at)
    QTest.mouseRelease(viewport, left, none, at)
    assert window.scene.selected_model_ids() == ["b0", "b1", "b2"]


def test_hiding_stops_the_work_and_closing_the_dock_unchecks(window, deploy, qtbot):
    deploy.dock.close()
    assert not deploy.show_action.isChecked() and not deploy.zones_item.isVisible()
    status = deploy.status
    drag(window.view, (10.0, 40.0), (10.0, 30.0))
    QTest.qWait(20)
    assert deploy.status is status  # nothing worked out while hidden


def test_the_overlays_take_no_clicks(window, deploy):
    # A press on a model inside a zone still grabs the model, not the zone.
    moved = drag(window.view, (12.0, 40.0), (12.0, 43.0))
    assert positions(window.document, ["r1"])["r1"] == pytest.approx((11.5, 40.0 + moved.y()))


def test_the_marks_follow_a_drag_before_the_release(window, deploy, qtbot):
    from PySide6.QtCore import QPoint, QPointF

    view, viewport = window.view, window.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, none, view.mapFromScene(QPointF(10.0, 40.0)))
    for y in (38.0, 34.0, 30.0):
        at = view.mapFromScene(QPointF(10.0, y))
        QTest.mouseMove(viewport, QPoint(at.x(), at.y()))
    qtbot.waitUntil(lambda: "1 of 5 out" in deploy.dock.lines()[0])
    y = window.scene.model_item("r0").pos().y()
    assert deploy.dock.lines()[0].endswith(f": model 1 by {excess_text(36.0 - (y - R32))}")
    assert window.document.scenario.model("r0")[1].y == 40.0  # nothing moved yet
    assert any(m.centre.y() == pytest.approx(y) for m in deploy.marks())
    QTest.keyClick(viewport, Qt.Key.Key_Escape)  # the drag is abandoned
    QTest.mouseRelease(viewport, left, none, view.mapFromScene(QPointF(10.0, 30.0)))
    qtbot.waitUntil(lambda: deploy.dock.lines()[0].endswith("0 of 5 out"))
    assert window.document.scenario.model("r0")[1].y == 40.0
