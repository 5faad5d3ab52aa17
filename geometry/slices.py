"""Areas of upright slices of pictures, and the rings of round bases, in numpy.

The share of a target's picture over the columns hidden whole (:mod:`geometry.columns`) is the
area of its silhouette between two upright lines ``x = a`` and ``x = b`` of the picture. By
Green's theorem the area of a polygon's part left of ``x = t`` is

    A(t) = Σ over the edges' parts left of t of (x̄ − t)·Δy

(``x̄`` the part's mean x, ``Δy`` its rise; the upright cut closes the outline and adds
``t`` times the opposite of the kept rise). The slice is ``A(b) − A(a)``: a few array
operations for every slice of every picture at once, the same area as cutting the polygon
with a box (to rounding).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from geometry.distinct import distinct
from geometry.footprints import quad_segs_for

__all__ = ["circle_rings", "ring_areas", "round_solid_slices", "slice_areas"]

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]


def circle_rings(xyr: FloatArray, tolerance: float) -> tuple[FloatArray, IntArray]:
    """Closed rings of round bases (vertices on the circle, edges within ``tolerance``).

    Each base has its own number of sides (``4·quad_segs_for(r, tolerance)``), the vertices
    those of :func:`geometry.picture_plane.outline_of`. Returns the vertices and each one's base.

    Examples
    --------
    >>> xy, owner = circle_rings(np.array([[0.0, 0.0, 1.0], [5.0, 0.0, 0.1]]), 0.0005)
    >>> int((owner == 0).sum()), int((owner == 1).sum())
    (102, 34)
    """
    found, owners = [], []
    for count, mine in _side_groups(xyr[:, 2], tolerance):
        coords = _ring_coords(xyr[mine], count)
        # closed exactly, as Shapely closes a ring whose turn ends a hair off its start
        keep = np.ones((len(mine), count + 2), dtype=bool)
        keep[:, -1] = (coords[:, -1] != coords[:, 0]).any(axis=1)
        coords = np.concatenate([coords, coords[:, :1]], axis=1)
        found.append(coords[keep])
        owners.append(np.broadcast_to(mine[:, None], keep.shape)[keep])
    if len(found) == 1:
        return found[0], np.asarray(owners[0], dtype=np.intp)
    return np.concatenate(found), np.concatenate(owners).astype(np.intp)


def _side_groups(radii: FloatArray, tolerance: float) -> list[tuple[int, IntArray]]:
    """Bases grouped by their number of sides: ``(sides, rows)`` per group."""
    if len(radii) and (radii == radii[0]).all():  # one size of base: one count of sides
        return [(_sides(float(radii[0]), tolerance), np.arange(len(radii)))]
    sizes = distinct(radii)
    sides = np.array([_sides(r, tolerance) for r in sizes.tolist()], dtype=np.intp)
    per_base = sides[np.searchsorted(sizes, radii)]
    return [(count, np.flatnonzero(per_base == count)) for count in distinct(per_base).tolist()]


def _ring_coords(xyr: FloatArray, count: int) -> FloatArray:
    """The ``count + 1`` vertices of each base's turn (the last a hair off the first, or on it)."""
    ring = _unit_ring(count)
    return np.asarray(xyr[:, None, :2] + xyr[:, 2, None, None] * ring[None, :, :],
                      dtype=np.float64)


@lru_cache(maxsize=64)
def _sides(radius: float, tolerance: float) -> int:
    """Sides of a round base's polygon (edges within ``tolerance`` of the arc)."""
    return 4 * quad_segs_for(radius, tolerance)


@lru_cache(maxsize=64)
def _unit_ring(count: int) -> FloatArray:
    """The unit circle's ring of ``count`` sides, its start repeated at the end of the turn."""
    turn = np.linspace(0.0, 2.0 * math.pi, count + 1)
    ring = np.stack([np.cos(turn), np.sin(turn)], axis=1)
    ring.setflags(write=False)
    return ring


def _edges(xy: FloatArray, owner: IntArray) -> tuple[FloatArray, FloatArray, IntArray]:
    """Edges of closed rings given vertex by vertex (each ring's first vertex repeated last)."""
    same = np.flatnonzero(owner[1:] == owner[:-1])
    return xy[same], xy[same + 1], owner[same]


