"""Which sight lines meet which footprints, for many lines from a few eyes, exactly, in numpy.

:func:`geometry.rays.rays_blocked` asks, for every line from an eye to a target point,
whether it meets any footprint (touching counts). GEOS answers that one line at a time
against a prepared union (about 1 µs a line); here the lines of each eye are answered
together:

1. **Plan angles.** Seen from an eye outside a footprint's convex hull, the footprint lies
   within the angle range of its corners, and no nearer than its reference point's distance
   less its radius. Sorted by direction (a pseudo-angle that grows with the angle, no
   trigonometry), the lines of an eye that can meet it are found with a binary search; the
   others cannot meet it. An eye in or on the hull keeps every line. A convex footprint whose
   range holds a line's direction with room to spare, and that the line runs past its
   farthest corner, is surely met.
2. **Segment crossings.** An eye outside a footprint sees a line meet it exactly when the line
   meets its outline (a segment from outside to inside crosses the outline), so each
   remaining (line, footprint) pair is tested against the footprint's ring edges with the
   four orientation signs of two segments. Each sign is computed in floating point with an
   error bound (Shewchuk's ``orient2d`` filter, widened): a sign the bound cannot vouch for
   sends that pair to GEOS, whose predicates are exact. So the answer is GEOS's answer for
   every pair, never a rounding of it.
3. **An eye touching a footprint** (inside it or on its outline) meets it along every line.

Footprints other than polygons (several parts) are asked of GEOS directly.
"""

from __future__ import annotations

import numpy as np
import shapely
from numpy.typing import NDArray

from geometry.index import TerrainIndex

__all__ = ["eye_lines_meet"]

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
BoolArray = NDArray[np.bool_]

#: Angle slack (pseudo-angle units, a turn is 4) round a footprint's range: far above the
#: rounding of the pseudo-angles (1e-16).
_ANGLE_SLACK = 1e-9
#: A whole turn in pseudo-angle units.
_TURN = 4.0
#: Relative error bound of a floating orientation sign (Shewchuk's is 3.3e-16; widened).
_ORIENT_BOUND = 1e-14
#: Keys of the lines sorted by eye, then angle: each eye's angles offset by this (> a turn).
_SPREAD = 8.0


def eye_lines_meet(index: TerrainIndex, chosen: IntArray, eyes: FloatArray, eye_of: IntArray,
                   ends: FloatArray) -> BoolArray:
    """Whether each segment ``eyes[eye_of[i]] → ends[i]`` meets a ``chosen`` footprint.

    Parameters
    ----------
    index : TerrainIndex
        The footprints.
    chosen : ndarray of int
        Indices of the footprints that count.
    eyes : ndarray, shape (k, 2)
        The distinct eyes.
    eye_of : ndarray of int, shape (n,)
        Each line's eye.
    ends : ndarray, shape (n, 2)
        Each line's far end.

    Returns
    -------
    ndarray of bool, shape (n,)
        True where the closed segment meets some chosen closed footprint (GEOS ``intersects``).

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.index import Blocker
    >>> walls = TerrainIndex([Blocker("wall", box(4, -5, 5, 5), 3.0)])
    >>> eye_lines_meet(walls, np.array([0]), np.array([[0.0, 0.0]]), np.array([0, 0, 0]),
    ...                np.array([[10.0, 0.0], [0.0, 9.0], [4.0, 5.0]])).tolist()
    [True, False, True]
    """
    n = len(ends)
    met = np.zeros(n, dtype=bool)
    if not n or not len(chosen):
        return met
    eyes = np.asarray(eyes, dtype=float)
    polygon = index.plain[chosen]
    others = chosen[~polygon & ~np.asarray(shapely.is_empty(index.footprints[chosen]), bool)]
    if len(others):  # several parts: GEOS, line by line
        lines = shapely.linestrings(np.stack([eyes[eye_of], ends], axis=1))
        for j in others.tolist():
            met |= np.asarray(shapely.intersects(index.footprints[j], lines), dtype=bool)
    chosen = chosen[polygon]
    if not len(chosen):
        return met
    # eyes touching a footprint: every line of theirs meets it
    eye_i, blocker_j = index.tree.query(shapely.points(eyes), predicate="intersects")
    keep = np.isin(blocker_j, chosen)
    touching = np.zeros((len(eyes), len(index)), dtype=bool)
    touching[eye_i[keep], blocker_j[keep]] = True
    if keep.any():
        touched: BoolArray = np.asarray(touching[:, chosen].any(axis=1), dtype=bool)
        met |= touched[eye_of]
    surely, line_i, blocker_j = _candidates(index, chosen, eyes, eye_of, ends, touching)
    met |= surely
    left = ~met[line_i]
    line_i, blocker_j = line_i[left], blocker_j[left]
    if not len(line_i):
        return met
    hit, unsure = _cross(index, eyes[eye_of[line_i]], ends[line_i], blocker_j)
    met[line_i[hit]] = True
    ask = unsure & ~met[line_i]
    if ask.any():
        rows = line_i[ask]
        lines = shapely.linestrings(np.stack([eyes[eye_of[rows]], ends[rows]], axis=1))
        found = np.asarray(shapely.intersects(index.footprints[blocker_j[ask]], lines), bool)
        met[rows[found]] = True
    return met


