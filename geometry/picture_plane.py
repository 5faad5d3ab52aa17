"""The viewer's picture: targets' outlines, their picture planes, points drawn in them.

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

A round base is drawn as the polygon of its circle (vertices on it, edges within
:data:`ROUND_TOLERANCE`): the only approximation in a hidden share
(:mod:`geometry.picture`). What hides a target in its picture is :mod:`geometry.shadows`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from numpy.typing import ArrayLike, NDArray
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.distinct import distinct
from geometry.footprints import Circle, Shape, quad_segs_for

__all__ = ["ROUND_TOLERANCE", "NEAR", "EMPTY_PICTURE", "outline_of", "plan_outlines",
           "picture_frames", "project", "hulls_by_owner", "clip_at_eye"]

#: Round bases become polygons with vertices on the circle and edges within this, inches.
ROUND_TOLERANCE = 0.0005
#: Blockers nearer the eye than this (inches, ahead of it) are left out of the picture.
NEAR = 1e-4
#: An empty polygon (made once: a picture of nothing).
EMPTY_PICTURE = Polygon()

FloatArray = NDArray[np.float64]


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
        return target.polygon(ROUND_TOLERANCE)
    if isinstance(target, (Polygon, LineString)):
        return target
    if isinstance(target, BaseGeometry) and not target.is_empty:
        hull = target.convex_hull
        if isinstance(hull, (Polygon, LineString)):
            return hull
    raise TypeError(f"a sight target must be a Circle, a Polygon or a LineString facing, "
                    f"got {type(target).__name__}")


def plan_outlines(targets: Sequence[Shape]) -> list[BaseGeometry]:
    """Plan outlines of many targets; round bases made all at once (vertices on the circle).

    Each round base gets its own number of sides (from its radius alone), so an outline does
    not depend on what else is asked in the same call.

    Examples
    --------
    >>> [o.geom_type for o in plan_outlines([Circle(0, 0, 1), LineString([(0, 0), (1, 0)])])]
    ['Polygon', 'LineString']
    >>> small, large = plan_outlines([Circle(0, 0, 0.5), Circle(9, 9, 3)])
    >>> len(small.exterior.coords) < len(large.exterior.coords)
    True
    >>> plan_outlines([])
    []
    """
    rows = [i for i, t in enumerate(targets) if isinstance(t, Circle)]
    found: list[BaseGeometry | None] = [None if isinstance(t, Circle) else outline_of(t)
                                        for t in targets]
    if rows:
        xyr = np.array([(t.x, t.y, t.radius) for t in targets if isinstance(t, Circle)])
        # each base's own number of sides (never its neighbours'): a share does not depend
        # on what else is asked in the same call
        sides = np.array([4 * quad_segs_for(r, ROUND_TOLERANCE) for r in
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


def project(eye: FloatArray, height: FloatArray, u: FloatArray, dist: FloatArray,
            points: FloatArray, z: FloatArray) -> FloatArray:
    """Project points (rows aligned with ``eye``/``height``/``u``/``dist``) into their planes.

    Examples
    --------
    Eye 1.5" up looking along x at a plane 12" ahead: the top of a 0.75" wall 11" ahead is
    drawn ``1.5 − 0.75 × 12/11`` up, a point level with the eye at the eye's height.

    >>> row = np.zeros((2, 2)), np.full(2, 1.5), np.array([[1.0, 0.0]] * 2), np.full(2, 12.0)
    >>> project(*row, np.array([[11.0, 0.0], [6.0, 1.0]]), np.array([0.75, 1.5])).round(4)
    array([[0.    , 0.6818],
           [2.    , 1.5   ]])
    """
    rel = points - eye
    ahead = rel[:, 0] * u[:, 0] + rel[:, 1] * u[:, 1]
    side = rel[:, 1] * u[:, 0] - rel[:, 0] * u[:, 1]
    scale = dist / ahead
    return np.stack([side * scale, height + (z - height) * scale], axis=1)


def hulls_by_owner(points: FloatArray, owner: NDArray[np.intp],
                   count: int) -> NDArray[np.object_]:
    """Convex hull of the points of each owner ``0..count-1`` (owners without points: empty).

    Examples
    --------
    >>> xy = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [5.0, 5.0], [6.0, 5.0]])
    >>> [(h.geom_type, h.area) for h in hulls_by_owner(xy, np.array([0, 0, 0, 2, 2]), 3)]
    [('Polygon', 2.0), ('Polygon', 0.0), ('LineString', 0.0)]
    """
    order = np.argsort(owner, kind="stable")
    counts = np.bincount(owner, minlength=count)
    if (counts > 0).all():  # every owner has points: they are their own dense numbers
        present, dense = np.arange(count), owner[order]
    else:
        present, dense = np.unique(owner[order], return_inverse=True)
    # a line through the points (no point objects made): its hull is theirs
    lines = shapely.linestrings(points[order], indices=dense)
    hulls = np.full(count, EMPTY_PICTURE, dtype=object)
    hulls[present] = shapely.convex_hull(np.asarray(lines, dtype=object))
    return hulls


def _clipped(eye: FloatArray, u: FloatArray, outline: BaseGeometry) -> BaseGeometry:
    """The part of ``outline`` at least :data:`NEAR` ahead of the eye."""
    side = np.array([-u[1], u[0]])
    big = 1e4
    start = eye + NEAR * u
    corners = [start - big * side, start + big * side, start + big * side + big * u,
               start - big * side + big * u]
    return outline.intersection(Polygon(corners))


def clip_at_eye(eye: FloatArray, outlines: list[BaseGeometry], u: FloatArray,
                dist: FloatArray) -> NDArray[np.bool_]:
    """Clip targets reaching back to the eye; return which are seen whole (the eye is in one).

    ``outlines`` is changed in place: a solid reaching behind the eye keeps only its part
    ahead of it. A facing is left as it is (one seen edge-on is hidden, not clipped).

    Examples
    --------
    >>> from shapely.geometry import box
    >>> eyes, ahead = np.zeros((2, 2)), np.array([[0.0, 1.0], [0.0, 1.0]])  # looking up y
    >>> outlines = [box(-1, -1, 1, 1), box(0.5, -2, 1.5, 4)]  # the eye in one; one behind it
    >>> clip_at_eye(eyes, outlines, ahead, np.ones(2)).tolist(), outlines[1].bounds
    ([True, False], (0.5, 0.0001, 1.5, 4.0))
    """
    inside = np.zeros(len(outlines), dtype=bool)
    xy, owner = shapely.get_coordinates(np.array(outlines, dtype=object), return_index=True)
    lowest = np.full(len(outlines), np.inf)
    np.minimum.at(lowest, owner, ((xy - eye[owner]) * u[owner]).sum(axis=1))
    for i in np.flatnonzero(lowest <= NEAR):
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
