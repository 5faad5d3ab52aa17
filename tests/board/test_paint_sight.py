"""During a drag the line of sight is read at most every PREVIEW_EVERY_S; in between the last
reading is drawn moved with its models, and it is read again once the mouse rests (REST_S)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

import board.view.sight.overlay as overlay
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from board.game.sight import line_of_sight
from board.view.sight.overlay import PREVIEW_EVERY_S, REST_S, moved_reading


@pytest.fixture
def sight(window):
    found = window.shooting.sight
    found.set(Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget("blue-guard"))
    assert found.reading is not None and found.reading.rays
    return found


def test_a_moved_reading_moves_each_ray_with_its_eye_and_its_target(window, sight):
    reading = sight.reading
    owners = {(m.x, m.y): m.id for m in window.document.scenario.unit("red-tac").models}
    moved = moved_reading(reading, owners, {"r0": (1.0, -2.0), "b1": (0.5, 0.5)})
    for before, after in zip(reading.models, moved.models, strict=True):
        assert after.visible == before.visible and after.cover == before.cover
        for ray, shifted in zip(before.rays, after.rays, strict=True):
            eye = owners[ray.start]
            sx, sy = (1.0, -2.0) if eye == "r0" else (0.0, 0.0)
            ex, ey = (0.5, 0.5) if before.model_id == "b1" else (0.0, 0.0)
            assert shifted.start == (ray.start[0] + sx, ray.start[1] + sy)
            assert shifted.end == (ray.end[0] + ex, ray.end[1] + ey)
            assert shifted.blocked == ray.blocked


def test_a_drag_reads_once_then_moves_the_rays_then_reads_again_at_rest(
        window, sight, qtbot, monkeypatch):
    reads = []

    def counted(*args, **kwargs):
        reads.append(1)
        return line_of_sight(*args, **kwargs)

    monkeypatch.setattr(overlay, "line_of_sight", counted)
    now = [100.0]  # the overlay's clock, in seconds: moved by the test, not by the machine
    sight.clock = lambda: now[0]
    view, viewport = window.view, window.view.viewport()
    r0 = window.document.scenario.model("r0")[1]
    start = view.mapFromScene(QPointF(r0.x, r0.y))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, start)
    QTest.mouseMove(viewport, start + QPoint(20, 0))
    sight.item.sketch()  # the first paint of the drag reads
    assert len(reads) == 1
    now[0] += PREVIEW_EVERY_S / 2
    QTest.mouseMove(viewport, start + QPoint(40, 0))
    sketch = sight.item.sketch()  # soon after: the same reading, moved with the models
    assert len(reads) == 1
    item = window.scene.model_item("r0").pos()
    starts = {(round(line.x1(), 6), round(line.y1(), 6)) for line, _ in sketch.segments()}
    assert (round(item.x(), 6), round(item.y(), 6)) in starts  # rays start where r0 is now
    assert REST_S < PREVIEW_EVERY_S
    assert not sight.resting
    # The mouse rests: the next picture reads again, though the clock has not moved. A paint
    # Qt makes while waiting may take that reading itself (and clear ``resting``) before the
    # wait looks: either way there must be exactly one more reading.
    qtbot.waitUntil(lambda: sight.resting or len(reads) == 2, timeout=5000)
    sight.item.sketch()
    assert len(reads) == 2
    fresh, _ = sight.preview()
    rays = {(round(line.x1(), 6), round(line.y1(), 6), round(line.x2(), 6),
             round(line.y2(), 6)) for line, _ in sight.item.sketch().segments()}
    assert rays == {(round(r.start[0], 6), round(r.start[1], 6), round(r.end[0], 6),
                     round(r.end[1], 6)) for r in fresh.rays}
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                       start + QPoint(40, 0))
