"""Measuring: closest-point distances, "within" and "wholly within", for models and units.

Everything is inches. Measurements run closest point to closest point (base to base, base to
footprint). Round bases are :class:`~geometry.footprints.Circle` objects and are measured
analytically, so they are exact; polygons use Shapely.

"Within N" means some part of the shape is at most N away; "wholly within N" means every part
is. The boundary is exact: a base edge 6.000" away is within 6, 6.001" is not. Comparisons
allow only :data:`EPSILON` (1e-9 inch) for floating-point noise.

The unit-level checks ("which models fail, by how much") are in :mod:`geometry.units`.

A target made of several parts (a ``MultiPoint`` of access points, several generators) is
measured to the nearest part; "wholly within" asks whether the shape is wholly within N of one
single part, as the rules ask for "wholly within 6 inches of that Access Point".
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry, BaseMultipartGeometry

from geometry.ellipse import ellipse_of
from geometry.farthest import farthest_distances, farthest_from_polygon, oval_farthest
from geometry.footprints import Circle, Shape, as_geometry
from geometry.kept import KeptPerObject
from geometry.plane import EPSILON, format_distance, to_cm

__all__ = [
    "EPSILON",
    "distance",
    "closest_points",
    "farthest_distance",
    "within",
    "wholly_within",
    "circle_distances",
    "circles_to_target",
    "format_distance",
    "to_cm",
]

XY = tuple[float, float]
FloatArray = NDArray[np.float64]


def distance(a: Shape, b: Shape) -> float:
    """Closest-point distance between two shapes, inches (0 if they touch or overlap).

    Parameters
    ----------
    a, b : Circle or shapely geometry
        Round bases as :class:`Circle` (measured analytically), anything else as Shapely
        geometry (footprints, hulls, points, zones).

    Returns
    -------
    float
        The gap between the closest points, inches; never negative.

    Examples
    --------
    >>> from geometry.footprints import round_base
    >>> round(distance(round_base(0, 0, 32), round_base(6, 0, 32)), 3)
    4.74
    >>> distance(Circle(0, 0, 1), Circle(2, 0, 1))  # touching bases
    0.0
    >>> distance(Circle(0, 0, 1), Point(0, 5))
    4.0
    >>> distance(Point(0, 0), Point(3, 4))
    5.0
    """
    if isinstance(a, Circle) and isinstance(b, Circle):
        gap = math.hypot(a.x - b.x, a.y - b.y) - (a.radius + b.radius)
        return max(0.0, gap)
    oval = ellipse_of(a)
    if oval is None and ellipse_of(b) is not None:
        a, b = b, a
        oval = ellipse_of(a)
    if oval is not None:  # an oval base: its exact ellipse, not its polygon
        if isinstance(b, Circle):
            return max(0.0, oval.distance_to_point(b.x, b.y) - b.radius)
        return oval.distance_to(b)
    if isinstance(a, Circle):
        assert not isinstance(b, Circle)
        return max(0.0, float(shapely.distance(b, Point(a.x, a.y))) - a.radius)
    if isinstance(b, Circle):
        return distance(b, a)
    return float(shapely.distance(a, b))


def closest_points(a: Shape, b: Shape) -> tuple[XY, XY]:
    """Return the closest point of ``a`` and of ``b`` (for drawing a ruler).

    Where the shapes touch or overlap both points are the same point of contact.

    Examples
    --------
    >>> closest_points(Circle(0, 0, 1), Circle(5, 0, 1))
    ((1.0, 0.0), (4.0, 0.0))
    >>> closest_points(Circle(0, 0, 1), Point(0, -3))
    ((0.0, -1.0), (0.0, -3.0))
    >>> closest_points(Point(0, 0), Circle(0, 0, 1))
    ((0.0, 0.0), (0.0, 0.0))
    """
    oval_a, oval_b = ellipse_of(a), ellipse_of(b)
    if oval_b is not None and oval_a is None:
        q, p = closest_points(b, a)
        return p, q
    if oval_a is not None and oval_b is None:  # an oval base: to its exact ellipse
        pair = oval_a.closest_pair((b.x, b.y, b.radius) if isinstance(b, Circle) else b)
        if pair is not None:
            return pair
        b = as_geometry(b)
    if isinstance(b, Circle) and not isinstance(a, Circle):
        q, p = closest_points(b, a)
        return p, q
    if isinstance(a, Circle):
        other: BaseGeometry = Point(b.x, b.y) if isinstance(b, Circle) else b
        q = _nearest_to(other, a.centre)
        if isinstance(b, Circle):
            q = _towards(q, a.centre, b.radius)
        return _towards(a.centre, q, a.radius), q
    assert not isinstance(b, Circle)
    line = shapely.shortest_line(a, b)
    (x0, y0), (x1, y1) = line.coords
    return (x0, y0), (x1, y1)


def _nearest_to(geometry: BaseGeometry, xy: XY) -> XY:
    """Return the point of ``geometry`` nearest to ``xy``."""
    (_, _), (x, y) = shapely.shortest_line(Point(xy), geometry).coords
    return (x, y)


def _towards(start: XY, end: XY, step: float) -> XY:
    """Move from ``start`` toward ``end`` by ``step`` but never past ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length <= step:
        return end
    return (start[0] + dx * step / length, start[1] + dy * step / length)


