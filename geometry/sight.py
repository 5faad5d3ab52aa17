"""What an observer sees of a target: visible shares, cover, and the rays drawn for them.

Heights are inches above the table for 40K and Line of Sight values for Warhammer Fantasy
(:class:`SightRule`; how each stops a single line: :mod:`geometry.rays`).

How much of a target is seen (:func:`visible_fraction`, :func:`visible_fractions`,
:func:`visible_shares`) is not sampled by rays: it is the exact share of the target's area in
the viewer's picture left uncovered by the projected blockers (:mod:`geometry.picture`).
Rays remain for questions about single lines (:mod:`geometry.rays`: ``rays_blocked``,
``fans_blocked``, ``sight_matrix`` centre to centre). The rays drawn
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

from geometry.footprints import Circle, RoundBases, Shape
from geometry.index import TerrainIndex, blocker_ids
from geometry.observers import Observer
from geometry.picture import BORDERLINE, SightRule, hidden_shares
from geometry.picture_plane import outline_of
from geometry.rays import as_points
from geometry.strips import strip_hidden_shares

__all__ = [
    "BORDERLINE",
    "COVER_HIDDEN",
    "DEFAULT_SAMPLES",
    "SightRule",
    "Ray",
    "SightResult",
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
XY = tuple[float, float]


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
    xy = as_points(centres, "centres")
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
