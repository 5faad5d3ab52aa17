"""The one place that turns document and Shapely values into Qt values.

Points are inches in table coordinates (x right, y down); Qt's scene uses the same numbers,
one scene unit per inch, so the conversion is a change of type, never of scale.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QPointF, QRectF
from PySide6.QtGui import QColor, QPainterPath, QPolygonF, QTransform

from board.view.style import NO_SIDE

if TYPE_CHECKING:  # the board's outlines are plain points: numpy and Shapely come with tools
    import numpy as np
    import shapely

__all__ = [
    "to_point",
    "to_polygon",
    "to_path",
    "geometry_to_path",
    "placement_transform",
    "to_colour",
    "rect_of",
    "segments_path",
]

Point = tuple[float, float]


def to_point(point: Point) -> QPointF:
    """Return a document point ``(x, y)`` as a ``QPointF``."""
    return QPointF(float(point[0]), float(point[1]))


def to_polygon(points: Sequence[Point]) -> QPolygonF:
    """Return a ring of document points as a ``QPolygonF`` (closed by Qt when filled)."""
    return QPolygonF([QPointF(float(point[0]), float(point[1])) for point in points])


def to_path(points: Sequence[Point]) -> QPainterPath:
    """Return a closed ``QPainterPath`` through the footprint ``points``."""
    path = QPainterPath()
    if len(points) >= 3:
        path.addPolygon(to_polygon(points))
        path.closeSubpath()
    return path


def geometry_to_path(geometry: shapely.Geometry) -> QPainterPath:
    """Return a Shapely polygon or multipolygon (holes included) as a ``QPainterPath``."""
    import shapely  # what it draws was made by Shapely: loaded already

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
        qcolour = QColor(NO_SIDE)
    qcolour.setAlpha(alpha)
    return qcolour


def rect_of(points: Sequence[Point]) -> QRectF:
    """Return the bounding rectangle of ``points`` (empty at the origin for none)."""
    return to_polygon(points).boundingRect() if points else QRectF()


def segments_path(ends: np.ndarray) -> QPainterPath:
    """Separate straight segments, rows of ``(x1, y1, x2, y2)`` inches, as one open path.

    Made from the array in one step, as Qt's own binary form of a path read back (what
    ``QDataStream << QPainterPath`` writes: a count, then each element's kind, x and y, then
    two integers), not one call per point: 320 rays take 0.05 ms.

    Examples
    --------
    >>> import numpy as np
    >>> path = segments_path(np.array([[0.0, 0.0, 1.0, 2.0], [3.0, 3.0, 4.0, 3.0]]))
    >>> path.elementCount(), path.elementAt(3).x, path.elementAt(3).y
    (4, 4.0, 3.0)
    """
    import numpy as np  # the rays of line of sight: numpy's already

    rows = np.asarray(ends, dtype=float).reshape(-1, 4)
    records = np.empty(2 * len(rows), dtype=[("kind", ">i4"), ("x", ">f8"), ("y", ">f8")])
    records["kind"][0::2] = 0  # QPainterPath.MoveToElement
    records["kind"][1::2] = 1  # QPainterPath.LineToElement
    records["x"][0::2], records["y"][0::2] = rows[:, 0], rows[:, 1]
    records["x"][1::2], records["y"][1::2] = rows[:, 2], rows[:, 3]
    data = QByteArray(struct.pack(">i", len(records)) + records.tobytes() + bytes(8))
    path = QPainterPath()
    stream = QDataStream(data, QIODevice.OpenModeFlag.ReadOnly)
    stream >> path  # noqa: B015 - Qt's stream operator fills the path
    return path
