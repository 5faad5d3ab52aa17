"""The obstacles an overlay's labels keep off are read once while the board is unchanged.

An overlay's paint at rest read every model, symbol and label near its labels again (some
18 ms on the benchmark's board) even when nothing had moved. The reading is now kept
(:class:`board.view.items.obstacles.ObstacleCache`) and read again after anything that can
change it: here a model dragged with the mouse, a zoom (and the legibility pass after it), a
scroll, a model's name put on the board by hovering it and taken off again. After each,
what is kept is what a reading of the board finds, and the board painted with what was kept
is the board painted with a reading made afresh, pixel for pixel.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.view.items.label_item import LabelItem
from board.view.items.obstacles import ObstacleCache, label_obstacles
from tests.board.test_layout_at_rest import ORDERS, _scroll, _settle, _show


def _cache(window) -> ObstacleCache:
    return window.shooting.sight.item._obstacle_cache


def _check_kept_is_read(window) -> None:
    """What the sight overlay keeps is what the board shows now; its pixels likewise."""
    cache = _cache(window)
    assert cache.asked is not None
    scene, area, view, skip, giving_way = cache.asked
    assert view == window.view.viewportTransform()
    yielding: list = []
    fresh = label_obstacles(scene, area, view, skip, yielding=yielding if giving_way else None)
    kept: list = []
    assert cache.obstacles(scene, area, view, skip, kept if giving_way else None) == fresh
    assert kept == yielding
    item = window.shooting.sight.item
    kept_pixels = window.view.viewport().grab().toImage()
    item._obstacle_cache = ObstacleCache()  # a reading afresh, as with no cache
    assert window.view.viewport().grab().toImage() == kept_pixels
    assert item._obstacle_cache.read >= 1


def _repaints_read(window, paints, qtbot) -> tuple[int, int]:
    """Repaint the board with nothing changed: (readings made, readings kept)."""
    cache = _cache(window)
    read, kept = cache.read, cache.kept
    for _ in range(3):
        window.view.viewport().repaint()
    return cache.read - read, cache.kept - kept


@pytest.mark.slow
def test_a_repaint_with_nothing_changed_reads_nothing_and_every_change_reads_again(
        qtbot, library, tmp_path):
    window, paints = _show(qtbot, library, tmp_path / "a.ini", ORDERS[0])
    view, viewport = window.view, window.view.viewport()
    _check_kept_is_read(window)
    assert _repaints_read(window, paints, qtbot) == (0, 3)  # three paints, nothing read

    # A model dragged with the mouse (a model of the target, under the labels).
    read = _cache(window).read
    item = window.scene.model_item("blue-23-0")
    before = item.scenePos()
    start = view.mapFromScene(before)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + QPoint(0, 8 * step))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       start + QPoint(0, 40))
    _settle(qtbot, window, paints)
    assert item.scenePos().y() > before.y() + 0.5  # it moved, an edit of the document
    assert _cache(window).read > read
    _check_kept_is_read(window)
    assert _repaints_read(window, paints, qtbot) == (0, 3)

    # A zoom (the legibility pass fits the labels again), then a scroll.
    read = _cache(window).read
    view.zoom_by(1.25)
    _settle(qtbot, window, paints)
    assert _cache(window).read > read
    _check_kept_is_read(window)
    read = _cache(window).read
    _scroll(qtbot, window, paints, 40, 25)
    assert _cache(window).read > read
    _check_kept_is_read(window)

    # A model's name put on the board by hovering it, then taken off by moving off.
    model = window.scene.model_item("red-24-3")
    names = {i for i in window.scene.items() if isinstance(i, LabelItem) and i.forms}
    read = _cache(window).read
    QTest.mouseMove(viewport, view.mapFromScene(model.scenePos()))
    _settle(qtbot, window, paints)
    shown = {i for i in window.scene.items() if isinstance(i, LabelItem) and i.forms}
    (name,) = shown - names  # its name (shown, or given way under a verdict)
    assert _cache(window).read > read
    _check_kept_is_read(window)
    read = _cache(window).read
    QTest.mouseMove(viewport, view.mapFromScene(model.scenePos() + QPointF(0.0, 30.0)))
    _settle(qtbot, window, paints)
    assert name not in window.scene.items()
    assert _cache(window).read > read
    _check_kept_is_read(window)
    assert _repaints_read(window, paints, qtbot) == (0, 3)
