"""Where the distance from a footprint peaks round a few circles, from the features near each.

The same candidates as :mod:`geometry.farthest`'s full search (a feature's own farthest point
of the circle, points where two features are equally far), for a handful of round bases the
reached bound did not settle, worked out in plain Python from the features near each base:

- no point of the base is farther from the footprint ``B`` than the bound ``U`` (``gap + r``
  outside, ``r − dist(centre, outline)`` inside), so the nearest point of ``B`` to any point
  of the base lies within ``U + r`` of the centre: an edge or corner farther than that is
  never the nearest feature of a point of the base, and is left out;
- two features can only be equally far from a point of the circle if their distances from
  the centre differ by at most ``2r`` (each changes by at most ``r`` across the base).

A corner with the footprint on more than a half-turn round it is never the nearest point from
outside, an edge's line is nearest only from the band square to the edge, and a line's near
side has no peak unless the circle crosses it (:class:`FeatureTable`,
:func:`_near_features`). That leaves two to four edges for a base by a ruin's inner corner,
where the full search (vectorised over every feature of the footprint) spends its time on
numpy's per-call cost. Every candidate is then measured exactly to the whole footprint in one
array call and the largest wins, so leaving a feature out can only ever drop a point that is
not the farthest.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

if TYPE_CHECKING:
    from geometry.farthest_features import Features

__all__ = ["FeatureTable", "circle_peaks"]

FloatArray = NDArray[np.float64]

#: The last three rows of a 4 × 4 companion matrix.
_SHIFT = (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0)

#: Slack (inches) on the pruning distances, far above rounding and far below any base.
_SLACK = 1e-9


class FeatureTable:
    """A footprint's edges and the corners that can be nearest, as plain floats.

    Parameters
    ----------
    features : geometry.farthest_features.Features
        The footprint's corners, edges and edge lines, and its three-feature points.

    Notes
    -----
    A corner where the footprint's inside is wider than a half-turn (the L's inner corner) is
    never the nearest point of a point outside: a disc round that point touching it there
    would reach into the footprint. It is left out (a solid footprint only; either side of a
    wall is outside). Of the three-feature points only those where the distance can peak
    inside a base are kept (:func:`_peaks_inside`).
    """

    def __init__(self, features: Features) -> None:
        corners = features.corners
        where = {(float(x), float(y)): i for i, (x, y) in enumerate(corners.tolist())}
        self.corners: list[tuple[float, float]] = [(float(x), float(y))
                                                  for x, y in corners.tolist()]
        reflex = _reflex_corners(features.target) if features.solid else set()
        self.edges: list[tuple[float, ...]] = []
        self.ends: list[tuple[int, ...]] = []
        for (ax, ay), (bx, by), (nx, ny), k in zip(
                features.starts.tolist(), features.ends.tolist(), features.normals.tolist(),
                features.offsets.tolist(), strict=True):
            ex, ey = bx - ax, by - ay
            self.edges.append((ax, ay, ex, ey, 1.0 / (ex * ex + ey * ey),
                               1.0 / math.hypot(ex, ey), nx, ny, k))
            self.ends.append(tuple(i for i in (where.get((ax, ay)), where.get((bx, by)))
                                   if i is not None and self.corners[i] not in reflex))
        count = len(self.edges)
        self.on_line = {(int(i) // count, int(i) % count)
                        for i in np.flatnonzero(features.on_line)}
        self._features = features
        self._inner: list[tuple[tuple[float, float], float]] | None = None

    @property
    def inner(self) -> list[tuple[tuple[float, float], float]]:
        """The footprint's peaks inside a base (made on first use, for a small footprint)."""
        if self._inner is None:
            self._inner = _peaks_inside(self._features)
        return self._inner

    def peak(self, cx: float, cy: float, r: float, floor: float) -> float:
        """The largest distance at a peak inside the circle (0 if none).

        A small footprint's peaks are kept (:attr:`inner`); a large one's are worked out
        near the circle only (:meth:`geometry.farthest_features.Features.peak_inside`), in bounded
        memory.
        """
        features = self._features
        if features.is_small:
            return max((far for (x, y), far in self.inner
                        if (x - cx) ** 2 + (y - cy) ** 2 <= r * r), default=0.0)
        if features.pocket.is_empty or shapely.distance(shapely.Point(cx, cy),
                                                        features.pocket) >= r:
            return 0.0
        return features.peak_inside(cx, cy, r, lambda p: np.maximum(
            np.hypot(p[:, 0] - cx, p[:, 1] - cy) - r, 0.0), floor)


