"""Line of sight in 2.5D: footprints with heights, rays, visible fractions and cover.

Heights are inches above the table for 40K and Line of Sight values for Warhammer Fantasy. Two
rules decide whether a blocker of height ``H`` stops a ray from an eye at ``h_eye`` to a target
point at ``h_target``:

- :attr:`SightRule.TRUE_LINE` (40K): the straight line from eye to target is blocked where it
  crosses the footprint at a height at or below ``H``. A blocker at least as tall as both ends
  always blocks; one lower than both never does.
- :attr:`SightRule.LOS_VALUES` (Warhammer Fantasy): blocked when ``H`` is at least both the
  observer's and the target's value (a higher value sees and is seen over lower terrain).

How much of a target is seen (:func:`visible_fraction`, :func:`visible_fractions`,
:func:`visible_shares`) is not sampled by rays: it is the exact share of the target's area in
the viewer's picture left uncovered by the projected blockers (:mod:`geometry.picture`).
Rays remain for questions about single lines (:func:`rays_blocked`, :func:`sight_matrix`,
centre to centre; a ray that touches a blocker's edge counts as blocked). The rays drawn
across a target (:attr:`SightResult.rays`) each carry the exact hidden share of their strip
of the picture (:mod:`geometry.strips`), so a model obscured by a low wall is drawn with
partly hidden rays, not clear ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import ArrayLike, NDArray
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from geometry.crossings import eye_lines_meet
from geometry.distinct import distinct
from geometry.footprints import Circle, RoundBases, Shape
from geometry.index import TerrainIndex, blocker_ids
from geometry.observers import Observer
from geometry.picture import BORDERLINE, SightRule, hidden_shares
from geometry.picture_plane import outline_of
from geometry.strips import strip_hidden_shares

__all__ = [
    "BORDERLINE",
    "COVER_HIDDEN",
    "DEFAULT_SAMPLES",
    "SightRule",
    "Ray",
    "SightResult",
    "fans_blocked",
    "rays_blocked",
    "sight_matrix",
    "visible_fraction",
    "visible_fractions",
    "visible_shares",
    "ray_ends",
]

#: The hidden share of a target that obscures it for a cover save (40K: 25% or more).
COVER_HIDDEN = 0.25
#: Rays drawn per target, one per strip of its width (each with its strip's hidden share).
DEFAULT_SAMPLES = 16

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]
XY = tuple[float, float]


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
    starts = _points(starts, "starts")
    ends = _points(ends, "ends")
    ignore = blocker_ids(ignore)
    if len(starts) != len(ends):
        raise ValueError(f"rays need as many starts as ends, got {len(starts)} and {len(ends)}")
    n = len(starts)
    h_start = np.broadcast_to(np.asarray(start_heights, dtype=float), (n,))
    h_end = np.broadcast_to(np.asarray(end_heights, dtype=float), (n,))
    return _blocked(index, starts, ends, h_start, h_end, rule, ignore)


#: From this many lines at one blocker level, lines are grouped by eye and answered in numpy
#: (:mod:`geometry.crossings`); fewer go to GEOS against the prepared union one by one.
_MANY_LINES = 256


def _blocked(index: TerrainIndex, starts: FloatArray, ends: FloatArray, h_start: FloatArray,
             h_end: FloatArray, rule: SightRule, ignore: frozenset[str],
             eyes: FloatArray | None = None, eye_of: NDArray[np.intp] | None = None,
             ) -> BoolArray:
    """:func:`rays_blocked` on checked arrays; ``eyes[eye_of]`` are the starts when known."""
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


def _points(points: ArrayLike, what: str) -> FloatArray:
    """Return ``points`` (a list or an array of (x, y)) as an (n, 2) float array."""
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
    shooters, targets = _points(shooters, "shooters"), _points(targets, "targets")
    n, m = len(shooters), len(targets)
    starts = np.repeat(shooters, m, axis=0)
    ends = np.tile(targets, (n, 1))
    h_start = np.repeat(np.broadcast_to(np.asarray(shooter_heights, float), (n,)), m)
    h_end = np.tile(np.broadcast_to(np.asarray(target_heights, float), (m,)), n)
    eye_of = np.repeat(np.arange(n, dtype=np.intp), m)
    return ~_blocked(index, starts, ends, h_start, h_end, rule, frozenset(), shooters,
                     eye_of).reshape(n, m)


def _silhouettes(eye: XY, centres: FloatArray, radii: FloatArray, samples: int) -> FloatArray:
    """Sample points across each base's width as seen from ``eye``: shape (m, samples, 2)."""
    view = centres - np.asarray(eye, dtype=float)
    length = np.hypot(view[:, 0], view[:, 1])
    safe = np.where(length > 0, length, 1.0)
    perp = np.stack([-view[:, 1] / safe, view[:, 0] / safe], axis=1)
    perp[length == 0] = (1.0, 0.0)
    spread = _strip_middles(samples) * 2.0 - 1.0
    offsets = radii[:, None, None] * spread[None, :, None] * perp[:, None, :]
    return centres[:, None, :] + offsets