def _pseudo_angles(x: FloatArray, y: FloatArray) -> FloatArray:
    """A cheap stand-in for the direction angle, increasing with it: [−1, 3) for one turn.

    ``y / (|x| + |y|)`` runs from −1 to 1 over the right half-turn; ``2 −`` it continues over
    the left one. A half-turn is 2, a turn 4; (0, 0) gets 0.
    """
    with np.errstate(invalid="ignore", divide="ignore"):
        p = y / (np.abs(x) + np.abs(y))
    p = np.where(x >= 0.0, p, 2.0 - p)
    return np.asarray(np.where(np.isnan(p), 0.0, p), dtype=float)


def _candidates(index: TerrainIndex, chosen: IntArray, eyes: FloatArray, eye_of: IntArray,
                ends: FloatArray, touching: BoolArray) -> tuple[BoolArray, IntArray, IntArray]:
    """Lines that surely meet a footprint, and the (line, footprint) pairs still to test.

    A convex footprint whose angle range holds the line's direction with room to spare is
    met by the line's straight continuation no farther than its farthest corner, so a line at
    least that long (with room) surely meets it. The pairs left are those whose footprint
    lies in the line's plan angle range and reach. Angles are pseudo-angles
    (:func:`_pseudo_angles`: a turn is 4).
    """
    ref, radius = index.reference
    rel = ends - eyes[eye_of]
    theta = _pseudo_angles(rel[:, 0], rel[:, 1])
    length = np.sqrt(rel[:, 0] * rel[:, 0] + rel[:, 1] * rel[:, 1])
    keys = eye_of * _SPREAD + theta
    order = np.argsort(keys)
    sorted_keys = keys[order]
    theta_s, length_s = theta[order], length[order]
    # each (eye, footprint): its angle range, nearest and farthest possible distance
    lo, width, full, middle = _angle_ranges(index, chosen, eyes)
    live = ~touching[:, chosen]
    k_idx, col = np.nonzero(live)
    b_idx = chosen[col]
    lo, width, full, middle = lo[live], width[live], full[live], middle[live]
    nearest = middle - radius[b_idx]
    nearest -= 1e-9 * (1.0 + np.abs(nearest))
    farthest = middle + radius[b_idx]
    farthest += 1e-9 * (1.0 + farthest)
    base = k_idx * _SPREAD
    hi = lo + width
    start = np.searchsorted(sorted_keys, base + lo)
    stop = np.searchsorted(sorted_keys, base + np.minimum(hi, _TURN - 1.0), side="right")
    if full.any():
        start[full] = np.searchsorted(sorted_keys, base[full] - _SPREAD / 2)
        stop[full] = np.searchsorted(sorted_keys, base[full] + _SPREAD / 2)
    spill = np.flatnonzero(~full & (hi > _TURN - 1.0))  # the range runs on from −1
    room = 4.0 * _ANGLE_SLACK
    # per range: where it starts in angle (a spilled part's start shifted by a turn), the
    # room-less end of the sure part, the nearest and farthest distance, the footprint
    range_start = np.concatenate([start, np.searchsorted(sorted_keys, base[spill] - 1.0)])
    range_stop = np.concatenate([stop, np.searchsorted(sorted_keys,
                                                       base[spill] + hi[spill] - _TURN,
                                                       side="right")])
    range_of = np.concatenate([np.arange(len(k_idx)), spill])
    range_lo = np.concatenate([lo, lo[spill] - _TURN])
    can_be_sure = ~full & index.turns_one_way[b_idx]
    range_sure_hi = np.where(can_be_sure, width - room, -np.inf)[range_of]
    counts = np.maximum(range_stop - range_start, 0)
    total = int(counts.sum())
    surely = np.zeros(len(ends), dtype=bool)
    if not total:
        return surely, np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    first = np.cumsum(counts) - counts
    pos = np.arange(total) + np.repeat(range_start - first, counts)
    into = theta_s[pos] - np.repeat(range_lo, counts)
    far_enough = length_s[pos]
    sure = (far_enough >= np.repeat(farthest[range_of], counts)) & (into > room)
    sure &= into < np.repeat(range_sure_hi, counts)
    surely[order[pos[sure]]] = True
    rows = np.flatnonzero(~sure & (far_enough >= np.repeat(nearest[range_of], counts)))
    rows = rows[~surely[order[pos[rows]]]]
    return surely, order[pos[rows]], b_idx[np.repeat(range_of, counts)[rows]]


