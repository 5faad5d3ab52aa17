"""Items kept as pixmaps (DeviceCoordinateCache) still repaint when what they show changes.

Each test paints the item through a real view (the cache is used only there), changes what
it shows in a way that keeps its size, lets the view repaint, and compares the pixels.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView

from board.view.items.label_item import LabelItem
from board.view.items.markers import FirePointMarker
from board.view.items.table_item import TableItem

CACHED = QGraphicsItem.CacheMode.DeviceCoordinateCache


@pytest.fixture
def view(qtbot):
    scene = QGraphicsScene(QRectF(-10.0, -10.0, 20.0, 20.0))
    view = QGraphicsView(scene)
    view.kept_scene = scene  # the view does not own its scene: keep it alive
    view.resize(300, 300)
    view.scale(10.0, 10.0)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def shot(view: QGraphicsView) -> QImage:
    """What the viewport shows once every pending repaint is done."""
    for _ in range(3):
        QApplication.processEvents()
    return view.viewport().grab().toImage()


def changed_pixels(before: QImage, after: QImage) -> int:
    assert before.size() == after.size()
    return sum(
        before.pixel(x, y) != after.pixel(x, y)
        for x in range(0, before.width(), 1)
        for y in range(0, before.height(), 1)
    )


def test_a_cached_label_repaints_a_new_text_of_the_same_size(view):
    label = LabelItem("AV 12")
    view.scene().addItem(label)
    assert label.cacheMode() == CACHED
    first = shot(view)
    size = label.boundingRect().size()
    label.set_text("AV 13")
    assert label.boundingRect().size() == size  # the same box: only the text differs
    second = shot(view)
    assert changed_pixels(first, second) > 5
    label.set_text("AV 12")
    assert changed_pixels(first, shot(view)) == 0  # and back again, exactly


def test_a_cached_label_repaints_a_new_background(view):
    label = LabelItem("held")
    view.scene().addItem(label)
    first = shot(view)
    label.set_background(QColor("#c62828"))
    assert changed_pixels(first, shot(view)) > 50


def test_a_cached_label_stays_sharp_at_any_zoom(view):
    """The label ignores the zoom: its pixels are the same zoomed in tenfold."""
    label = LabelItem("Bastion")
    view.scene().addItem(label)
    rect = view.mapFromScene(label.pos()).x(), view.mapFromScene(label.pos()).y()
    first = shot(view).copy(rect[0] - 30, rect[1] - 10, 60, 20)
    view.scale(10.0, 10.0)
    view.centerOn(label)
    moved = view.mapFromScene(label.pos())
    second = shot(view).copy(moved.x() - 30, moved.y() - 10, 60, 20)
    assert changed_pixels(first, second) == 0


def test_a_cached_marker_repaints_when_it_turns(view):
    marker = FirePointMarker("fire point", 0.0, 2, None)
    view.scene().addItem(marker)
    assert marker.cacheMode() == CACHED
    first = shot(view)
    marker.set_angle(180.0)
    assert changed_pixels(first, shot(view)) > 20


def test_the_cached_table_repaints_its_grid_and_its_size(view):
    table = TableItem(10.0, 10.0)
    table.setPos(-5.0, -5.0)
    view.scene().addItem(table)
    assert table.cacheMode() == CACHED
    with_grid = shot(view)
    table.set_grid_visible(False)
    assert changed_pixels(with_grid, shot(view)) > 50
    table.set_grid_visible(True)
    assert changed_pixels(with_grid, shot(view)) == 0
    table.set_size(5.0, 5.0)
    assert changed_pixels(with_grid, shot(view)) > 1000
