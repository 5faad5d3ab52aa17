"""The item that draws a measurement: areas, lines and readable labels, worked out lazily.

A measurement on the board (a ruler, a "within" verdict, range rings) changes with every
mouse move, and mouse moves outpace frames. So the item is told only that its picture is
out of date (:meth:`OverlayItem.mark_dirty`) with a cheap estimate of where it will be; it asks
for the picture (a :class:`Sketch`) when Qt paints it, at most once per paint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.view import style

__all__ = ["Area", "Line", "Label", "Sketch", "OverlayItem", "HALO"]


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


@dataclass(frozen=True)
class Label:
    """Text anchored at a table point, drawn upright in screen pixels, ``dy`` pixels off."""

    at: QPointF
    text: str
    colour: QColor = field(default_factory=lambda: QColor(style.LABEL_BACK))
    dy: float = -14.0


@dataclass
class Sketch:
    """What an overlay draws; ``offset`` (inches) moves it all, as a drag preview does."""

    areas: list[Area] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    offset: QPointF = field(default_factory=QPointF)

    def bounds(self) -> QRectF:
        """The table rectangle the areas and lines cover (labels not included)."""
        rect = QRectF()
        for area in self.areas:
            rect = rect.united(area.path.boundingRect())
        for line in self.lines:
            rect = rect.united(QRectF(line.start, line.end).normalized())
        return rect.translated(self.offset)


class OverlayItem(QGraphicsItem):
    """Draws the :class:`Sketch` that ``compute`` returns, asking for it once per repaint.

    ``estimate`` returns, cheaply, the rectangle (item coordinates) the next sketch will cover;
    it is asked on every :meth:`mark_dirty` so that Qt repaints the right part of the board.
    A ``cached`` item keeps its picture as a pixmap: moving it (``setPos``) costs a copy.
    """

    def __init__(self, compute: Callable[[], Sketch | None], estimate: Callable[[], QRectF],
                 z: float = 30.0, cached: bool = False) -> None:
        super().__init__()
        if cached:  # moved by setPos while its picture stays: Qt moves the pixmap
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)
        self._compute, self._estimate = compute, estimate
        self._bounds = QRectF()
        self._sketch: Sketch | None = None
        self._dirty = True
        #: How many sketches were computed (tests count them against paints).
        self.computed = 0

    def mark_dirty(self) -> None:
        """The picture is out of date: repaint where it will be, compute it when painting."""
        self._dirty = True
        bounds = self._estimate()
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        self.update()

    def sketch(self) -> Sketch | None:
        """The picture now (computed here if out of date)."""
        if self._dirty:
            self._dirty = False
            self._sketch = self._compute()
            self.computed += 1
        return self._sketch

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        sketch = self.sketch()
        if sketch is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        painter.translate(sketch.offset)
        _draw_areas(painter, sketch.areas)
        _draw_lines(painter, sketch.lines)
        transform = painter.worldTransform()
        painter.restore()
        painter.save()
        painter.resetTransform()
        _draw_labels(painter, [(transform.map(label.at), label) for label in sketch.labels])
        painter.restore()


def _pen(colour: QColor, width: float, dashed: bool = False) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


def _draw_areas(painter: QPainter, areas: list[Area]) -> None:
    """Fill without antialiasing, then stroke the edge antialiased.

    The edge hides the fill's steps; a big translucent fill costs three times as much with it.
    """
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


#: The dark edge drawn under every line so that it reads on any cloth or building. Opaque:
#: a translucent halo under 320 antialiased rays cost 18 ms a paint, an opaque one 2 ms.
HALO = QColor(24, 24, 24)


def _draw_lines(painter: QPainter, lines: list[Line]) -> None:
    """A dark halo under every line, then the lines, one call per colour (rays come in 100s)."""
    if not lines:
        return
    by_colour: dict[int, tuple[QColor, list[QLineF]]] = {}
    for line in lines:
        key = line.colour.rgba()
        by_colour.setdefault(key, (line.colour, []))[1].append(QLineF(line.start, line.end))
    painter.setPen(_pen(HALO, 4.5))
    painter.drawLines([segment for _, group in by_colour.values() for segment in group])
    for colour, group in by_colour.values():
        painter.setPen(_pen(colour, 2.5))
        painter.drawLines(group)


def _draw_labels(painter: QPainter, labels: list[tuple[QPointF, Label]]) -> None:
    """Draw each label in a box; a box that would cover an earlier one moves up above it."""
    font = style.label_font(8.5, bold=True)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    placed: list[QRectF] = []
    for at, label in labels:
        lines = label.text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 8.0
        height = metrics.height() * len(lines) + 4.0
        box = QRectF(at.x() - width / 2, at.y() + label.dy - height / 2, width, height)
        while any(box.intersects(other) for other in placed):
            box.moveBottom(min(o.top() for o in placed if box.intersects(o)) - 1.0)
        placed.append(box)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(label.colour)
        painter.drawRoundedRect(box, 3.0, 3.0)
        painter.setPen(QPen(style.LABEL_TEXT))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label.text)
