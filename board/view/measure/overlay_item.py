"""The item that draws a measurement: areas, lines and readable labels, worked out lazily.

A measurement on the board (a ruler, a "within" verdict, range rings) changes with every
mouse move, and mouse moves outpace frames. So the item is told only that its picture is
out of date (:meth:`OverlayItem.mark_dirty`) with a cheap estimate of where it will be; it asks
for the picture (a :class:`Sketch`) when Qt paints it, at most once per paint.

Its labels are laid out by the board's layout model (:mod:`board.view.layout`, before the
view paints): each clear of the models, doors, fire points, weapons and labels on the board
and of the other labels, at the nearest clear spot round what it labels; one moved far is
joined to it by a leader line. While models are dragged the layout is held
(:func:`board.game.core.board_layout.hold`: each label keeps its box, moved with its anchor)
and laid out again when the drag ends. The item only draws; it keeps where its labels were
last painted inside its bounds; a label painted outside them grows the bounds at once and is
painted again, so no label is ever cut off or left behind on the board.

A new picture repaints only where the estimate says its areas and lines were and will be,
not the whole of the item (a column of labels can cover a third of the table); a label that
changed outside that part is repainted right after, by itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from board.game.core.board_layout import (
    BoardFacts,
    LabelRequest,
    OverlayLabels,
    Page,
    PageLayout,
    PlacedLabel,
    hold,
    lay_out,
)
from board.view.items.on_table import table_in
from board.view.items.passive_item import LaysOutLabels
from board.view.layout import from_page as page_to_device
from board.view.layout import page_for, page_transform

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
from board.view.scene import BoardScene

#: Where a label was painted, in item coordinates ``(x, y, width, height)``, its text and colour.
Taken = tuple[tuple[float, float, float, float], str, int]

__all__ = ["Area", "Line", "LineBatch", "Label", "Sketch", "OverlayItem", "HALO", "WRAP_PX",
           "LABEL_SLACK_PX", "LABEL_PICTURES", "DENSE_LINES", "FAN_SPACING_PX", "label_boxes",
           "label_metrics"]


class OverlayItem(QGraphicsItem, LaysOutLabels):
    """Draws the :class:`Sketch` that ``compute`` returns, asking for it once per repaint.

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
        self._boxes: set[Taken] = set()
        self._painted: list[QRectF] | None = []
        self._stale: list[QRectF] = []  # changed labels to repaint after this paint
        self._waits_for_drag = False  # held its layout: paints again when the drag ends
        #: The labels as a drag holds them (:func:`~board.game.core.board_layout.hold`) and
        #: what they were laid out for; ``None`` at rest.
        self._held: tuple[list[PlacedLabel], tuple[LabelRequest, ...]] | None = None
        self._labels = QRectF()  # where the labels were last painted, item coordinates
        self._pixel = 0.1  # one screen pixel at the last paint, item units
        self._sketch: Sketch | None = None
        self._dirty = True
        #: Draw the lines around the models, symbols and labels on the board, never over them
        #: (a line of sight's fan of rays: over a building's name it made it unreadable).
        self.lines_clear_of_labels = False
        self._cut: list[tuple[float, float, float, float]] = []  # what the lines went round
        #: What the layout model placed for the labels (:meth:`set_layout`), and for what.
        self._given: tuple[PageLayout, list[PlacedLabel], tuple[LabelRequest, ...]] | None = None
        self._ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]] | None = None
        #: How many sketches were computed (tests count them against paints).
        self.computed = 0

    def mark_dirty(self) -> None:
        """The picture is out of date: repaint where it will be, compute it when painting."""
        self._dirty = True
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

    def summary_note(self) -> object:
        """What the picture says in words, for an export's summary (``None``: nothing).

        A :class:`~board.game.reports.report.Finding` or ``(title, lines)``, from ``note``.
        """
        return self._note() if self._note is not None else None

    def sketch(self) -> Sketch | None:
        """The picture now (computed here if out of date)."""
        if self._dirty:
            self._dirty = False
            self._sketch = self._compute()
            self.computed += 1
        return self._sketch

    @property
    def painted_boxes(self) -> list[tuple[float, float, float, float]]:
        """Where each label was last painted: ``(x, y, width, height)``, item coordinates."""
        return [box for box, _, _ in self._boxes]

    @property
    def label_bounds(self) -> QRectF:
        """Where the labels were last painted (item coordinates; empty: none)."""
        return QRectF(self._labels)

    @property
    def painted_labels(self) -> list[QRectF]:
        """Where the labels were last painted (item coordinates, which are the scene's).

        Made when asked for (a layout at rest asks), not on every paint of a drag.
        """
        if self._painted is None:
            self._painted = [QRectF(*rect) for rect, _, _ in self._boxes]
        return list(self._painted)

    @painted_labels.setter
    def painted_labels(self, boxes: list[QRectF]) -> None:
        self._painted = list(boxes)

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def _take_labels(self, boxes: list[tuple[QRectF, Label]], painter: QPainter,
                     exposed: QRectF) -> None:
        """Remember where the labels were painted; repaint soon what this paint missed.

        A label that sticks out of the bounds grows them; one that changed (moved, new text,
        gone) outside the part repainted now is repainted where it was and where it is.
        """
        to_item, invertible = painter.worldTransform().inverted()
        if not invertible:
            return
        self._took({(_xywh(to_item.mapRect(box)), label.text, label.colour.rgba())
                    for box, label in boxes}, to_item, exposed)

    def _took(self, now: set[Taken], to_item: QTransform, exposed: QRectF) -> None:
        """:meth:`_take_labels` with the labels' places in item coordinates, ``now``."""
        self._pixel = max(to_item.map(QLineF(0.0, 0.0, 1.0, 0.0)).length(), 1e-9)
        if now == self._boxes:
            if self._stale or self._sticks_out():
                QTimer.singleShot(0, self._repaint_labels)  # not while Qt is painting
            return
        changed = [QRectF(*rect) for rect, _, _ in now.symmetric_difference(self._boxes)]
        self._labels = _union(rect for rect, _, _ in now)
        self._painted = None  # made again when asked for
        self._boxes = now
        self._stale += [rect for rect in changed if not exposed.contains(rect)]
        if self._stale or self._sticks_out():
            QTimer.singleShot(0, self._repaint_labels)  # not while Qt is painting

    def _sticks_out(self) -> bool:
        return not self._labels.isEmpty() and not self._bounds.contains(self._labels)

    def _repaint_labels(self) -> None:
        if self.scene() is None:
            return
        if self._sticks_out():
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(self._labels)
            self.update()
        for rect in self._stale:
            self.update(rect)
        self._stale = []

    def _hold(self, scene: BoardScene) -> None:
        """The layout is held in a drag: paint again when it ends."""
        if not self._waits_for_drag:
            self._waits_for_drag = True
            scene.when_drag_ends(self._after_drag)

    def _after_drag(self) -> None:
        """The drag is over: paint again, laying the labels out among the board's items."""
        if not isValid(self):
            return
        self._waits_for_drag = False
        self._held = None
        if self.scene() is not None:
            self.update()

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        sketch = self.sketch()
        if sketch is None:
            self._take_labels([], painter, option.exposedRect)  # erase the old ones
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        view = painter.worldTransform()  # the item stands at the origin: scene to device
        transform = QTransform(view).translate(sketch.offset.x(), sketch.offset.y())
        scene = self.scene()
        if isinstance(scene, BoardScene) and scene.dragging and widget is not None:
            self._hold(scene)  # on screen in a drag: the layout held (hold)
            page, laid_out, placed = self._held_placed(sketch, view, widget)
        else:
            self._held = None
            page, laid_out, placed = self._placed(sketch, view, widget)
        from_page = page_to_device(page, view)  # page pixels to this painter's device
        metrics = label_metrics()
        shown = [replace(_wrapped(metrics, label), text=p.text)
                 for label, p in zip(sketch.labels, placed, strict=True)]
        anchored = [(QPointF(*p.at), label) for p, label in zip(placed, shown, strict=True)]
        laid = [QRectF(QPointF(p.box[0], p.box[1]), QPointF(p.box[2], p.box[3]))
                for p in placed]
        leaders = [p.leader for p in placed]
        lines, self._cut = None, []
        if self.lines_clear_of_labels and laid_out is not None:
            lines = transform.mapRect(sketch.bounds().translated(-sketch.offset))
            self._cut = _near(_cut_boxes(laid_out), from_page, lines)
        self._draw_sketch(painter, sketch, lines, transform, option.exposedRect)
        painter.save()
        painter.setWorldTransform(from_page)
        exposed = page_transform(page).mapRect(option.exposedRect).adjusted(-2.0, -2.0, 2.0, 2.0)
        drawn = [k for k, p in enumerate(placed) if p.shown]
        _draw_leaders(painter, [anchored[k] for k in drawn], [laid[k] for k in drawn],
                      [leaders[k] for k in drawn])
        boxes = _draw_labels(painter, [anchored[k] for k in drawn], [laid[k] for k in drawn],
                             exposed, kept=widget is not None)
        painter.restore()
        self._take_labels([(from_page.mapRect(box), label) for box, label in boxes], painter,
                          option.exposedRect)

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """The sketch's labels as the layout model is asked for them (table inches)."""
        return _asked(self.sketch())

    def set_layout(self, laid: PageLayout, placed: list[PlacedLabel],
                   ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]]) -> None:
        """What the layout model placed for this item's labels on the view's page.

        ``ask`` lays out again (a paint that finds its sketch changed since asks it).
        """
        sketch = self._sketch
        if self._given is None or self._given[1] != placed:
            self.update()
        self._given = (laid, placed, _asked(sketch))
        self._ask = ask

    def _placed(self, sketch: Sketch, view: QTransform, widget: QWidget | None,
                ) -> tuple[Page, PageLayout, list[PlacedLabel]]:
        """The page, its layout and this item's labels placed on it (asked if out of date).

        An item on a scene no board view lays out (a bare view) lays out its labels alone,
        on the page it is painted on (``view``: scene to device; ``widget``'s rectangle).
        """
        given = self._given
        if given is None or given[2] != _asked(sketch) or len(given[1]) != len(sketch.labels):
            if self._ask is not None:
                laid, placed = self._ask()
                given = self._given = (laid, placed, _asked(sketch))
        if given is None or len(given[1]) != len(sketch.labels):  # on no view: laid alone
            laid = lay_out(page_for(view, widget), BoardFacts(),
                           [OverlayLabels(id(self), _asked(sketch))], measure_label)
            given = (laid, laid.overlays[id(self)], _asked(sketch))
        return given[0].page, given[0], given[1]

    def _draw_sketch(self, painter: QPainter, sketch: Sketch, lines: QRectF | None,
                     transform: QTransform, exposed: QRectF) -> None:
        """The areas and lines (with ``lines``, the box of the lines in pixels: cut round)."""
        painter.save()
        painter.translate(sketch.offset)
        _draw_areas(painter, sketch.areas, table_in(self, sketch.offset))
        if lines is not None and self._cut:
            _clip_around(painter, transform.mapRect(exposed.translated(-sketch.offset)),
                         self._cut)
        _draw_lines(painter, sketch.lines, sketch.batches)
        painter.restore()

    def _held_placed(self, sketch: Sketch, view: QTransform, widget: QWidget,
                     ) -> tuple[Page, PageLayout | None, list[PlacedLabel]]:
        """The page and this item's labels held on it in a drag (from the last paint's).

        The lines are not cut round anything in a drag (no layout of the board: ``None``).
        """
        given = self._given
        page = given[0].page if given is not None else page_for(view, widget)
        if page_transform(page) != view:  # zoomed in the drag: held on the new page
            page, given = page_for(view, widget), None
        asked = _asked(sketch)
        last, last_asked = self._held if self._held is not None else (
            (given[1], given[2]) if given is not None else ([], ()))
        placed = hold(last, last_asked, asked, page, measure_label)
        self._held = (placed, asked)
        return page, None, placed