def ring_areas(xy: FloatArray, owner: IntArray, count: int) -> FloatArray:
    """Signed area of each closed ring (``count`` owners; positive anticlockwise).

    Examples
    --------
    >>> square = np.array([[0.0, 0], [2, 0], [2, 2], [0, 2], [0, 0]])
    >>> ring_areas(square, np.zeros(5, dtype=np.intp), 1).tolist()
    [4.0]
    """
    a, b, whose = _edges(xy, owner)
    return np.asarray(np.bincount(whose, weights=0.5 * (a[:, 0] + b[:, 0]) * (b[:, 1] - a[:, 1]),
                                  minlength=count), dtype=np.float64)


def slice_areas(xy: FloatArray, owner: IntArray, whose: IntArray, left: FloatArray,
                right: FloatArray) -> FloatArray:
    """Signed area of ring ``whose[s]`` between ``x = left[s]`` and ``x = right[s]``.

    Examples
    --------
    >>> square = np.array([[0.0, 0], [2, 0], [2, 2], [0, 2], [0, 0]])
    >>> slice_areas(square, np.zeros(5, dtype=np.intp), np.array([0, 0]),
    ...             np.array([0.5, -9.0]), np.array([1.0, 9.0])).tolist()
    [1.0, 4.0]
    """
    if len(owner) > 1 and (owner[1:] < owner[:-1]).any():  # rings given out of order
        order = np.argsort(owner, kind="stable")
        xy, owner = xy[order], owner[order]
    a, b, edge_owner = _edges(xy, owner)
    count = int(max(owner.max(initial=-1), whose.max(initial=-1))) + 1  # empty rings too
    first_vertex = np.searchsorted(owner, np.arange(count))
    has = np.bincount(owner, minlength=count) > 0
    low = np.zeros(count)
    high = np.zeros(count)
    low[has] = np.minimum.reduceat(xy[:, 0], first_vertex[has])
    high[has] = np.maximum.reduceat(xy[:, 0], first_vertex[has])
    first = np.searchsorted(edge_owner, whose)
    take = np.searchsorted(edge_owner, whose, side="right") - first
    slice_of = np.repeat(np.arange(len(whose)), take)
    edge = np.arange(int(take.sum())) + np.repeat(first - (np.cumsum(take) - take), take)
    lo = np.minimum(np.maximum(left, low[whose]), high[whose])
    hi = np.minimum(np.maximum(right, low[whose]), high[whose])
    ea, eb = a[edge], b[edge]
    found = _left_of(ea, eb, hi[slice_of]) - _left_of(ea, eb, lo[slice_of])
    area = np.bincount(slice_of, weights=found, minlength=len(whose))
    return np.where(hi > lo, area, 0.0)


def _left_of(a: FloatArray, b: FloatArray, t: FloatArray) -> FloatArray:
    """Each edge's share of the area left of ``x = t``: ``(x̄ − t)·Δy`` of its part there."""
    ax, ay, bx, by = a[:, 0], a[:, 1], b[:, 0], b[:, 1]
    a_out, b_out = ax > t, bx > t
    cut = a_out != b_out  # the edge crosses x = t: its part left of t ends there
    run = np.where(cut, bx - ax, 1.0)
    cut_y = ay + (t - ax) * (by - ay) / run
    start_x, start_y = np.where(a_out, t, ax), np.where(a_out, cut_y, ay)
    end_x, end_y = np.where(b_out, t, bx), np.where(b_out, cut_y, by)
    part = (0.5 * (start_x + end_x) - t) * (end_y - start_y)
    # an edge wholly right of t (the only one that may be upright there) counts 0
    return np.asarray(np.where(a_out & b_out, 0.0, part), dtype=float)


