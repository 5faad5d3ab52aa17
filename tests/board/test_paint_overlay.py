"""Overlay items repaint only where they draw, and never cut off or leave behind a label."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

from board.view import style
from board.view.measure.overlay_item import HALO, Label, Line, OverlayItem, Sketch, label_boxes

RED = QColor(200, 0, 0)


@pytest.fixture
def view(qtbot):
    scene = QGraphicsScene(QRectF(0.0, 0.0, 60.0, 60.0))
    view = QGraphicsView(scene)
    view.kept_scene = scene  # the view does not own its scene: keep it alive
    view.resize(400, 400)
    view.scale(6.0, 6.0)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def test_label_boxes_stack_upwards_without_covering_each_other(qapp):
    metrics = QFontMetricsF(style.label_font(8.5, bold=True))
    labels = [(QPointF(100.0, 300.0), Label(QPointF(), f"model {k}\nin the open"))
              for k in range(6)]
    labels.append((QPointF(400.0, 300.0), Label(QPointF(), "far away")))
    boxes = label_boxes(metrics, labels)
    column = boxes[:6]
    for a in range(len(column)):
        for b in range(a + 1, len(column)):
            assert not column[a].intersects(column[b])
    assert [box.bottom() for box in column] == sorted((b.bottom() for b in column), reverse=True)
    assert boxes[6].center().y() == pytest.approx(300.0 - 14.0)  # nothing in its way: not moved


def stacked_sketch(count: int) -> Sketch:
    at = QPointF(30.0, 55.0)
    return Sketch(lines=[Line(QPointF(28.0, 50.0), QPointF(32.0, 50.0), RED)],
                  labels=[Label(at, f"label {k}", QColor(20, 20, 120)) for k in range(count)])


def test_a_column_of_labels_beyond_the_estimate_grows_the_bounds_and_is_painted(view):
    """Twelve labels stacked up stand far above the line: the item's bounds take them in."""
    item = OverlayItem(lambda: stacked_sketch(12), lambda: QRectF(27.0, 49.0, 6.0, 2.0))
    view.scene().addItem(item)
    item.mark_dirty()
    settle()
    labels = item.label_bounds
    assert labels.height() * 6.0 > 12 * 15  # twelve boxes, each taller than 15 px
    assert item.boundingRect().contains(labels)
    top = view.mapFromScene(QPointF(30.0, labels.top() + 0.5))
    image: QImage = view.viewport().grab().toImage()
    assert QColor(image.pixel(top)) == QColor(20, 20, 120)  # the topmost box is on screen


def test_a_line_is_drawn_over_its_dark_halo(view):
    item = OverlayItem(lambda: stacked_sketch(0), lambda: QRectF(27.0, 49.0, 6.0, 2.0))
    view.scene().addItem(item)
    item.mark_dirty()
    settle()
    image = view.viewport().grab().toImage()
    middle = view.mapFromScene(QPointF(30.0, 50.0))
    assert QColor(image.pixel(middle)) == RED
    darkest = min(QColor(image.pixel(middle.x(), middle.y() + dy)).lightness()
                  for dy in range(-4, 5))
    assert darkest <= HALO.lightness() + 20  # the halo shows on the pale background


def test_the_bounds_shrink_back_when_the_labels_go(view):
    labels = [20]
    item = OverlayItem(lambda: stacked_sketch(labels[0]), lambda: QRectF(27.0, 49.0, 6.0, 2.0))
    view.scene().addItem(item)
    item.mark_dirty()
    settle()
    tall = item.boundingRect().height()
    labels[0] = 0
    item.mark_dirty()  # estimated with the old labels: the old column repaints (it is erased)
    settle()
    assert item.label_bounds.isEmpty()
    item.mark_dirty()
    settle()
    assert item.boundingRect().height() < tall / 5
