"""A spatial index over the static terrain: an STRtree plus cached prepared unions.

Build a :class:`TerrainIndex` once when the terrain changes (``TerrainIndexCache`` does that
for you: it rebuilds only when the blockers given differ from last time); every sight
question then reuses its tree and its prepared unions of "everything at least this tall".
Heights are inches for 40K, Line of Sight values for Warhammer Fantasy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from geometry.distinct import distinct

__all__ = ["Blocker", "TerrainIndex", "TerrainIndexCache", "blocker_ids"]

_UNION_CACHE_SIZE = 32

FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class Blocker:
    """A piece of terrain that blocks sight up to ``height``: id, footprint, height.

    Examples
    --------
    >>> Blocker("bastion", Polygon([(0, 0), (4, 0), (4, 4), (0, 4)]), 5.0).height
    5.0
    """

    id: str
    footprint: BaseGeometry
    height: float


class TerrainIndex:
    """The static terrain, indexed: an STRtree and prepared unions by height.

    Examples
    --------
    >>> walls = [Blocker("low", Polygon([(0, 0), (1, 0), (1, 1), (0, 1)]), 1.0),
    ...          Blocker("tall", Polygon([(5, 0), (6, 0), (6, 1), (5, 1)]), 6.0)]
    >>> index = TerrainIndex(walls)
    >>> index.blocking_union(2.0).bounds
    (5.0, 0.0, 6.0, 1.0)
    >>> index.blocking_union(7.0).is_empty
    True
    """

    def __init__(self, blockers: Sequence[Blocker]) -> None:
        self.blockers = tuple(blockers)
        self.ids = tuple(b.id for b in self.blockers)
        self.footprints: NDArray[np.object_] = np.array(
            [b.footprint for b in self.blockers], dtype=object)
        self.heights = np.array([b.height for b in self.blockers], dtype=float)
        self.tree = shapely.STRtree(self.footprints)
        self._steps = distinct(self.heights)
        self._levels = np.append(self._steps, np.inf)  # each step, then "above them all"
        self._unions: dict[tuple[float, frozenset[str]], BaseGeometry] = {}

    def __len__(self) -> int:
        return len(self.blockers)

    @cached_property
    def corners(self) -> tuple[FloatArray, NDArray[np.intp], NDArray[np.intp]]:
        """Every footprint's outer corners (closing corner left out): xy, first row, count."""
        rings = shapely.get_exterior_ring(self.footprints)
        xy, owner = shapely.get_coordinates(rings, return_index=True)
        counts = np.bincount(owner, minlength=len(self.blockers))
        last = np.cumsum(counts) - 1
        keep = np.ones(len(xy), dtype=bool)
        keep[last[counts > 0]] = False
        counts = np.maximum(counts - 1, 0)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.intp)
        return xy[keep], starts, counts.astype(np.intp)

    @cached_property
    def convex_parts(self) -> TerrainIndex:
        """The same terrain with every footprint in convex parts (plan-angle settling).

        A footprint's prism is the union of its parts' prisms, so the picture of what hides a
        target is the same; :mod:`geometry.columns` can only prove "in front" for convex
        blockers, and an L-shaped ruin split into triangles (each keeping the ruin's id and
        height) hides what it hides through them. Convex footprints are kept whole; this
        index itself when they all are.
        """
        if bool(self.convex.all()):
            return self
        parts: list[Blocker] = []
        for blocker, convex in zip(self.blockers, self.convex.tolist(), strict=True):
            if convex:
                parts.append(blocker)
                continue
            for piece in shapely.get_parts(blocker.footprint).tolist():
                hull_area = float(shapely.area(shapely.convex_hull(piece)))
                area = float(shapely.area(piece))
                if area <= 0.0:
                    continue
                if hull_area - area <= 1e-9 * max(hull_area, 1e-6) and \
                        shapely.get_num_interior_rings(piece) == 0:
                    parts.append(Blocker(blocker.id, piece, blocker.height))
                    continue
                triangles = shapely.get_parts(shapely.constrained_delaunay_triangles(piece))
                parts += [Blocker(blocker.id, t, blocker.height) for t in triangles.tolist()
                          if float(shapely.area(t)) > 0.0]
        return TerrainIndex(parts)

    @cached_property
    def outlines(self) -> NDArray[np.object_]:
        """Each footprint's outline (its boundary), made once."""
        return np.asarray(shapely.boundary(self.footprints), dtype=object)

    @cached_property
    def padded_rings(self) -> FloatArray:
        """Each footprint's outer corners as one closed ring, padded to a common length.

        Shape (blockers, most corners + 1, 2): corners in order, then the first corner
        repeated (the padding adds edges of no length, which change no nearest point).
        """
        xy, starts, counts = self.corners
        width = int(counts.max()) + 1 if len(counts) else 1
        rings = np.zeros((len(counts), width, 2))
        for j, (start, count) in enumerate(zip(starts.tolist(), counts.tolist(), strict=True)):
            if count:
                rings[j, :count] = xy[start:start + count]
                rings[j, count:] = xy[start]
        return rings

    @cached_property
    def padded_edges(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """The edges of :attr:`padded_rings`: starts, vectors and 1 / squared length (0 if none).

        Each of shape (blockers, most corners, ...): the padding's edges have no length.
        """
        rings = self.padded_rings
        start, edge = rings[:, :-1], rings[:, 1:] - rings[:, :-1]
        squared = (edge * edge).sum(axis=2)
        inverse = np.divide(1.0, squared, out=np.zeros_like(squared), where=squared > 0.0)
        return start, edge, inverse

    @cached_property
    def plain(self) -> NDArray[np.bool_]:
        """Whether each footprint is one non-empty polygon (its rings are all its outline)."""
        return np.asarray((shapely.get_type_id(self.footprints) == 3)
                          & ~shapely.is_empty(self.footprints), dtype=bool)

    @cached_property
    def reference(self) -> tuple[FloatArray, FloatArray]:
        """A point in each footprint's hull (its corners' mean) and the reach of its corners."""
        xy, starts, counts = self.corners
        owner = np.repeat(np.arange(len(counts)), counts)
        ref = np.zeros((len(counts), 2))
        np.add.at(ref, owner, xy)
        ref /= np.maximum(counts, 1)[:, None]
        reach = np.zeros(len(counts))
        np.maximum.at(reach, owner, np.hypot(*(xy - ref[owner]).T))
        return ref, reach

    @cached_property
    def hull_tree(self) -> shapely.STRtree:
        """An STRtree over the footprints' convex hulls."""
        return shapely.STRtree(shapely.convex_hull(self.footprints))

    @cached_property
    def ring_edges(self) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """Each footprint's edges (every ring): first and past-last row of :attr:`edge_starts`."""
        _ = self.edge_starts
        return self._edge_span

    @cached_property
    def edge_starts(self) -> FloatArray:
        """The start of every ring edge of every footprint, footprint by footprint."""
        rings, owner = shapely.get_rings(self.footprints, return_index=True)
        xy, ring_of = shapely.get_coordinates(rings, return_index=True)
        same = ring_of[1:] == ring_of[:-1]
        rows = np.flatnonzero(same)
        self._edge_ends = xy[rows + 1]
        counts = np.bincount(owner[ring_of[rows]], minlength=len(self.blockers))
        stop = np.cumsum(counts)
        self._edge_span = ((stop - counts).astype(np.intp), stop.astype(np.intp))
        return np.asarray(xy[rows], dtype=float)

    @property
    def edge_ends(self) -> FloatArray:
        """The end of every ring edge (aligned with :attr:`edge_starts`)."""
        _ = self.edge_starts
        return self._edge_ends

    @cached_property
    def turns_one_way(self) -> NDArray[np.bool_]:
        """Whether each convex footprint's outline turns one way at every corner, no slack.

        :attr:`convex` allows a dent of a billionth of the area (rounding of a placed
        footprint); a sure answer drawn from convexity (:mod:`geometry.crossings`) wants no
        dent at all.
        """
        xy, starts, counts = self.corners
        found = np.zeros(len(counts), dtype=bool)
        for j in np.flatnonzero(self.convex & (counts >= 3)).tolist():
            ring = xy[starts[j]:starts[j] + counts[j]]
            edge = np.roll(ring, -1, axis=0) - ring
            turn = edge[:, 0] * np.roll(edge, -1, axis=0)[:, 1] \
                - edge[:, 1] * np.roll(edge, -1, axis=0)[:, 0]
            found[j] = bool((turn >= 0.0).all() or (turn <= 0.0).all())
        return found

    @cached_property
    def convex(self) -> NDArray[np.bool_]:
        """Whether each footprint is convex without holes (its prism's picture is one hull)."""
        hull_area = shapely.area(shapely.convex_hull(self.footprints))
        area = shapely.area(self.footprints)
        holes = shapely.get_num_interior_rings(self.footprints) > 0
        simple = shapely.get_type_id(self.footprints) == 3
        return np.asarray((hull_area - area <= 1e-9 * np.maximum(hull_area, 1e-6)) & ~holes
                          & simple, dtype=bool)

    def levels(self, heights: FloatArray) -> FloatArray:
        """Round each height up to the next blocker height (``inf`` above them all).

        Blockers "at least h tall" are the same set for every h between two blocker heights,
        so questions at many heights share a few cached unions.

        Examples
        --------
        >>> index = TerrainIndex([Blocker("a", Polygon([(0, 0), (1, 0), (1, 1)]), 2.0),
        ...                       Blocker("b", Polygon([(5, 0), (6, 0), (6, 1)]), 5.0)])
        >>> index.levels(np.array([0.5, 2.0, 2.1, 9.0])).tolist()
        [2.0, 2.0, 5.0, inf]
        """
        return np.asarray(self._levels[np.searchsorted(self._steps, heights, side="left")],
                          dtype=float)

    def select(self, min_height: float, ignore: frozenset[str] = frozenset()) -> NDArray[np.intp]:
        """Return indices of blockers at least ``min_height`` tall, less the ``ignore`` ids."""
        keep = self.heights >= min_height
        if ignore:
            keep &= np.array([bid not in ignore for bid in self.ids], dtype=bool)
        return np.flatnonzero(keep)

    def blocking_union(self, min_height: float,
                       ignore: frozenset[str] = frozenset()) -> BaseGeometry:
        """Return the prepared union of blockers at least ``min_height`` tall (cached)."""
        key = (float(min_height), ignore)
        union = self._unions.get(key)
        if union is None:
            chosen = self.footprints[self.select(min_height, ignore)]
            union = shapely.union_all(chosen) if len(chosen) else Polygon()
            shapely.prepare(union)
            if len(self._unions) >= _UNION_CACHE_SIZE:
                self._unions.pop(next(iter(self._unions)))
            self._unions[key] = union
        return union


class TerrainIndexCache:
    """Hand out a :class:`TerrainIndex`, rebuilding it only when the blockers change.

    Examples
    --------
    >>> cache = TerrainIndexCache()
    >>> walls = (Blocker("w", Polygon([(0, 0), (1, 0), (1, 1)]), 2.0),)
    >>> cache.get(walls) is cache.get(walls), cache.builds
    (True, 1)
    """

    def __init__(self) -> None:
        self._key: tuple[tuple[str, bytes, float], ...] | None = None
        self._index: TerrainIndex | None = None
        self.builds = 0

    def get(self, blockers: Sequence[Blocker]) -> TerrainIndex:
        """Return the index for ``blockers``, reusing the last one if nothing changed."""
        key = tuple((b.id, shapely.to_wkb(b.footprint), b.height) for b in blockers)
        if self._index is None or key != self._key:
            self._index, self._key = TerrainIndex(blockers), key
            self.builds += 1
        return self._index


def blocker_ids(ignore: str | Iterable[str] | None) -> frozenset[str]:
    """Blocker ids to leave out, from one id, any collection of ids, or ``None``.

    A single id given as a string is one id, not a set of its letters.

    Examples
    --------
    >>> sorted(blocker_ids("wall")), sorted(blocker_ids(["a", "b"])), blocker_ids(None)
    (['wall'], ['a', 'b'], frozenset())
    """
    if ignore is None:
        return frozenset()
    if isinstance(ignore, str):
        return frozenset({ignore})
    ids = frozenset(ignore)
    bad = [i for i in ids if not isinstance(i, str)]
    if bad:
        raise TypeError(f"ignore must hold blocker ids (strings), got {bad[0]!r}")
    return ids
