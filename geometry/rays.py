"""Single sight lines in 2.5D: rays, fans of rays, and who sees whom centre to centre.

Heights are inches above the table for 40K and Line of Sight values for Warhammer Fantasy. Two
rules decide whether a blocker of height ``H`` stops a ray from an eye at ``h_eye`` to a target
point at ``h_target``:

- :attr:`SightRule.TRUE_LINE` (40K): the straight line from eye to target is blocked where it
  crosses the footprint at a height at or below ``H``. A blocker at least as tall as both ends
  always blocks; one lower than both never does.
- :attr:`SightRule.LOS_VALUES` (Warhammer Fantasy): blocked when ``H`` is at least both the
  observer's and the target's value (a higher value sees and is seen over lower terrain).

A ray that touches a blocker's edge counts as blocked. How much of a target is seen is not a
question for rays: it is an area (:mod:`geometry.sight`, :mod:`geometry.picture`).
"""

from __future__ import annotations

import numpy as np
import shapely
from numpy.typing import ArrayLike, NDArray

from geometry.crossings import eye_lines_meet
from geometry.distinct import distinct
from geometry.index import TerrainIndex, blocker_ids
from geometry.rules_of_reading import SightRule

__all__ = ["rays_blocked", "sight_matrix", "fans_blocked", "rays_blocked_unchecked",
           "as_points"]

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]


def rays_blocked(index: TerrainIndex, starts: FloatArray, ends: FloatArray,
                 start_heights: FloatArray | float, end_heights: FloatArray | float,
                 rule: SightRule = SightRule.TRUE_LINE,
                 ignore: frozenset[str] = frozenset()) -> BoolArray:
    """Whether each ray ``starts[i] → ends[i]`` is blocked, vectorised.

    Examples
    --------
    >>> from geometry.index import Blocker
    >>> from shapely.geometry import Polygon
    >>> wall = TerrainIndex([Blocker("wall", Polygon([(4, -5), (5, -5), (5, 5), (4, 5)]), 3)])
    >>> starts, ends = np.array([[0.0, 0.0], [0.0, 0.0]]), np.array([[10.0, 0.0], [0.0, 9.0]])
    >>> rays_blocked(wall, starts, ends, 1.0, 1.0).tolist()
    [True, False]
    >>> rays_blocked(wall, starts, ends, 8.0, 1.0).tolist()  # high eye, line above the wall
    [False, False]
    >>> rays_blocked(wall, starts, ends, 8.0, 1.0, SightRule.LOS_VALUES).tolist()
    [False, False]
    """
    starts = as_points(starts, "starts")
    ends = as_points(ends, "ends")
    ignore = blocker_ids(ignore)
    if len(starts) != len(ends):
        raise ValueError(f"rays need as many starts as ends, got {len(starts)} and {len(ends)}")
    n = len(starts)
    h_start = np.broadcast_to(np.asarray(start_heights, dtype=float), (n,))
    h_end = np.broadcast_to(np.asarray(end_heights, dtype=float), (n,))
    return rays_blocked_unchecked(index, starts, ends, h_start, h_end, rule, ignore)


#: From this many lines at one blocker level, lines are grouped by eye and answered in numpy
#: (:mod:`geometry.crossings`); fewer go to GEOS against the prepared union one by one.
_MANY_LINES = 256


def rays_blocked_unchecked(index: TerrainIndex, starts: FloatArray, ends: FloatArray,
                           h_start: FloatArray, h_end: FloatArray, rule: SightRule,
                           ignore: frozenset[str], eyes: FloatArray | None = None,
                           eye_of: NDArray[np.intp] | None = None) -> BoolArray:
    """:func:`rays_blocked` on checked arrays; ``eyes[eye_of]`` are the starts when known.

    ``starts`` and ``ends`` are (n, 2) float arrays (:func:`as_points`), the heights (n,)
    arrays, ``ignore`` a set of blocker ids as :func:`~geometry.index.blocker_ids` gives:
    nothing is checked, for callers that made them so.

    Examples
    --------
    >>> from geometry.index import Blocker
    >>> from shapely.geometry import box
    >>> wall = TerrainIndex([Blocker("wall", box(4, -5, 5, 5), 3)])
    >>> ends, low = np.array([[10.0, 0.0], [10.0, 0.0]]), np.ones(2)
    >>> rays_blocked_unchecked(wall, np.zeros((2, 2)), ends, low, np.array([1.0, 9.0]),
    ...                        SightRule.TRUE_LINE, frozenset()).tolist()
    [True, False]
    """
    n = len(starts)
    top, low = np.maximum(h_start, h_end), np.minimum(h_start, h_end)
    blocked = np.zeros(n, dtype=bool)
    lines: NDArray[np.object_] | None = None
    levels = index.levels(top)
    one_level = bool(n) and bool((levels == levels[0]).all())
    for level in levels[:1] if one_level else distinct(levels):
        if not np.isfinite(level):
            continue
        picked = np.flatnonzero(levels == level) if not one_level else None
        rows: slice | NDArray[np.intp] = slice(None) if picked is None else picked
        if (n if picked is None else len(picked)) >= _MANY_LINES:
            if eyes is None or eye_of is None:
                eyes, eye_of = _eyes_of(starts)
            chosen = index.select(float(level), ignore)
            blocked[rows] = eye_lines_meet(index, chosen, eyes, eye_of[rows], ends[rows])
            continue
        union = index.blocking_union(float(level), ignore)
        if not union.is_empty:
            if picked is None:  # every line: made once, kept for the sloping test
                lines = _lines(starts, ends)
                blocked[:] = shapely.intersects(union, lines)
            else:
                blocked[rows] = shapely.intersects(union, _lines(starts[rows], ends[rows]))
    # a sloping ray can only be stopped by a blocker as tall as its foot and lower than its
    # top (a taller one was tested above): none such on the table, no sloping test
    if rule is SightRule.TRUE_LINE and n and bool(
            ((index.heights >= low.min()) & (index.heights < top.max())).any()):
        rest = np.flatnonzero(~blocked & (low < top))
        if len(rest):
            blocked[rest] = _sloped_blocked(
                index, lines[rest] if lines is not None else _lines(starts[rest], ends[rest]),
                starts[rest], ends[rest], h_start[rest], h_end[rest], ignore)
    return blocked


