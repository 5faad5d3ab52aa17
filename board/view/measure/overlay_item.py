"""The item that draws a measurement: areas, lines and readable labels, worked out lazily.

A measurement on the board (a ruler, a "within" verdict, range rings) changes with every
mouse move, and mouse moves outpace frames. So the item is told only that its picture is
out of date (:meth:`OverlayItem.mark_dirty`) with a cheap estimate of where it will be; it asks
for the picture (a :class:`Sketch`) when Qt paints it, at most once per paint.

Labels are laid out in screen pixels when painting, in one pass over all of them
(:func:`board.game.core.label_layout.place_labels`): each keeps clear of the models, doors, fire
points, weapons and labels on the board and of the other labels, moving to the nearest clear
spot around what it labels; one moved far is joined to it by a leader line. The item keeps where its
labels were last painted inside its bounds; a label painted outside them grows the bounds
at once and is painted again, so no label is ever cut off or left behind on the board.

A new picture repaints only where the estimate says its areas and lines were and will be,
not the whole of the item (a column of labels can cover a third of the table); a label that
changed outside that part is repainted right after, by itself.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRegion,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from board.game.core.label_layout import LabelBox, place_labels
from board.view import style
from board.view.convert import segments_path
from board.view.fans import MovingFans, fans_path
from board.view.items.legibility import labels_changed
from board.view.items.obstacles import label_obstacles
from board.view.items.on_table import clip_to_table, table_in
from board.view.items.passive_item import PaintsLabels
from board.view.measure.held_labels import (
    HeldLabels,
    LaidFor,
    StillLabels,
    Taken,
    held_layout,
)
from board.view.scene import BoardScene

__all__ = ["Area", "Line", "LineBatch", "Label", "Sketch", "OverlayItem", "HALO", "WRAP_PX",
           "LABEL_SLACK_PX", "DENSE_LINES", "FAN_SPACING_PX", "label_boxes", "label_metrics"]


@dataclass(frozen=True)
class Area:
    """A region to draw: its outline and fill (the fill may be transparent)."""

    path: QPainterPath
    edge: QColor
    fill: QColor
    dashed: bool = False
    width: float = 2.0


@dataclass(frozen=True)
class Line:
    """A straight line between two table points, inches."""

    start: QPointF
    end: QPointF
    colour: QColor


@dataclass(frozen=True, eq=False)
class LineBatch:
    """Many straight lines of one colour, table inches: the rays of a line of sight.

    ``ends`` holds a row ``(x1, y1, x2, y2)`` per line. They are drawn as one path made
    straight from the array (:func:`~board.view.convert.segments_path`), with no Python
    object per line.
    """

    colour: QColor
    ends: np.ndarray
    #: The path, made at the first paint (a repaint with no new picture draws it again).
    _path: list[QPainterPath] = field(default_factory=list, init=False, repr=False)
    #: Rays that move with their models (a drag) keep how they fan out from one move to the
    #: next (:meth:`fans`).
    moving: MovingFans | None = None
    #: The fans' path and the scale it was made for (:meth:`fans`).
    _fans: list[tuple[float, QPainterPath]] = field(default_factory=list, init=False,
                                                    repr=False)

    def __len__(self) -> int:
        return len(self.ends)

    @property
    def segments(self) -> list[QLineF]:
        """Each line as a ``QLineF`` (for reading the picture; drawing uses :meth:`path`)."""
        return [QLineF(*row) for row in self.ends.tolist()]

    def path(self) -> QPainterPath:
        """The lines as one open path (the ends are not changed once drawn)."""
        if not self._path:
            self._path.append(segments_path(self.ends))
        return QPainterPath(self._path[0])

    def fans(self, scale: float) -> QPainterPath:
        """The lines as fans where they leave one point side by side (:mod:`board.view.fans`).

        ``scale``: pixels per inch. To be drawn with a brush as well as a pen of the lines'
        colour, the pen at least :data:`FAN_SPACING_PX` wide.
        """
        if not self._fans or self._fans[0][0] != scale:
            path = (self.moving.path(self.ends, scale) if self.moving is not None
                    else fans_path(self.ends, scale, FAN_SPACING_PX))
            self._fans[:] = [(scale, path)]
        return QPainterPath(self._fans[0][1])

    def bounds(self) -> QRectF:
        """The box of the lines (empty for none)."""
        if not len(self.ends):
            return QRectF()
        xs, ys = self.ends[:, 0::2], self.ends[:, 1::2]
        x0, y0 = float(xs.min()), float(ys.min())
        return QRectF(x0, y0, float(xs.max()) - x0, float(ys.max()) - y0)


@dataclass(frozen=True)
class Label:
    """Text anchored at a table point, drawn upright in screen pixels, ``dy`` pixels off."""

    at: QPointF
    text: str
    colour: QColor = field(default_factory=lambda: QColor(style.LABEL_BACK))
    dy: float = -14.0
    priority: int = 0


@dataclass
class Sketch:
    """What an overlay draws; ``offset`` (inches) moves it all, as a drag preview does."""

    areas: list[Area] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    offset: QPointF = field(default_factory=QPointF)
    batches: list[LineBatch] = field(default_factory=list)

    def segments(self) -> list[tuple[QLineF, QColor]]:
        """Every line drawn, single lines then batches, each with its colour."""
        found = [(QLineF(line.start, line.end), line.colour) for line in self.lines]
        return found + [(s, batch.colour) for batch in self.batches for s in batch.segments]

    def bounds(self) -> QRectF:
        """The table rectangle the areas and lines cover (labels not included)."""
        rect = QRectF()
        for area in self.areas:
            rect = rect.united(area.path.boundingRect())
        for line in self.lines:
            rect = rect.united(QRectF(line.start, line.end).normalized())
        for batch in self.batches:
            rect = rect.united(batch.bounds())
        return rect.translated(self.offset)


class OverlayItem(QGraphicsItem, PaintsLabels):
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
        self._layout: tuple[object, list[QRectF], list[bool]] = (None, [], [])
        #: What the kept layout was laid out for: each label's anchor (pixels), text and dy.
        self._laid_for: list[LaidFor] = []
        self._waits_for_drag = False  # held its layout: paints again when the drag ends
        self._held_labels = HeldLabels()  # the labels as a drag holds them
        self._still = StillLabels(_draw_leaders, _label_picture)  # and draws them
        self._labels = QRectF()  # where the labels were last painted, item coordinates
        self._pixel = 0.1  # one screen pixel at the last paint, item units
        self._sketch: Sketch | None = None
        self._dirty = True
        #: Draw the lines around the models, symbols and labels on the board, never over them
        #: (a line of sight's fan of rays: over a building's name it made it unreadable).
        self.lines_clear_of_labels = False
        self._cut: list[tuple[float, float, float, float]] = []  # what the lines went round
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
        scene = self.scene()
        if not (isinstance(scene, BoardScene) and scene.dragging):  # a drag holds the pass
            labels_changed(scene)  # a name under a new verdict gives way to it
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

    def _obstacles(self, anchored: list[tuple[QPointF, Label]], view: QTransform,
                   lines: QRectF | None = None,
                   yielding: list[tuple[float, float, float, float]] | None = None,
                   ) -> list[tuple[float, float, float, float]]:
        """The models, symbols and labels near the labels, and other overlays' labels (pixels).

        With ``lines`` (pixels), near those too. With ``yielding``, the labels that give way
        to a verdict go there (:func:`~board.view.items.obstacles.label_obstacles`).
        """
        scene = self.scene()
        if scene is None or not (anchored or lines):
            return []
        to_scene, invertible = view.inverted()
        if not invertible:
            return []
        near = QRectF() if lines is None else QRectF(lines)
        if anchored:
            xs = [at.x() for at, _ in anchored]
            ys = [at.y() for at, _ in anchored]
            metrics = label_metrics()
            widest = max(_size(metrics, label.text)[0] for _, label in anchored)
            room = 260.0 + widest  # pixels: as far as any part of a label is ever pushed
            near = near.united(QRectF(min(xs) - room, min(ys) - room,
                                      max(xs) - min(xs) + 2 * room,
                                      max(ys) - min(ys) + 2 * room))
        return label_obstacles(scene, to_scene.mapRect(near), view, skip=(self,),
                               yielding=yielding)

    def _lay_out(self, anchored: list[tuple[QPointF, Label]], view: QTransform,
                 screen: QRectF | None, lines: QRectF | None = None,
                 ) -> tuple[list[QRectF], list[bool]]:
        """The labels' boxes (pixels) and which need a leader line; kept while nothing moved.

        ``screen`` is the widget painted on (pixels): labels keep on it where they can. With
        ``lines`` (pixels), the obstacles near the lines are kept too (:attr:`_cut`).
        While the select tool drags models the layout is held (:meth:`_held`), and the lines
        are not cut round anything; once the drag ends the labels are laid out again, exactly
        as if there had been no drag.
        """
        bounds = None if screen is None else _ltrb(screen)
        metrics = label_metrics()
        scene = self.scene()
        if isinstance(scene, BoardScene) and scene.dragging:
            self._cut = []
            return self._held(anchored, metrics, bounds, scene)
        yielding: list[tuple[float, float, float, float]] = []
        obstacles = self._obstacles(anchored, view, lines, yielding)
        self._cut = obstacles + yielding
        key = ([(round(at.x(), 1), round(at.y(), 1), label.text, label.dy)
                for at, label in anchored], [tuple(round(v, 1) for v in o) for o in obstacles],
               bounds, [tuple(round(v, 1) for v in o) for o in yielding])
        if key == self._layout[0]:
            return self._layout[1], self._layout[2]
        placed = place_labels([_request(metrics, at, label) for at, label in anchored],
                              obstacles, bounds=bounds, yielding=yielding)
        boxes = [QRectF(QPointF(p.rect[0], p.rect[1]), QPointF(p.rect[2], p.rect[3]))
                 for p in placed]
        self._keep_layout(key, anchored, boxes, [p.leader for p in placed])
        return self._layout[1], self._layout[2]

    def _keep_layout(self, key: object, anchored: list[tuple[QPointF, Label]],
                     boxes: list[QRectF], leaders: list[bool]) -> None:
        self._layout = (key, boxes, leaders)
        self._laid_for = [(at.x(), at.y(), label.text, label.dy) for at, label in anchored]

    def _held(self, anchored: list[tuple[QPointF, Label]], metrics: QFontMetricsF,
              bounds: tuple[float, float, float, float] | None, scene: BoardScene,
              ) -> tuple[list[QRectF], list[bool]]:
        """The layout during a drag (:func:`~board.view.measure.held_labels.held_layout`).

        The labels laid out before keep their boxes, moved with their anchors; new ones are
        laid out around them. Once the drag ends the item is painted and laid out again.
        """
        def place(new: list[int], kept: list[QRectF]) -> list[tuple[QRectF, bool]]:
            placed = place_labels([_request(metrics, *anchored[k]) for k in new],
                                  [_ltrb(box) for box in kept], bounds=bounds)
            return [(QRectF(QPointF(p.rect[0], p.rect[1]), QPointF(p.rect[2], p.rect[3])),
                     p.leader) for p in placed]

        boxes, leaders = held_layout(self._laid_for, self._layout[1], self._layout[2],
                                     anchored, place)
        self._hold(scene)
        self._keep_layout(None, anchored, boxes, leaders)  # no key: laid out again at rest
        return boxes, leaders

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
        self._held_labels.clear()
        self._still.clear()
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
        held = isinstance(scene, BoardScene) and scene.dragging
        if held and widget is not None:  # on screen in a drag: see held_labels
            assert isinstance(scene, BoardScene)
            self._paint_held(painter, option, widget, sketch, view, transform, scene)
            return
        metrics = label_metrics()
        anchored = [(transform.map(label.at), _wrapped(metrics, label)) for label in sketch.labels]
        screen = QRectF(widget.rect()) if widget is not None else None
        # While a drag holds the layout the lines are not cut round anything (see _lay_out):
        # no box of them to find obstacles near, no clip to set.
        lines = (transform.mapRect(sketch.bounds().translated(-sketch.offset))
                 if self.lines_clear_of_labels and not held else None)
        laid, leaders = self._lay_out(anchored, view, screen, lines)
        self._draw_sketch(painter, sketch, lines, transform, option.exposedRect)
        painter.save()
        painter.resetTransform()
        exposed = transform.mapRect(option.exposedRect.translated(-sketch.offset))
        _draw_leaders(painter, anchored, laid, leaders)
        boxes = _draw_labels(painter, anchored, laid, exposed.adjusted(-2.0, -2.0, 2.0, 2.0),
                             kept=widget is not None)
        if widget is not None:
            self._still.remember(anchored, laid, leaders)
        painter.restore()
        self._take_labels(boxes, painter, option.exposedRect)

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

    def _paint_held(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget,
                    sketch: Sketch, view: QTransform, transform: QTransform,
                    scene: BoardScene) -> None:
        """Paint on screen during a drag: the layout held, the labels kept from paint to paint.

        What :meth:`_lay_out` and the labels' drawing do in a drag (:meth:`_held`), label by
        label only for the labels that are new since the last paint
        (:class:`~board.view.measure.held_labels.HeldLabels`), the still ones' leader lines
        from one picture (:class:`~board.view.measure.held_labels.StillLabels`).
        """
        to_item, invertible = view.inverted()
        if not invertible:
            return
        metrics = label_metrics()
        bounds = _ltrb(QRectF(widget.rect()))

        def place(requests: list[tuple[QPointF, Label]],
                  kept: list[QRectF]) -> list[tuple[QRectF, bool]]:
            placed = place_labels([_request(metrics, at, label) for at, label in requests],
                                  [_ltrb(box) for box in kept], bounds=bounds)
            return [(QRectF(QPointF(p.rect[0], p.rect[1]), QPointF(p.rect[2], p.rect[3])),
                     p.leader) for p in placed]

        self._cut = []  # the lines are not cut round anything in a drag (see _lay_out)
        labels = self._held_labels.lay_out(
            sketch.labels, transform, lambda label: _wrapped(metrics, label), self._laid_for,
            self._layout[1], self._layout[2], place, to_item)
        self._hold(scene)
        self._layout = (None, [held.box for held in labels], [held.leader for held in labels])
        # (the anchor's place as its key holds it: no two calls into Qt a label a move)
        self._laid_for = [(held.key[0], held.key[1], held.shown.text, held.shown.dy)
                          for held in labels]
        self._draw_sketch(painter, sketch, None, transform, option.exposedRect)
        painter.save()
        painter.resetTransform()
        exposed = transform.mapRect(option.exposedRect.translated(-sketch.offset))
        self._still.paint(painter, labels, exposed.adjusted(-2.0, -2.0, 2.0, 2.0))
        painter.restore()
        self._took({held.taken for held in labels}, to_item, option.exposedRect)


#: A label's line wider than this (pixels) is wrapped between words: a long verdict as one
#: line was as wide as the table on a laptop's screen and found no room clear of anything.
WRAP_PX = 300.0


def _wrapped(metrics: QFontMetricsF, label: Label) -> Label:
    """``label`` with each line wider than :data:`WRAP_PX` broken between words."""
    text = _wrapped_text(metrics, label.text)
    return label if text == label.text else replace(label, text=text)


#: The labels' font metrics with the texts already wrapped and measured in them, per font
#: (``QFont.key``): a drag paints the same labels on every move, and measuring their words
#: again cost about 1 ms a paint.
_MEASURED: dict[str, tuple[QFontMetricsF, dict[str, str], dict[str, tuple[float, float]]]] = {}


def label_metrics() -> QFontMetricsF:
    """The metrics of the overlays' label font (kept, with what was measured in it)."""
    font = style.label_font(8.5, bold=True)
    found = _MEASURED.get(font.key())
    if found is None:
        found = _MEASURED[font.key()] = (QFontMetricsF(font), {}, {})
    return found[0]