def _reflex_corners(target: BaseGeometry) -> set[tuple[float, float]]:
    """The corners of a solid footprint where its inside is wider than a half-turn.

    Going round a ring with the footprint on the left (an outline anticlockwise, a hole
    clockwise), a right turn is such a corner. A corner that is one in one ring and not in
    another (rings touching there) is not one.
    """
    reflex: set[tuple[float, float]] = set()
    other: set[tuple[float, float]] = set()
    for polygon in shapely.get_parts(target):
        for hole, ring in enumerate([polygon.exterior, *polygon.interiors]):
            xy = np.asarray(ring.coords, dtype=float)[:-1]
            xy = xy[np.any(xy != np.roll(xy, 1, axis=0), axis=1)]  # repeated points once
            if len(xy) < 3:
                continue
            after, before = np.roll(xy, -1, axis=0) - xy, xy - np.roll(xy, 1, axis=0)
            turn = before[:, 0] * after[:, 1] - before[:, 1] * after[:, 0]
            left = ring.is_ccw == (hole == 0)  # the footprint's side
            sizes = np.hypot(*after.T) * np.hypot(*before.T)
            right = (turn < -1e-12 * sizes) if left else (turn > 1e-12 * sizes)
            for corner, is_reflex in zip(map(tuple, xy.tolist()), right.tolist(), strict=True):
                (reflex if is_reflex else other).add(corner)
    return reflex - other


