"""The item that draws a measurement: areas, lines and readable labels.

A measurement on the board (a ruler, a "within" verdict, range rings) changes with every
mouse move. The item is told only that its picture is out of date
(:meth:`OverlayItem.mark_dirty`) with a cheap estimate of where it will be; the picture (a
:class:`Sketch`) is worked out once, however many changes came, by the scene's
:class:`~board.view.readings.Readings`: at the end of the mouse event that changed it (before
Qt works out what to repaint, so one repaint draws it), else at the next turn of the event
loop, or when someone asks for it (:meth:`OverlayItem.sketch`); never while painting.

Its labels go to its Qt-free model (:class:`~board.present.overlay.OverlayModel`) as the
board's layout asks for them; the layout (:mod:`board.view.layout`, before the view paints)
places each clear of the models, doors, fire points, weapons and labels on the board and of
the other labels, at the nearest clear spot round what it labels; one moved far is joined to
it by a leader line. While models are dragged the layout is held (each label keeps its box,
moved with its anchor) and laid out again when the drag ends. The item only draws what the
model holds; when the placement changes, the bounds grow to hold every label and both where
the labels were and where they are are repainted, so no label is cut off or left behind.

A new picture repaints only where the estimate says its areas and lines were and will be,
not the whole of the item (a column of labels can cover a third of the table).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from board.game.core.board_layout import LabelRequest
from board.view.items.on_table import table_in
from board.view.items.passive_item import LaysOutLabels, read_soon
from board.view.layout import from_page as page_to_device
from board.view.layout import page_transform

# The picture's parts and how they are drawn live beside this module; they are named here
# too, for what imports the picture with the item.
from board.view.measure.label_drawing import (
    LABEL_PICTURES,
    WRAP_PX,
    _draw_labels,
    _draw_leaders,
    _wrapped,
    label_boxes,
    label_metrics,
    measure_label,
)
from board.view.measure.sketch import (
    DENSE_LINES,
    FAN_SPACING_PX,
    HALO,
    Area,
    Label,
    Line,
    LineBatch,
    Sketch,
    _clip_around,
    _draw_areas,
    _draw_lines,
)

__all__ = ["Area", "Line", "LineBatch", "Label", "Sketch", "OverlayItem", "HALO", "WRAP_PX",
           "LABEL_SLACK_PX", "LABEL_PICTURES", "DENSE_LINES", "FAN_SPACING_PX", "label_boxes",
           "label_metrics", "measure_label"]


class OverlayItem(LaysOutLabels, QGraphicsItem):
    """Draws the :class:`Sketch` that ``compute`` returns, worked out before it is painted.

    ``estimate`` returns, cheaply, the rectangle (item coordinates) the next sketch will cover;
    it is asked on every :meth:`mark_dirty` so that Qt repaints the right part of the board.
    ``note`` says in words what the picture shows, for an export (:meth:`summary_note`).
    """

    def __init__(self, compute: Callable[[], Sketch | None], estimate: Callable[[], QRectF],
                 z: float = 30.0, note: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # exposedRect
        self.setZValue(z)
        self._compute, self._estimate = compute, estimate
        self._note = note
        self._bounds = QRectF()
        self._drawn = QRectF()  # the last estimate: where the areas and lines are
        self._labels = QRectF()  # where the labels are drawn, item coordinates
        self._areas: set[tuple[float, float, float, float]] = set()  # each label's, drawn
        self._pixel = 0.1  # one screen pixel on the page last laid out, item units
        self._sketch: Sketch | None = None
        self._dirty = True
        self.overlay.on_placed = self._placed_changed
        #: How many sketches were computed (tests count them against mouse moves).
        self.computed = 0

    @property
    def lines_clear_of_labels(self) -> bool:
        """Draw the lines around the models, symbols and labels on the board, never over them.

        (A line of sight's fan of rays: over a building's name it made it unreadable.)
        """
        return self.overlay.lines_around

    @lines_clear_of_labels.setter
    def lines_clear_of_labels(self, clear: bool) -> None:
        self.overlay.lines_around = clear

    def mark_dirty(self) -> None:
        """The picture is out of date: repaint where it will be; work it out soon."""
        self._dirty = True
        read_soon(self, self.refresh)
        drawn = self._estimate()
        slack = LABEL_SLACK_PX * self._pixel
        wanted = drawn
        if not self._labels.isEmpty():
            wanted = wanted.united(self._labels.adjusted(-slack, -slack, slack, slack))
        if self._bounds.contains(wanted) and _area(wanted) * 4 > _area(self._bounds):
            self.update(self._drawn.united(drawn))  # the bounds hold it: repaint the part
        else:
            if self._bounds.intersects(wanted) and not drawn.isEmpty():
                # Grown out of its bounds (a picture following a drag): room to go on growing
                # without new bounds every move (Qt would repaint all of them each time).
                wanted = wanted.united(drawn.adjusted(-slack, -slack, slack, slack))
            self.prepareGeometryChange()  # Qt repaints all of the old and the new bounds
            self._bounds = wanted
            self.update()
        self._drawn = drawn

    def refresh(self) -> None:
        """Work the picture out now if it is out of date; its labels go to the model."""
        if not self._dirty or not isValid(self):
            return
        self._dirty = False
        self._sketch = self._compute()
        self.computed += 1
        self.show_labels(_asked(self._sketch))

    def summary_note(self) -> object:
        """What the picture says in words, for an export's summary (``None``: nothing).

        A :class:`~board.game.reports.report.Finding` or ``(title, lines)``, from ``note``.
        """
        return self._note() if self._note is not None else None

    def sketch(self) -> Sketch | None:
        """The picture now (worked out here if out of date)."""
        self.refresh()
        return self._sketch

    @property
    def label_bounds(self) -> QRectF:
        """Where the labels are drawn (item coordinates; empty: none)."""
        return QRectF(self._labels)

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def _placed_changed(self) -> None:
        """The labels were placed anew: grow the bounds to hold them; repaint what moved.

        Only the labels that moved (or came, or went) are repainted, where they were and
        where they are: in a drag the shooter's name moves and the targets' verdict stays,
        and a repaint round both would cover the table between them.
        """
        if not isValid(self):
            return
        areas = set(self.label_areas())
        old, self._areas = self._areas, areas
        self._labels = _union_rects(QRectF(QPointF(a[0], a[1]), QPointF(a[2], a[3]))
                                    for a in areas)
        page = self.overlay.page
        if page is not None:
            back, invertible = page_transform(page).inverted()
            if invertible:
                self._pixel = max(back.map(QPointF(1.0, 0.0)).x() - back.map(QPointF()).x(),
                                  1e-9)
        if not self._labels.isEmpty() and not self._bounds.contains(self._labels):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(self._labels)
        for a in old ^ areas:
            self.update(QRectF(QPointF(a[0], a[1]), QPointF(a[2], a[3])))

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        sketch = self._sketch
        if sketch is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        view = painter.worldTransform()  # the item stands at the origin: scene to device
        transform = QTransform(view).translate(sketch.offset.x(), sketch.offset.y())
        model = self.overlay
        current = model.current and len(model.placed) == len(sketch.labels)
        lines = None
        cut: list[tuple[float, float, float, float]] = []
        if current and model.page is not None and model.around:
            lines = transform.mapRect(sketch.bounds().translated(-sketch.offset))
            cut = _near(model.around, page_to_device(model.page, view), lines)
        self._draw_sketch(painter, sketch, lines, cut, transform, option.exposedRect)
        if not current or model.page is None:
            return  # never laid out for a view (a scene with none): no labels to draw
        from_page = page_to_device(model.page, view)  # page pixels to this painter's device
        metrics = label_metrics()
        placed = model.placed
        shown = [replace(_wrapped(metrics, label), text=p.text)
                 for label, p in zip(sketch.labels, placed, strict=True)]
        drawn = [k for k, p in enumerate(placed) if p.shown]
        anchored = [(QPointF(*placed[k].at), shown[k]) for k in drawn]
        boxes = [QRectF(QPointF(placed[k].box[0], placed[k].box[1]),
                        QPointF(placed[k].box[2], placed[k].box[3])) for k in drawn]
        painter.save()
        painter.setWorldTransform(from_page)
        exposed = page_transform(model.page).mapRect(option.exposedRect).adjusted(
            -2.0, -2.0, 2.0, 2.0)
        _draw_leaders(painter, anchored, boxes, [placed[k].leader for k in drawn])
        _draw_labels(painter, anchored, boxes, exposed, kept=widget is not None)
        painter.restore()

    def _draw_sketch(self, painter: QPainter, sketch: Sketch, lines: QRectF | None,
                     cut: list[tuple[float, float, float, float]], transform: QTransform,
                     exposed: QRectF) -> None:
        """The areas and lines (with ``lines``, the box of the lines in pixels: cut round)."""
        painter.save()
        painter.translate(sketch.offset)
        _draw_areas(painter, sketch.areas, table_in(self, sketch.offset))
        if lines is not None and cut:
            _clip_around(painter, transform.mapRect(exposed.translated(-sketch.offset)), cut)
        _draw_lines(painter, sketch.lines, sketch.batches)
        painter.restore()


def _asked(sketch: Sketch | None) -> tuple[LabelRequest, ...]:
    """The labels of ``sketch`` as the layout model is asked for them (table inches)."""
    if sketch is None:
        return ()
    dx, dy = sketch.offset.x(), sketch.offset.y()
    return tuple(LabelRequest((label.at.x() + dx, label.at.y() + dy), label.text, label.dy,
                              label.priority) for label in sketch.labels)


def _near(boxes: Iterable[tuple[float, float, float, float]], from_page: QTransform,
          lines: QRectF) -> list[tuple[float, float, float, float]]:
    """``boxes`` (page pixels) that meet ``lines`` (device pixels), in device pixels."""
    found = []
    for box in boxes:
        rect = from_page.mapRect(QRectF(QPointF(box[0], box[1]), QPointF(box[2], box[3])))
        if rect.intersects(lines):
            found.append((rect.left(), rect.top(), rect.right(), rect.bottom()))
    return found


def _union_rects(rects: Iterable[QRectF]) -> QRectF:
    """The box of ``rects`` (empty for none)."""
    found = QRectF()
    for rect in rects:
        found = rect if found.isEmpty() else found.united(rect)
    return found


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height()


#: Room kept around the labels, screen pixels: labels that follow the mouse a
#: little stay inside the bounds without growing them on every move.
LABEL_SLACK_PX = 48.0