def _strip_middles(samples: int) -> FloatArray:
    """Return the middles of ``samples`` equal strips of [0, 1]."""
    if samples < 1:
        raise ValueError(f"sight needs at least 1 sample ray per target, got {samples}")
    return (np.arange(samples, dtype=float) + 0.5) / samples


def visible_fractions(index: TerrainIndex, eye: XY, eye_height: float, centres: ArrayLike,
                      radii: ArrayLike, target_heights: ArrayLike,
                      rule: SightRule = SightRule.TRUE_LINE, samples: int = DEFAULT_SAMPLES,
                      arc: tuple[float, float] | None = None,
                      ignore: frozenset[str] = frozenset()) -> FloatArray:
    """Visible share (0–1) of each round base from one eye point, exact and vectorised.

    Each base is the solid of its circle up to its height; the share is the area of it the
    eye sees (:func:`geometry.picture.hidden_shares`). ``centres`` and ``radii`` may be lists
    or arrays; ``samples`` is kept for old callers and has no effect.

    Examples
    --------
    >>> from geometry.index import Blocker
    >>> from shapely.geometry import Polygon
    >>> wall = TerrainIndex([Blocker("wall", Polygon([(4, 0), (5, 0), (5, 5), (4, 5)]), 3)])
    >>> shares = visible_fractions(wall, (0, 0), 1.0, [[10.0, 0.0], [10.0, -5.0]], [1.0, 1.0], 1.0)
    >>> [round(float(v), 2) for v in shares]
    [0.5, 1.0]
    """
    xy = _points(centres, "centres")
    r = np.broadcast_to(np.asarray(radii, dtype=float), (len(xy),))
    if len(r) and not (r >= 0.0).all():
        bad = float(r[~(r >= 0.0)][0])
        raise ValueError(f"a circle needs a radius >= 0 inches, got {bad!r}")
    bases = RoundBases(np.column_stack([xy, r]))
    return visible_shares(index, eye, eye_height, bases, target_heights, 0.0, rule, arc, ignore)


def visible_shares(index: TerrainIndex, eye: XY, eye_height: float, targets: Sequence[Shape],
                   tops: ArrayLike, bottoms: ArrayLike = 0.0,
                   rule: SightRule = SightRule.TRUE_LINE,
                   arc: tuple[float, float] | None = None,
                   ignore: frozenset[str] = frozenset()) -> FloatArray:
    """Visible share (0–1) of each target, any base shape or facing, from one eye point.

    ``targets`` are bases (:class:`Circle`, oval or hull or square polygons: solids from
    ``bottoms`` to ``tops``) or facings (``LineString``: upright faces). See
    :func:`geometry.picture.hidden_shares`.

    Examples
    --------
    >>> from geometry.index import Blocker
    >>> from shapely.geometry import Polygon, box
    >>> wall = TerrainIndex([Blocker("wall", box(10.9, -5, 11, 5), 0.75)])
    >>> [round(float(v), 4) for v in visible_shares(wall, (0, 0), 1.5, [box(11.5, -0.5, 12.5, 0.5)],
    ...                                      1.5)]
    [0.5227]
    """
    if not isinstance(targets, RoundBases):
        targets = list(targets)
    return 1.0 - hidden_shares(index, eye, eye_height, targets, tops, bottoms, rule,
                               blocker_ids(ignore), arc)


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
        found = _blocked(index, starts, ends, np.repeat(h_eye[crowded], samples),
                         np.repeat(h_end[crowded], samples), rule, blocker_ids(ignore),
                         fan_eyes, eye_of)
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


