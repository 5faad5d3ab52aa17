"""What an overlay draws (a :class:`Sketch`: areas, lines, labels); how areas and lines are drawn.

The measuring tools, the range rings and the line of sight make sketches; the
:class:`~board.view.measure.overlay_item.OverlayItem` lays their labels out and paints them
(the labels' own drawing: :mod:`board.view.measure.label_drawing`). Lines come one by one or
in batches of hundreds (a line of sight's rays), drawn as fans where they leave one eye side
by side (:mod:`board.view.fans`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QRegion, QTransform

from board.view import style
from board.view.convert import segments_path
from board.view.fans import MovingFans, fans_path
from board.view.items.on_table import clip_to_table

__all__ = ["Area", "Line", "LineBatch", "Label", "Sketch", "HALO", "DENSE_LINES",
           "FAN_SPACING_PX"]


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


def _clip_around(painter: QPainter, part: QRectF,
                 boxes: list[tuple[float, float, float, float]]) -> None:
    """Clip what is drawn next to ``part`` less ``boxes`` (both in pixels)."""
    region = QRegion(part.toAlignedRect().adjusted(-2, -2, 2, 2))
    for left, top, right, bottom in boxes:
        region -= QRegion(QRectF(left, top, right - left, bottom - top).toAlignedRect())
    keep = painter.worldTransform()
    painter.resetTransform()
    # Within the clip already set: an export's picture ends at its page's margin.
    painter.setClipRegion(region, Qt.ClipOperation.IntersectClip)
    painter.setWorldTransform(keep)


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
