"""What hides a target in its picture: the blockers' shadows over the target's silhouette.

A target's **silhouette** is its picture (:mod:`geometry.picture_plane`): the convex hull of
its outline drawn at its bottom and at its top. Only what lies between the eye and the target
can hide it: each blocker's footprint is cut to the plan-view cone from the eye to the
target's footprint (less the footprint itself), and the prism on that cut is projected — the
convex hull of its projected corners at the ground and at its height, a non-convex cut first
split into triangles. That picture of a blocker is its **shadow** on the target; the share of
the silhouette the shadows cover is the hidden share (:mod:`geometry.picture`).

Warhammer Fantasy (:attr:`SightRule.LOS_VALUES`) does not trace heights: a blocker hides when
its Line of Sight value is at least both the observer's and the target's, and then the hidden
share is the share of the target's width it covers as seen from the eye (the same projection,
flattened to the picture's width: silhouettes and shadows are unit-tall boxes).
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

from geometry.distinct import distinct
from geometry.index import TerrainIndex
from geometry.picture_plane import EMPTY_PICTURE, NEAR, hulls_by_owner, project
from geometry.rules_of_reading import SightRule

__all__ = ["TargetPictures"]

FloatArray = NDArray[np.float64]


class TargetPictures:
    """Targets all ahead of the eye, in their picture planes, and the shadows over them.

    Row ``i`` is one look: ``eye[i]`` at ``height[i]`` at ``outlines[i]`` (from ``bottoms[i]``
    to ``tops[i]``), in its plane ``u[i]``, ``dist[i]`` (from
    :func:`~geometry.picture_plane.picture_frames`), none reaching back to its eye
    (:func:`~geometry.picture_plane.clip_at_eye`). See :func:`geometry.picture.hidden_shares`.

    Examples
    --------
    Eye 1.5" up, a 1.5" tall face 12" away behind a 0.75" wall: the face's silhouette is
    3" of picture (2" wide), the wall's shadow covers its lower 45.45%.

    >>> from shapely.geometry import LineString, box
    >>> from geometry.index import Blocker
    >>> from geometry.picture_plane import picture_frames
    >>> wall = TerrainIndex([Blocker("wall", box(10.9, -5, 11, 5), 0.75)])
    >>> eye, face = np.zeros((1, 2)), [LineString([(12, -1), (12, 1)])]
    >>> u, dist = picture_frames(eye, face)
    >>> seen = TargetPictures(eye, np.array([1.5]), face, u, dist, np.array([1.5]),
    ...                       np.zeros(1), SightRule.TRUE_LINE)
    >>> seen.silhouettes[0].area
    3.0
    >>> shadows, whose = seen.shadows(wall, frozenset())
    >>> whose.tolist(), round(seen.silhouettes[0].intersection(shadows[0]).area / 3.0, 4)
    ([0], 0.4545)
    """

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
            self.silhouettes = hulls_by_owner(np.concatenate([body_low, body_high]),
                                              np.concatenate([owner, owner]), count)

    def project(self, rows: NDArray[np.intp], xy: FloatArray, z: FloatArray) -> FloatArray:
        """Project points of the targets ``rows`` into those targets' picture planes."""
        return project(self.eye[rows], self.height[rows], self.u[rows], self.dist[rows], xy, z)

    def cones(self, which: NDArray[np.intp]) -> NDArray[np.object_]:
        """The plan-view cone from (just ahead of) the eye to the footprints of ``which``."""
        near = NEAR * 0.5
        u, count = self.u, self.count
        perp = np.stack([-u[:, 1], u[:, 0]], axis=1)
        tips = [self.eye + near * u + (near * self.low / self.dist)[:, None] * perp,
                self.eye + near * u + (near * self.high / self.dist)[:, None] * perp]
        mine = np.isin(self.owner, which)
        cone_xy = np.concatenate([self.xy[mine], tips[0][which], tips[1][which]])
        cone_owner = np.concatenate([self.owner[mine], which, which])
        return hulls_by_owner(cone_xy, cone_owner, count)

    def coarse_cones(self) -> NDArray[np.object_]:
        """Cones from the eye to each target's bounding box: a cheap superset for the query."""
        u, count = self.u, self.count
        near = NEAR * 0.5
        perp = np.stack([-u[:, 1], u[:, 0]], axis=1)
        minx, miny, maxx, maxy = shapely.bounds(self.geoms).T
        points = [self.eye + near * u + (near * self.low / self.dist)[:, None] * perp,
                  self.eye + near * u + (near * self.high / self.dist)[:, None] * perp,
                  np.stack([minx, miny], 1), np.stack([maxx, miny], 1),
                  np.stack([maxx, maxy], 1), np.stack([minx, maxy], 1)]
        owner = np.tile(np.arange(count), len(points))
        return hulls_by_owner(np.concatenate(points), owner, count)

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
        simple = index.convex[blocker_j] & (nearest > NEAR) & (
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
            boxes = np.full(count, EMPTY_PICTURE, dtype=object)
            present = distinct(owner)
            boxes[present] = _boxes(low[present], high[present])
            return boxes
        raised = self.project(rows, corner, heights[owner])
        return hulls_by_owner(np.concatenate([ground, raised]), np.concatenate([owner, owner]),
                              count)

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