def _angle_ranges(index: TerrainIndex, chosen: IntArray, eyes: FloatArray,
                  ) -> tuple[FloatArray, FloatArray, BoolArray, FloatArray]:
    """Each chosen footprint's plan angle range from each eye, arrays of shape (eyes, chosen).

    Returns the range's start (a pseudo-angle in [−1, 3)) and width (slack in), whether
    every direction counts (the eye is in or on the footprint's convex hull), and the
    distance from the eye to the footprint's reference point.
    """
    xy, starts, counts = index.corners
    ref, _ = index.reference
    take = counts[chosen]
    some = take > 0
    first = np.cumsum(take) - take
    corner = np.arange(int(take.sum())) + np.repeat(starts[chosen] - first, take)
    to_ref_x = ref[chosen, 0][None, :] - eyes[:, 0:1]
    to_ref_y = ref[chosen, 1][None, :] - eyes[:, 1:2]
    middle = np.sqrt(to_ref_x * to_ref_x + to_ref_y * to_ref_y)
    theta0 = _pseudo_angles(to_ref_x, to_ref_y)
    delta = _pseudo_angles(xy[corner, 0][None, :] - eyes[:, 0:1],
                           xy[corner, 1][None, :] - eyes[:, 1:2])
    delta -= np.repeat(theta0, take, axis=1)
    delta = (delta + _TURN / 2) % _TURN - _TURN / 2
    low = np.zeros((len(eyes), len(chosen)))
    high = np.zeros_like(low)
    if some.any():
        low[:, some] = np.minimum.reduceat(delta, first[some], axis=1)
        high[:, some] = np.maximum.reduceat(delta, first[some], axis=1)
    full = _in_hulls(index, eyes, chosen) | (high - low >= _TURN / 2 - 1e-6) | ~some[None, :]
    lo = theta0 + low - _ANGLE_SLACK
    lo = (lo + 1.0) % _TURN - 1.0
    width = (high - low) + 2.0 * _ANGLE_SLACK
    return lo, width, np.asarray(full, dtype=bool), middle


def _in_hulls(index: TerrainIndex, eyes: FloatArray, chosen: IntArray) -> BoolArray:
    """Whether each eye lies in or on the convex hull of each chosen footprint (GEOS, by tree)."""
    eye_i, hull_j = index.hull_tree.query(shapely.points(eyes), predicate="intersects")
    inside = np.zeros((len(eyes), len(index)), dtype=bool)
    inside[eye_i, hull_j] = True
    return np.asarray(inside[:, chosen], dtype=bool)


def _orient(ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray, cx: FloatArray,
            cy: FloatArray) -> tuple[FloatArray, BoolArray]:
    """Orientation of ``c`` from ``a → b`` as a sign, and whether the sign is certain."""
    acx, acy, bcx, bcy = ax - cx, ay - cy, bx - cx, by - cy
    left, right = acx * bcy, acy * bcx
    det = left - right
    sure = np.abs(det) > _ORIENT_BOUND * (np.abs(left) + np.abs(right))
    return np.sign(det), np.asarray(sure, dtype=bool)


def _cross(index: TerrainIndex, p: FloatArray, q: FloatArray,
           blocker_j: IntArray) -> tuple[BoolArray, BoolArray]:
    """For segments ``p → q`` against footprint rings: (surely meets, cannot tell).

    A segment meets a ring edge ``a → b`` (closed) when ``a`` and ``b`` lie strictly apart
    across the line ``pq`` and ``p`` and ``q`` strictly apart across ``ab``; it surely misses
    when either pair lies strictly on one side. Any other case (touching, collinear, too
    close to call in floating point) is left to GEOS.
    """
    start, stop = index.ring_edges
    take = stop[blocker_j] - start[blocker_j]
    pair_of = np.repeat(np.arange(len(blocker_j)), take)
    offsets = np.arange(len(pair_of)) - np.repeat(np.cumsum(take) - take, take)
    edge = np.repeat(start[blocker_j], take) + offsets
    a, b = index.edge_starts[edge], index.edge_ends[edge]
    px, py, qx, qy = p[pair_of, 0], p[pair_of, 1], q[pair_of, 0], q[pair_of, 1]
    s1, k1 = _orient(px, py, qx, qy, a[:, 0], a[:, 1])
    s2, k2 = _orient(px, py, qx, qy, b[:, 0], b[:, 1])
    s3, k3 = _orient(a[:, 0], a[:, 1], b[:, 0], b[:, 1], px, py)
    s4, k4 = _orient(a[:, 0], a[:, 1], b[:, 0], b[:, 1], qx, qy)
    apart = k1 & k2 & k3 & k4 & (s1 != s2) & (s3 != s4) & (s1 != 0) & (s3 != 0)
    missed = (k1 & k2 & (s1 == s2) & (s1 != 0)) | (k3 & k4 & (s3 == s4) & (s3 != 0))
    hit = np.zeros(len(blocker_j), dtype=bool)
    hit[pair_of[apart]] = True
    unsure = np.zeros(len(blocker_j), dtype=bool)
    unsure[pair_of[~apart & ~missed]] = True
    return hit, unsure & ~hit