def _asked(sketch: Sketch | None) -> tuple[LabelRequest, ...]:
    """The labels of ``sketch`` as the layout model is asked for them (table inches)."""
    if sketch is None:
        return ()
    dx, dy = sketch.offset.x(), sketch.offset.y()
    return tuple(LabelRequest((label.at.x() + dx, label.at.y() + dy), label.text, label.dy,
                              label.priority) for label in sketch.labels)


def _cut_boxes(laid: PageLayout) -> list[tuple[float, float, float, float]]:
    """What an overlay's lines go round on a page: models, symbols, every label shown."""
    return (laid.obstacles + laid.shown
            + [p.box for placed in laid.overlays.values() for p in placed if p.shown])


def _near(boxes: list[tuple[float, float, float, float]], from_page: QTransform,
          lines: QRectF) -> list[tuple[float, float, float, float]]:
    """``boxes`` (page pixels) that meet ``lines`` (device pixels), in device pixels."""
    found = []
    for box in boxes:
        rect = from_page.mapRect(QRectF(QPointF(box[0], box[1]), QPointF(box[2], box[3])))
        if rect.intersects(lines):
            found.append((rect.left(), rect.top(), rect.right(), rect.bottom()))
    return found


def _ltrb(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def _union(rects: Iterable[tuple[float, float, float, float]]) -> QRectF:
    """The box of ``(x, y, width, height)`` rectangles (empty for none)."""
    left = top = math.inf
    right = bottom = -math.inf
    for x, y, width, height in rects:
        if x < left:
            left = x
        if y < top:
            top = y
        if x + width > right:
            right = x + width
        if y + height > bottom:
            bottom = y + height
    if left > right:
        return QRectF()
    return QRectF(left, top, right - left, bottom - top)


def _xywh(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.x(), rect.y(), rect.width(), rect.height())


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height()


#: Room kept around the labels last painted, screen pixels: labels that follow the mouse a
#: little stay inside the bounds without growing them on every move.
LABEL_SLACK_PX = 48.0


