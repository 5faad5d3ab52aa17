"""Oval bases as exact ellipses: closest and farthest distances without polygon error.

:func:`geometry.footprints.oval_base` returns a Shapely polygon (drawing, unions, sight)
whose vertices lie on the ellipse, so its edges run up to ``POLYGON_TOLERANCE`` inside it.
Beside that polygon it keeps an :class:`Ellipse` (:func:`ellipse_of` finds it again), and the
verdicts measure the ellipse itself:

- **closest distance** (``within N``, range): to a point, by the one root ``t > 0`` of
  ``(a·u/(t + a²))² + (b·v/(t + b²))² = 1`` in the ellipse's own frame, found by bisection to
  the last bit; to a segment, the least of its ends and of the one interior candidate, the
  ellipse's support point along the segment's normal (a convex distance along a segment has
  its least value at an end or where the segment runs parallel to the ellipse's tangent);
  whether they meet, exactly in the frame where the ellipse is the unit circle.
- **farthest distance** (``wholly within N``): branch and bound over arcs of the ellipse. Each
  arc lies in the triangle of its two ends and the meeting point of their tangents (the
  affine image of the unit circle's arc and its tangent triangle). The distance from a
  convex target is convex, so its largest value on the triangle is at a corner; from a
  non-convex one it is at most ``min over edges e of max over corners of dist(·, e)``, and 0
  for a triangle inside it. Arcs whose bound cannot beat the best distance found at a point
  of the ellipse are dropped, the rest halved, until bound and best agree within 1e-10"
  (or, where the distance ties along much of the outline, more than ``MAX_ARCS`` arcs are
  left); the bound is returned, so the answer is never below the truth.

Examples
--------
>>> e = Ellipse(0.0, 0.0, 2.0, 1.0, 0.0)   # 4" long up the table, 2" wide
>>> round(e.distance_to_point(0.0, -5.0), 12), round(e.distance_to_point(3.0, 0.0), 12)
(3.0, 2.0)
>>> round(e.farthest_from(Point(0.0, 0.0)), 9)
2.0
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry, BaseMultipartGeometry

from geometry.ellipse_pair import gap_between

__all__ = ["Ellipse", "ellipse_of", "remember_ellipse"]

FloatArray = NDArray[np.float64]
Measure = Callable[[FloatArray], FloatArray]

#: Bound and best found agree within this many inches when the farthest search stops.
FARTHEST_TOLERANCE = 1e-10
#: Arcs kept at most: more means the distance ties along much of the outline (an oval as round
#: as a circle, measured from its centre); the search then stops on the safe side, within the
#: last bound (~3e-7" for 60 mm at 4096 arcs).
MAX_ARCS = 4096


@dataclass(frozen=True, slots=True)
class Ellipse:
    """An oval base: centre, semi-axes along and across its facing, inches.

    ``half_length`` runs along ``facing`` (degrees clockwise from up the table),
    ``half_width`` across it.
    """

    x: float
    y: float
    half_length: float
    half_width: float
    facing: float

    @property
    def axes(self) -> tuple[float, float, float, float]:
        """Unit vectors of the width axis ``(ux, uy)`` and the length axis ``(vx, vy)``."""
        a = math.radians(self.facing)
        c, s = math.cos(a), math.sin(a)
        return c, s, -s, c

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The exact bounding box ``(minx, miny, maxx, maxy)``: the reach along ±x and ±y.

        >>> [round(v, 12) for v in Ellipse(0.0, 0.0, 2.0, 1.0, 90.0).bounds]
        [-2.0, -1.0, 2.0, 1.0]
        """
        one, zero = np.array([1.0]), np.array([0.0])
        wide, tall = float(self.support(one, zero)[0]), float(self.support(zero, one)[0])
        return (self.x - wide, self.y - tall, self.x + wide, self.y + tall)

    def local(self, px: FloatArray, py: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Points in the ellipse's frame: along the width axis, along the length axis."""
        ux, uy, vx, vy = self.axes
        dx, dy = px - self.x, py - self.y
        return dx * ux + dy * uy, dx * vx + dy * vy

    def point_at(self, t: FloatArray, scale: FloatArray | float = 1.0) -> FloatArray:
        """Points at parameter ``t`` (radians), their offset from the centre times ``scale``."""
        ux, uy, vx, vy = self.axes
        u = self.half_width * np.cos(t) * scale
        v = self.half_length * np.sin(t) * scale
        return np.stack([self.x + u * ux + v * vx, self.y + u * uy + v * vy], axis=-1)

    def support(self, nx: FloatArray, ny: FloatArray) -> FloatArray:
        """How far the ellipse reaches along unit directions ``(nx, ny)`` from its centre."""
        ux, uy, vx, vy = self.axes
        return np.hypot(self.half_width * (nx * ux + ny * uy),
                        self.half_length * (nx * vx + ny * vy))

    def contains_points(self, points: FloatArray) -> NDArray[np.bool_]:
        """Whether each point (an (n, 2) array) lies in the oval or on its outline."""
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        u, v = self.local(pts[:, 0], pts[:, 1])
        return (u / self.half_width) ** 2 + (v / self.half_length) ** 2 <= 1.0

    def _root(self, u: FloatArray, v: FloatArray) -> FloatArray:
        """The root ``t ≥ 0`` of ``F(t) = (a·u/(t + a²))² + (b·v/(t + b²))² − 1`` (u, v ≥ 0).

        ``F`` falls and is convex for ``t > −min(a², b²)``, so Newton's method from a ``t``
        with ``F(t) ≥ 0`` climbs to the root without passing it. The start
        ``max(0, e·|p| − E²)`` (``e``, ``E`` the smaller and larger semi-axis) has ``F ≥ 0``:
        each term is at least ``(e·p_i / (t + E²))²``. A point inside (``F(0) ≤ 0``) gets 0.
        """
        a, b = self.half_width, self.half_length
        a2, b2 = a * a, b * b
        small, large = min(a, b), max(a2, b2)
        t = np.maximum(0.0, small * np.hypot(u, v) - large)
        for _ in range(100):
            p, q = a * u / (t + a2), b * v / (t + b2)
            f = p * p + q * q - 1.0
            slope = -2.0 * (p * p / (t + a2) + q * q / (t + b2))
            step = np.where(f > 0.0, -f / np.minimum(slope, -1e-300), 0.0)
            moved = t + step
            if not np.any(moved > t):
                break
            t = np.maximum(t, moved)
        return t

    def distances_to_points(self, points: FloatArray) -> FloatArray:
        """Distance from each point (an (n, 2) array) to the oval, 0 inside, inches."""
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        u, v = self.local(pts[:, 0], pts[:, 1])
        u, v = np.abs(u), np.abs(v)
        a2, b2 = self.half_width ** 2, self.half_length ** 2
        outside = (u * u / a2 + v * v / b2) > 1.0
        t = self._root(u, v)
        xu, xv = a2 * u / (t + a2), b2 * v / (t + b2)
        return np.where(outside, np.hypot(u - xu, v - xv), 0.0)

    def distance_to_point(self, px: float, py: float) -> float:
        """Distance from ``(px, py)`` to the oval, 0 inside, inches."""
        return float(self.distances_to_points(np.array([[px, py]]))[0])

    def segments_meet(self, seg: FloatArray) -> NDArray[np.bool_]:
        """Whether each segment (an (n, 4) array ``x0, y0, x1, y1``) meets the oval."""
        u0, v0 = self.local(seg[:, 0], seg[:, 1])
        u1, v1 = self.local(seg[:, 2], seg[:, 3])
        u0, u1 = u0 / self.half_width, u1 / self.half_width  # the oval is the unit circle here
        v0, v1 = v0 / self.half_length, v1 / self.half_length
        du, dv = u1 - u0, v1 - v0
        run = np.maximum(du * du + dv * dv, 1e-300)
        s = np.clip(-(u0 * du + v0 * dv) / run, 0.0, 1.0)
        return np.hypot(u0 + s * du, v0 + s * dv) <= 1.0

    def distances_to_segments(self, seg: FloatArray) -> FloatArray:
        """Distance from each segment (an (n, 4) array) to the oval, 0 where they meet."""
        seg = np.asarray(seg, dtype=float).reshape(-1, 4)
        ends = self.distances_to_points(np.concatenate([seg[:, :2], seg[:, 2:]]))
        best = np.minimum(ends[:len(seg)], ends[len(seg):])
        ex, ey = seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1]
        length = np.maximum(np.hypot(ex, ey), 1e-300)
        nx, ny = -ey / length, ex / length
        offset = nx * (seg[:, 0] - self.x) + ny * (seg[:, 1] - self.y)
        sign = np.where(offset < 0, -1.0, 1.0)
        nx, ny, offset = nx * sign, ny * sign, offset * sign
        reach = self.support(nx, ny)
        # the support point along n: the point of the oval whose tangent runs with the segment
        ux, uy, vx, vy = self.axes
        wn, ln = nx * ux + ny * uy, nx * vx + ny * vy
        scale = np.maximum(reach, 1e-300)
        sx = self.x + (self.half_width ** 2 * wn * ux + self.half_length ** 2 * ln * vx) / scale
        sy = self.y + (self.half_width ** 2 * wn * uy + self.half_length ** 2 * ln * vy) / scale
        along = ((sx - seg[:, 0]) * ex + (sy - seg[:, 1]) * ey) / (length * length)
        inner = (along > 0.0) & (along < 1.0) & (offset > reach)
        best = np.where(inner, np.minimum(best, offset - reach), best)
        return np.where(self.segments_meet(seg), 0.0, best)

    def distance_to(self, target: BaseGeometry) -> float:
        """Closest-point distance from the oval to a Shapely ``target``, exact, inches."""
        if target.is_empty:
            return math.inf
        if isinstance(target, BaseMultipartGeometry):
            return min(self.distance_to(part) for part in target.geoms)
        if isinstance(target, Point):
            return self.distance_to_point(target.x, target.y)
        other = ellipse_of(target)
        if other is not None:
            return self.distance_to_ellipse(other)
        if isinstance(target, Polygon) and target.covers(Point(self.x, self.y)):
            return 0.0
        seg = _segments(target)
        return float(self.distances_to_segments(seg).min()) if len(seg) else math.inf

    def nearest_points(self, points: FloatArray) -> FloatArray:
        """The point of the oval nearest to each point outside it (an (n, 2) array)."""
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        u, v = self.local(pts[:, 0], pts[:, 1])
        su, sv = np.where(u < 0, -1.0, 1.0), np.where(v < 0, -1.0, 1.0)
        u, v = np.abs(u), np.abs(v)
        a2, b2 = self.half_width ** 2, self.half_length ** 2
        t = self._root(u, v)
        xu, xv = su * a2 * u / (t + a2), sv * b2 * v / (t + b2)
        ux, uy, vx, vy = self.axes
        return np.stack([self.x + xu * ux + xv * vx, self.y + xu * uy + xv * vy], axis=-1)

    def distance_to_ellipse(self, other: Ellipse) -> float:
        """Closest-point distance between two ovals, 0 where they meet, inches.

        The widest gap between them along any direction (:mod:`geometry.ellipse_pair`):
        never more than the truth, and short of it only by rounding.
        """
        return gap_between(self, other)

    def closest_pair(self, target: BaseGeometry | tuple[float, float, float],
                     ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The oval's point and the target's point that are closest (a ruler's ends).

        ``target`` is a point, line or polygon (one part, not an oval) or a circle
        ``(x, y, radius)``; ``None`` where they meet (any point of contact will do).
        """
        if isinstance(target, tuple):
            cx, cy, r = target
            if self.distance_to_point(cx, cy) <= r:
                return None
            ox, oy = self.nearest_points(np.array([[cx, cy]]))[0].tolist()
            gap = math.hypot(ox - cx, oy - cy)
            return (ox, oy), (cx + (ox - cx) * r / gap, cy + (oy - cy) * r / gap)
        if isinstance(target, Point):
            target_xy = (target.x, target.y)
            if self.distance_to_point(*target_xy) <= 0.0:
                return None
            ox, oy = self.nearest_points(np.array([target_xy]))[0].tolist()
            return (ox, oy), target_xy
        if isinstance(target, Polygon) and target.covers(Point(self.x, self.y)):
            return None
        seg = _segments(target)
        if not len(seg):
            return None
        gaps = self.distances_to_segments(seg)
        k = int(np.argmin(gaps))
        if gaps[k] <= 0.0:
            return None
        (ax, ay, bx, by) = seg[k].tolist()
        ends = self.distances_to_points(np.array([[ax, ay], [bx, by]]))
        if min(ends) <= gaps[k]:  # an end of the segment
            end = (ax, ay) if ends[0] <= ends[1] else (bx, by)
            ox, oy = self.nearest_points(np.array([end]))[0].tolist()
            return (ox, oy), end
        # the support point along the segment's normal, and its foot on the segment
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        nx, ny = -ey / length, ex / length
        if nx * (ax - self.x) + ny * (ay - self.y) < 0:
            nx, ny = -nx, -ny
        ux, uy, vx, vy = self.axes
        wn, ln = nx * ux + ny * uy, nx * vx + ny * vy
        reach = float(self.support(np.array([nx]), np.array([ny]))[0])
        sx = self.x + (self.half_width ** 2 * wn * ux + self.half_length ** 2 * ln * vx) / reach
        sy = self.y + (self.half_width ** 2 * wn * uy + self.half_length ** 2 * ln * vy) / reach
        along = ((sx - ax) * ex + (sy - ay) * ey) / (length * length)
        return (sx, sy), (ax + along * ex, ay + along * ey)

    def overlaps_interior(self, footprint: BaseGeometry) -> bool:
        """Whether the oval's inside and a footprint's inside meet (touching is not).

        They meet when the centre is inside the footprint or an edge of the footprint passes
        inside the oval (1e-9 of its size in); otherwise the oval's inside, connected and
        crossed by no edge, lies wholly outside.
        """
        if footprint.is_empty or footprint.area <= 0.0:
            return False
        if footprint.contains(Point(self.x, self.y)):
            return True
        seg = _segments(footprint)
        u0, v0 = self.local(seg[:, 0], seg[:, 1])
        u1, v1 = self.local(seg[:, 2], seg[:, 3])
        u0, u1 = u0 / self.half_width, u1 / self.half_width
        v0, v1 = v0 / self.half_length, v1 / self.half_length
        du, dv = u1 - u0, v1 - v0
        s = np.clip(-(u0 * du + v0 * dv) / np.maximum(du * du + dv * dv, 1e-300), 0.0, 1.0)
        return bool((np.hypot(u0 + s * du, v0 + s * dv) < 1.0 - 1e-9).any())

    def farthest_from(self, target: BaseGeometry | tuple[float, float, float]) -> float:
        """Distance from ``target`` of the oval's farthest point, inches (never short).

        ``target`` is a Shapely geometry (one part) or a circle ``(x, y, radius)``.
        """
        measure, bound = _measures(target)
        count = 64
        lo: FloatArray = np.arange(count, dtype=np.float64) * (2.0 * math.pi / count)
        width = np.full(count, 2.0 * math.pi / count)
        best = 0.0
        upper = math.inf
        for _ in range(60):
            ends = self.point_at(lo)
            best = max(best, float(measure(ends).max()))
            corner = self.point_at(lo + 0.5 * width, 1.0 / np.cos(0.5 * width))
            tri = np.stack([ends, self.point_at(lo + width), corner], axis=1)
            up = bound(tri)
            upper = max(best, float(up.max()))
            if upper - best <= FARTHEST_TOLERANCE:
                return upper
            keep = up > best + FARTHEST_TOLERANCE
            if keep.sum() > MAX_ARCS:  # a tie along much of the outline: stop, above the truth
                return upper
            lo, width = lo[keep], width[keep] * 0.5
            lo = np.concatenate([lo, lo + width])
            width = np.concatenate([width, width])
        return upper


#: Each oval polygon's ellipse, by the polygon's id while it lives (``ref`` checks the id).
_ELLIPSES: dict[int, tuple[weakref.ref[Polygon], Ellipse]] = {}


def remember_ellipse(polygon: Polygon, ellipse: Ellipse) -> None:
    """Keep ``ellipse`` as the exact shape of the oval ``polygon``, for as long as it lives."""
    key = id(polygon)

    def forget(ref: weakref.ref[Polygon]) -> None:
        kept = _ELLIPSES.get(key)
        if kept is not None and kept[0] is ref:
            del _ELLIPSES[key]

    _ELLIPSES[key] = (weakref.ref(polygon, forget), ellipse)


def ellipse_of(shape: object) -> Ellipse | None:
    """The exact ellipse of an oval base's polygon (made by ``oval_base``), else ``None``.

    A copy made some other way (a pickle, an affine transform) is a plain polygon again.

    >>> from geometry.footprints import oval_base
    >>> ellipse_of(oval_base(1, 2, 60, 35, 30)).facing
    30.0
    >>> ellipse_of(Point(0, 0)) is None
    True
    """
    kept = _ELLIPSES.get(id(shape))
    if kept is None or kept[0]() is not shape:
        return None
    return kept[1]


def _segments(target: BaseGeometry) -> FloatArray:
    """The straight segments of a target's outline (its boundary), an (n, 4) array."""
    if isinstance(target, Polygon):
        rings = [target.exterior, *target.interiors]
    elif isinstance(target, LineString):
        rings = [target]
    else:
        rings = [g for g in shapely.get_parts(target.boundary)]
    parts = []
    for ring in rings:
        xy = np.asarray(ring.coords, dtype=float)[:, :2]
        if len(xy) == 1:
            xy = np.vstack([xy, xy])
        parts.append(np.hstack([xy[:-1], xy[1:]]))
    return np.vstack(parts) if parts else np.zeros((0, 4))


def _segment_distances(points: FloatArray, seg: FloatArray) -> FloatArray:
    """Distance from each point (..., 2) to each segment (n, 4): shape (..., n)."""
    px, py = points[..., 0, None], points[..., 1, None]
    ax, ay = seg[:, 0], seg[:, 1]
    ex, ey = seg[:, 2] - ax, seg[:, 3] - ay
    run = np.maximum(ex * ex + ey * ey, 1e-300)
    s = np.clip(((px - ax) * ex + (py - ay) * ey) / run, 0.0, 1.0)
    return np.hypot(px - ax - s * ex, py - ay - s * ey)


def _measures(target: BaseGeometry | tuple[float, float, float]) -> tuple[Measure, Measure]:
    """``(measure, bound)``: the distance from ``target`` at points (n, 2), a bound on triangles.

    ``bound`` gives, for each triangle (n, 3, 2), a number no point of it exceeds.
    """
    if isinstance(target, tuple):
        cx, cy, r = target

        def circle(points: FloatArray) -> FloatArray:
            return np.maximum(np.hypot(points[..., 0] - cx, points[..., 1] - cy) - r, 0.0)

        return circle, lambda tri: circle(tri).max(axis=1)

    prepared = target
    shapely.prepare(prepared)

    def measure(points: FloatArray) -> FloatArray:
        return np.asarray(shapely.distance(shapely.points(points), prepared), dtype=float)

    convex = isinstance(target, Point) or (
        isinstance(target, LineString) and len(target.coords) == 2) or (
        isinstance(target, Polygon) and not target.interiors
        and target.convex_hull.area - target.area <= 1e-12 * max(target.area, 1.0))
    if convex:  # a convex distance is largest at a corner of the triangle
        return measure, lambda tri: measure(tri.reshape(-1, 2)).reshape(-1, 3).max(axis=1)
    seg = _segments(target)
    solid = isinstance(target, Polygon)

    # arcs × 3 corners × segments at once would be ~200 MB an array for 4096 arcs against
    # 1,000 segments: a block of arcs at a time
    step = max(1, (1 << 20) // (3 * max(len(seg), 1)))

    def bound(tri: FloatArray) -> FloatArray:
        up = np.concatenate([_segment_distances(tri[start:start + step], seg)
                             .max(axis=1).min(axis=1) for start in range(0, len(tri), step)])
        if solid:  # a triangle inside the footprint is 0 from it
            closed = np.concatenate([tri, tri[:, :1]], axis=1)
            inside = shapely.covers(prepared, shapely.polygons(closed))
            up = np.where(inside, 0.0, up)
        return np.maximum(up, measure(tri.reshape(-1, 2)).reshape(-1, 3).max(axis=1))

    return measure, bound
