"""A footprint's features for the farthest-point search: corners, edges and edge lines.

:mod:`geometry.farthest` measures how far the farthest point of a base is from a footprint,
convex or not; what it measures against is kept here, made once per footprint: the corners,
the edges and their lines (unit normal ``n``, offset ``k``: n·p = k), the bisector lines of
two corners or two edge lines, every (corner, edge line) pair, the pockets of the footprint's
hull, and the exact distance of any points to the footprint (0 inside), a block at a time.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from geometry.circle_peaks import FeatureTable
from geometry.distinct import distinct
from geometry.equidistant import three_feature_points
from geometry.inner_peaks import peak_near

__all__ = ["BLOCK", "SMALL", "Features", "as_complex"]

FloatArray = NDArray[np.float64]
ComplexArray = NDArray[np.complex128]

#: Edges × points measured at once (16 MB of complex numbers).
BLOCK = 1 << 20

#: Up to this many corners and edge lines, a footprint's three-feature points (some 9,000 for
#: 20) are made once and kept; more, only those near each base, a chunk at a time.
SMALL = 40

def as_complex(points: FloatArray) -> ComplexArray:
    """(n, 2) points as n complex numbers ``x + iy`` (a view when they are laid out so)."""
    return np.ascontiguousarray(points, dtype=float).view(np.complex128)[:, 0]


class Features:
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
        self.corners = self.starts if self.solid else distinct(
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
        return len(self.corners) + len(self.normals) <= SMALL

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

        A block of points at a time (edges × points at most ``BLOCK``): a polygon base's
        candidates against a zone of hundreds of edges would otherwise take gigabytes.
        """
        step = max(1, BLOCK // max(len(self.normals), 1))
        gap = np.concatenate([np.abs(self._offsets(z[start:start + step])).min(axis=0)
                              for start in range(0, len(z), step)]) if len(z) else np.zeros(0)
        if self._solid is not None:
            gap[self.inside(z)] = 0.0
        return gap

    def distance(self, points: FloatArray) -> FloatArray:
        """Exact distance of each point to the polygon (0 inside), vectorised."""
        return self.distance_z(as_complex(points))

    def largest(self, points: FloatArray, groups: NDArray[np.intp] | None = None,
                count: int = 1) -> FloatArray:
        """The largest exact distance over each group's points (0 for a group without any).

        The same numbers as ``distance(points)`` reduced by group, without measuring every
        point exactly when there are many against many edges (a hull's 4 million candidates
        against a 1,000-corner zone took 595 s): the points are binned in squares
        (``_CELLS`` × ``_CELLS`` to a group's box); a square whose centre is ``d`` from the
        footprint holds no point farther than ``d`` + its half-diagonal (a distance changes no
        faster than the point moves), so squares are gone through from the highest bound down,
        one whose bound is below its group's best so far is never measured, and one with
        more points than a block is binned again the same way.
        """
        found = np.zeros(count)
        which = np.zeros(len(points), dtype=np.intp) if groups is None else groups
        if not np.isfinite(points).all():  # as the plain reduction does (nan stays nan)
            np.maximum.at(found, which, self.distance(points))
        elif len(points):
            self._largest_in(points, which, found)
        return found

    def _largest_in(self, points: FloatArray, which: NDArray[np.intp],
                    found: FloatArray) -> None:
        """Raise ``found`` (by group) to the largest distances over ``points`` (see above)."""
        budget = max(1, BLOCK // max(len(self.normals), 1))
        if len(points) <= budget:
            np.maximum.at(found, which, self.distance(points))
            return
        bins, centres, half, owner = _squares(points, which)
        if len(centres) == 1:  # all in one square (the same point over and over): measure
            np.maximum.at(found, which, self.distance(points))
            return
        order = np.argsort(bins, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(bins[order]) != 0])
        ends = np.append(starts[1:], len(order))
        bound = self.distance(centres) + half * (1.0 + 1e-12) + 1e-9
        for cell in np.argsort(-bound, kind="stable").tolist():
            if bound[cell] >= found[owner[cell]]:
                rows = order[starts[cell]:ends[cell]]
                self._largest_in(points[rows], which[rows], found)

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


#: Squares along each side of a group's points when the largest distance is looked for.
_CELLS = 32


def _squares(points: FloatArray, groups: NDArray[np.intp],
             ) -> tuple[NDArray[np.int64], FloatArray, FloatArray, NDArray[np.intp]]:
    """Bin each point in a square of its group's box (``_CELLS`` to a side).

    Returns each point's square number, and for each square that holds points, in the order
    of their numbers, its centre, half-diagonal and group.
    """
    count = int(groups.max()) + 1
    low = np.full((count, 2), np.inf)
    high = np.full((count, 2), -np.inf)
    np.minimum.at(low, groups, points)
    np.maximum.at(high, groups, points)
    side = (high - low).max(axis=1) / _CELLS
    side = np.where(np.isfinite(side) & (side > 0.0), side, 1.0)  # none, or one point
    low[~np.isfinite(low)] = 0.0
    cell = np.minimum(np.floor((points - low[groups]) / side[groups, None]), _CELLS - 1)
    per = _CELLS * _CELLS
    bins = groups.astype(np.int64) * per + (cell[:, 0] * _CELLS + cell[:, 1]).astype(np.int64)
    held = distinct(bins)
    owner = (held // per).astype(np.intp)
    square = np.stack([(held % per) // _CELLS, held % _CELLS], axis=1).astype(float)
    centres = low[owner] + (square + 0.5) * side[owner, None]
    return bins, centres, side[owner] * np.sqrt(0.5), owner
