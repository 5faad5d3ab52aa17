"""The line-of-sight tool on the real view: pick with the mouse, read the rays and verdicts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.game.core.shooters import ShooterKind
from board.game.firers import Firer
from board.view.sight import SightTool
from tests.board.qt_helpers import click

HALF_HIDDEN_X = 24.0 + 3.0 * 28.0 / 11.0  # behind the bastion's corner (27, 21), from (24, 10)


def move_model(window, model_id, x, y):
    _, model = window.document.scenario.model(model_id)
    window.document.move_models({model_id: (x, y)})
    assert (model.x, model.y) == (x, y)


@pytest.fixture
def sight(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    QTest.keyClick(window, Qt.Key.Key_L)  # the Shoot menu's shortcut
    assert isinstance(window.scene.tool, SightTool)
    return window.shooting


def test_a_model_half_behind_the_bastion_reads_half_visible_and_in_cover(window, sight):
    move_model(window, "r0", 24.0, 10.0)
    move_model(window, "b0", HALF_HIDDEN_X, 38.0)
    click(window.view, (24.0, 10.0))
    assert sight.sight.shooter.kind is ShooterKind.MODEL and sight.sight.shooter.id == "r0"
    assert "Now click the target" in sight.dock.readout.toPlainText()
    click(window.view, (HALF_HIDDEN_X, 38.0))
    reading = sight.sight.reading
    assert reading.models[0].visible == pytest.approx(0.5, abs=1e-3)
    assert sum(r.blocked for r in reading.rays) == 8 and len(reading.rays) == 16
    text = sight.dock.readout.toPlainText()
    assert "Guard Squad, model 1: 50% visible – 25% or more hidden: cover" in text
    assert sight.sight.item.sketch() is not None
    assert len(sight.sight.item.sketch().segments()) == 16


def test_the_building_target_reads_its_facing_and_armour(window, sight):
    click(window.view, (10.0, 40.0))  # r0
    click(window.view, (24.0, 24.0))  # the bastion
    text = sight.dock.readout.toPlainText()
    assert "Tactical Squad, model 1 → Imperial Bastion: in sight" in text
    assert "Tactical Squad, model 1: rear facing, AV 14 – 100% of it visible" in text


def test_shift_picks_the_whole_unit_and_a_third_click_starts_again(window, sight):
    click(window.view, (10.0, 40.0), Qt.KeyboardModifier.ShiftModifier)
    assert sight.sight.shooter.kind is ShooterKind.UNIT and sight.sight.shooter.id == "red-tac"
    click(window.view, (40.0, 30.0), Qt.KeyboardModifier.ShiftModifier)
    reading = sight.sight.reading
    assert [m.model_id for m in reading.models] == ["b0", "b1", "b2"]
    assert all(m.firers == 5 for m in reading.models)
    click(window.view, (40.0, 30.0))
    assert sight.sight.shooter.id == "b0" and sight.sight.reading is None


def test_a_fire_point_is_picked_by_clicking_on_it(window, sight):
    click(window.view, (21.8, 21.0))  # fire point front-1 of the bastion
    assert (sight.sight.shooter.kind, sight.sight.shooter.point) == \
        (ShooterKind.FIRE_POINT, "front-1")
    click(window.view, (40.0, 30.0))  # b0 stands to the right: behind the front wall's arc
    assert sight.sight.reading.models[0].visible == 0.0
    assert "out of sight" in sight.dock.readout.toPlainText()


def test_the_reading_follows_a_moved_model_and_escape_clears_it(window, sight):
    click(window.view, (10.0, 40.0))
    click(window.view, (40.0, 30.0))
    assert sight.sight.reading.models[0].visible == 1.0
    move_model(window, "b0", 24.0, 10.0)  # now straight behind the bastion from r0? no: open
    move_model(window, "r0", 24.0, 38.0)
    assert sight.sight.reading.models[0].visible == 0.0
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert sight.sight.reading is None and not isinstance(window.scene.tool, SightTool)


def test_the_rays_follow_a_model_dragged_with_the_tool_and_the_drag_is_one_undo_step(
        window, sight):
    from PySide6.QtCore import QPoint, QPointF

    move_model(window, "r0", 24.0, 10.0)
    click(window.view, (24.0, 10.0))
    click(window.view, (40.0, 30.0))
    assert sight.sight.reading.models[0].visible == 1.0
    viewport, view = window.view.viewport(), window.view
    start, end = view.mapFromScene(QPointF(40.0, 30.0)), view.mapFromScene(QPointF(24.0, 38.0))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in (1, 2, 3):
        at = start + (end - start) * (k / 3)
        QTest.mouseMove(viewport, QPoint(round(at.x()), round(at.y())))
    preview, _ = sight.sight.preview()
    assert preview.models[0].visible == 0.0  # now straight behind the bastion
    assert sight.sight.item.sketch() is not None
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    # The model moves as far as the mouse did, between the pixels pressed and released.
    moved = window.view.mapToScene(end) - window.view.mapToScene(start)
    _, b0 = window.document.scenario.model("b0")
    assert (b0.x, b0.y) == (pytest.approx(40.0 + moved.x()), pytest.approx(30.0 + moved.y()))
    assert sight.sight.reading.models[0].visible == 0.0
    assert sight.sight.target is not None and sight.sight.shooter.id == "r0"
    count = window.undo_stack.count()
    window.undo_stack.undo()
    assert sight.sight.reading.models[0].visible == 1.0 and window.undo_stack.index() == count - 1


def test_shoot_a_building_starts_from_what_the_line_of_sight_looks_at(window, sight):
    click(window.view, (40.0, 30.0), Qt.KeyboardModifier.ShiftModifier)  # the Guard Squad
    click(window.view, (24.0, 24.0))  # the bastion
    QTest.mouseClick(sight.dock.shoot, Qt.MouseButton.LeftButton)
    dialog = sight.dialog
    assert (dialog.target.currentData(), dialog.firer.currentData()) == \
        ("bastion", Firer.of_unit("blue-guard"))
    assert dialog.facing.text() == "Guard Squad stands in the right arc: AV 14"


def test_a_unit_to_unit_sight_writes_one_verdict_per_target_unit(window, sight):
    """One label for the target unit (and the shooter's name), not one per model; each
    model's own verdict is on its tooltip and in the dock."""
    click(window.view, (10.0, 40.0), Qt.KeyboardModifier.ShiftModifier)
    click(window.view, (40.0, 30.0), Qt.KeyboardModifier.ShiftModifier)
    reading = sight.sight.reading
    assert len(reading.models) == 3
    labels = sight.sight.item.sketch().labels
    verdicts = [label for label in labels if label.text.startswith("Guard Squad")]
    assert len(verdicts) == 1
    seen = sum(1 for m in reading.models if m.visible > 0)
    assert verdicts[0].text.startswith(f"Guard Squad: {seen} of 3 models visible")
    assert len(labels) == 2  # the verdict and the shooter's name
    for model in reading.models:
        tooltip = window.scene.model_item(model.model_id).toolTip()
        assert model.describe() in tooltip
        assert model.describe() in sight.dock.readout.toPlainText()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    sight.sight.clear()
    assert all("visible" not in window.scene.model_item(m.model_id).toolTip()
               for m in reading.models)
