"""The farthest point of a base from any footprint, convex or not, computed — never sampled.

"Wholly within N" compares ``max over the base of dist(p, target)`` with N. Against a convex
target the maximum sits at a base's vertex (polygons) or straight out from its centre
(circles), as :mod:`geometry.measure` uses. Against a non-convex polygon ``B`` (the shipped
L-shaped ruins) the distance ``f(p) = dist(p, B)`` is the smallest of the distances to B's
*features* — its corners and the lines of its edges — and 0 inside B. Along the base's
outline each feature distance is smooth, so the largest ``f`` there is found at

- the base's corners (polygon bases), or the point of a circle straight away from a corner or
  square away from an edge line (each feature's own farthest point), or
- a point where two features are equally far: a bisector line of two corners or of two edge
  lines (linear), or a parabola of a corner and an edge line (a quadratic along a straight
  edge, a quartic around a circle, solved as polynomial roots).

Every candidate is measured exactly to B and the largest wins. A maximum strictly inside the
base needs B to wrap round that point (a pocket of the footprint): it is then a point equally
far from three features (a corner circumcentre, a point equally far from three edge lines, or
the roots of a quadratic for the mixed triples), and those inside the base are candidates too
(only computed when the base reaches into the footprint's hull).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.circle_peaks import circle_peaks
from geometry.ellipse import Ellipse, ellipse_of
from geometry.farthest_candidates import (
    circle_candidates,
    interior_peak,
    outline_candidates,
)
from geometry.farthest_features import BLOCK, Features, as_complex
from geometry.footprints import Circle, Shape
from geometry.kept import KeptPerObject

__all__ = ["farthest_from_polygon", "farthest_distances", "oval_farthest"]

FloatArray = NDArray[np.float64]


_CACHE: dict[bytes, Features] = {}


_SAME: KeptPerObject[Features] = KeptPerObject()


def _features(target: BaseGeometry) -> Features:
    """The target's features, kept for the last few targets (a ruin is asked about often).

    Found by the geometry object itself first (it is kept, so its id is not reused), then by
    its WKB (an equal geometry made anew).
    """
    return _SAME.get(target, lambda: _by_wkb(target))


def _by_wkb(target: BaseGeometry) -> Features:
    """The target's features, kept by its WKB."""
    key = shapely.to_wkb(target)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= 32:
            _CACHE.pop(next(iter(_CACHE)))
        found = _CACHE[key] = Features(target)
    return found


def farthest_distances(shapes: list[Shape], target: BaseGeometry) -> FloatArray:
    """Farthest distance of each shape from a polygon ``target``, convex or not (vectorised).

    ``target`` may also be a line of several segments (a wall's run): its corners and
    segments are the features, and nothing is inside it.

    Examples
    --------
    >>> ruin = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
    >>> farthest_distances([Circle(3, 3, 0.5), Circle(1, 1, 0.5)], ruin).round(6).tolist()
    [1.353553, 0.0]
    >>> from shapely.geometry import LineString
    >>> wall = LineString([(0, 0), (4, 0), (4, 4)])
    >>> farthest_distances([Circle(0, 4, 1)], wall).round(6).tolist()  # as far from both ends
    [4.759922]
    """
    features = _features(target)
    out = np.zeros(len(shapes))
    rows: list[int] = []
    xyr_rows: list[tuple[float, float, float]] = []
    others: list[tuple[int, BaseGeometry]] = []
    for i, shape in enumerate(shapes):
        if isinstance(shape, Circle):
            rows.append(i)
            xyr_rows.append((shape.x, shape.y, shape.radius))
        else:
            others.append((i, shape))
    if rows:
        xyr = np.array(xyr_rows, dtype=float)
        settled, bounds = _settled_circles(xyr, features)
        rest = np.flatnonzero(np.isnan(settled))
        if 0 < len(rest) <= _FEW:
            settled[rest] = circle_peaks(xyr[rest], bounds[rest], features.table,
                                         features.largest)
        elif len(rest):
            settled[rest] = _circles_by_candidates(xyr[rest], features)
        out[rows] = settled
    for i, shape in others:
        oval = ellipse_of(shape)
        if oval is not None:  # an oval base: its exact ellipse
            out[i] = oval_farthest(oval, target, False)
            continue
        points = outline_candidates(shape, features)
        edge = float(features.largest(points)[0])
        out[i] = max(edge, interior_peak(shape, features, edge))
    return out


#: Up to this many circles left unsettled are searched one by one among the features near each
#: (:mod:`geometry.circle_peaks`); more, with every feature at once as arrays.
_FEW = 16