def _lines(starts: FloatArray, ends: FloatArray) -> NDArray[np.object_]:
    """Segments ``starts[i] → ends[i]`` as Shapely lines."""
    return np.asarray(shapely.linestrings(np.stack([starts, ends], axis=1)),
                      dtype=object).reshape(-1)


def _eyes_of(starts: FloatArray) -> tuple[FloatArray, NDArray[np.intp]]:
    """The distinct start points, and which one each line starts from."""
    eyes, eye_of = np.unique(starts, axis=0, return_inverse=True)
    return eyes, np.asarray(eye_of, dtype=np.intp).reshape(-1)


def as_points(points: ArrayLike, what: str) -> FloatArray:
    """Return ``points`` (a list or an array of (x, y)) as an (n, 2) float array.

    ``what`` names the points in the error a wrong shape raises.

    Examples
    --------
    >>> as_points([3, 4], "eyes").tolist(), as_points([], "eyes").shape
    ([[3.0, 4.0]], (0, 2))
    >>> as_points([[1, 2, 3]], "eyes")
    Traceback (most recent call last):
    ValueError: eyes must be (x, y) pairs, got an array of shape (1, 3)
    """
    array = np.asarray(points, dtype=float)
    if array.size == 0:
        return array.reshape(0, 2)
    if array.ndim == 1 and array.shape[0] == 2:
        array = array.reshape(1, 2)
    if array.ndim != 2 or array.shape[1] != 2:
        raise ValueError(f"{what} must be (x, y) pairs, got an array of shape {array.shape}")
    return array


def _sloped_blocked(index: TerrainIndex, lines: NDArray[np.object_], starts: FloatArray,
                    ends: FloatArray, h_start: FloatArray, h_end: FloatArray,
                    ignore: frozenset[str]) -> BoolArray:
    """Exact 2.5D test of sloping rays against blockers between their end heights."""
    result = np.zeros(len(lines), dtype=bool)
    line_i, block_i = index.tree.query(lines, predicate="intersects")
    heights = index.heights[block_i]
    low, top = np.minimum(h_start, h_end)[line_i], np.maximum(h_start, h_end)[line_i]
    keep = (heights >= low) & (heights < top)
    if ignore:
        keep &= np.array([index.ids[b] not in ignore for b in block_i], dtype=bool)
    line_i, block_i, heights = line_i[keep], block_i[keep], heights[keep]
    if not len(line_i):
        return result
    crossings = shapely.intersection(lines[line_i], index.footprints[block_i])
    xy, pair = shapely.get_coordinates(crossings, return_index=True)
    row = line_i[pair]
    along = ends[row] - starts[row]
    t = ((xy - starts[row]) * along).sum(axis=1) / np.maximum((along * along).sum(axis=1), 1e-18)
    ray_height = h_start[row] + (h_end[row] - h_start[row]) * np.clip(t, 0.0, 1.0)
    np.logical_or.at(result, row, ray_height <= heights[pair])
    return result


