"""Kept range rings that follow a drag by repainting a band along their edge, not a square.

A ring follows its unit while the unit is dragged. Moved as an item (``setPos``), Qt repaints
all of its old and new box with everything under it, about 200,000 pixels a move at
whole-table zoom for a 12" ring around a unit. Cut into small items along its edge, Qt
repainted a band, but paid for every piece on every paint (76 pieces: 1.2 ms).

So a :class:`RingItem` is one item that never moves. Its bounds cover the whole scene; it
draws its rings from one picture it keeps in screen pixels (made again only when the zoom
changes), shifted by the drag's offset. When the offset changes it asks Qt to repaint only
the edge's squares of :data:`CELL` inches where the edge was and where it is now
(:meth:`RingItem.set_offset`), and where its distances' labels were and are: they are placed
by the board's layout model and held, moved with the rings, in a drag
(:mod:`board.view.measure.ring_labels`).

What is drawn is the edge and a band :data:`BAND` inches wide just inside it, which marks the
side in range. There is no fill over the whole area: a fill is what needs the whole square.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from board.game.core.units import distance_text
from board.game.measuring.range_rings import RangeRing
from board.view.convert import geometry_to_path
from board.view.items.on_table import clip_to_table, table_in
from board.view.measure.ring_labels import RingLabel, RingLabels, edge_spots
from board.view.measure.sketch import Area, Label, Sketch
from board.view.measure.sketches import DRAW_TOLERANCE, RING_COLOURS

__all__ = ["RingItem", "RingPicture", "CELL", "BAND", "EDGE_PX", "MARGIN_PX",
           "MAX_PICTURE_PX", "ring_pictures", "edge_cells"]

#: The side of the squares the edge is cut into for repainting, inches.
CELL = 3.0

#: The width of the band drawn inside the edge, inches.
BAND = 0.3

#: The edge's width, screen pixels.
EDGE_PX = 2.0

#: Room around the edge for the pen and its antialiasing, screen pixels.
MARGIN_PX = 3.0

#: The largest picture kept, pixels (close up a ring is drawn from its paths instead).
MAX_PICTURE_PX = 6_000_000

_BAND_ALPHA = 60
_LABEL_ALPHA = 220


@dataclass(frozen=True)
class RingPicture:
    """One ring as drawn: its area (simplified for drawing), colour and label."""

    area: shapely.Geometry
    colour: QColor
    text: str


def ring_pictures(rings: Sequence[tuple[str, RangeRing]], unit: str) -> list[RingPicture]:
    """Each ring's area to draw, its colour (one per distance in turn) and its label.

    ``rings`` pairs a name (empty, or an emplaced weapon's) with each ring.
    """
    pictures = []
    for k, (name, ring) in enumerate(rings):
        text = distance_text(ring.radius, unit=unit) + _raised_words(ring, unit)
        pictures.append(RingPicture(shapely.simplify(ring.area, DRAW_TOLERANCE),
                                    RING_COLOURS[k % len(RING_COLOURS)],
                                    f"{name} {text}" if name else text))
    return pictures


def _raised_words(ring: RangeRing, unit: str) -> str:
    """`` (5.20" on the table from 3.00" up)`` for a ring around a raised thing."""
    if not ring.raised:
        return ""
    up = distance_text(ring.height, unit=unit)
    if ring.ground is None:
        return f" (does not reach the table from {up} up)"
    return f" ({distance_text(ring.ground, unit=unit)} on the table from {up} up)"


def edge_cells(area: shapely.Geometry, cell: float = CELL) -> list[QRectF]:
    """The box of the edge of ``area`` in each ``cell``-inch square it crosses (inches).

    Together they cover the edge; moved, each is repainted where it was and where it is.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> len(edge_cells(box(0.5, 0.5, 4.5, 4.5), 2.5))  # a square crossing 2 x 2 squares
    4
    """
    if shapely.is_empty(area):
        return []
    edge = shapely.boundary(area)
    x0, y0, x1, y1 = (float(v) for v in shapely.bounds(area))
    xs = np.arange(math.floor(x0 / cell) * cell, x1, cell)
    ys = np.arange(math.floor(y0 / cell) * cell, y1, cell)
    gx, gy = np.meshgrid(xs, ys)
    cells = shapely.box(gx.ravel(), gy.ravel(), gx.ravel() + cell, gy.ravel() + cell)
    shapely.prepare(edge)
    parts = shapely.intersection(edge, cells[shapely.intersects(edge, cells)])
    boxes = shapely.bounds(parts[~shapely.is_empty(parts)])
    return [QRectF(a, b, c - a, d - b) for a, b, c, d in boxes.tolist()]


def _faded(colour: QColor, alpha: int) -> QColor:
    faded = QColor(colour)
    faded.setAlpha(alpha)
    return faded


@dataclass(frozen=True)
class _Drawn:
    """A ring ready to draw: the band inside its edge, the edge, its colour."""

    band: QPainterPath
    edge: QPainterPath
    colour: QColor


def _one_rectangle(scene: QGraphicsScene) -> bool:
    """Whether ``scene``'s view repaints one rectangle round every part it is asked to."""
    views = scene.views()
    return bool(views) and (views[0].viewportUpdateMode()
                            == QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)


class RingItem(RingLabels, QGraphicsItem):
    """Kept range rings, their distances written on their edges, shifted by a drag's offset."""

    def __init__(self, z: float = 25.0) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)
        self._sketch: Sketch | None = None
        self._drawn: list[_Drawn] = []
        self._cells: list[tuple[float, float, float, float]] = []  # x0, y0, x1, y1
        self._extent = (0.0, 0.0, 0.0, 0.0)  # the box round the cells
        self.init_ring_labels()
        self._rect = QRectF()  # the rings' box, inches, unshifted
        self._bounds = QRectF()
        self._offset = QPointF()
        self._picture: tuple[tuple[float, ...], QPixmap, QPointF] | None = None
        self._due: Callable[[], Sequence[RingPicture] | None] | None = None
        #: How many times the rings were drawn anew (tests count them against moves).
        self.computed = 0

    # -- what is drawn ----------------------------------------------------------------------
    def sketch(self) -> Sketch | None:
        """What is drawn: each ring's area (its edge) and label, unshifted, and the offset."""
        self._draw_due()
        return self._sketch

    @property
    def pieces(self) -> int:
        """How many squares of edge a move repaints (each where it was and where it is)."""
        return len(self._cells)

    def show_rings(self, pictures: Sequence[RingPicture] | None) -> None:
        """Draw ``pictures`` (``None`` or empty: nothing) in place of what was drawn."""
        self._due = None
        self.computed += 1
        self._repaint_rings()  # where they were
        self._drawn, self._cells, self._picture = [], [], None
        self._rect = QRectF()
        sketch = Sketch(offset=QPointF(self._offset))
        labels = []
        for picture in pictures or ():
            path = geometry_to_path(picture.area)
            band = shapely.difference(picture.area, shapely.buffer(picture.area, -BAND))
            self._drawn.append(_Drawn(geometry_to_path(band), path, picture.colour))
            self._cells += [(r.left(), r.top(), r.right(), r.bottom())
                            for r in edge_cells(picture.area)]
            self._rect = self._rect.united(path.boundingRect())
            colour = _faded(picture.colour.darker(200), _LABEL_ALPHA)
            spots = edge_spots(picture.area)  # its top first: where it is written at rest
            sketch.areas.append(Area(path, picture.colour, QColor(0, 0, 0, 0)))
            if spots:
                sketch.labels.append(Label(QPointF(*spots[0]), picture.text, colour, 0.0))
            labels.append(RingLabel(spots, picture.text, colour))
        self._sketch = sketch if self._drawn else None
        self._extent = (min((c[0] for c in self._cells), default=0.0),
                        min((c[1] for c in self._cells), default=0.0),
                        max((c[2] for c in self._cells), default=0.0),
                        max((c[3] for c in self._cells), default=0.0))
        self._set_bounds()
        self._repaint_rings()  # where they are
        self.set_ring_labels(labels)

    def show_soon(self, make: Callable[[], Sequence[RingPicture] | None]) -> None:
        """Draw what ``make`` returns at the next turn of the event loop (or when asked).

        Mouse moves come faster than paints; only the last one asked for is drawn.
        """
        if self._due is None:
            QTimer.singleShot(0, self._draw_due)
        self._due = make

    def _draw_due(self) -> None:
        make, self._due = self._due, None
        if make is not None:
            self.show_rings(make())

    # -- following a drag -----------------------------------------------------------------
    @property
    def offset(self) -> QPointF:
        """How far the rings are drawn from where they were made, inches."""
        return QPointF(self._offset)

    def set_offset(self, dx: float, dy: float) -> None:
        """Draw the rings shifted by ``(dx, dy)`` inches; repaint along their edges only."""
        new = QPointF(dx, dy)
        if new == self._offset:
            return
        old, self._offset = self._offset, new
        if self._sketch is not None:
            self._sketch.offset = QPointF(new)
        if not self._rect.isEmpty() and not self._bounds.contains(self._rect.translated(new)):
            self._set_bounds()
        scene = self.scene()
        if scene is not None:
            grow = BAND + MARGIN_PX * self._pixel()
            ox, oy, nx, ny = old.x(), old.y(), new.x(), new.y()
            apart = abs(nx - ox) > CELL or abs(ny - oy) > CELL
            if self._cells and _one_rectangle(scene):
                # The view repaints the box round all it is asked for (a drag's backdrop is
                # drawn): one box round the edge's squares, where they were and are, is that.
                x0, y0, x1, y1 = self._extent
                left, upper = x0 + min(ox, nx) - grow, y0 + min(oy, ny) - grow
                scene.update(QRectF(left, upper, x1 + max(ox, nx) + grow - left,
                                    y1 + max(oy, ny) + grow - upper))
                self.labels_changed()  # the labels' boxes where they were and are
                return
            for x0, y0, x1, y1 in self._cells:
                if apart:  # a jump: where it was and where it is, each by itself
                    scene.update(QRectF(x0 + ox - grow, y0 + oy - grow, x1 - x0 + 2 * grow,
                                        y1 - y0 + 2 * grow))
                    scene.update(QRectF(x0 + nx - grow, y0 + ny - grow, x1 - x0 + 2 * grow,
                                        y1 - y0 + 2 * grow))
                else:  # a step: one box over both
                    left, upper = x0 + min(ox, nx) - grow, y0 + min(oy, ny) - grow
                    scene.update(QRectF(left, upper, x1 + max(ox, nx) + grow - left,
                                        y1 + max(oy, ny) + grow - upper))
        self.labels_changed()

    # -- Qt -------------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override
        return QPainterPath()  # never under the mouse, though its bounds cover the table

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if not self._drawn:
            return
        picture = self._kept_picture(painter) if widget is not None else None
        painter.save()
        clip_to_table(painter, table_in(self))  # the rings end at the table's edge
        if picture is None:  # an export, or close up: draw the paths
            painter.translate(self._offset)
            self._draw_paths(painter)
        else:
            pixmap, corner = picture
            at = painter.worldTransform().map(corner + self._offset)
            painter.resetTransform()  # the clip stays where it was set, on the device
            painter.drawPixmap(QPoint(round(at.x()), round(at.y())), pixmap)
        painter.restore()
        self.paint_labels(painter, widget)  # over the table's edge too: not clipped

    # -- helpers ----------------------------------------------------------------------------
    def _pixel(self) -> float:
        """One screen pixel, inches (from the first view; 0.1 without one)."""
        scene = self.scene()
        views = scene.views() if scene is not None else []
        return 1.0 / max(views[0].transform().m11(), 1e-9) if views else 0.1

    def labels_moved(self, area: QRectF) -> None:
        """The labels are drawn in ``area`` (scene inches): grow the bounds if they are out."""
        if not self._bounds.contains(area):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(area)

    def _set_bounds(self) -> None:
        """Cover the scene and the rings wherever a drag takes them (never grown per move)."""
        scene = self.scene()
        wanted = scene.sceneRect() if scene is not None else QRectF()
        wanted = wanted.united(self.labels_area())
        if not self._rect.isEmpty():
            reach = max(self._rect.width(), self._rect.height())
            wanted = wanted.united(self._rect.translated(self._offset).adjusted(
                -reach, -reach, reach, reach))
        if wanted != self._bounds:
            self.prepareGeometryChange()
            self._bounds = wanted

    def _repaint_rings(self) -> None:
        """Ask Qt to repaint the rings' box where they are drawn now."""
        scene = self.scene()
        if scene is not None and not self._rect.isEmpty():
            grow = MARGIN_PX * self._pixel() + 0.5
            scene.update(self._rect.translated(self._offset).adjusted(-grow, -grow, grow, grow))

    def _draw_paths(self, painter: QPainter) -> None:
        for drawn in self._drawn:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(_faded(drawn.colour, _BAND_ALPHA))
            painter.drawPath(drawn.band)
            pen = QPen(drawn.colour, EDGE_PX)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(drawn.edge)

    def _kept_picture(self, painter: QPainter) -> tuple[QPixmap, QPointF] | None:
        """The rings drawn once at the painter's zoom (``None`` if too big to keep).

        Returns the picture and the table point its top-left pixel stands for (unshifted).
        """
        world = painter.worldTransform()
        key = (world.m11(), world.m12(), world.m21(), world.m22(),
               painter.device().devicePixelRatioF())
        if self._picture is not None and self._picture[0] == key:
            return self._picture[1], self._picture[2]
        grow = MARGIN_PX / max(math.hypot(world.m11(), world.m12()), 1e-9)
        rect = self._rect.adjusted(-grow, -grow, grow, grow)
        linear = QTransform(world.m11(), world.m12(), world.m21(), world.m22(), 0.0, 0.0)
        box = linear.mapRect(rect)
        ratio = key[4]
        width, height = math.ceil(box.width() * ratio), math.ceil(box.height() * ratio)
        if width * height > MAX_PICTURE_PX or width <= 0 or height <= 0:
            self._picture = None
            return None
        pixmap = QPixmap(width, height)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        corner = linear.inverted()[0].map(box.topLeft())  # the table point at pixel (0, 0)
        drawing = QPainter(pixmap)
        drawing.setTransform(QTransform.fromTranslate(-corner.x(), -corner.y()) * linear)
        self._draw_paths(drawing)
        drawing.end()
        self._picture = (key, pixmap, corner)
        return pixmap, corner
