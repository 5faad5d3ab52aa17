"""The one place that turns document and Shapely values into Qt values.

Points are inches in table coordinates (x right, y down); Qt's scene uses the same numbers,
one scene unit per inch, so the conversion is a change of type, never of scale.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainterPath, QPolygonF, QTransform

__all__ = [
    "to_point",
    "to_polygon",
    "to_path",
    "geometry_to_path",
    "placement_transform",
    "to_colour",
    "rect_of",
]

Point = tuple[float, float]


def to_point(point: Point) -> QPointF:
    """Return a document point ``(x, y)`` as a ``QPointF``."""
    return QPointF(float(point[0]), float(point[1]))


def to_polygon(points: Sequence[Point]) -> QPolygonF:
    """Return a ring of document points as a ``QPolygonF`` (closed by Qt when filled)."""
    coords = shapely.get_coordinates(shapely.linestrings(points)) if len(points) > 1 else points
    return QPolygonF([QPointF(float(x), float(y)) for x, y in coords])


def to_path(points: Sequence[Point]) -> QPainterPath:
    """Return a closed ``QPainterPath`` through the footprint ``points``."""
    path = QPainterPath()
    if len(points) >= 3:
        path.addPolygon(to_polygon(points))
        path.closeSubpath()
    return path


def geometry_to_path(geometry: shapely.Geometry) -> QPainterPath:
    """Return a Shapely polygon or multipolygon (holes included) as a ``QPainterPath``."""
    path = QPainterPath()
    path.setFillRule(path.fillRule().OddEvenFill)
    for part in shapely.get_parts(geometry):
        rings = [
            shapely.get_exterior_ring(part),
            *shapely.get_interior_ring(part, range(shapely.get_num_interior_rings(part))),
        ]
        for ring in rings:
            coords = shapely.get_coordinates(ring)
            path.addPolygon(QPolygonF([QPointF(float(x), float(y)) for x, y in coords]))
            path.closeSubpath()
    return path


def placement_transform(x: float, y: float, rotation: float) -> QTransform:
    """Local datasheet inches to table inches: turn ``rotation``° clockwise, then move.

    On screen (y down) Qt's positive rotation is clockwise, the document's convention.
    """
    transform = QTransform()
    transform.translate(x, y)
    transform.rotate(rotation)
    return transform


def to_colour(colour: str, alpha: int = 255) -> QColor:
    """Return a ``#rrggbb`` colour (a side's colour) as a ``QColor``; grey if it does not parse."""
    qcolour = QColor(colour)
    if not qcolour.isValid():
        qcolour = QColor("#808080")
    qcolour.setAlpha(alpha)
    return qcolour


def rect_of(points: Sequence[Point]) -> QRectF:
    """Return the bounding rectangle of ``points`` (empty at the origin for none)."""
    return to_polygon(points).boundingRect() if points else QRectF()
