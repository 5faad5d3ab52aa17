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

import math
from collections.abc import Callable

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.circle_peaks import FeatureTable, circle_peaks
from geometry.ellipse import Ellipse, ellipse_of
from geometry.equidistant import three_feature_points
from geometry.footprints import Circle, Shape
from geometry.inner_peaks import peak_near
from geometry.kept import KeptPerObject

__all__ = ["farthest_from_polygon", "farthest_distances", "oval_farthest"]

FloatArray = NDArray[np.float64]
ComplexArray = NDArray[np.complex128]


def _complex(points: FloatArray) -> ComplexArray:
    """(n, 2) points as n complex numbers ``x + iy`` (a view when they are laid out so)."""
    return np.ascontiguousarray(points, dtype=float).view(np.complex128)[:, 0]


class _Features:
    """A polygon's corners, edges and edge lines (unit normal ``n``, offset ``k``: n·p = k)."""

    def __init__(self, target: BaseGeometry) -> None:
        self.solid = bool(shapely.area(target) > 0)
        if self.solid:
            rings = [np.asarray(r.coords, dtype=float) for poly in shapely.get_parts(target)
                     for r in [poly.exterior, *poly.interiors]]
        else:  # a line (or lines): its segments, no inside
            rings = [np.asarray(part.coords, dtype=float)
                     for part in shapely.get_parts(target) if len(part.coords) >= 2]
        self.starts = np.concatenate([r[:-1] for r in rings])
        self.ends = np.concatenate([r[1:] for r in rings])
        edge = self.ends - self.starts
        length = np.hypot(edge[:, 0], edge[:, 1])
        keep = length > 0
        self.starts, self.ends, edge, length = (self.starts[keep], self.ends[keep], edge[keep],
                                                length[keep])
        self.normals = np.stack([edge[:, 1], -edge[:, 0]], axis=1) / length[:, None]
        # per-edge constants of the distance as complex numbers x + iy, in columns (edges ×
        # points below, so the reductions over the few edges run row against row)
        self._a = (self.starts[:, 0] + 1j * self.starts[:, 1])[:, None]
        self._e = (edge[:, 0] + 1j * edge[:, 1])[:, None]
        self._share = np.conj(self._e) / (length * length)[:, None]
        # the footprint itself, prepared, for "is this point inside" (a copy: the caller's
        # geometry is left as it was)
        self._solid = shapely.from_wkb(shapely.to_wkb(target)) if self.solid else None
        if self._solid is not None:
            shapely.prepare(self._solid)
        self.offsets = (self.normals * self.starts).sum(axis=1)
        # a ring's corners are its segments' starts; an open line's last end is a corner too
        self.corners = self.starts if self.solid else np.unique(
            np.concatenate([self.starts, self.ends]), axis=0)
        self.target = target
        self.lines = self.bisectors()
        a = self.lines[0]
        self.line_size = np.hypot(a[:, 0], a[:, 1])
        self.line_angle = np.arctan2(a[:, 1], a[:, 0])
        self.normal_angle = np.arctan2(self.normals[:, 1], self.normals[:, 0])
        self.pairs = self.corner_line_pairs()
        v, n, k = self.pairs
        # a corner on the line: equal distances only where the two regions meet (no kink)
        self.on_line = np.abs((v * n).sum(axis=1) - k) <= 1e-12 * (1.0 + np.abs(k))
        self.pocket = target.convex_hull.difference(target) if self.solid else Polygon()
        shapely.prepare(self.pocket)
        self._inner: FloatArray | None = None
        self._inner_reach = np.zeros(0)
        self._table: FeatureTable | None = None

    @property
    def inner(self) -> FloatArray:
        """Points equally far from three features (made on first use)."""
        if self._inner is None:
            self._inner = three_feature_points(self.corners, self.normals, self.offsets)
            self._inner_reach = self.distance(self._inner) if len(self._inner) else np.zeros(0)
        return self._inner

    @property
    def inner_reach(self) -> FloatArray:
        """The distance of each of :attr:`inner` to the footprint."""
        _ = self.inner
        return self._inner_reach

    @property
    def is_small(self) -> bool:
        """Whether its three-feature points are few enough to make once and keep."""
        return len(self.corners) + len(self.normals) <= _SMALL

    def peak_inside(self, cx: float, cy: float, size: float,
                    apart: Callable[[FloatArray], FloatArray], floor: float = 0.0) -> float:
        """The largest exact distance at a three-feature point a base holds (0 if none).

        The base lies within ``size`` of ``(cx, cy)``; ``apart`` gives points' distances from
        it (0 for those it holds).
        A small footprint's points are made once and kept (:attr:`inner`); a large one's only
        near the base and higher than ``floor``, in bounded memory
        (:func:`geometry.inner_peaks.peak_near`).
        """
        if not self.is_small:
            return peak_near(self, cx, cy, size, apart, floor)
        points, reach = self.inner, self.inner_reach
        near = np.hypot(points[:, 0] - cx, points[:, 1] - cy) <= size
        if not near.any():
            return 0.0
        held = np.flatnonzero(near)[apart(points[near]) <= 0.0]
        return float(reach[held].max()) if len(held) else 0.0

    def edge_offsets(self, z: ComplexArray) -> ComplexArray:
        """Each point's offsets from its nearest point of each edge (edges × points)."""
        return self._offsets(z)

    @property
    def table(self) -> FeatureTable:
        """The features as plain floats for a few circles' search (made on first use)."""
        if self._table is None:
            self._table = FeatureTable(self)
        return self._table

    def _offsets(self, z: ComplexArray) -> ComplexArray:
        """Each point's (``x + iy``) offsets from its nearest point of each edge.

        Edges × points; their absolute values are the distances.
        """
        rel = z - self._a
        share = (rel * self._share).real
        np.minimum(np.maximum(share, 0.0, out=share), 1.0, out=share)
        rel -= share * self._e
        return rel

    def inside(self, z: ComplexArray) -> NDArray[np.bool_]:
        """Which points (``x + iy``) are inside (none for a line; the outline counts out)."""
        if self._solid is None:
            return np.zeros(len(z), dtype=bool)
        return np.asarray(shapely.contains_xy(self._solid, z.real, z.imag), dtype=bool)

    def distance_z(self, z: ComplexArray) -> FloatArray:
        """Exact distance of each point ``x + iy`` to the footprint (0 inside), vectorised.

        A block of points at a time (edges × points at most ``_BLOCK``): a polygon base's
        candidates against a zone of hundreds of edges would otherwise take gigabytes.
        """
        step = max(1, _BLOCK // max(len(self.normals), 1))
        gap = np.concatenate([np.abs(self._offsets(z[start:start + step])).min(axis=0)
                              for start in range(0, len(z), step)]) if len(z) else np.zeros(0)
        if self._solid is not None:
            gap[self.inside(z)] = 0.0
        return gap

    def distance(self, points: FloatArray) -> FloatArray:
        """Exact distance of each point to the polygon (0 inside), vectorised."""
        return self.distance_z(_complex(points))

    def nearest_offsets(self, z: ComplexArray,
                        ) -> tuple[FloatArray, ComplexArray, NDArray[np.bool_]]:
        """Each point's distance to the outline, offset from its nearest point, and if inside.

        Points and offsets (point less nearest outline point) are complex numbers ``x + iy``.
        """
        offsets = self._offsets(z)
        size = np.abs(offsets)
        pick = size.argmin(axis=0)
        rows = np.arange(len(z))
        return size[pick, rows], offsets[pick, rows], self.inside(z)

    def bisectors(self) -> tuple[FloatArray, FloatArray]:
        """Lines ``a·p = b`` on which two corners, or two edge lines, are equally far."""
        i, j = np.triu_indices(len(self.corners), k=1)
        v1, v2 = self.corners[i], self.corners[j]
        a = [2.0 * (v2 - v1)]
        b = [(v2 * v2).sum(axis=1) - (v1 * v1).sum(axis=1)]
        i, j = np.triu_indices(len(self.normals), k=1)
        for sign in (1.0, -1.0):
            a.append(self.normals[i] - sign * self.normals[j])
            b.append(self.offsets[i] - sign * self.offsets[j])
        a_all, b_all = np.concatenate(a), np.concatenate(b)
        useful = np.hypot(a_all[:, 0], a_all[:, 1]) > 1e-12
        return a_all[useful], b_all[useful]

    def corner_line_pairs(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Every (corner, edge line) pair: the corner, the line's normal and offset."""
        i, j = np.meshgrid(np.arange(len(self.corners)), np.arange(len(self.normals)),
                           indexing="ij")
        return self.corners[i.ravel()], self.normals[j.ravel()], self.offsets[j.ravel()]


def _circle_candidates(xyr: FloatArray, features: _Features, gaps: FloatArray | None = None,
                       ) -> tuple[FloatArray, NDArray[np.intp]]:
    """Points of each circle where the distance to the footprint may be largest, and whose.

    ``gaps`` are the centres' distances to the footprint when already known.
    """
    c, r = xyr[:, :2], xyr[:, 2]
    count = len(xyr)
    corners, normal_angle = features.corners, features.normal_angle
    nc, nn = len(corners), len(normal_angle)
    # π (a point, or the circle's own), straight away from each corner, square to each edge
    own = np.empty((count, 1 + nc + 2 * nn))
    own[:, 0] = math.pi
    own[:, 1:1 + nc] = np.arctan2(c[:, None, 1] - corners[None, :, 1],
                                  c[:, None, 0] - corners[None, :, 0])
    own[:, 1 + nc:1 + nc + nn] = normal_angle
    own[:, 1 + nc + nn:] = normal_angle + math.pi
    a, b = features.lines
    cosine = (b[None, :] - c @ a.T) / (r[:, None] * features.line_size[None, :])
    rows, cols = np.nonzero(np.abs(cosine) <= 1.0)  # bisector lines that cross the circle
    phi, spread = features.line_angle[cols], np.arccos(cosine[rows, cols])
    theta = np.concatenate([own.ravel(), phi + spread, phi - spread])
    whose = np.concatenate([np.repeat(np.arange(count), own.shape[1]), rows, rows])
    # a corner or an edge line farther from the centre than dist(centre, B) + 2r is never
    # the nearest feature of a point of the circle: leave its pairs out
    reach = (features.distance(c) if gaps is None else gaps) + 2.0 * r
    v, n, k = features.pairs
    corner_gap = np.hypot(c[:, None, 0] - v[None, :, 0], c[:, None, 1] - v[None, :, 1])
    line_gap = np.abs(c @ n.T - k[None, :])
    near = (corner_gap <= reach[:, None] + 1e-9) & (line_gap <= reach[:, None] + 1e-9)
    # on the circle the two distances stay within r of their values at the centre: they
    # can only be equal there if those values differ by at most 2r
    near &= np.abs(corner_gap - line_gap) <= 2.0 * r[:, None] + 1e-9
    near &= ~features.on_line[None, :]
    rows, cols = np.nonzero(near)
    more, more_whose = _corner_line_angles(c[rows], r[rows], v[cols], n[cols], k[cols])
    more_whose = rows[more_whose] if len(more_whose) else more_whose
    theta = np.concatenate([theta, more])
    whose = np.concatenate([whose, more_whose])
    points = c[whose] + r[whose, None] * np.stack([np.cos(theta), np.sin(theta)], axis=1)
    return points, whose


def _corner_line_angles(c: FloatArray, r: FloatArray, corners: FloatArray, normals: FloatArray,
                        offsets: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Angles on circle ``i`` equally far from corner ``i`` and edge line ``i`` (quartic roots).

    Returns the angles and the row each belongs to.
    """
    if not len(corners):
        return np.zeros(0), np.zeros(0, dtype=np.intp)
    whose = np.arange(len(c))
    d = c - corners
    nx, ny = normals[:, 0], normals[:, 1]
    m = nx * c[:, 0] + ny * c[:, 1] - offsets
    # with t = tan(θ/2): cos θ = (1 − t²)/R, sin θ = 2t/R, R = 1 + t²; coefficients t⁴ … t⁰
    # of (K − m²)R² + 2r(d − m n)·(1 − t², 2t)R − r²(n·(1 − t², 2t))², K = |d|² + r²
    big = d[:, 0] ** 2 + d[:, 1] ** 2 + r * r - m * m
    two_r, r2 = 2.0 * r, r * r
    l0, l1 = d[:, 0] - m * nx, d[:, 1] - m * ny
    cross = 4.0 * r2 * nx * ny
    quartics = np.stack([big - two_r * l0 - r2 * nx * nx,
                         2.0 * two_r * l1 + cross,
                         2.0 * big - r2 * (4.0 * ny * ny - 2.0 * nx * nx),
                         2.0 * two_r * l1 - cross,
                         big + two_r * l0 - r2 * nx * nx], axis=1)
    scale = np.abs(quartics).max(axis=1, keepdims=True)
    quartics = quartics / np.where(scale > 0, scale, 1.0)
    full = np.abs(quartics[:, 0]) > 1e-12
    found, found_whose = [], []
    if full.any():
        monic = quartics[full, 1:] / quartics[full, 0:1]
        companion = np.zeros((int(full.sum()), 4, 4))
        companion[:, 0, :] = -monic
        companion[:, 1, 0] = companion[:, 2, 1] = companion[:, 3, 2] = 1.0
        roots = np.linalg.eigvals(companion)
        real = np.abs(roots.imag) <= 1e-7 * np.maximum(1.0, np.abs(roots.real))
        owner = np.repeat(whose[full], 4).reshape(-1, 4)
        found.append(2.0 * np.arctan(roots.real[real]))
        found_whose.append(owner[real])
    for row in np.flatnonzero(~full):  # a lower degree: the rest of its roots are at t = ∞
        nonzero = np.flatnonzero(np.abs(quartics[row]) > 1e-14)
        if len(nonzero):
            roots = np.roots(quartics[row, nonzero[0]:])
            real = roots[np.abs(roots.imag) <= 1e-7 * np.maximum(1.0, np.abs(roots.real))].real
            found.append(2.0 * np.arctan(real))
            found_whose.append(np.full(len(real), whose[row]))
    if not found:
        return np.zeros(0), np.zeros(0, dtype=np.intp)
    return np.concatenate(found), np.concatenate(found_whose).astype(np.intp)


def _segment_candidates(p0: FloatArray, p1: FloatArray, features: _Features) -> FloatArray:
    """Points of the base's edges ``p0 → p1`` where the distance to B may be largest."""
    e = p1 - p0
    found = [p0, p1]
    a, b = features.lines
    den = e @ a.T
    num = b[None, :] - p0 @ a.T
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(np.abs(den) > 1e-15, num / den, -1.0)
    rows, cols = np.nonzero((t >= 0.0) & (t <= 1.0))
    found.append(p0[rows] + t[rows, cols, None] * e[rows])
    v, n, k = features.pairs
    if len(v):
        ne = e @ n.T
        rel = p0[:, None, :] - v[None, :, :]
        m = p0 @ n.T - k[None, :]
        qa = (e * e).sum(axis=1)[:, None] - ne ** 2
        qb = 2.0 * ((e[:, None, :] * rel).sum(axis=2) - ne * m)
        qc = (rel * rel).sum(axis=2) - m ** 2
        disc = qb * qb - 4 * qa * qc
        ok = disc >= 0
        root = np.sqrt(np.where(ok, disc, 0.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            for sign in (1.0, -1.0):
                t = np.where(np.abs(qa) > 1e-15, (-qb + sign * root) / (2 * qa),
                             np.where(np.abs(qb) > 1e-15, -qc / qb, -1.0))
                rows, cols = np.nonzero(ok & (t >= 0.0) & (t <= 1.0))
                found.append(p0[rows] + t[rows, cols, None] * e[rows])
    return np.concatenate(found)


def _outline_candidates(shape: BaseGeometry, features: _Features) -> FloatArray:
    """Candidate points of a polygon base's outline (or a line's, or a point)."""
    ring = np.asarray(shapely.get_coordinates(shape.exterior if isinstance(shape, Polygon)
                                              else shape), dtype=float)
    if len(ring) == 1:
        return ring
    # a few edges at a time: each meets every bisector line and (corner, line) pair
    step = max(1, _BLOCK // (len(features.lines[0]) + len(features.pairs[0]) + 1))
    p0, p1 = ring[:-1], ring[1:]
    return np.concatenate([_segment_candidates(p0[start:start + step], p1[start:start + step],
                                               features) for start in range(0, len(p0), step)])


def _interior_peak(shape: BaseGeometry, features: _Features, floor: float) -> float:
    """The largest distance at a three-feature point inside a polygon base (0 if none).

    Only when the base reaches into B's hull.
    """
    if features.pocket.is_empty or not shapely.intersects(shape, features.pocket) or \
            shapely.intersection(shape, features.pocket).area <= 0.0:
        return 0.0
    ring = np.asarray(shapely.get_coordinates(shape), dtype=float)
    cx, cy = ring.mean(axis=0).tolist()
    size = float(np.hypot(ring[:, 0] - cx, ring[:, 1] - cy).max())
    return features.peak_inside(cx, cy, size, lambda p: np.asarray(
        shapely.distance(shapely.points(p), shape), dtype=float), floor)


#: Edges × points measured at once (16 MB of complex numbers).
_BLOCK = 1 << 20

#: Up to this many corners and edge lines, a footprint's three-feature points (some 9,000 for
#: 20) are made once and kept; more, only those near each base, a chunk at a time.
_SMALL = 40

_CACHE: dict[bytes, _Features] = {}


_SAME: KeptPerObject[_Features] = KeptPerObject()


def _features(target: BaseGeometry) -> _Features:
    """The target's features, kept for the last few targets (a ruin is asked about often).

    Found by the geometry object itself first (it is kept, so its id is not reused), then by
    its WKB (an equal geometry made anew).
    """
    return _SAME.get(target, lambda: _by_wkb(target))


def _by_wkb(target: BaseGeometry) -> _Features:
    """The target's features, kept by its WKB."""
    key = shapely.to_wkb(target)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= 32:
            _CACHE.pop(next(iter(_CACHE)))
        found = _CACHE[key] = _Features(target)
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
                                         features.distance)
        elif len(rest):
            settled[rest] = _circles_by_candidates(xyr[rest], features)
        out[rows] = settled
    for i, shape in others:
        oval = ellipse_of(shape)
        if oval is not None:  # an oval base: its exact ellipse
            out[i] = oval_farthest(oval, target, False)
            continue
        points = _outline_candidates(shape, features)
        edge = float(features.distance(points).max()) if len(points) else 0.0
        out[i] = max(edge, _interior_peak(shape, features, edge))
    return out


#: Up to this many circles left unsettled are searched one by one among the features near each
#: (:mod:`geometry.circle_peaks`); more, with every feature at once as arrays.
_FEW = 16

#: How close (inches) the distance at a circle's point straight away from the target's nearest
#: point must come to the bound ``gap + r`` to settle the circle (rounding of ~1e-14 only).
_SETTLE = 1e-11


def _settled_circles(xyr: FloatArray, features: _Features) -> tuple[FloatArray, FloatArray]:
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
    z = _complex(xyr[:, :2])
    gap, away, inside = features.nearest_offsets(z)  # away: centre − nearest point
    sign = np.where(inside, -1.0, 1.0)
    bound = r + sign * gap
    probe = z + away * (sign * r / np.maximum(gap, 1e-300))
    reached = features.distance_z(probe) >= bound - _SETTLE
    return np.where(reached, np.maximum(bound, 0.0), np.nan), bound


def _circles_by_candidates(xyr: FloatArray, features: _Features,
                           gaps: FloatArray | None = None) -> FloatArray:
    """Farthest distance of each circle, from every point where it may peak (the full way).

    A few circles at a time: each meets every bisector line and (corner, edge line) pair,
    some 1.5 million of each for a footprint of 1,000 corners.
    """
    best = np.zeros(len(xyr))
    step = max(1, _BLOCK // (len(features.lines[0]) + len(features.pairs[0]) + 1))
    for start in range(0, len(xyr), step):
        part = slice(start, start + step)
        points, whose = _circle_candidates(xyr[part], features,
                                           None if gaps is None else gaps[part])
        np.maximum.at(best, whose + start, features.distance(points))
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