def _peaks_inside(features: Features) -> list[tuple[tuple[float, float], float]]:
    """The three-feature points where the distance may peak inside a base, and the peak.

    Such a peak is a point off the footprint and in its convex hull (outside the hull a step
    straight away from it takes a point farther from every point of the footprint) whose
    nearest points of the footprint surround it (else a step away from all of them is
    farther): no half-turn of directions from it holds them all.
    """
    inner, reach = features.inner, features.inner_reach
    if not len(inner) or features.pocket.is_empty:
        return []
    keep = (reach > 0.0) & (np.asarray(shapely.distance(shapely.points(inner),
                                                         features.pocket)) <= 1e-9)
    edges = list(zip(features.starts.tolist(), features.ends.tolist(), strict=True))
    found: dict[tuple[float, float], float] = {}
    for (px, py), rho in zip(inner[keep].tolist(), reach[keep].tolist(), strict=True):
        if (px, py) in found:
            continue
        angles = []
        for (ax, ay), (bx, by) in edges:
            ex, ey = bx - ax, by - ay
            t = min(max(((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey), 0.0), 1.0)
            qx, qy = ax + t * ex - px, ay + t * ey - py
            if math.hypot(qx, qy) <= rho + 1e-7 * (1.0 + rho):
                angles.append(math.atan2(qy, qx))
        angles.sort()
        gaps = [b - a for a, b in zip(angles, angles[1:], strict=False)]
        if angles and max([*gaps, angles[0] + 2.0 * math.pi - angles[-1]]) <= math.pi + 1e-6:
            found[(px, py)] = rho
    return list(found.items())


def circle_peaks(xyr: FloatArray, bounds: FloatArray, table: FeatureTable,
                 largest: Callable[[FloatArray, NDArray[np.intp], int], FloatArray],
                 ) -> FloatArray:
    """Farthest distance of each circle from the footprint, from every point where it may peak.

    Parameters
    ----------
    xyr : (n, 3) array
        Circles' centres and radii.
    bounds : (n,) array
        An upper bound of each circle's farthest distance (its points' distances never
        exceed it): it limits which features are near.
    table : FeatureTable
        The footprint's features.
    largest : callable
        ``largest(points, groups, count)``: the largest exact distance to the footprint (0
        inside) over each group's points, 0 for a group without any
        (:meth:`geometry.farthest_features.Features.largest`).

    Returns
    -------
    (n,) array
        The largest exact distance over each circle's candidate points.
    """
    centres = xyr.tolist()
    points: list[tuple[float, float]] = []
    starts = []
    quartics: list[list[float]] = []
    quartic_whose: list[int] = []
    for row, ((cx, cy, r), bound) in enumerate(zip(centres, bounds.tolist(), strict=True)):
        starts.append(len(points))
        _circle_points(cx, cy, r, bound, table, points, quartics)
        quartic_whose.extend([row] * (len(quartics) - len(quartic_whose)))
    starts.append(len(points))
    owners = _quartic_points(quartics, quartic_whose, centres, points)
    groups = np.concatenate([np.repeat(np.arange(len(centres)), np.diff(starts)),
                             np.asarray(owners, dtype=np.intp)]).astype(np.intp)
    best = largest(np.array(points, dtype=float).reshape(-1, 2), groups, len(centres)).tolist()
    for row, (cx, cy, r) in enumerate(centres):  # a peak inside a base the footprint wraps
        best[row] = max(best[row], table.peak(cx, cy, r, best[row]))
    return np.array(best)


#: An edge line near a circle: the edge's index, its unit normal, offset and |n·c − k|.
_Line = tuple[int, float, float, float, float]


def _circle_points(cx: float, cy: float, r: float, bound: float, table: FeatureTable,
                   points: list[tuple[float, float]], quartics: list[list[float]]) -> None:
    """Add one circle's candidate points to ``points``, and its quartics' coefficients."""
    lines, corners = _near_features(cx, cy, r, bound + r + _SLACK, table, points)
    span = 2.0 * r + _SLACK
    near = list(corners.items())
    for a, (i, gap_i) in enumerate(near):  # two corners: their bisector
        vx, vy = table.corners[i]
        for j, gap_j in near[a + 1:]:
            if abs(gap_i - gap_j) <= span:
                wx, wy = table.corners[j]
                _crossings(cx, cy, r, 2.0 * (wx - vx), 2.0 * (wy - vy),
                           wx * wx + wy * wy - vx * vx - vy * vy, points)
    for a, (_, nx, ny, k, gap_i) in enumerate(lines):  # two edge lines: both bisectors
        for _, mx, my, m, gap_j in lines[a + 1:]:
            if abs(gap_i - gap_j) <= span:
                _crossings(cx, cy, r, nx - mx, ny - my, k - m, points)
                _crossings(cx, cy, r, nx + mx, ny + my, k + m, points)
    for i, gap_i in near:  # a corner and an edge line: a quartic
        vx, vy = table.corners[i]
        for j, nx, ny, k, gap_j in lines:
            if abs(gap_i - gap_j) <= span and (i, j) not in table.on_line:
                quartics.append(_quartic(cx - vx, cy - vy, r, nx, ny, nx * cx + ny * cy - k))


def _near_features(cx: float, cy: float, r: float, reach: float, table: FeatureTable,
                   points: list[tuple[float, float]]) -> tuple[list[_Line], dict[int, float]]:
    """The edge lines and corners within ``reach`` of the centre (corners with distances).

    Adds each one's own farthest point of the circle to ``points``.
    """
    reach2 = reach * reach
    lines: list[_Line] = []
    corners: dict[int, float] = {}
    for j, (ax, ay, ex, ey, inv_len2, inv_len, nx, ny, k) in enumerate(table.edges):
        rx, ry = cx - ax, cy - ay
        share = (rx * ex + ry * ey) * inv_len2
        t = min(max(share, 0.0), 1.0)
        gx, gy = rx - t * ex, ry - t * ey
        if gx * gx + gy * gy > reach2:
            continue
        # the edge's line is a feature only where its foot is on the edge: the base must
        # reach across the edge's band
        spread = (r + _SLACK) * inv_len
        if -spread <= share <= 1.0 + spread:
            m = nx * cx + ny * cy - k
            lines.append((j, nx, ny, k, abs(m)))
            # square to the line: the farthest point from it, and where the circle crosses
            # the line the point beyond it too
            if m >= -r - _SLACK:
                points.append((cx + r * nx, cy + r * ny))
            if m <= r + _SLACK:
                points.append((cx - r * nx, cy - r * ny))
        for i in table.ends[j]:
            if i not in corners:
                vx, vy = table.corners[i]
                gap = math.hypot(cx - vx, cy - vy)
                if gap <= reach:  # the point straight away from the corner
                    corners[i] = gap
                    points.append((cx + r * (cx - vx) / gap, cy + r * (cy - vy) / gap)
                                  if gap > 0.0 else (cx + r, cy))
    return lines, corners


def _crossings(cx: float, cy: float, r: float, ax: float, ay: float, b: float,
               points: list[tuple[float, float]]) -> None:
    """Add the points where the line ``a·p = b`` meets the circle (touching counts)."""
    size = math.hypot(ax, ay)
    if size <= 1e-12:
        return
    ux, uy = ax / size, ay / size
    ahead = (b - ax * cx - ay * cy) / size  # from the centre to the line, along u
    if abs(ahead) <= r * (1.0 + 1e-12):
        ahead = min(max(ahead, -r), r)
        half = math.sqrt(r * r - ahead * ahead)
        fx, fy = cx + ahead * ux, cy + ahead * uy
        points.extend(((fx - half * uy, fy + half * ux), (fx + half * uy, fy - half * ux)))


def _quartic(dx: float, dy: float, r: float, nx: float, ny: float, m: float) -> list[float]:
    """Coefficients (t⁴ … t⁰, t = tan(θ/2)) of "as far from the corner as from the line".

    ``d`` is the centre less the corner, ``m`` the centre's signed distance to the line. With
    cos θ = (1 − t²)/R, sin θ = 2t/R, R = 1 + t²: (K − m²)R² + 2r(d − m n)·(1 − t², 2t)R −
    r²(n·(1 − t², 2t))², K = |d|² + r².
    """
    big = dx * dx + dy * dy + r * r - m * m
    two_r, r2 = 2.0 * r, r * r
    l0, l1 = dx - m * nx, dy - m * ny
    cross = 4.0 * r2 * nx * ny
    row = [big - two_r * l0 - r2 * nx * nx, 2.0 * two_r * l1 + cross,
           2.0 * big - r2 * (4.0 * ny * ny - 2.0 * nx * nx), 2.0 * two_r * l1 - cross,
           big + two_r * l0 - r2 * nx * nx]
    scale = max(abs(c) for c in row)
    return [c / scale for c in row] if scale > 0 else row


def _quartic_points(quartics: list[list[float]], whose: list[int],
                    centres: list[list[float]], points: list[tuple[float, float]]) -> list[int]:
    """Add the points of the quartics' real roots ``t`` to ``points``; return whose they are.

    A quartic of lower degree has the rest of its roots at ``t = ∞``: the point θ = π.
    """
    owners: list[int] = []
    full = [abs(q[0]) > 1e-12 for q in quartics]
    companions: list[float] = []  # each quartic's companion matrix, row by row
    for q, whole in zip(quartics, full, strict=True):
        if whole:
            companions += [-q[1] / q[0], -q[2] / q[0], -q[3] / q[0], -q[4] / q[0], *_SHIFT]
    eigen = iter(_eigenvalues(np.array(companions).reshape(-1, 4, 4)).tolist()
                 if companions else [])
    for q, row, whole in zip(quartics, whose, full, strict=True):
        cx, cy, r = centres[row]
        # every root's real part: a root that is not quite real (two nearly equal roots)
        # still gives its point, and one that is far from real a harmless extra point
        for root in next(eigen) if whole else [*_low_degree_roots(q), complex(math.inf)]:
            t = root.real
            owners.append(row)
            if abs(t) > 1e100:  # θ = π
                points.append((cx - r, cy))
            else:
                size = 1.0 + t * t
                points.append((cx + r * (1.0 - t * t) / size, cy + r * 2.0 * t / size))
    return owners


def _eigenvalues(matrices: FloatArray) -> NDArray[np.complex128]:
    """The eigenvalues of a stack of real square matrices (here companions of quartics).

    :func:`numpy.linalg.eigvals` over the whole stack at once: one call for every quartic.
    """
    return np.asarray(np.linalg.eigvals(matrices), dtype=complex)


def _low_degree_roots(q: list[float]) -> list[complex]:
    """The roots of a quartic whose leading coefficient vanishes."""
    lead = [i for i, c in enumerate(q) if abs(c) > 1e-14]
    return [complex(z) for z in np.roots(q[lead[0]:])] if lead else []