def _measured(metrics: QFontMetricsF) -> tuple[dict[str, str], dict[str, tuple[float, float]]]:
    """Where the wrapped texts and sizes in ``metrics`` are kept (new, unkept, for others)."""
    for kept, wrapped, sizes in _MEASURED.values():
        if kept is metrics:
            if len(wrapped) + len(sizes) > 4096:
                wrapped.clear()
                sizes.clear()
            return wrapped, sizes
    return {}, {}


def _wrapped_text(metrics: QFontMetricsF, text: str) -> str:
    """``text`` with each line wider than :data:`WRAP_PX` broken between words (kept)."""
    kept = _measured(metrics)[0]
    found = kept.get(text)
    if found is not None:
        return found
    lines: list[str] = []
    for line in text.split("\n"):
        words = line.split(" ")
        current = words[0]
        for word in words[1:]:
            if metrics.horizontalAdvance(f"{current} {word}") > WRAP_PX:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}"
        lines.append(current)
    kept[text] = "\n".join(lines)
    return kept[text]


def _clip_around(painter: QPainter, part: QRectF,
                 boxes: list[tuple[float, float, float, float]]) -> None:
    """Clip what is drawn next to ``part`` less ``boxes`` (both in pixels)."""
    region = QRegion(part.toAlignedRect().adjusted(-2, -2, 2, 2))
    for left, top, right, bottom in boxes:
        region -= QRegion(QRectF(left, top, right - left, bottom - top).toAlignedRect())
    keep = painter.worldTransform()
    painter.resetTransform()
    painter.setClipRegion(region)
    painter.setWorldTransform(keep)


