"""What the eye sees: targets and blockers projected into the viewer's picture, areas compared.

The hidden share of a target is an area in the viewer's picture, worked out exactly (no rays):

- The **eye** is a point ``(x, y)`` at ``eye_height``.
- A **model** is the solid of its base (round, oval, hull, square, any convex footprint) from
  ``bottom`` (0 on the table, the battlements' height on a roof) up to ``top``. A **facing** of a
  vehicle or a building (a segment) is the upright face it is, from ``bottom`` to ``top``.
- A **blocker** (:class:`~geometry.index.Blocker`) is the prism of its footprint and height.

Each target has a picture plane: upright, facing the eye — through the target's centre,
square to the line from the eye (a model), or the facing's own plane (a facing, so a share of
the picture is the same share of the facing itself). A point ``P`` at height ``z`` that lies
``d`` ahead of the eye and ``l`` to its side, with the plane ``D`` ahead, is drawn at
``(l·D/d, h + (z − h)·D/d)``: a central projection, so straight edges stay straight and the
similar triangles players draw come out exactly.

Only what lies between the eye and the target can hide it: each blocker's footprint is cut to
the plan-view cone from the eye to the target's footprint (less the footprint itself), and the
prism on that cut is projected — the convex hull of its projected corners at the ground and at
its height, a non-convex cut first split into triangles. Then

    hidden share = area(silhouette ∩ union of projected blockers) / area(silhouette).

A wall lower than the eye and the target still hides the lower part of a target close behind
it; stepped heights, gaps and a model standing higher all come out of the same sum. The only
approximation is the polygon of a round base (vertices on the circle, within 0.0005"),
far below the 0.5-point band :data:`BORDERLINE` in which a cover verdict is reported as
"borderline" instead.

Warhammer Fantasy (:attr:`SightRule.LOS_VALUES`) does not trace heights: a blocker hides when
its Line of Sight value is at least both the observer's and the target's, and then the hidden
share is the share of the target's width it covers as seen from the eye (the same projection,
flattened to the picture's width).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from numpy.typing import ArrayLike, NDArray
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.columns import settled_shares
from geometry.distinct import distinct
from geometry.footprints import Circle, RoundBases, Shape, quad_segs_for
from geometry.index import TerrainIndex, blocker_ids
from geometry.rules_of_reading import SightRule
from geometry.slices import ring_areas, round_solid_slices, slice_areas

__all__ = ["SightRule", "BORDERLINE", "hidden_shares", "hidden_shares_from",
           "exact_hidden_shares", "picture_frames", "outline_of"]

#: Half-width of the band around 25% hidden in which a cover verdict is called borderline.
BORDERLINE = 0.005
#: Round bases become polygons with vertices on the circle and edges within this, inches.
_ROUND_TOLERANCE = 0.0005
#: Shares closer than this to 0 or 1 are float noise of the overlay and are snapped.
_NOISE = 1e-12
#: Blockers nearer the eye than this (inches, ahead of it) are left out of the picture.
_NEAR = 1e-4

FloatArray = NDArray[np.float64]
XY = tuple[float, float]
#: An empty polygon (made once: a picture of nothing).
_EMPTY = Polygon()


def outline_of(target: Shape) -> BaseGeometry:
    """Return the plan outline of a target: a base's polygon, or a facing's segment.

    Examples
    --------
    >>> outline_of(Circle(0, 0, 1)).geom_type
    'Polygon'
    >>> outline_of(LineString([(0, 0), (2, 0)])).length
    2.0
    """
    if isinstance(target, Circle):
        return target.polygon(_ROUND_TOLERANCE)
    if isinstance(target, (Polygon, LineString)):
        return target
    if isinstance(target, BaseGeometry) and not target.is_empty:
        hull = target.convex_hull
        if isinstance(hull, (Polygon, LineString)):
            return hull
    raise TypeError(f"a sight target must be a Circle, a Polygon or a LineString facing, "
                    f"got {type(target).__name__}")


def _outlines(targets: Sequence[Shape]) -> list[BaseGeometry]:
    """Plan outlines of many targets; round bases made all at once (vertices on the circle)."""
    rows = [i for i, t in enumerate(targets) if isinstance(t, Circle)]
    found: list[BaseGeometry | None] = [None if isinstance(t, Circle) else outline_of(t)
                                        for t in targets]
    if rows:
        xyr = np.array([(t.x, t.y, t.radius) for t in targets if isinstance(t, Circle)])
        # each base's own number of sides (never its neighbours'): a share does not depend
        # on what else is asked in the same call
        sides = np.array([4 * quad_segs_for(r, _ROUND_TOLERANCE) for r in
                          distinct(xyr[:, 2]).tolist()])
        per_base = sides[np.searchsorted(distinct(xyr[:, 2]), xyr[:, 2])]
        for count in distinct(per_base).tolist():
            mine = np.flatnonzero(per_base == count)
            turn = np.linspace(0.0, 2.0 * math.pi, count + 1)
            ring = np.stack([np.cos(turn), np.sin(turn)], axis=1)
            coords = xyr[mine, None, :2] + xyr[mine, 2, None, None] * ring[None, :, :]
            for k, polygon in zip(mine.tolist(), shapely.polygons(coords), strict=True):
                found[rows[k]] = polygon
    return [f for f in found if f is not None]


def picture_frames(eye: ArrayLike, outlines: Sequence[BaseGeometry],
                   ) -> tuple[FloatArray, FloatArray]:
    """Each target's picture plane: the unit direction ``u`` ahead and its distance ``D``.

    A facing (a ``LineString``) is looked at along its normal, so its plane is its own; a solid
    along the line from the eye to its centre. ``eye`` is one point or one per outline.

    Examples
    --------
    >>> u, d = picture_frames((0, 0), [LineString([(3, -1), (3, 5)]), Polygon([(4, 4), (6, 4),
    ...                                                                      (6, 6), (4, 6)])])
    >>> u.round(4).tolist(), d.round(4).tolist()
    ([[1.0, 0.0], [0.7071, 0.7071]], [3.0, 7.0711])
    """
    geoms = np.array(outlines, dtype=object)
    at = np.broadcast_to(np.asarray(eye, dtype=float), (len(geoms), 2))
    face = shapely.get_type_id(geoms) == 1
    centre = shapely.get_coordinates(shapely.centroid(geoms))
    view = centre - at
    length = np.hypot(view[:, 0], view[:, 1])
    u = np.where(length[:, None] > 0, view / np.where(length > 0, length, 1.0)[:, None],
                 np.array([0.0, -1.0]))
    dist = length.copy()
    if face.any():
        ends = np.array([(g.coords[0], g.coords[-1]) for g in geoms[face]], dtype=float)
        normal = np.stack([ends[:, 1, 1] - ends[:, 0, 1], ends[:, 0, 0] - ends[:, 1, 0]], 1)
        normal /= np.maximum(np.hypot(normal[:, 0], normal[:, 1]), 1e-300)[:, None]
        ahead = ((ends[:, 0] - at[face]) * normal).sum(axis=1)
        flip = np.where(ahead < 0, -1.0, 1.0)
        u[face], dist[face] = normal * flip[:, None], ahead * flip
    return u, dist


def _project(eye: FloatArray, height: FloatArray, u: FloatArray, dist: FloatArray,
             points: FloatArray, z: FloatArray) -> FloatArray:
    """Project points (rows aligned with ``eye``/``height``/``u``/``dist``) into their planes."""
    rel = points - eye
    ahead = rel[:, 0] * u[:, 0] + rel[:, 1] * u[:, 1]
    side = rel[:, 1] * u[:, 0] - rel[:, 0] * u[:, 1]
    scale = dist / ahead
    return np.stack([side * scale, height + (z - height) * scale], axis=1)


def _hulls(points: FloatArray, owner: NDArray[np.intp], count: int) -> NDArray[np.object_]:
    """Convex hull of the points of each owner ``0..count-1`` (owners without points: empty)."""
    order = np.argsort(owner, kind="stable")
    counts = np.bincount(owner, minlength=count)
    if (counts > 0).all():  # every owner has points: they are their own dense numbers
        present, dense = np.arange(count), owner[order]
    else:
        present, dense = np.unique(owner[order], return_inverse=True)
    # a line through the points (no point objects made): its hull is theirs
    lines = shapely.linestrings(points[order], indices=dense)
    hulls = np.full(count, _EMPTY, dtype=object)
    hulls[present] = shapely.convex_hull(np.asarray(lines, dtype=object))
    return hulls


def _clipped(eye: FloatArray, u: FloatArray, outline: BaseGeometry) -> BaseGeometry:
    """The part of ``outline`` at least :data:`_NEAR` ahead of the eye."""
    side = np.array([-u[1], u[0]])
    big = 1e4
    start = eye + _NEAR * u
    corners = [start - big * side, start + big * side, start + big * side + big * u,
               start - big * side + big * u]
    return outline.intersection(Polygon(corners))


def _prepare(eye: FloatArray, outlines: list[BaseGeometry], u: FloatArray,
             dist: FloatArray) -> NDArray[np.bool_]:
    """Clip targets reaching back to the eye; return which are seen whole (the eye is in one)."""
    inside = np.zeros(len(outlines), dtype=bool)
    xy, owner = shapely.get_coordinates(np.array(outlines, dtype=object), return_index=True)
    lowest = np.full(len(outlines), np.inf)
    np.minimum.at(lowest, owner, ((xy - eye[owner]) * u[owner]).sum(axis=1))
    for i in np.flatnonzero(lowest <= _NEAR):
        outline = outlines[i]
        if isinstance(outline, LineString):
            continue  # a facing is looked at square on; edge-on ones are hidden
        if outline.covers(shapely.points(eye[i])):
            inside[i] = True
            continue
        outlines[i] = _clipped(eye[i], u[i], outline)
        if outlines[i].is_empty:
            inside[i] = True
    return inside


def _convex_parts(pieces: NDArray[np.object_], owner: NDArray[np.intp],
                  ) -> tuple[NDArray[np.object_], NDArray[np.intp]]:
    """Split pieces into polygons, and each non-convex one into triangles."""
    parts, index = shapely.get_parts(pieces, return_index=True)
    owner = owner[index]
    keep = (shapely.get_type_id(parts) == 3) & (shapely.area(parts) > 1e-12)
    parts, owner = parts[keep], owner[keep]
    if not len(parts):
        return parts, owner
    hull_area = shapely.area(shapely.convex_hull(parts))
    bent = hull_area - shapely.area(parts) > 1e-9 * np.maximum(hull_area, 1e-6)
    if not bent.any():
        return parts, owner
    triangles, t_index = shapely.get_parts(shapely.constrained_delaunay_triangles(parts[bent]),
                                           return_index=True)
    bent_owner = owner[bent][t_index]
    return (np.concatenate([parts[~bent], triangles]),
            np.concatenate([owner[~bent], bent_owner]))


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
    outlines = _outlines(targets)
    u, dist = picture_frames(eye_xy, outlines)
    inside = _prepare(eye_xy, outlines, u, dist)
    edge_on = np.array([isinstance(o, LineString) for o in outlines]) & (dist <= _NEAR)
    live = np.flatnonzero(~inside & ~edge_on)
    hidden[edge_on] = 1.0
    if not len(live):
        return hidden
    picture = _Picture(eye_xy[live], heights[live], [outlines[i] for i in live], u[live],
                       dist[live], tops_a[live], bottoms_a[live], rule)
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
        total, areas = round_solid_slices(eyes, heights, xyr, tops, bottoms, _ROUND_TOLERANCE,
                                          whose, dist[whose] * np.tan(angles[:, 0]),
                                          dist[whose] * np.tan(angles[:, 1]))
        covered = np.asarray(np.bincount(whose, weights=areas, minlength=count), dtype=float)
    else:
        outlines = _outlines(list(targets))
        u, dist = picture_frames(eyes, outlines)
        if rule is SightRule.LOS_VALUES:
            silhouettes = _Picture(eyes, heights, outlines, u, dist, tops, bottoms,
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
    ends = [_project(eyes[owner], heights[owner], u[owner], dist[owner], xy, z[owner])
            for z in (bottoms, tops)]
    return _hulls(np.concatenate(ends), np.concatenate([owner, owner]), count)


class _Picture:
    """Targets all ahead of the eye, in their picture planes (see :func:`hidden_shares`)."""

    def __init__(self, eye: FloatArray, height: FloatArray, outlines: list[BaseGeometry],
                 u: FloatArray, dist: FloatArray, tops: FloatArray, bottoms: FloatArray,
                 rule: SightRule) -> None:
        self.eye, self.height, self.u, self.dist = eye, height, u, dist
        self.tops, self.bottoms, self.flat = tops, bottoms, rule is SightRule.LOS_VALUES
        self.count = count = len(outlines)
        self.geoms = np.array(outlines, dtype=object)
        self.silhouettes: NDArray[np.object_]
        xy, owner = shapely.get_coordinates(self.geoms, return_index=True)
        self.xy, self.owner = xy, owner
        side = self.project(owner, xy, np.zeros(len(xy)))[:, 0]
        self.low, self.high = np.full(count, np.inf), np.full(count, -np.inf)
        np.minimum.at(self.low, owner, side)
        np.maximum.at(self.high, owner, side)
        if self.flat:
            self.silhouettes = _boxes(self.low, self.high)
        else:
            body_low = self.project(owner, xy, bottoms[owner])
            body_high = self.project(owner, xy, tops[owner])
            self.silhouettes = _hulls(np.concatenate([body_low, body_high]),
                                      np.concatenate([owner, owner]), count)

    def project(self, rows: NDArray[np.intp], xy: FloatArray, z: FloatArray) -> FloatArray:
        """Project points of the targets ``rows`` into those targets' picture planes."""
        return _project(self.eye[rows], self.height[rows], self.u[rows], self.dist[rows], xy, z)

    def cones(self, which: NDArray[np.intp]) -> NDArray[np.object_]:
        """The plan-view cone from (just ahead of) the eye to the footprints of ``which``."""
        near = _NEAR * 0.5
        u, count = self.u, self.count
        perp = np.stack([-u[:, 1], u[:, 0]], axis=1)
        tips = [self.eye + near * u + (near * self.low / self.dist)[:, None] * perp,
                self.eye + near * u + (near * self.high / self.dist)[:, None] * perp]
        mine = np.isin(self.owner, which)
        cone_xy = np.concatenate([self.xy[mine], tips[0][which], tips[1][which]])
        cone_owner = np.concatenate([self.owner[mine], which, which])
        return _hulls(cone_xy, cone_owner, count)

    def coarse_cones(self) -> NDArray[np.object_]:
        """Cones from the eye to each target's bounding box: a cheap superset for the query."""
        u, count = self.u, self.count
        near = _NEAR * 0.5
        perp = np.stack([-u[:, 1], u[:, 0]], axis=1)
        minx, miny, maxx, maxy = shapely.bounds(self.geoms).T
        points = [self.eye + near * u + (near * self.low / self.dist)[:, None] * perp,
                  self.eye + near * u + (near * self.high / self.dist)[:, None] * perp,
                  np.stack([minx, miny], 1), np.stack([maxx, miny], 1),
                  np.stack([maxx, maxy], 1), np.stack([minx, maxy], 1)]
        owner = np.tile(np.arange(count), len(points))
        return _hulls(np.concatenate(points), owner, count)

    def pairs(self, index: TerrainIndex, ignore: frozenset[str],
              ) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """(target, blocker) pairs whose blocker may hide some of the target."""
        target_i, blocker_j = index.tree.query(self.coarse_cones(), predicate="intersects")
        heights = index.heights[blocker_j]
        if self.flat:
            keep = heights >= np.maximum(self.height[target_i], self.tops[target_i])
        else:
            keep = heights > np.minimum(self.height[target_i], self.bottoms[target_i])
        if ignore:
            keep &= np.array([index.ids[j] not in ignore for j in blocker_j], dtype=bool)
        return target_i[keep], blocker_j[keep]

    def shadows(self, index: TerrainIndex, ignore: frozenset[str],
                ) -> tuple[NDArray[np.object_], NDArray[np.intp]]:
        """Every blocker's projected prism in front of each target, and whose picture it is in.

        A convex blocker wholly ahead of the eye and in front of the target's nearest point is
        projected whole (what lies outside the cone falls outside the silhouette anyway);
        any other is first cut to the cone from the eye to the target, less the target.
        """
        none = (np.array([], dtype=object), np.array([], dtype=np.intp))
        if not len(index):
            return none
        target_i, blocker_j = self.pairs(index, ignore)
        if not len(target_i):
            return none
        xy, starts, counts = index.corners
        take = counts[blocker_j]
        pair_of = np.repeat(np.arange(len(target_i)), take)
        offsets = np.arange(len(pair_of)) - np.repeat(np.cumsum(take) - take, take)
        corner = xy[np.repeat(starts[blocker_j], take) + offsets]
        rel = corner - self.eye[target_i[pair_of]]
        depth = (rel * self.u[target_i[pair_of]]).sum(axis=1)
        nearest = np.full(len(target_i), np.inf)
        farthest = np.full(len(target_i), -np.inf)
        np.minimum.at(nearest, pair_of, depth)
        np.maximum.at(farthest, pair_of, depth)
        target_near = np.full(self.count, np.inf)
        np.minimum.at(target_near, self.owner,
                      ((self.xy - self.eye[self.owner]) * self.u[self.owner]).sum(axis=1))
        simple = index.convex[blocker_j] & (nearest > _NEAR) & (
            farthest <= target_near[target_i])
        rows = np.flatnonzero(simple)
        keep = np.isin(pair_of, rows)
        whole = self.prisms(corner[keep], pair_of[keep], target_i,
                            index.heights[blocker_j], len(target_i))
        found, whose = [whole[rows]], [target_i[rows]]
        hard = np.flatnonzero(~simple)
        if len(hard):
            cut, cut_whose = self.cut_shadows(index, target_i[hard], blocker_j[hard])
            found.append(cut)
            whose.append(cut_whose)
        return np.concatenate(found), np.concatenate(whose)

    def prisms(self, corner: FloatArray, owner: NDArray[np.intp], target_of: NDArray[np.intp],
               heights: FloatArray, count: int) -> NDArray[np.object_]:
        """Pictures of convex prisms: corners by owner, each owner's target and height."""
        rows = target_of[owner]
        ground = self.project(rows, corner, np.zeros(len(corner)))
        if self.flat:
            low, high = np.full(count, np.inf), np.full(count, -np.inf)
            np.minimum.at(low, owner, ground[:, 0])
            np.maximum.at(high, owner, ground[:, 0])
            boxes = np.full(count, _EMPTY, dtype=object)
            present = distinct(owner)
            boxes[present] = _boxes(low[present], high[present])
            return boxes
        raised = self.project(rows, corner, heights[owner])
        return _hulls(np.concatenate([ground, raised]), np.concatenate([owner, owner]), count)

    def cut_shadows(self, index: TerrainIndex, target_i: NDArray[np.intp],
                    blocker_j: NDArray[np.intp]) -> tuple[NDArray[np.object_], NDArray[np.intp]]:
        """Shadows of blockers cut to the exact cone from the eye to the target, less it."""
        cones = self.cones(distinct(target_i))
        geoms = self.geoms
        pieces = shapely.intersection(index.footprints[blocker_j], cones[target_i])
        solid = shapely.get_type_id(geoms[target_i]) == 3
        overlap = solid & shapely.intersects(index.footprints[blocker_j], geoms[target_i])
        if overlap.any():
            pieces[overlap] = shapely.difference(pieces[overlap], geoms[target_i][overlap])
        parts, part_pair = _convex_parts(pieces, np.arange(len(target_i)))
        if not len(parts):
            return np.array([], dtype=object), np.array([], dtype=np.intp)
        whose = target_i[part_pair]
        part_xy, part_owner = shapely.get_coordinates(parts, return_index=True)
        return self.prisms(part_xy, part_owner, whose, index.heights[blocker_j[part_pair]],
                           len(parts)), whose

    def outside_arc(self, arc: tuple[float, float],
                    ) -> tuple[NDArray[np.object_], NDArray[np.intp]]:
        """Boxes over the parts of each picture outside the observer's arc."""
        facing, half = arc
        found: list[BaseGeometry] = []
        whose: list[int] = []
        for i in range(self.count):
            ahead = math.degrees(math.atan2(self.u[i, 0], -self.u[i, 1]))
            rel = (facing - ahead + 180.0) % 360.0 - 180.0
            seen = [(max(rel - half + k, -90.0), min(rel + half + k, 90.0))
                    for k in (-360.0, 0.0, 360.0)] if half < 180.0 else [(-90.0, 90.0)]
            minx, miny, maxx, maxy = self.silhouettes[i].bounds
            cut = shapely.box(minx - 1.0, miny - 1.0, maxx + 1.0, maxy + 1.0)
            for a, b in seen:
                if a < b:
                    lo = self.dist[i] * math.tan(math.radians(max(a, -89.999999)))
                    hi = self.dist[i] * math.tan(math.radians(min(b, 89.999999)))
                    cut = cut.difference(shapely.box(lo, miny - 2.0, hi, maxy + 2.0))
            if not cut.is_empty:
                found.append(cut)
                whose.append(i)
        return np.array(found, dtype=object), np.array(whose, dtype=np.intp)


def _boxes(low: FloatArray, high: FloatArray) -> NDArray[np.object_]:
    """Unit-tall boxes over the given spans of the picture's width."""
    return np.asarray(shapely.box(low, np.zeros(len(low)), high, np.ones(len(low))),
                      dtype=np.object_)


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