#: How close (inches) the distance at a circle's point straight away from the target's nearest
#: point must come to the bound ``gap + r`` to settle the circle (rounding of ~1e-14 only).
_SETTLE = 1e-11


def _settled_circles(xyr: FloatArray, features: Features) -> tuple[FloatArray, FloatArray]:
    """Circles whose farthest distance is their upper bound, reached; nan for the others.

    Also returns each circle's bound.

    No point of a disc is farther from ``B`` than ``dist(c, B) + r`` (outside; distances
    change no faster than the point moves), nor than ``r − dist(c, ∂B)`` (centre inside: the
    disc of radius ``dist(c, ∂B)`` round ``c`` lies in ``B``). The circle's point ``p`` straight
    away from the nearest outline point (outside) or towards it (inside) is a point of the
    base: when ``dist(p, B)`` reaches the bound, the bound is the farthest distance, exactly.
    A disc wholly inside ``B`` is 0. The bound is what is returned, so a rounding difference
    errs towards "too far", never towards accepting a base. (A centre on the outline has no
    direction away: its probe is the centre, 0 from ``B``, which reaches no bound r > 0.)
    """
    r = xyr[:, 2]
    z = as_complex(xyr[:, :2])
    gap, away, inside = features.nearest_offsets(z)  # away: centre − nearest point
    sign = np.where(inside, -1.0, 1.0)
    bound = r + sign * gap
    probe = z + away * (sign * r / np.maximum(gap, 1e-300))
    reached = features.distance_z(probe) >= bound - _SETTLE
    return np.where(reached, np.maximum(bound, 0.0), np.nan), bound


def _circles_by_candidates(xyr: FloatArray, features: Features,
                           gaps: FloatArray | None = None) -> FloatArray:
    """Farthest distance of each circle, from every point where it may peak (the full way).

    A few circles at a time: each meets every bisector line and (corner, edge line) pair,
    some 1.5 million of each for a footprint of 1,000 corners.
    """
    best = np.zeros(len(xyr))
    step = max(1, BLOCK // (len(features.lines[0]) + len(features.pairs[0]) + 1))
    for start in range(0, len(xyr), step):
        part = slice(start, start + step)
        points, whose = circle_candidates(xyr[part], features,
                                           None if gaps is None else gaps[part])
        best[part] = features.largest(points, whose, len(xyr[part]))
    if not features.pocket.is_empty:  # only bases reaching into the footprint's hull
        pocket_gaps = np.asarray(shapely.distance(shapely.points(xyr[:, :2]), features.pocket),
                                 dtype=float)
        for row in np.flatnonzero(pocket_gaps < xyr[:, 2]).tolist():
            cx, cy, r = xyr[row].tolist()
            best[row] = max(best[row], features.peak_inside(
                cx, cy, r, _circle_apart(cx, cy, r), float(best[row])))
    return best


def _circle_apart(cx: float, cy: float, r: float) -> Callable[[FloatArray], FloatArray]:
    """The distance of points from the circle (0 inside or on it)."""
    return lambda p: np.maximum(np.hypot(p[:, 0] - cx, p[:, 1] - cy) - r, 0.0)


def oval_farthest(oval: Ellipse, target: BaseGeometry, convex: bool) -> float:
    """How far the farthest point of an exact oval is from ``target``, never short.

    Its outline by :meth:`Ellipse.farthest_from`; inside it, against a non-convex polygon or
    line wrapped round it, the points equally far from three features that it holds.
    """
    far = oval.farthest_from(target)
    if convex or not isinstance(target, (Polygon, LineString)):
        return far
    features = _features(target)
    if features.solid and (features.pocket.is_empty
                           or not oval.overlaps_interior(features.pocket)):
        return far  # no point of the oval in the footprint's hull off it: no peak inside
    return max(far, features.peak_inside(oval.x, oval.y, max(oval.half_length, oval.half_width),
                                         oval.distances_to_points, far))


def farthest_from_polygon(shape: Shape, target: BaseGeometry) -> float:
    """How far the farthest part of ``shape`` is from a polygon ``target``, convex or not.

    Examples
    --------
    An L-shaped ruin and a base in its notch: its point farthest from both inner walls is at 45°.

    >>> ruin = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
    >>> round(farthest_from_polygon(Circle(3, 3, 0.5), ruin), 9)  # 1 + 0.5 / √2
    1.353553391
    >>> round(farthest_from_polygon(Circle(8, 8, 1), ruin), 6)  # on the corners' bisector
    7.232822
    """
    return float(farthest_distances([shape], target)[0])
