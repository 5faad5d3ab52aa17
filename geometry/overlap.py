"""How far two bases overlap, and how far a base hangs off the table (inches).

The overlap of two shapes is the *penetration depth*: the shortest distance one of them must
move to stand clear of the other (touching is clear). It is what a player means by "the Rhino
is 1.25" onto the marines": move it back 1.25" and it touches them. Round bases are measured
analytically; a round base against a convex polygon (a hull, a square base, an oval's polygon)
analytically too; two convex polygons by the separating-axis theorem (exact); a concave
footprint (an L-shaped building) through its Minkowski difference with the base, built from
its triangles (exact for polygons). An oval is its polygon, whose vertices lie on the ellipse
and whose edges stay within 0.0005" of it (:data:`geometry.footprints.POLYGON_TOLERANCE`).

>>> overlap_depth(Circle(0, 0, 0.5), Circle(0.75, 0, 0.5))
0.25
>>> overlap_depth(Circle(0, 0, 0.5), Circle(1, 0, 0.5))  # touching
0.0
>>> from shapely.geometry import box
>>> overlap_depth(box(0, 0, 4, 2), box(3.5, 1, 6, 3))  # out to the right by 0.5
0.5
>>> off_table_by(Circle(0.25, 10, 0.5), 72, 48)
0.25
>>> off_table_by(Circle(0.5, 10, 0.5), 72, 48)
0.0
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.footprints import Circle, Shape, quad_segs_for

__all__ = ["overlap_depth", "off_table_by", "shape_box", "is_convex"]

FloatArray = NDArray[np.float64]


def shape_box(shape: Shape) -> tuple[float, float, float, float]:
    """The box ``(x0, y0, x1, y1)`` of a base: worked out for a circle, Shapely's otherwise.

    >>> shape_box(Circle(1, 2, 0.5))
    (0.5, 1.5, 1.5, 2.5)
    """
    if isinstance(shape, Circle):
        r = shape.radius
        return (shape.x - r, shape.y - r, shape.x + r, shape.y + r)
    x0, y0, x1, y1 = shape.bounds
    return (float(x0), float(y0), float(x1), float(y1))


def off_table_by(shape: Shape, width: float, height: float) -> float:
    """How far any part of ``shape`` lies beyond the edge of a ``width`` × ``height`` table.

    0 when the base lies wholly on the table (flush with an edge counts as on it).

    >>> off_table_by(Circle(71.9, 47.9, 0.5), 72, 48)
    0.4
    """
    x0, y0, x1, y1 = shape_box(shape)
    return max(0.0, round(max(-x0, -y0, x1 - width, y1 - height), 12))


def is_convex(polygon: BaseGeometry) -> bool:
    """Whether a polygon is convex (to a millionth of its area).

    >>> from shapely.geometry import box
    >>> is_convex(box(0, 0, 1, 1)), is_convex(box(0, 0, 2, 2).difference(box(1, 1, 2, 2)))
    (True, False)
    """
    return bool(polygon.convex_hull.area - polygon.area <= 1e-6 * max(polygon.area, 1e-12))


def overlap_depth(a: Shape, b: Shape) -> float:
    """How far ``a`` and ``b`` overlap: the shortest move that clears them, inches.

    0 when they touch or stand apart. Round bases are :class:`Circle` objects; anything else
    a Shapely polygon.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> overlap_depth(Circle(0, 0, 0.5), box(0.25, -1, 2, 1))  # centre outside, 0.25 in
    0.25
    >>> overlap_depth(Circle(1, 0, 0.5), box(0.25, -1, 2, 1))  # centre inside, 0.75 from edge
    1.25
    >>> L = box(0, 0, 4, 4).difference(box(2, 2, 4, 4))  # an L-shaped footprint
    >>> round(overlap_depth(box(2.5, 1.5, 3.5, 2.5), L), 9)  # into its arm from below
    0.5
    """
    if isinstance(a, Circle) and isinstance(b, Circle):
        return max(0.0, a.radius + b.radius - math.hypot(a.x - b.x, a.y - b.y))
    if isinstance(a, Circle):
        assert not isinstance(b, Circle)
        return _circle_depth(a, b)
    if isinstance(b, Circle):
        return _circle_depth(b, a)
    if not a.intersects(b) or a.intersection(b).area <= 0.0:
        return 0.0
    if is_convex(a) and is_convex(b):
        return _sat_depth(_ring(a), _ring(b))
    return _minkowski_depth(a, b)


def _circle_depth(circle: Circle, polygon: BaseGeometry) -> float:
    """A round base against a polygon: exact for a convex one, via its Minkowski sum else."""
    centre = Point(circle.x, circle.y)
    gap = polygon.distance(centre)
    if gap >= circle.radius:
        return 0.0
    if not is_convex(polygon):
        grown = polygon.buffer(circle.radius, quad_segs=quad_segs_for(circle.radius))
        return float(grown.boundary.distance(centre)) if grown.contains(centre) else 0.0
    if gap > 0.0:
        return circle.radius - gap
    return circle.radius + float(polygon.boundary.distance(centre))


def _ring(polygon: BaseGeometry) -> FloatArray:
    """The polygon's outer ring without its closing vertex."""
    assert isinstance(polygon, Polygon), polygon.geom_type
    return np.asarray(polygon.exterior.coords, dtype=float)[:-1]


def _sat_depth(a: FloatArray, b: FloatArray) -> float:
    """Two convex polygons' depth: the least overlap of their shadows on any edge normal."""
    edges = np.vstack([np.roll(a, -1, axis=0) - a, np.roll(b, -1, axis=0) - b])
    lengths = np.hypot(edges[:, 0], edges[:, 1])
    keep = lengths > 1e-12
    normals = np.column_stack([-edges[keep, 1], edges[keep, 0]]) / lengths[keep, None]
    pa, pb = a @ normals.T, b @ normals.T
    overlap = np.minimum(pa.max(axis=0) - pb.min(axis=0), pb.max(axis=0) - pa.min(axis=0))
    return max(0.0, float(overlap.min()))


def _minkowski_depth(a: BaseGeometry, b: BaseGeometry) -> float:
    """Depth through ``b ⊕ (−a)``: the union of each triangle of ``b`` grown by ``−a``.

    ``a`` moved by ``v`` overlaps ``b`` exactly when ``v`` lies inside that set; the shortest
    move clear is the distance from the origin to its boundary. A concave ``a`` is taken as
    its triangles too.
    """
    parts_a = [a] if is_convex(a) else _triangles(a)
    pieces: list[BaseGeometry] = []
    for part_a in parts_a:
        minus_a = -_ring(part_a)
        for tri in _triangles(b):
            corners = (_ring(tri)[:, None, :] + minus_a[None, :, :]).reshape(-1, 2)
            pieces.append(MultiPoint(corners).convex_hull)
    region = shapely.union_all(pieces)
    origin = Point(0.0, 0.0)
    return float(region.boundary.distance(origin)) if region.contains(origin) else 0.0


def _triangles(polygon: BaseGeometry) -> list[BaseGeometry]:
    return list(shapely.constrained_delaunay_triangles(polygon).geoms)