def _ltrb(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def _size(metrics: QFontMetricsF, text: str) -> tuple[float, float]:
    kept = _measured(metrics)[1]
    found = kept.get(text)
    if found is None:
        lines = text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 8.0
        found = kept[text] = (width, metrics.height() * len(lines) + 4.0)
    return found


def _request(metrics: QFontMetricsF, at: QPointF, label: Label) -> LabelBox:
    width, height = _size(metrics, label.text)
    return LabelBox((at.x(), at.y()), width, height, label.priority, label.dy)


def _draw_leaders(painter: QPainter, labels: list[tuple[QPointF, Label]], boxes: list[QRectF],
                  leaders: list[bool]) -> None:
    """A thin line from each moved label's anchor to the nearest point of its box."""
    for (at, label), box, leader in zip(labels, boxes, leaders, strict=True):
        if not leader:
            continue
        end = QPointF(min(max(at.x(), box.left()), box.right()),
                      min(max(at.y(), box.top()), box.bottom()))
        painter.setPen(_pen(HALO, 3.0))
        painter.drawLine(at, end)
        painter.setPen(_pen(label.colour.lighter(180), 1.5))
        painter.drawLine(at, end)


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


def _pen(colour: QColor, width: float, dashed: bool = False) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


def _draw_areas(painter: QPainter, areas: list[Area], table: QRectF | None = None) -> None:
    """Fill without antialiasing, then stroke the edge antialiased; inside ``table``.

    The edge hides the fill's steps; a big translucent fill costs three times as much with it.
    ``table`` (painter coordinates) clips fill and edge at the table's edge
    (:mod:`board.view.items.on_table`).
    """
    if not areas:
        return
    painter.save()
    clip_to_table(painter, table)
    for area in areas:
        if area.fill.alpha():
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(area.fill)
            painter.drawPath(area.path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(_pen(area.edge, area.width, area.dashed))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(area.path)
    painter.restore()


#: The dark edge drawn under every line so that it reads on any cloth or building. Opaque:
#: a translucent halo under 320 antialiased rays cost 18 ms a paint, an opaque one 2 ms.
HALO = QColor(24, 24, 24)

#: Room kept around the labels last painted, screen pixels: labels that follow the mouse a
#: little stay inside the bounds without growing them on every move.
LABEL_SLACK_PX = 48.0


#: Above this many lines in one picture they are drawn without antialiasing. So many rays
#: lie side by side and read as a fan, where antialiasing changes nothing a player can see,
#: and it costs nine times as much (320 rays: 1.3 ms against 0.15 ms a paint, this machine).
DENSE_LINES = 64


#: Rays from one eye whose ends lie at most this far apart on screen, pixels, are drawn as the
#: fan they make (:mod:`board.view.fans`): less than the narrower pen (the colour's, 2.5 px),
#: so the fan covers what the rays would. A unit of 20 seen from one eye is 20 fans, not 320
#: rays: in the benchmark's drag the rays took 0.57-0.66 ms a move to draw, path included,
#: instead of 0.73-0.82 ms (CPU time, 2 December).
FAN_SPACING_PX = 2.0


def _draw_lines(painter: QPainter, lines: list[Line], batches: list[LineBatch]) -> None:
    """A dark halo under every line, then the lines, one call per colour (rays come in 100s).

    So many lines are drawn without antialiasing (:data:`DENSE_LINES`), and the rays among
    them that fan out from one eye as their fans (:meth:`LineBatch.fans`).
    """
    by_colour: dict[int, tuple[QColor, list[QLineF]]] = {}
    for line in lines:
        key = line.colour.rgba()
        by_colour.setdefault(key, (line.colour, []))[1].append(QLineF(line.start, line.end))
    count = len(lines) + sum(len(b) for b in batches)
    if not count:
        return
    dense = count > DENSE_LINES
    scale = _stretch(painter.worldTransform())
    # Fans only of opaque colours: a translucent one would blend twice where pen meets fill.
    paths = [(b.colour, b.fans(scale), True) if dense and b.colour.alpha() == 255
             else (b.colour, b.path(), False) for b in batches if len(b)]
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, not dense)
    # The halo's pen only: a fan's inside is filled with its colour below, pixel for pixel
    # where the halo's fill would have been (the same path, unantialiased, opaque), and the
    # fill cost a fifth of drawing the rays.
    painter.setPen(_pen(HALO, 4.5))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for _, path, _ in paths:
        painter.drawPath(path)
    if lines:
        painter.drawLines([segment for _, group in by_colour.values() for segment in group])
    for colour, path, fans in paths:
        painter.setPen(_pen(colour, 2.5))
        painter.setBrush(colour if fans else Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for colour, group in by_colour.values():
        painter.setPen(_pen(colour, 2.5))
        painter.drawLines(group)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


def _stretch(transform: QTransform) -> float:
    """The most ``transform`` lengthens a line, pixels per unit (its largest singular value)."""
    a, b, c, d = transform.m11(), transform.m12(), transform.m21(), transform.m22()
    total = a * a + b * b + c * c + d * d
    det = a * d - b * c
    return math.sqrt((total + math.sqrt(max(total * total - 4.0 * det * det, 0.0))) / 2.0)


#: Labels drawn on screen are kept as pictures, this many at most: drawing a kept picture
#: costs a fifth of laying out and drawing the text again (the line-of-sight labels of a unit
#: of 20 are drawn again on every move of a drag).
LABEL_PICTURES = 512

_pictures: OrderedDict[tuple[str, int, float, float, float], QPixmap] = OrderedDict()


def _label_picture(label: Label, box: QRectF, ratio: float) -> QPixmap:
    """``label`` drawn in a box of ``box``'s size, kept for the next time it is asked for."""
    key = (label.text, label.colour.rgba(), round(box.width(), 2), round(box.height(), 2),
           ratio)
    found = _pictures.get(key)
    if found is not None:
        _pictures.move_to_end(key)
        return found
    pixmap = QPixmap(math.ceil(box.width() * ratio), math.ceil(box.height() * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    drawing = QPainter(pixmap)
    drawing.setRenderHints(QPainter.RenderHint.Antialiasing
                           | QPainter.RenderHint.TextAntialiasing)
    _draw_label(drawing, QRectF(0.0, 0.0, box.width(), box.height()), label)
    drawing.end()
    _pictures[key] = pixmap
    if len(_pictures) > LABEL_PICTURES:
        _pictures.popitem(last=False)
    return pixmap


def _draw_label(painter: QPainter, box: QRectF, label: Label) -> None:
    painter.setFont(style.label_font(8.5, bold=True))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(label.colour)
    painter.drawRoundedRect(box, 3.0, 3.0)
    painter.setPen(QPen(style.LABEL_TEXT))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label.text)


def _draw_labels(painter: QPainter, labels: list[tuple[QPointF, Label]],
                 boxes: list[QRectF], exposed: QRectF | None = None, kept: bool = False,
                 ) -> list[tuple[QRectF, Label]]:
    """Draw each label in its box (device pixels); return the boxes with their labels.

    Only the labels that meet ``exposed`` (device pixels) are drawn: the rest would be
    clipped away, after laying out their text. ``kept``: draw kept pictures of the labels,
    at whole pixels (on screen; an export draws the text itself).
    """
    ratio = painter.device().devicePixelRatioF() if kept else 1.0
    for box, (_, label) in zip(boxes, labels, strict=True):
        if exposed is not None and not exposed.intersects(box):
            continue
        if kept:
            painter.drawPixmap(QPointF(round(box.x()), round(box.y())),
                               _label_picture(label, box, ratio))
        else:
            _draw_label(painter, box, label)
    return [(box, label) for box, (_, label) in zip(boxes, labels, strict=True)]


def label_boxes(metrics: QFontMetricsF, labels: list[tuple[QPointF, Label]],
                placed: list[QRectF] | None = None) -> list[QRectF]:
    """Each label's box in screen pixels; a box that would cover an earlier one moves up above it.

    ``placed`` are the boxes of labels before these (returned first). A box only moves up, so
    only the earlier boxes it overlaps sideways can ever be in its way.
    """
    placed = list(placed or [])
    for at, label in labels:
        lines = label.text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 8.0
        height = metrics.height() * len(lines) + 4.0
        box = QRectF(at.x() - width / 2, at.y() + label.dy - height / 2, width, height)
        column = [o for o in placed if o.left() < box.right() and o.right() > box.left()]
        hits = [o for o in column if box.intersects(o)]
        while hits:
            box.moveBottom(min(o.top() for o in hits) - 1.0)
            hits = [o for o in column if box.intersects(o)]
        placed.append(box)
    return placed