def round_solid_slices(eyes: FloatArray, heights: FloatArray, xyr: FloatArray,
                       tops: FloatArray, bottoms: FloatArray, tolerance: float,
                       whose: IntArray, left: FloatArray, right: FloatArray,
                       ) -> tuple[FloatArray, FloatArray]:
    """Areas of the pictures of round solids, whole and between upright lines, in numpy.

    Base ``i`` (centre and radius ``xyr[i]``, the ring of :func:`circle_rings`) stands from
    ``bottoms[i]`` to ``tops[i]``, seen from ``eyes[i]`` at ``heights[i]``, wholly ahead of the
    eye; its picture plane is square to the line to its centre, through the centre
    (:func:`geometry.picture_plane.picture_frames`). Its picture is the convex hull of its
    ring drawn at the foot and at the top, and that hull is never built:

    - Every vertex is drawn at the same ``x`` at both heights, the top above the foot, so the
      hull's upper chain is the upper chain of the top ring's picture and its lower chain the
      lower chain of the foot ring's picture (a hull's upper chain only sees the highest point
      at each ``x``).
    - Each ring's picture is a convex polygon (a central projection of a convex polygon
      wholly ahead of the eye). An upright plane through the eye meets the ring first on its
      near side and then on its far side, and a point at height ``z`` nearer the eye is drawn
      farther from the eye's level: the near side is the upper chain of a ring above the eye
      (``z ≥ h``) and the lower chain of a ring below it, the far side the other.
    - Going round the ring anticlockwise (plan view), the picture's ``x`` falls along the near
      side and rises along the far side, so each edge's side is the sign of its run.
    - A point ``d`` ahead at height ``z`` is drawn at ``h + (z − h)·s`` with ``s = D/d``, and
      along an edge's picture ``s`` is linear in ``x`` (so is the drawn height). Both sides
      span the same ``x``, so the eye's level cancels: between two upright lines the area is
      ``(top − h)·∫s(upper side) − (foot − h)·∫s(lower side)``, trapezoids of ``s`` over the
      edges' parts between the lines.

    Returns
    -------
    (ndarray, ndarray)
        Each picture's whole area, and each slice's area.

    Examples
    --------
    Eye 1" up, a base of radius 1 from 0 to 2" up, 10" away: half of its picture lies right
    of the middle.

    >>> eye, one = np.zeros((1, 2)), np.ones(1)
    >>> whole, part = round_solid_slices(eye, one, np.array([[10.0, 0.0, 1.0]]), 2 * one,
    ...                                  0 * one, 0.0005, np.array([0]), np.zeros(1), one * 9)
    >>> round(float(whole[0]), 3), round(float(part[0] / whole[0]), 6)
    (4.378, 0.5)
    """
    count = len(xyr)
    total = np.zeros(count)
    sliced = np.zeros(len(whose))
    for sides, mine in _side_groups(xyr[:, 2], tolerance):
        ring = _ring_coords(xyr[mine], sides)
        ring[:, -1] = ring[:, 0]  # closed exactly
        eye = eyes[mine]
        view = xyr[mine, :2] - eye
        dist = np.hypot(view[:, 0], view[:, 1])[:, None]
        ux, uy = view[:, 0:1] / dist, view[:, 1:2] / dist
        rel_x, rel_y = ring[..., 0] - eye[:, 0:1], ring[..., 1] - eye[:, 1:2]
        scale = dist / (rel_x * ux + rel_y * uy)
        x = (rel_y * ux - rel_x * uy) * scale
        # per slice of this group (wholes appended): which picture, and its two lines
        local = np.full(count, -1, dtype=np.intp)
        local[mine] = np.arange(len(mine))
        picked = np.flatnonzero(local[whose] >= 0)
        rows = np.concatenate([local[whose[picked]], np.arange(len(mine))])
        lo = np.concatenate([left[picked], np.full(len(mine), -np.inf)])[:, None]
        hi = np.concatenate([right[picked], np.full(len(mine), np.inf)])[:, None]
        x, scale = x[rows], scale[rows]
        x0, x1, s0 = x[:, :-1], x[:, 1:], scale[:, :-1]
        run = x1 - x0
        start = np.maximum(np.minimum(x0, x1), lo)
        end = np.minimum(np.maximum(x0, x1), hi)
        slope = (scale[:, 1:] - s0) / np.where(run != 0.0, run, 1.0)
        part = np.maximum(end - start, 0.0) * (s0 + (0.5 * (start + end) - x0) * slope)
        near = np.where(run < 0.0, part, 0.0).sum(axis=1)  # x falls along the near side
        far = np.where(run > 0.0, part, 0.0).sum(axis=1)
        h = heights[mine][rows]
        top, foot = tops[mine][rows] - h, bottoms[mine][rows] - h
        area = top * np.where(top >= 0.0, near, far) - foot * np.where(foot <= 0.0, near, far)
        sliced[picked] = area[:len(picked)]
        total[mine] = area[len(picked):]
    return total, sliced
