"""What the eye sees: the hidden share of each target, an area in the viewer's picture.

The hidden share of a target is worked out exactly (no rays). Each target is drawn in its own
picture plane (:mod:`geometry.picture_plane`: a central projection, so the similar triangles
players draw come out exactly), and so is every blocker between the eye and it
(:mod:`geometry.shadows`). Then

    hidden share = area(silhouette ∩ union of projected blockers) / area(silhouette).

A wall lower than the eye and the target still hides the lower part of a target close behind
it; stepped heights, gaps and a model standing higher all come out of the same sum. The only
approximation is the polygon of a round base (vertices on the circle, within 0.0005"),
far below the 0.5-point band :data:`BORDERLINE` in which a cover verdict is reported as
"borderline" instead.

Most targets are settled before any picture is drawn (:mod:`geometry.columns`: seen whole,
hidden whole, or hidden in whole columns); :func:`exact_hidden_shares` draws every picture.
Warhammer Fantasy (:attr:`SightRule.LOS_VALUES`) compares widths, not areas
(:mod:`geometry.shadows`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from numpy.typing import ArrayLike, NDArray
from shapely.geometry import LineString

from geometry.columns import settled_shares
from geometry.footprints import Circle, RoundBases, Shape
from geometry.index import TerrainIndex, blocker_ids
from geometry.picture_plane import (
    NEAR,
    ROUND_TOLERANCE,
    clip_at_eye,
    hulls_by_owner,
    picture_frames,
    plan_outlines,
    project,
)
from geometry.rules_of_reading import SightRule
from geometry.shadows import TargetPictures
from geometry.slices import ring_areas, round_solid_slices, slice_areas

__all__ = ["SightRule", "BORDERLINE", "hidden_shares", "hidden_shares_from",
           "exact_hidden_shares"]

#: Half-width of the band around 25% hidden in which a cover verdict is called borderline.
BORDERLINE = 0.005
#: Shares closer than this to 0 or 1 are float noise of the overlay and are snapped.
_NOISE = 1e-12

FloatArray = NDArray[np.float64]


def hidden_shares(index: TerrainIndex, eye: ArrayLike, eye_height: float,
                  targets: Sequence[Shape], tops: ArrayLike, bottoms: ArrayLike = 0.0,
                  rule: SightRule = SightRule.TRUE_LINE,
                  ignore: frozenset[str] = frozenset(),
                  arc: tuple[float, float] | None = None) -> FloatArray:
    """The hidden share (0–1) of each target as the eye sees it, exact, vectorised.

    Parameters
    ----------
    index : TerrainIndex
        The blockers.
    eye : (float, float)
        Where the eye is on the table, inches.
    eye_height : float
        Its height (inches, or a Line of Sight value).
    targets : sequence of Circle, Polygon or LineString
        Model bases (solids) or facings (upright faces).
    tops, bottoms : float or array of floats
        Each target's top and bottom heights (its Line of Sight value for ``LOS_VALUES``).
    rule : SightRule
        ``TRUE_LINE`` (heights, 40K) or ``LOS_VALUES`` (Warhammer Fantasy).
    ignore : frozenset of str
        Blocker ids that never hide (the observer's or the target's own building).
    arc : (float, float), optional
        The observer's arc ``(facing, half_angle)``, degrees: what lies outside is hidden.

    Returns
    -------
    ndarray of float
        Hidden share per target: 0 seen whole, 1 wholly hidden.

    Examples
    --------
    Eye 1.5" up, a 1.5" tall face 12" away, a 0.75" wall 1" in front of it: by similar
    triangles the wall's top is drawn ``1.5 − 0.75 × 12/11`` up the face, 45.45% of it.

    >>> from shapely.geometry import box
    >>> from geometry.index import Blocker
    >>> wall = TerrainIndex([Blocker("wall", box(10.9, -5, 11, 5), 0.75)])
    >>> face = LineString([(12, -1), (12, 1)])
    >>> round(float(hidden_shares(wall, (0, 0), 1.5, [face], 1.5)[0]), 4)
    0.4545
    >>> hidden_shares(wall, (0, 0), 1.5, [face], 1.5, arc=(0, 45)).tolist()  # facing up
    [1.0]
    """
    count = len(targets)
    eyes = np.broadcast_to(np.asarray(eye, dtype=float).reshape(2), (count, 2))
    return hidden_shares_from(index, eyes, eye_height, targets, tops, bottoms, rule, ignore,
                              arc)


def hidden_shares_from(index: TerrainIndex, eyes: ArrayLike, eye_heights: ArrayLike,
                       targets: Sequence[Shape], tops: ArrayLike, bottoms: ArrayLike = 0.0,
                       rule: SightRule = SightRule.TRUE_LINE,
                       ignore: frozenset[str] = frozenset(),
                       arc: tuple[float, float] | None = None) -> FloatArray:
    """Hidden shares with an eye per target: many firers at many models in one pass.

    ``eyes[i]`` at ``eye_heights[i]`` looks at ``targets[i]``; see :func:`hidden_shares`.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.index import Blocker
    >>> wall = TerrainIndex([Blocker("wall", box(10.9, -5, 11, 5), 0.75)])
    >>> face = LineString([(12, -1), (12, 1)])
    >>> hidden_shares_from(wall, [(0, 0), (0, 0)], [1.5, 0.75], [face, face], 1.5).round(4)
    ... # doctest: +NORMALIZE_WHITESPACE
    array([0.4545, 0.5   ])
    """
    count = len(targets)
    ignore = blocker_ids(ignore)
    eye_xy = np.ascontiguousarray(np.broadcast_to(np.asarray(eyes, dtype=float), (count, 2)))
    heights = np.broadcast_to(np.asarray(eye_heights, dtype=float), (count,))
    tops_a = np.broadcast_to(np.asarray(tops, dtype=float), (count,))
    bottoms_a = np.broadcast_to(np.asarray(bottoms, dtype=float), (count,))
    if not count:
        return np.zeros(0)
    if not isinstance(targets, RoundBases):
        targets = list(targets)
    settled = settled_shares(index.convex_parts, eye_xy, heights, targets, tops_a, bottoms_a,
                             rule is SightRule.LOS_VALUES, ignore)
    hidden = settled.hidden
    if arc is not None:
        hidden[hidden < 1.0] = np.nan  # only a wholly hidden target needs no arc
    elif settled.strips:
        rows = np.array(sorted(settled.strips), dtype=np.intp)
        chosen = RoundBases(targets.xyr[rows]) if isinstance(targets, RoundBases) else [
            targets[i] for i in rows]
        hidden[rows] = _strip_shares(eye_xy[rows], heights[rows], chosen,
                                     tops_a[rows], bottoms_a[rows], rule,
                                     [settled.strips[i] for i in rows.tolist()])
    rest = np.flatnonzero(np.isnan(hidden))
    if len(rest):
        hidden[rest] = exact_hidden_shares(index, eye_xy[rest], heights[rest],
                                           [targets[i] for i in rest], tops_a[rest],
                                           bottoms_a[rest], rule, ignore, arc)
    return hidden


def exact_hidden_shares(index: TerrainIndex, eyes: ArrayLike, eye_heights: ArrayLike,
                        targets: Sequence[Shape], tops: ArrayLike, bottoms: ArrayLike = 0.0,
                        rule: SightRule = SightRule.TRUE_LINE,
                        ignore: frozenset[str] = frozenset(),
                        arc: tuple[float, float] | None = None) -> FloatArray:
    """:func:`hidden_shares_from` without the shortcuts: every target's picture is drawn.

    The slow, plain version the shortcuts of :mod:`geometry.columns` are tested against.

    Examples
    --------
    A tower taller than the eye and the face hides the half of the face behind it (the
    shortcuts settle it in whole columns, to the same share); a facing in line with the eye
    is hidden.

    >>> from shapely.geometry import box
    >>> from geometry.index import Blocker
    >>> tower = TerrainIndex([Blocker("tower", box(5, -5, 6, 0), 4.0)])
    >>> faces = [LineString([(12, -1), (12, 1)]), LineString([(0, 1), (0, 3)])]
    >>> exact_hidden_shares(tower, (0, 0), 1.5, faces, 1.5).tolist()
    [0.5, 1.0]
    >>> hidden_shares_from(tower, (0, 0), 1.5, faces, 1.5).tolist()
    [0.5, 1.0]
    """
    count = len(targets)
    ignore = blocker_ids(ignore)
    eye_xy = np.ascontiguousarray(np.broadcast_to(np.asarray(eyes, dtype=float), (count, 2)))
    heights = np.broadcast_to(np.asarray(eye_heights, dtype=float), (count,))
    tops_a = np.broadcast_to(np.asarray(tops, dtype=float), (count,))
    bottoms_a = np.broadcast_to(np.asarray(bottoms, dtype=float), (count,))
    hidden = np.zeros(count)
    if not count:
        return hidden
    outlines = plan_outlines(targets)
    u, dist = picture_frames(eye_xy, outlines)
    inside = clip_at_eye(eye_xy, outlines, u, dist)
    edge_on = np.array([isinstance(o, LineString) for o in outlines]) & (dist <= NEAR)
    live = np.flatnonzero(~inside & ~edge_on)
    hidden[edge_on] = 1.0
    if not len(live):
        return hidden
    picture = TargetPictures(eye_xy[live], heights[live], [outlines[i] for i in live],
                             u[live], dist[live], tops_a[live], bottoms_a[live], rule)
    shadows, whose = picture.shadows(index, ignore)
    if arc is not None:
        outside, out_whose = picture.outside_arc(arc)
        shadows = np.concatenate([shadows, outside])
        whose = np.concatenate([whose, out_whose])
    hidden[live] = _covered(picture.silhouettes, shadows, whose, len(live))
    return hidden


def _strip_shares(eyes: FloatArray, heights: FloatArray, targets: Sequence[Shape],
                  tops: FloatArray, bottoms: FloatArray, rule: SightRule,
                  strips: list[list[tuple[float, float]]]) -> FloatArray:
    """Share of each target's picture over columns hidden whole (see :mod:`geometry.columns`).

    ``strips[i]`` are plan angle ranges relative to the line to target ``i``'s centre; the
    column at angle ``a`` is drawn at ``D·tan(a)`` across the picture.
    """
    count = len(targets)
    whose = np.array([i for i, ranges in enumerate(strips) for _ in ranges], dtype=np.intp)
    angles = np.array([pair for ranges in strips for pair in ranges], dtype=float).reshape(-1, 2)
    round_ = isinstance(targets, RoundBases) or all(isinstance(t, Circle) for t in targets)
    covered: FloatArray
    if rule is SightRule.TRUE_LINE and round_:
        # round bases: their pictures' areas straight from centres and radii, no polygons
        xyr = targets.xyr if isinstance(targets, RoundBases) else np.array(
            [(t.x, t.y, t.radius) for t in targets if isinstance(t, Circle)], dtype=np.float64)
        dist = np.hypot(xyr[:, 0] - eyes[:, 0], xyr[:, 1] - eyes[:, 1])
        total, areas = round_solid_slices(eyes, heights, xyr, tops, bottoms, ROUND_TOLERANCE,
                                          whose, dist[whose] * np.tan(angles[:, 0]),
                                          dist[whose] * np.tan(angles[:, 1]))
        covered = np.asarray(np.bincount(whose, weights=areas, minlength=count), dtype=float)
    else:
        outlines = plan_outlines(list(targets))
        u, dist = picture_frames(eyes, outlines)
        if rule is SightRule.LOS_VALUES:
            silhouettes = TargetPictures(eyes, heights, outlines, u, dist, tops, bottoms,
                                         rule).silhouettes
        else:
            xy, owner = shapely.get_coordinates(np.array(outlines, dtype=object),
                                                return_index=True)
            silhouettes = _solid_pictures(eyes, heights, u, dist, xy, owner, tops, bottoms,
                                          count)
        ring_xy, ring_owner = shapely.get_coordinates(silhouettes, return_index=True)
        total = ring_areas(ring_xy, ring_owner, count)
        covered = np.zeros(count)
        if len(whose):  # the strips of one target are apart: their areas add up
            np.add.at(covered, whose, slice_areas(ring_xy, ring_owner, whose,
                                                  dist[whose] * np.tan(angles[:, 0]),
                                                  dist[whose] * np.tan(angles[:, 1])))
    share = np.minimum(np.maximum(covered / np.where(total != 0, total, 1.0), 0.0), 1.0)
    share[share < _NOISE] = 0.0
    share[share > 1.0 - _NOISE] = 1.0
    return share


def _solid_pictures(eyes: FloatArray, heights: FloatArray, u: FloatArray, dist: FloatArray,
                    xy: FloatArray, owner: NDArray[np.intp], tops: FloatArray,
                    bottoms: FloatArray, count: int) -> NDArray[np.object_]:
    """The picture of each solid: the hull of its outline drawn at its foot and at its top."""
    ends = [project(eyes[owner], heights[owner], u[owner], dist[owner], xy, z[owner])
            for z in (bottoms, tops)]
    return hulls_by_owner(np.concatenate(ends), np.concatenate([owner, owner]), count)


def _covered(silhouettes: NDArray[np.object_], shadows: NDArray[np.object_],
             whose: NDArray[np.intp], count: int) -> FloatArray:
    """Share of each silhouette covered by the union of its shadows."""
    total = shapely.area(silhouettes)
    covered = np.zeros(count)
    if not len(whose):
        return covered
    whole = np.asarray(shapely.contains(shadows, silhouettes[whose]), dtype=bool)
    covered[whose[whole]] = total[whose[whole]]
    rest = ~np.isin(whose, whose[whole])
    shadows, whose = shadows[rest], whose[rest]
    cut = shapely.intersection(shadows, silhouettes[whose])
    groups = np.bincount(whose, minlength=count)
    single = groups[whose] == 1
    np.add.at(covered, whose[single], shapely.area(cut[single]))
    for target in np.flatnonzero(groups > 1):  # noqa: B007 (a loop over the few overlaps)
        covered[target] = shapely.area(shapely.union_all(cut[whose == target]))
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(total > 0, covered / np.where(total > 0, total, 1.0), 0.0)
    share = np.clip(share, 0.0, 1.0)
    share[share < _NOISE] = 0.0  # float noise of the overlay, not a sliver anyone could see
    share[share > 1.0 - _NOISE] = 1.0
    return share
