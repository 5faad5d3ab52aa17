"""Zones for leaving and entering buildings, with per-model placement checks.

All distances are inches. The zones are Shapely polygons ready to draw; the checks measure
round bases exactly and say, model by model, what is wrong and by how much.

- Disembark (40K): every model wholly within ``reach`` (6", 3" after a Tremor) of an Access
  Point (the battlements count as one), not inside a building or impassable terrain, and not
  within 1" of an enemy model.
- Emergency disembark: the same, measured from the building's footprint.
- Embark: every model within 2" of an Access Point.

The Warhammer Fantasy garrison exit is in :mod:`geometry.garrison`.

The obstacles (building footprints, impassable terrain, enemy models) are gathered once in an
:class:`Obstacles` value; rebuild it when terrain or enemies move, not per mouse move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import cast

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from geometry.ellipse import ellipse_of
from geometry.footprints import (
    POLYGON_TOLERANCE,
    Circle,
    Shape,
    as_geometry,
    named_models,
    quad_segs_for,
)
from geometry.measure import (
    EPSILON,
    distance,
    farthest_distance,
    format_distance,
    wholly_within,
)
from geometry.units import UnitCheck, unit_within

__all__ = [
    "ENEMY_GAP",
    "Obstacles",
    "Problem",
    "PlacementVerdict",
    "reach_area",
    "disembark_zone",
    "disembark_zones",
    "emergency_disembark_zone",
    "check_disembark",
    "check_embark",
]

#: Models may not end a disembarkation within this many inches of an enemy model.
ENEMY_GAP = 1.0

Named = Sequence[tuple[str, Shape]]

#: Stride (inches) of the windows the obstacle union is cut to, and how many strides a window
#: spans (see :meth:`Obstacles._window`): any area at most ``(_SPAN - 1) * _WINDOW`` across
#: (13.5": a 6" zone round a door, 12" across) lies in one window of 18" × 18".
_WINDOW = 4.5
_SPAN = 4
_NONE = np.array([], dtype=object)
#: Obstacles are cut to the area's bounding box grown by this (inches) before the overlay: a
#: disc's outermost corners lie on its box, and cut edges along the box would pass through
#: them (a touching the overlay has to resolve; the area is the same either way).
_CLIP_MARGIN = 0.01


def reach_area(source: Shape, reach: float) -> BaseGeometry:
    """Everything within ``reach`` inches of ``source``, as a polygon (error < 0.0005").

    Examples
    --------
    >>> area = reach_area(Point(0, 0), 6)
    >>> round(area.area, 2)
    113.08
    >>> reach_area(Point(0, 0), 0).is_empty
    True
    """
    if isinstance(source, Circle):
        return Circle(source.x, source.y, source.radius + reach).polygon()
    if reach <= 0:
        return source if source.area > 0 else Polygon()
    if isinstance(source, Point) and not source.is_empty:  # a door: the disc, moved there
        return cast(Polygon, shapely.polygons(_disc(float(reach)) + (source.x, source.y)))
    return source.buffer(reach, quad_segs=quad_segs_for(reach))


@lru_cache(maxsize=16)
def _disc(reach: float) -> np.ndarray:
    """The ring of the polygon of everything within ``reach`` of the origin (kept per reach).

    Moved to a door it is the door's buffer, vertex for vertex (a sum instead of a buffer).
    """
    ring = shapely.get_coordinates(Point(0.0, 0.0).buffer(reach, quad_segs=quad_segs_for(reach)))
    ring.setflags(write=False)
    return ring


def _parts(geometry: BaseGeometry) -> np.ndarray:
    """Split a (multi)polygon into an array of its polygons."""
    if geometry.is_empty:
        return np.array([], dtype=object)
    parts = shapely.get_parts(geometry)
    return np.asarray(parts, dtype=object)


def _subtract(area: BaseGeometry, parts: np.ndarray) -> BaseGeometry:
    """Remove ``parts`` from ``area``, clipping them to its bounding box first.

    Merged enemy gaps can be long chains of thousands of vertices; clipping to the box keeps
    the overlay small. ``parts`` come from one union, so they do not overlap; a clip that
    comes out invalid (rare touching edges) is repaired.
    """
    if not len(parts):
        return area
    minx, miny, maxx, maxy = area.bounds
    clipped = shapely.clip_by_rect(parts, minx - _CLIP_MARGIN, miny - _CLIP_MARGIN,
                                   maxx + _CLIP_MARGIN, maxy + _CLIP_MARGIN)
    cutter: BaseGeometry
    if len(clipped) == 1 and shapely.get_type_id(clipped[0]) == 3:  # one polygon: itself
        cutter = clipped[0]
    else:
        clipped = clipped[~shapely.is_empty(clipped)]
        if not len(clipped):
            return area
        pieces = shapely.get_parts(clipped)
        pieces = pieces[shapely.get_type_id(pieces) == 3]  # polygons only, no touching lines
        cutter = shapely.multipolygons(pieces)  # type: ignore[assignment]
    if not cutter.is_valid:
        cutter = shapely.make_valid(cutter)
    return area.difference(cutter)


class Obstacles:
    """What a placed model must keep out of: terrain it cannot stand in, and enemy models.

    ``terrain`` holds ``(id, footprint)`` pairs of buildings and impassable terrain; ``enemies``
    ``(id, shape)`` pairs of enemy models; ``gap`` the distance (1") models must keep from
    enemies. The unions and spatial indexes are made once, on first use, so a zone rebuild
    only clips what is near. Make a new one when terrain or enemies move, not per mouse move;
    :meth:`with_enemies` keeps the terrain union when only enemies moved.

    Examples
    --------
    >>> obstacles = Obstacles([("b1", Polygon([(0, 0), (2, 0), (2, 2), (0, 2)]))],
    ...                       [("e1", Circle(10, 10, 0.5))])
    >>> len(obstacles.terrain), len(obstacles.enemies)
    (1, 1)
    """

    def __init__(self, terrain: Sequence[tuple[str, BaseGeometry]], enemies: Named = (),
                 gap: float = ENEMY_GAP) -> None:
        self.terrain = tuple(terrain)
        self.enemies = tuple(enemies)
        self.gap = gap
        self._pieces_tree = shapely.STRtree([g for _, g in self.terrain])
        self._enemy_boxes = shapely.STRtree([_envelope(e, 0.0) for _, e in self.enemies])

    def with_enemies(self, enemies: Named) -> Obstacles:
        """Return obstacles with new enemy positions, reusing the terrain union if built.

        Examples
        --------
        >>> still = Obstacles([("b1", Polygon([(0, 0), (2, 0), (2, 2)]))])
        >>> moved = still.with_enemies([("e1", Circle(10, 10, 0.5))])
        >>> moved.terrain == still.terrain, len(moved.enemies)
        (True, 1)
        """
        moved = Obstacles(self.terrain, enemies, self.gap)
        if "_terrain" in self.__dict__:
            moved.__dict__["_terrain"] = self._terrain
        return moved

    @cached_property
    def _terrain(self) -> tuple[BaseGeometry, np.ndarray, shapely.STRtree]:
        """The terrain union, its parts and their index (built on first use)."""
        union = shapely.union_all([g for _, g in self.terrain])
        parts = _parts(union)
        return union, parts, shapely.STRtree(parts)

    @cached_property
    def _gaps(self) -> tuple[BaseGeometry, np.ndarray, shapely.STRtree]:
        """The union of the enemy gaps, its parts and their index (built on first use)."""
        union = shapely.union_all([reach_area(s, self.gap) for _, s in self.enemies])
        parts = _parts(union)
        return union, parts, shapely.STRtree(parts)

    @cached_property
    def _everything(self) -> tuple[np.ndarray, shapely.STRtree]:
        """Terrain and enemy gaps in one union's parts, indexed (built on first use)."""
        parts = _parts(shapely.union(self._terrain[0], self._gaps[0]))
        return parts, shapely.STRtree(parts)

    @cached_property
    def _windows(self) -> dict[tuple[int, int], np.ndarray]:
        """The union's parts cut to windows, each cut the first time a zone falls in it."""
        return {}

    def _window(self, key: tuple[int, int]) -> np.ndarray:
        """The union's parts cut to window ``key`` (cut once, kept with the union).

        Window ``(i, j)`` covers ``[iS, (i + k)S] × [jS, (j + k)S]`` (``S`` =
        :data:`_WINDOW`, ``k`` = :data:`_SPAN`), so any area at most ``(k − 1)S`` across
        lies in the window of the stride its lower left corner is in, and is cut from that
        window's few hundred corners, not from the whole union's tens of thousands.
        """
        found = self._windows.get(key)
        if found is None:
            parts, tree = self._everything
            size, span = _WINDOW, _SPAN
            rect = (key[0] * size, key[1] * size, (key[0] + span) * size,
                    (key[1] + span) * size)
            found = _NONE
            near = parts[tree.query(box(*rect))] if len(parts) else _NONE
            if len(near):
                cut = shapely.clip_by_rect(near, *rect)
                found = cut[~shapely.is_empty(cut)]
            self._windows[key] = found
        return found

    def carve(self, area: BaseGeometry, allowed: BaseGeometry | None = None) -> BaseGeometry:
        """Remove terrain (except ``allowed``, e.g. battlements) and enemy gaps from ``area``."""
        if allowed is None:  # one overlay against terrain and enemy gaps together
            minx, miny, maxx, maxy = area.bounds
            fits = (_SPAN - 1) * _WINDOW
            if maxx - minx <= fits and maxy - miny <= fits:
                key = (math.floor(minx / _WINDOW), math.floor(miny / _WINDOW))
                return _subtract(area, self._window(key))
            parts, tree = self._everything
            return _subtract(area, parts[tree.query(area)])
        _, parts, tree = self._terrain
        reach = area
        area = _subtract(area, parts[tree.query(area)])
        area = area.union(allowed.intersection(reach))
        _, parts, tree = self._gaps
        return _subtract(area, parts[tree.query(area)])

    def in_terrain(self, shape: Shape) -> tuple[str, ...]:
        """Ids of the terrain pieces the shape overlaps (touching an edge is allowed)."""
        # boxes of polygons drawn for ovals run up to POLYGON_TOLERANCE inside the ellipse
        near = sorted(self._pieces_tree.query(_envelope(shape, POLYGON_TOLERANCE)))
        return tuple(self.terrain[i][0] for i in near if _overlaps(shape, self.terrain[i][1]))

    def near_enemies(self, shape: Shape) -> list[tuple[str, float]]:
        """Enemy models within the gap of ``shape``, with their distances, nearest first."""
        near = sorted(self._enemy_boxes.query(
            _envelope(shape, self.gap + 1e-6 + 2.0 * POLYGON_TOLERANCE)))
        found = [(self.enemies[i][0], distance(shape, self.enemies[i][1])) for i in near]
        return sorted((f for f in found if f[1] <= self.gap + EPSILON), key=lambda f: f[1])


def _envelope(shape: Shape, grow: float) -> BaseGeometry:
    """Return the shape's bounding box grown by ``grow`` inches on every side."""
    if isinstance(shape, Circle):
        r = shape.radius + grow
        return box(shape.x - r, shape.y - r, shape.x + r, shape.y + r)
    oval = ellipse_of(shape)
    minx, miny, maxx, maxy = shape.bounds if oval is None else oval.bounds
    return box(minx - grow, miny - grow, maxx + grow, maxy + grow)



def _overlaps(shape: Shape, footprint: BaseGeometry) -> bool:
    """Whether the interiors meet (bases may touch a wall, not stand in it)."""
    if isinstance(shape, Circle):
        return float(shapely.distance(Point(shape.centre), footprint)) < shape.radius - 1e-7 \
            or bool(footprint.contains(Point(shape.centre)))
    oval = ellipse_of(shape)
    if oval is not None:  # an oval base: its exact ellipse
        return oval.overlaps_interior(footprint)
    return bool(shape.intersection(footprint).area > 1e-9)


class Problem(StrEnum):
    """Why a model may not be placed where it is."""

    TOO_FAR = "too far"
    TOO_CLOSE = "too close"
    IN_TERRAIN = "inside a building or impassable terrain"
    NEAR_ENEMY = "within 1 inch of an enemy"
    OFF_TABLE = "off the table"


@dataclass(frozen=True)
class PlacementVerdict:
    """One model's placement: legal or not, and each reason with its numbers."""

    model_id: str
    problems: tuple[tuple[Problem, str], ...] = ()
    measured_from: str | None = None
    reach_distance: float = 0.0

    @property
    def legal(self) -> bool:
        """Whether the model may be placed there."""
        return not self.problems

    def explain(self) -> str:
        """Say what is wrong, e.g. ``m2: too far: farthest part 6.40" from door, limit 6.00"``."""
        if self.legal:
            return f"{self.model_id}: legal"
        return f"{self.model_id}: " + "; ".join(text for _, text in self.problems)


def disembark_zone(access: Named, obstacles: Obstacles, reach: float = 6.0,
                   battlements: BaseGeometry | None = None) -> BaseGeometry:
    """Where disembarking models may stand: within ``reach`` of an access, minus obstacles.

    ``access`` holds ``(id, shape)`` pairs: Access Points (points) and, if the building has
    them, its battlements (a polygon, which also stays standable although it lies over the
    footprint). The result is the union of every access's zone; a base must lie wholly inside
    *one* of them (:func:`disembark_zones` gives them apart, for drawing).

    Parameters
    ----------
    access : sequence of (str, geometry)
        Access points (and battlements), by id.
    obstacles : Obstacles
        Terrain and enemy models; build it when they change, not per mouse move.
    reach : float
        Inches: 6, or 3 after a Tremor result.
    battlements : shapely geometry, optional
        The building's battlements, kept in the zone although over the footprint.

    Returns
    -------
    shapely geometry
        The zone (empty when there is no access or nowhere to stand).

    Examples
    --------
    >>> bunker = Polygon([(10, 10), (14, 10), (14, 14), (10, 14)])
    >>> obstacles = Obstacles([("bunker", bunker)], [("e1", Circle(12, 5, 0.5))])
    >>> zone = disembark_zone([("door", Point(12, 10))], obstacles)
    >>> zone.contains(Point(12, 7)), zone.contains(Point(12, 12)), zone.contains(Point(12, 5))
    (True, False, False)
    >>> disembark_zone([], obstacles).is_empty
    True
    """
    areas = [reach_area(shape, reach) for _, shape in _pairs(access, "access")]
    if not areas:
        return Polygon()
    area = areas[0] if len(areas) == 1 else shapely.union_all(areas)
    return obstacles.carve(area, battlements)


def disembark_zones(access: Named, obstacles: Obstacles, reach: float = 6.0,
                    battlements: BaseGeometry | None = None,
                    ) -> tuple[tuple[str, BaseGeometry], ...]:
    """Each access's own zone: where a base may stand wholly within ``reach`` of *that* access.

    A model must be wholly within ``reach`` of one access point, so with two doors the legal
    places are *inside one door's zone*, not anywhere in their union: a base straddling two
    discs is refused. Draw these parts separately (or test a base against each) and the
    drawing says yes exactly where :func:`check_disembark` does. ``access`` and
    ``battlements`` are as for :func:`disembark_zone`.

    Examples
    --------
    >>> obstacles = Obstacles([])
    >>> doors = [("left", Point(0, 0)), ("right", Point(10, 0))]
    >>> parts = disembark_zones(doors, obstacles)
    >>> [name for name, _ in parts]
    ['left', 'right']
    >>> base = Circle(5, 0, 1.2)   # inside the union of the two discs, wholly in neither
    >>> shapely.union_all([z for _, z in parts]).contains(base.polygon())
    True
    >>> any(zone.contains(base.polygon()) for _, zone in parts)
    False
    >>> [v.legal for v in check_disembark([("m", base)], doors, obstacles)]
    [False]
    """
    found = []
    for access_id, shape in _pairs(access, "access"):
        area = reach_area(shape, reach)
        found.append((access_id, obstacles.carve(area, battlements)))
    return tuple(found)


def _pairs(access: Named | Sequence[Shape], what: str) -> list[tuple[str, Shape]]:
    """Access given as ``(id, shape)`` pairs or as bare shapes (numbered), checked."""
    found: list[tuple[str, Shape]] = []
    for k, item in enumerate(access):
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
            found.append((item[0], item[1]))
        elif isinstance(item, (Circle, BaseGeometry)):
            found.append((f"{what} {k + 1}", item))
        elif isinstance(item, (tuple, list, np.ndarray)) and len(item) == 2 and all(
                isinstance(v, (int, float, np.integer, np.floating)) for v in item):
            found.append((f"{what} {k + 1}", Point(float(item[0]), float(item[1]))))
        else:
            raise TypeError(f"{what} {k + 1} must be an (id, shape) pair, a shape or an (x, y) "
                            f"point, got {item!r}")
    return found


def emergency_disembark_zone(footprint: BaseGeometry, obstacles: Obstacles,
                             reach: float = 6.0) -> BaseGeometry:
    """Where an emergency disembarkation may end: within ``reach`` of the footprint.

    Examples
    --------
    >>> bunker = Polygon([(10, 10), (14, 10), (14, 14), (10, 14)])
    >>> zone = emergency_disembark_zone(bunker, Obstacles([("bunker", bunker)]))
    >>> zone.contains(Point(12, 5)), zone.contains(Point(12, 12))
    (True, False)
    """
    return obstacles.carve(reach_area(footprint, reach))


def _reach_problem(shape: Shape, access: Named, reach: float,
                   ) -> tuple[str, float, tuple[Problem, str] | None]:
    """Find the access to measure from, the farthest distance to it, and any problem."""
    best_id, best = "", float("inf")
    for access_id, source in access:
        far = farthest_distance(shape, source)
        if far < best:
            best_id, best = access_id, far
    if best <= reach + EPSILON:
        return best_id, best, None
    text = (f"too far: farthest part {format_distance(best, reach)} from {best_id or 'access'},"
            f" limit {format_distance(reach)}")
    return best_id, best, (Problem.TOO_FAR, text)


def _table_problem(shape: Shape, table: tuple[float, float] | None) -> tuple[Problem, str] | None:
    """Return a problem if the shape is not wholly on a table ``(width, height)``."""
    if table is None:
        return None
    minx, miny, maxx, maxy = as_geometry(shape).bounds
    oval = ellipse_of(shape)
    if oval is not None:  # an oval base: its exact reach, not its polygon's
        minx, miny, maxx, maxy = oval.bounds
    if isinstance(shape, Circle):
        minx, miny = shape.x - shape.radius, shape.y - shape.radius
        maxx, maxy = shape.x + shape.radius, shape.y + shape.radius
    over = max(-minx, -miny, maxx - table[0], maxy - table[1])
    if over <= EPSILON:
        return None
    return Problem.OFF_TABLE, f"off the table by {format_distance(over)}"


def _obstacle_problems(shape: Shape, obstacles: Obstacles,
                       battlements: BaseGeometry | None) -> list[tuple[Problem, str]]:
    """Terrain and enemy problems of one placed shape."""
    problems: list[tuple[Problem, str]] = []
    # wholly on them, with every "wholly within"'s allowance (a base flush with a turned
    # building's edge reads 1e-15" out)
    on_battlements = battlements is not None and wholly_within(shape, battlements, 0.0)
    inside = () if on_battlements else obstacles.in_terrain(shape)
    if inside:
        problems.append((Problem.IN_TERRAIN, "inside " + ", ".join(inside)))
    for enemy_id, gap in obstacles.near_enemies(shape):
        text = (f"within {format_distance(obstacles.gap)} of enemy {enemy_id} "
                f"({format_distance(gap)} away)")
        problems.append((Problem.NEAR_ENEMY, text))
    return problems


def check_disembark(models: Named, access: Named, obstacles: Obstacles, reach: float = 6.0,
                    battlements: BaseGeometry | None = None,
                    table: tuple[float, float] | None = None) -> tuple[PlacementVerdict, ...]:
    """Check a proposed disembarkation model by model.

    Each model must be wholly within ``reach`` of one access (``(id, shape)`` pairs: Access
    Points, battlements, or for an emergency disembarkation the footprint), not overlap
    terrain in ``obstacles`` (standing wholly on ``battlements`` is allowed), not be within
    the enemy gap (1") of an enemy model, and, if ``table`` ``(width, height)`` is given,
    lie wholly on the table.

    Parameters
    ----------
    models : sequence of (str, Circle or geometry)
        The proposed positions, by model id.
    access : sequence of (str, geometry)
        What the reach is measured from, by id.
    obstacles : Obstacles
        Terrain and enemy models, gathered once.
    reach : float
        Inches: 6, or 3 after a Tremor result.
    battlements : shapely geometry, optional
        The building's battlements, which may be stood on.
    table : (float, float), optional
        Table width and height, inches.

    Returns
    -------
    tuple of PlacementVerdict
        One per model, in order, each with every problem and its numbers.

    Examples
    --------
    >>> bunker = Polygon([(10, 10), (14, 10), (14, 14), (10, 14)])
    >>> obstacles = Obstacles([("bunker", bunker)], [("e1", Circle(20, 10, 0.5))])
    >>> door = [("door", Point(14, 12))]
    >>> models = [("m1", Circle(16, 12, 0.5)), ("m2", Circle(19.6, 12, 0.5)),
    ...           ("m3", Circle(13.8, 12, 0.5)), ("m4", Circle(18.8, 10, 0.5))]
    >>> for verdict in check_disembark(models, door, obstacles):
    ...     print(verdict.explain())
    m1: legal
    m2: too far: farthest part 6.10" from door, limit 6.00"
    m3: inside bunker
    m4: within 1.00" of enemy e1 (0.20" away)
    """
    verdicts = []
    access = _pairs(access, "access")
    for model_id, shape in named_models(models):
        best_id, far, reach_problem = _reach_problem(shape, access, reach)
        problems = [] if reach_problem is None else [reach_problem]
        problems += _obstacle_problems(shape, obstacles, battlements)
        off = _table_problem(shape, table)
        problems += [] if off is None else [off]
        verdicts.append(PlacementVerdict(model_id, tuple(problems), best_id, far))
    return tuple(verdicts)


def check_embark(models: Named, access_points: Named | Sequence[Shape],
                 reach: float = 2.0) -> UnitCheck:
    """Whether every model is within ``reach`` (2") of an Access Point, and who is not.

    ``access_points`` are ``(id, shape)`` pairs as for :func:`check_disembark` (bare shapes
    and ``(x, y)`` points are accepted too).

    Examples
    --------
    >>> doors = [Point(0, 0), Point(10, 0)]
    >>> check = check_embark([("a", Circle(0, 2.5, 0.5)), ("b", Circle(10, 3, 0.5))], doors)
    >>> check.ok, [(v.model_id, round(v.excess, 2)) for v in check.failing]
    (False, [('b', 0.5)])
    """
    geoms = [as_geometry(p) for _, p in _pairs(access_points, "access point")]
    target = shapely.union_all(geoms) if geoms else Point()
    check = unit_within(models, target, reach)
    return UnitCheck(check.model_ids, check.distances, reach, wholly=False, every=True)