def farthest_distance(shape: Shape, target: Shape) -> float:
    """How far the farthest part of ``shape`` is from ``target``, inches.

    This is the number "wholly within" compares: the shape is wholly within N of the target
    when this is at most N. Exact for circles against points, circles and convex polygons,
    and for polygons (hulls, squares) against convex targets; an oval base is measured as its
    exact ellipse (:mod:`geometry.ellipse`, to 1e-10", never short); against a non-convex
    polygon it is computed from the candidate points where the distance can peak
    (:mod:`geometry.farthest`), never sampled. A multi-part target counts its nearest single
    part.

    Examples
    --------
    >>> farthest_distance(Circle(0, 0, 1), Point(3, 0))
    4.0
    >>> farthest_distance(Circle(0, 0, 1), Polygon([(-5, -5), (5, -5), (5, 5), (-5, 5)]))
    0.0
    >>> farthest_distance(Circle(6, 0, 1), Polygon([(-5, -5), (5, -5), (5, 5), (-5, 5)]))
    2.0
    """
    if isinstance(target, BaseMultipartGeometry):
        return min(farthest_distance(shape, part) for part in target.geoms)
    oval = ellipse_of(shape)
    if oval is not None:  # an oval base: its exact ellipse (geometry.ellipse), never short
        if isinstance(target, Circle):
            return oval.farthest_from((target.x, target.y, target.radius))
        return oval_farthest(oval, target, _is_convex(target))
    if isinstance(shape, Circle):
        return float(circles_to_target(_centres([shape]), np.array([shape.radius]), target,
                                       wholly=True)[0])
    if isinstance(target, Circle):
        xy = shapely.get_coordinates(shape)
        gaps = np.hypot(xy[:, 0] - target.x, xy[:, 1] - target.y) - target.radius
        return max(0.0, float(gaps.max()))
    if _is_convex(target) or not isinstance(target, (Polygon, LineString)):
        xy = shapely.get_coordinates(shape)
        return float(shapely.distance(shapely.points(xy), target).max())
    return farthest_from_polygon(shape, target)


_CONVEX: KeptPerObject[bool] = KeptPerObject()


def _is_convex(target: BaseGeometry) -> bool:
    """Whether ``target`` is a point, a segment or a convex polygon without holes.

    Kept for the last few polygons asked about (by the object, which is kept, so its id is
    not reused): a generator or a door is asked about for every unit.
    """
    if isinstance(target, Polygon):
        polygon = target
        return _CONVEX.get(polygon, lambda: _convex_polygon(polygon))
    return _convex_polygon(target)


def _convex_polygon(target: BaseGeometry) -> bool:
    """:func:`_is_convex`, worked out."""
    if isinstance(target, Point):
        return True
    if isinstance(target, LineString):
        return len(target.coords) == 2
    if isinstance(target, Polygon) and not target.interiors:
        hull_area = target.convex_hull.area
        return hull_area - target.area <= 1e-9 * max(hull_area, 1.0)
    return False


def _centres(circles: Sequence[Circle]) -> FloatArray:
    """Return an (n, 2) array of circle centres."""
    return np.array([(c.x, c.y) for c in circles], dtype=float).reshape(-1, 2)


def circle_distances(
    centres_a: FloatArray, radii_a: FloatArray, centres_b: FloatArray, radii_b: FloatArray
) -> FloatArray:
    """All base-to-base distances between two sets of round bases, an (n, m) array, inches.

    Analytic and vectorised: ``max(0, |c_a - c_b| - r_a - r_b)``.

    Examples
    --------
    >>> d = circle_distances(np.array([[0.0, 0.0]]), np.array([1.0]),
    ...                      np.array([[5.0, 0.0], [1.5, 0.0]]), np.array([1.0, 1.0]))
    >>> d.tolist()
    [[3.0, 0.0]]
    """
    # x and y apart (contiguous arrays, no (n, m, 2) block), worked in place
    gaps = np.hypot(centres_a[:, 0, None] - centres_b[None, :, 0],
                    centres_a[:, 1, None] - centres_b[None, :, 1])
    gaps -= radii_a[:, None]
    gaps -= radii_b[None, :]
    return np.maximum(gaps, 0.0, out=gaps)