def sight_matrix(index: TerrainIndex, shooters: FloatArray, shooter_heights: FloatArray | float,
                 targets: FloatArray, target_heights: FloatArray | float,
                 rule: SightRule = SightRule.TRUE_LINE) -> BoolArray:
    """Clear (True) or blocked for every shooter × target pair, centre to centre.

    Parameters
    ----------
    index : TerrainIndex
        The blockers.
    shooters, targets : ndarray, shape (n, 2) and (m, 2)
        Base centres, inches.
    shooter_heights, target_heights : float or ndarray
        Eye and target heights (inches or Line of Sight values).
    rule : SightRule
        How heights compare.

    Returns
    -------
    ndarray of bool, shape (n, m)

    Examples
    --------
    >>> from geometry.index import Blocker
    >>> from shapely.geometry import Polygon
    >>> wall = TerrainIndex([Blocker("wall", Polygon([(4, -5), (5, -5), (5, 5), (4, 5)]), 3)])
    >>> sight_matrix(wall, np.array([[0.0, 0.0]]), 1.0,
    ...              np.array([[10.0, 0.0], [10.0, 20.0]]), 1.0).tolist()
    [[False, True]]
    """
    shooters, targets = as_points(shooters, "shooters"), as_points(targets, "targets")
    n, m = len(shooters), len(targets)
    starts = np.repeat(shooters, m, axis=0)
    ends = np.tile(targets, (n, 1))
    h_start = np.repeat(np.broadcast_to(np.asarray(shooter_heights, float), (n,)), m)
    h_end = np.tile(np.broadcast_to(np.asarray(target_heights, float), (m,)), n)
    eye_of = np.repeat(np.arange(n, dtype=np.intp), m)
    return ~rays_blocked_unchecked(index, starts, ends, h_start, h_end, rule, frozenset(),
                                   shooters, eye_of).reshape(n, m)


def fans_blocked(index: TerrainIndex, eyes: FloatArray, points: FloatArray,
                 eye_heights: FloatArray | float, target_heights: FloatArray | float,
                 rule: SightRule = SightRule.TRUE_LINE,
                 ignore: frozenset[str] = frozenset()) -> BoolArray:
    """Whether each ray ``eyes[k] → points[k, i]`` is blocked: fans of rays, one per eye.

    The answer is that of :func:`rays_blocked` for every ray. The points of a fan lie on one
    segment (across a base), so its rays lie inside the triangle from the eye to the
    segment's ends: a fan whose triangle meets no blocker that could count is wholly clear
    and its rays are never built.

    Parameters
    ----------
    index : TerrainIndex
        The blockers.
    eyes : ndarray, shape (k, 2)
        The eye of each fan.
    points : ndarray, shape (k, s, 2)
        The ray ends of each fan, in order along one segment.
    eye_heights, target_heights : float or ndarray of shape (k,)
        Heights of each fan's eye and of its ray ends.
    rule : SightRule
        How heights compare.
    ignore : frozenset of str
        Blocker ids that never block.

    Returns
    -------
    ndarray of bool, shape (k, s)

    Examples
    --------
    >>> from geometry.index import Blocker
    >>> from shapely.geometry import Polygon
    >>> wall = TerrainIndex([Blocker("wall", Polygon([(4, 0), (5, 0), (5, 5), (4, 5)]), 3)])
    >>> eyes = np.array([[0.0, 0.0], [0.0, 0.0]])
    >>> fans = np.array([[[10.0, -1.0], [10.0, 1.0]], [[10.0, -6.0], [10.0, -4.0]]])
    >>> fans_blocked(wall, eyes, fans, 1.0, 1.0).tolist()
    [[False, True], [False, False]]
    """
    k, samples = points.shape[:2]
    h_eye = np.broadcast_to(np.asarray(eye_heights, float), (k,))
    h_end = np.broadcast_to(np.asarray(target_heights, float), (k,))
    blocked = np.zeros((k, samples), dtype=bool)
    low = float(min(h_eye.min(), h_end.min())) if k else 0.0
    crowded = _cones_touching(index, eyes, points, low, ignore)
    if len(crowded):
        ends = np.ascontiguousarray(points[crowded].reshape(-1, 2), dtype=float)
        fan_eyes = np.asarray(eyes, dtype=float)[crowded]
        starts = np.repeat(fan_eyes, samples, axis=0)
        eye_of = np.repeat(np.arange(len(crowded), dtype=np.intp), samples)
        found = rays_blocked_unchecked(index, starts, ends,
                                       np.repeat(h_eye[crowded], samples),
                                       np.repeat(h_end[crowded], samples), rule,
                                       blocker_ids(ignore), fan_eyes, eye_of)
        blocked[crowded] = found.reshape(-1, samples)
    return blocked


def _cones_touching(index: TerrainIndex, eyes: FloatArray, silhouettes: FloatArray, low: float,
                    ignore: frozenset[str]) -> NDArray[np.intp]:
    """Fans whose sight cone (eye to the ends of its points) meets any blocker that could count.

    Rays lie inside their cone, so a fan whose cone meets nothing is wholly visible and
    needs no ray tests.
    """
    level = float(index.levels(np.array([low]))[0])
    union = index.blocking_union(level, ignore) if np.isfinite(level) else None
    if union is None or union.is_empty:
        return np.array([], dtype=np.intp)
    ends = silhouettes[:, [0, -1], :]
    apex = np.asarray(eyes, float).reshape(-1, 1, 2)
    rings = np.concatenate([apex, ends, apex], axis=1)
    cones = shapely.polygons(rings)
    touching = np.asarray(shapely.intersects(union, cones), dtype=bool)
    touching |= np.asarray(shapely.area(cones) <= 1e-12, dtype=bool)  # degenerate: test rays
    return np.flatnonzero(touching)