@dataclass(frozen=True)
class Ray:
    """One sight line, for drawing: from ``start`` to ``end``, blocked or clear.

    A ray stands for one strip of the target's width. ``hidden`` is the exact hidden share of
    that strip's picture (:func:`geometry.strips.strip_hidden_shares`) when known: ``blocked``
    is then "hidden whole", and a ray with 0 < hidden < 1 is :attr:`partly` hidden (a wall
    lower than the eye and the target hides the lower part of the strip).

    Examples
    --------
    >>> Ray((0, 0), (1, 0), False, 0.45).partly, Ray((0, 0), (1, 0), True).partly
    (True, False)
    """

    start: XY
    end: XY
    blocked: bool
    hidden: float | None = None

    @property
    def partly(self) -> bool:
        """Whether some but not all of the ray's strip is hidden."""
        return not self.blocked and self.hidden is not None and self.hidden > 0.0


@dataclass(frozen=True)
class SightResult:
    """What an observer sees of a target: the visible share and the rays drawn for it.

    ``visible`` is exact (an area in the viewer's picture); the ``rays`` only illustrate it.
    """

    visible: float
    rays: tuple[Ray, ...]
    eye: XY

    @property
    def clear(self) -> bool:
        """Whether any part of the target can be seen."""
        return self.visible > 1e-9

    @property
    def hidden(self) -> float:
        """The hidden share, 0–1."""
        return 1.0 - self.visible

    @property
    def obscured(self) -> bool:
        """Whether enough is hidden for cover (40K: 25% or more), while some is seen."""
        return self.clear and self.hidden >= COVER_HIDDEN - 1e-9

    @property
    def borderline(self) -> bool:
        """Whether the hidden share is within 0.5 percentage points of 25% (say so, not a verdict).

        Examples
        --------
        >>> SightResult(0.753, (), (0, 0)).borderline, SightResult(0.76, (), (0, 0)).borderline
        (True, False)
        """
        return self.clear and abs(self.hidden - COVER_HIDDEN) < BORDERLINE


def ray_ends(eye: XY, target: Shape, samples: int = DEFAULT_SAMPLES) -> FloatArray:
    """Points across a target as seen from ``eye``, for drawing rays: shape (samples, 2).

    Across a base's width (on its near side for a polygon), or along a facing.

    Examples
    --------
    >>> ray_ends((0, 0), Circle(10, 0, 1), 2).round(3).tolist()
    [[10.0, -0.5], [10.0, 0.5]]
    """
    if isinstance(target, Circle):
        return _silhouettes(eye, np.array([target.centre]), np.array([target.radius]),
                            samples)[0]
    outline = outline_of(target)
    if isinstance(outline, LineString):
        spots = shapely.line_interpolate_point(outline, _strip_middles(samples), normalized=True)
        return np.asarray(shapely.get_coordinates(spots), dtype=float)
    return _polygon_silhouette(eye, outline, samples)