def _convex_signed_distances(points: FloatArray, polygon: Polygon) -> FloatArray:
    """Distance of each point to a convex polygon's outline, negative inside (numpy).

    Examples
    --------
    >>> square = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
    >>> _convex_signed_distances(np.array([[2.0, 1.0], [7.0, 8.0], [4.0, 2.0]]), square).tolist()
    [-1.0, 5.0, 0.0]
    """
    ax, ay, ex, ey, length2 = _EDGES.get(polygon, lambda: _edges(polygon))
    # component arrays (edges × points): no reductions over a length-2 axis, and the
    # reductions run over the few edges, row against row, not along each short row
    rx = points[:, 0] - ax
    ry = points[:, 1] - ay
    t = np.minimum(np.maximum((rx * ex + ry * ey) / length2, 0.0), 1.0)
    nx, ny = rx - t * ex, ry - t * ey
    gap = np.sqrt((nx * nx + ny * ny).min(axis=0))
    cross = ex * ry - ey * rx
    inside = (cross.min(axis=0) >= 0) | (cross.max(axis=0) <= 0)  # one side of every edge
    return np.where(inside & (gap > 0), -gap, gap)


#: The edges of the last few convex polygons measured to (a generator, a door's building).
_EDGES: KeptPerObject[tuple[FloatArray, ...]] = KeptPerObject()


def _edges(polygon: Polygon) -> tuple[FloatArray, ...]:
    """A polygon's edges as columns: starts ``ax``, ``ay``, runs ``ex``, ``ey``, squared lengths."""
    ring = np.asarray(polygon.exterior.coords, dtype=float)
    ax, ay = ring[:-1, 0, None], ring[:-1, 1, None]
    ex, ey = ring[1:, 0, None] - ax, ring[1:, 1, None] - ay
    found = (ax, ay, ex, ey, np.maximum(ex * ex + ey * ey, 1e-300))
    for array in found:
        array.setflags(write=False)  # kept and shared between calls
    return found


def circles_to_target(
    centres: FloatArray, radii: FloatArray, target: Shape, wholly: bool = False
) -> FloatArray:
    """Closest (or, with ``wholly``, farthest) distance of each round base to ``target``.

    Vectorised over the bases; exact for targets that are circles, points, segments or
    convex polygons (see :func:`farthest_distance` for the others).

    Examples
    --------
    >>> square = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
    >>> circles_to_target(np.array([[2.0, 2.0], [6.0, 2.0]]), np.array([1.0, 1.0]),
    ...                   square, wholly=True).tolist()
    [0.0, 3.0]
    >>> circles_to_target(np.array([[2.0, 2.0], [6.0, 2.0]]), np.array([1.0, 1.0]),
    ...                   square).tolist()
    [0.0, 1.0]
    """
    if isinstance(target, Circle):
        reach = np.hypot(centres[:, 0] - target.x, centres[:, 1] - target.y)
        return np.maximum(reach + radii - target.radius if wholly
                          else reach - (radii + target.radius), 0.0)
    if isinstance(target, BaseMultipartGeometry) and wholly:
        parts = [circles_to_target(centres, radii, p, True) for p in target.geoms]
        return np.minimum.reduce(parts)
    if isinstance(target, Polygon) and _is_convex(target):
        signed = _convex_signed_distances(centres, target)
        return np.maximum(signed + radii if wholly else signed - radii, 0.0)
    points: NDArray[np.object_] = np.asarray(shapely.points(centres), dtype=object)
    gaps: FloatArray = np.asarray(shapely.distance(points, target), dtype=float)
    if not wholly:
        return np.maximum(gaps - radii, 0.0)
    if not _is_convex(target) and isinstance(target, (Polygon, LineString)):
        circles: list[Shape] = [Circle(float(x), float(y), float(r))
                                for (x, y), r in zip(centres, radii, strict=True)]
        return farthest_distances(circles, target)
    if target.area > 0:
        inside = gaps <= 0.0
        if inside.any():
            gaps = gaps.copy()
            gaps[inside] = -shapely.distance(points[inside], target.boundary)
    return np.maximum(gaps + radii, 0.0)


def within(shape: Shape, target: Shape, reach: float) -> bool:
    """Whether some part of ``shape`` is within ``reach`` inches of ``target``.

    Parameters
    ----------
    shape, target : Circle or shapely geometry
        What is measured and what it is measured to.
    reach : float
        N in "within N", inches. A gap of exactly ``reach`` is within.

    Returns
    -------
    bool

    Examples
    --------
    >>> from geometry.footprints import round_base
    >>> base = round_base(0, 0, 32)
    >>> within(base, Point(6.0 + base.radius, 0), 6)  # edge exactly 6.000" away
    True
    >>> within(base, Point(6.001 + base.radius, 0), 6)
    False
    """
    return distance(shape, target) <= reach + EPSILON


def wholly_within(shape: Shape, target: Shape, reach: float) -> bool:
    """Whether every part of ``shape`` is within ``reach`` inches of ``target``.

    Parameters
    ----------
    shape, target : Circle or shapely geometry
        What is measured and what it is measured to (a multi-part target: one single part).
    reach : float
        N in "wholly within N", inches; see :func:`farthest_distance`.

    Returns
    -------
    bool

    Examples
    --------
    >>> wholly_within(Circle(0, 0, 1), Point(5, 0), 6)
    True
    >>> wholly_within(Circle(0, 0, 1), Point(5.001, 0), 6)
    False
    """
    return farthest_distance(shape, target) <= reach + EPSILON
