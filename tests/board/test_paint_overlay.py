"""Overlay items repaint only where they draw, and never cut off or leave behind a label."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPaintEvent, QRegion, QUndoStack
from PySide6.QtWidgets import QGraphicsView, QWidget

from board.document.edits import ScenarioDocument
from board.document.model import RuleSystem, Scenario, Side, Table
from board.view import style
from board.view.measure.overlay_item import HALO, Label, Line, OverlayItem, Sketch, label_boxes
from board.view.scene import BoardScene
from board.view.view import BoardView

RED = QColor(200, 0, 0)


@pytest.fixture
def view(qtbot, library):
    """A board's view of an empty 60" table: overlays' labels are laid out by its layout."""
    scenario = Scenario(name="Blank", table=Table(60.0, 60.0), rule_system=RuleSystem.WH40K,
                        sides=[Side("red", "Red", "#c62828")])
    scene = BoardScene(ScenarioDocument(scenario), library, QUndoStack())
    view = BoardView(scene)
    view.kept_scene = scene  # the view does not own its scene: keep it alive
    view.resize(400, 400)
    view.resetTransform()
    view.scale(6.0, 6.0)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


class PaintedRegion(QObject):
    """The union of the regions a widget repainted (``grab()`` would repaint it all)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.region = QRegion()
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if isinstance(event, QPaintEvent):
            self.region = self.region.united(event.region())
        return False


class PaintCount(QObject):
    """How many paint events a widget has had."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if isinstance(event, QPaintEvent):
            self.count += 1
        return False


def settle(qtbot, view: QGraphicsView) -> None:
    """Wait for the next paint of the view (Qt's offscreen platform paints a few ms after an
    update is asked, later on a busy machine): a paint counter, not a fixed wait."""
    counter = getattr(view, "paint_count", None)
    if counter is None:
        counter = view.paint_count = PaintCount(view.viewport())
    before = counter.count
    qtbot.waitUntil(lambda: counter.count > before, timeout=5000)


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


def test_a_column_of_labels_beyond_the_estimate_grows_the_bounds_and_is_painted(view, qtbot):
    """Twelve labels on one point spread round it, far beyond the line: the bounds take them in."""
    item = OverlayItem(lambda: stacked_sketch(12), lambda: QRectF(27.0, 49.0, 6.0, 2.0))
    view.scene().addItem(item)
    item.mark_dirty()
    settle(qtbot, view)  # the first paint lays the labels out; the bounds grow to take them
    qtbot.waitUntil(lambda: not item.label_bounds.isEmpty()
                    and item.boundingRect().contains(item.label_bounds), timeout=5000)
    labels = item.label_bounds
    assert labels.height() * 6.0 > 4 * 15  # spread over rows: above and below the point
    boxes = item.shown_label_rects()
    assert len(boxes) == 12 and not any(a.intersects(b) for k, a in enumerate(boxes)
                                        for b in boxes[k + 1:])
    qtbot.waitUntil(lambda: item.boundingRect().contains(item.label_bounds))  # a busy machine
    topmost = min(boxes, key=lambda box: box.top())
    top = view.mapFromScene(QPointF(topmost.center().x(), labels.top() + 0.5))
    image: QImage = view.viewport().grab().toImage()
    assert QColor(image.pixel(top)) == QColor(20, 20, 120)  # the topmost box is on screen


def test_a_line_is_drawn_over_its_dark_halo(view, qtbot):
    item = OverlayItem(lambda: stacked_sketch(0), lambda: QRectF(27.0, 49.0, 6.0, 2.0))
    view.scene().addItem(item)
    item.mark_dirty()
    settle(qtbot, view)
    image = view.viewport().grab().toImage()
    middle = view.mapFromScene(QPointF(30.0, 50.0))
    assert QColor(image.pixel(middle)) == RED
    darkest = min(QColor(image.pixel(middle.x(), middle.y() + dy)).lightness()
                  for dy in range(-4, 5))
    assert darkest <= HALO.lightness() + 20  # the halo shows on the pale background


@pytest.mark.parametrize("gone", [0, None])
def test_labels_that_go_are_erased_and_the_bounds_shrink_back(view, qtbot, gone):
    labels: list[int | None] = [40]  # spread in rings round their point: a tall cloud

    def compute() -> Sketch | None:
        return None if labels[0] is None else stacked_sketch(labels[0])

    item = OverlayItem(compute, lambda: QRectF(27.0, 49.0, 6.0, 2.0))
    view.scene().addItem(item)
    item.mark_dirty()
    settle(qtbot, view)
    item.mark_dirty()  # the bounds keep their slack from now on: only parts repaint
    settle(qtbot, view)
    tall = item.boundingRect().height()
    top = view.mapFromScene(QPointF(30.0, item.label_bounds.top() + 0.5))
    assert QColor(view.viewport().grab().toImage().pixel(top)) == QColor(20, 20, 120)
    painted = PaintedRegion(view.viewport())
    labels[0] = gone
    item.mark_dirty()  # only the line's part is repainted first; the column right after
    qtbot.waitUntil(lambda: painted.region.contains(top), timeout=5000)
    assert item.label_bounds.isEmpty()
    assert painted.region.contains(top)  # the old column was painted over
    assert QColor(view.viewport().grab().toImage().pixel(top)) != QColor(20, 20, 120)
    item.mark_dirty()
    qtbot.waitUntil(lambda: item.boundingRect().height() < tall / 2, timeout=5000)


def test_boxes_laid_out_after_kept_ones_are_the_boxes_laid_out_at_once(qapp):
    metrics = QFontMetricsF(style.label_font(8.5, bold=True))
    labels = [(QPointF(100.0 + 7 * k, 300.0), Label(QPointF(), f"model {k}")) for k in range(8)]
    whole = label_boxes(metrics, labels)
    kept = label_boxes(metrics, labels[:5])
    assert label_boxes(metrics, labels[5:], kept) == whole