def _polygon_silhouette(eye: XY, target: BaseGeometry, samples: int) -> FloatArray:
    """Points across a polygon's width as seen from ``eye``, each on its near side."""
    centre = np.array(target.centroid.coords[0])
    view = centre - np.asarray(eye, dtype=float)
    view /= max(float(np.hypot(*view)), 1e-18)
    perp = np.array([-view[1], view[0]])
    xy = shapely.get_coordinates(target)
    across = (xy - centre) @ perp
    far = float(np.abs((xy - np.asarray(eye)) @ view).max()) + 1.0
    points = []
    for s in across.min() + (across.max() - across.min()) * _strip_middles(samples):
        base = centre + s * perp
        chord = LineString([base - far * view, base + far * view]).intersection(target)
        coords = shapely.get_coordinates(chord)
        nearest = coords[np.argmin(np.hypot(*(coords - np.asarray(eye)).T))] if len(coords) \
            else base
        points.append(nearest)
    return np.array(points)


def visible_fraction(index: TerrainIndex, observer: Observer, target: Shape,
                     target_height: float, rule: SightRule = SightRule.TRUE_LINE,
                     samples: int = DEFAULT_SAMPLES, ignore: Sequence[str] = (),
                     target_bottom: float = 0.0) -> SightResult:
    """How much of ``target`` the observer sees, exactly, with rays to draw (best eye wins).

    ``target`` is a base (:class:`Circle` or a polygon: the solid of it from
    ``target_bottom`` to ``target_height``) or a ``LineString`` facing of a hull or building
    (the upright face; name the building in ``ignore`` so its own footprint does not hide it).

    Parameters
    ----------
    index : TerrainIndex
        The blockers, built once per terrain change.
    observer : Observer
        Where sight is traced from (see :mod:`geometry.observers`).
    target : Circle, Polygon or LineString
        The base, footprint or facing looked at.
    target_height : float
        Its top (inches) or Line of Sight value.
    rule : SightRule
        ``TRUE_LINE`` (40K) or ``LOS_VALUES`` (Warhammer Fantasy).
    samples : int
        Rays drawn across the target (illustration; the share is exact).
    ignore : sequence of str
        Blocker ids that never block (the target's own building).
    target_bottom : float
        Height the target stands at (a roof's height for a model on battlements).

    Returns
    -------
    SightResult
        The visible share, whether that gives cover, and the rays for drawing.

    Examples
    --------
    Eye 1.5" up, a 1.5" tall model 12" away, a 0.75" wall 1" in front of its centre: the
    lower part is hidden (the issue's low wall), so it is obscured.

    >>> from geometry.index import Blocker
    >>> from shapely.geometry import box
    >>> from geometry.observers import model_observer
    >>> wall = TerrainIndex([Blocker("wall", box(10.95, -5, 11, 5), 0.75)])
    >>> seen = visible_fraction(wall, model_observer(0, 0, 1.5), Circle(12, 0, 0.5), 1.5)
    >>> round(seen.hidden, 3), seen.obscured, seen.borderline
    (0.473, True, False)
    >>> visible_fraction(wall, model_observer(0, 0, 1.5), Circle(12, 20, 0.5), 1.5).obscured
    False
    """
    skip = observer.ignore | blocker_ids(ignore)
    best: tuple[float, XY] | None = None
    for eye in observer.points:
        hidden = float(hidden_shares(index, eye, observer.height, [target], target_height,
                                     target_bottom, rule, skip, observer.arc)[0])
        if best is None or 1.0 - hidden > best[0]:
            best = (1.0 - hidden, eye)
        if best[0] >= 1.0:
            break
    if best is None:
        return SightResult(0.0, (), (0.0, 0.0))
    visible, eye = best
    points = ray_ends(eye, target, samples)
    strips = strip_hidden_shares(index, eye, observer.height, target, target_height,
                                 target_bottom, rule, skip, observer.arc, len(points)) \
        if 0.0 < visible < 1.0 else np.full(len(points), 1.0 - visible)
    rays = tuple(Ray(eye, (float(px), float(py)), bool(h >= 1.0), float(h))
                 for (px, py), h in zip(points, strips, strict=True))
    return SightResult(visible, rays, eye)
