"""The document's shape checks, measured by Shapely: the answer whenever the plain ones are unsure.

:mod:`board.document.shapes` answers the usual case (a datasheet's few corners, clearly
simple; a door clearly on its wall) in plain Python, and hands every other case here, where
it is measured as it always was; so every refusal, with its numbers, comes from here.

>>> check_simple_polygon([(0, 0), (2, 0), (2, 2), (0, 2)], "footprint")
>>> check_simple_polygon([(0, 0), (2, 2), (2, 0), (0, 2)], "footprint")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: footprint: the polygon is not simple: its edges cross at (1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from board.document.errors import ScenarioError
from board.document.limits import MAX_VERTICES
from board.document.tolerances import NO_AREA, OVERLAP_TOLERANCE

__all__ = [
    "check_simple_polygon",
    "check_near_outline",
    "check_within",
    "check_no_overlap",
    "OVERLAP_TOLERANCE",
]

Pt = tuple[float, float]


def _crossing(points: Sequence[Pt]) -> Pt | None:
    """Return a point where the closed outline through ``points`` meets itself, if any.

    Noding the outline splits it wherever it meets itself; a split point that is not one of
    the vertices is a crossing. The vertices are looked up in an STRtree, so the check is
    near-linear in the number of vertices (a loop over parts × vertices took 25 s on
    10,000 vertices).
    """
    ring = LineString([*points, points[0]])
    parts = shapely.get_parts(shapely.node(ring))
    if len(parts) == 0:
        return None
    ends_xy = np.concatenate([shapely.get_coordinates(shapely.get_point(parts, i))
                              for i in (0, -1)])
    vertices: Any = shapely.points(np.asarray(points, dtype=float))
    ends: Any = shapely.points(ends_xy)
    near = shapely.STRtree(vertices).query(ends, predicate="dwithin", distance=1e-9)
    lone = np.setdiff1d(np.arange(len(ends_xy)), near[0])
    if len(lone) == 0:
        return None
    x, y = ends_xy[lone[0]]
    return (float(x), float(y))


def check_simple_polygon(points: Sequence[Pt], where: str) -> None:
    """Refuse an outline that is not a simple polygon of positive area.

    Parameters
    ----------
    points
        The vertices, in order, not repeating the first at the end.
    where
        The JSON location named in the error.
    """
    if len(points) < 3:
        raise ScenarioError(f"a polygon needs at least 3 points, got {len(points)}", where)
    if len(points) > MAX_VERTICES:
        raise ScenarioError(f"a polygon of {len(points):,} points: the most is "
                            f"{MAX_VERTICES:,}", where)
    first: dict[Pt, int] = {}
    for i, point in enumerate(points):  # cheap, and it spares noding a vertex said 250 times
        j = first.setdefault((point[0], point[1]), i)
        if j != i:
            raise ScenarioError(f"the polygon is not simple: points {j + 1} and {i + 1} are "
                                f"both ({point[0]:g}, {point[1]:g})", where)
    ring = LineString([*points, points[0]])
    at = None if ring.is_simple else _crossing(points)
    if at is not None:
        raise ScenarioError(f"the polygon is not simple: its edges cross at ({at[0]:g}, "
                            f"{at[1]:g})", where)
    area = Polygon(points).area
    if not area > NO_AREA:  # NaN (corners at ±1e308) has no area either
        raise ScenarioError(f"the polygon has no area ({area:g} square inches)", where)
    if not ring.is_simple:
        raise ScenarioError("the polygon is not simple: it repeats a vertex or doubles back "
                            "along an edge", where)


def check_near_outline(point: Pt, outline: Sequence[Pt], tolerance: float, where: str) -> None:
    """Refuse a door or firing slit more than ``tolerance`` inches from the outline."""
    distance = Polygon(outline).exterior.distance(Point(point))
    if distance > tolerance:
        raise ScenarioError(
            f"({point[0]:g}, {point[1]:g}) is {distance:.2f} in from the footprint's walls; "
            f"it must be within {tolerance:g} in of them", where)


def check_within(point: Pt, outline: Sequence[Pt], tolerance: float, where: str) -> None:
    """Refuse a point more than ``tolerance`` inches outside the footprint."""
    distance = Polygon(outline).distance(Point(point))
    if distance > tolerance:
        raise ScenarioError(
            f"({point[0]:g}, {point[1]:g}) is {distance:.2f} in outside the footprint; "
            f"it must be within {tolerance:g} in of it", where)


def check_no_overlap(outlines: Mapping[str, Sequence[Pt]], where: str) -> None:
    """Refuse two outlines (by name) that overlap; touching along an edge is fine.

    Only the pairs whose boxes meet (an STRtree query) are intersected, so many parts side
    by side cost little more than a few (every pair took 26 s on 8,000 parts).
    """
    names = list(outlines)
    polygons = np.array([Polygon(outlines[n]) for n in names], dtype=object)
    if len(polygons) < 2:
        return
    pairs = shapely.STRtree(polygons).query(polygons, predicate="intersects")
    firsts, seconds = pairs[:, pairs[0] < pairs[1]]
    if len(firsts) == 0:
        return
    areas = shapely.area(shapely.intersection(polygons[firsts], polygons[seconds]))
    for i, j, area in sorted(zip(firsts, seconds, areas, strict=True)):
        if area > OVERLAP_TOLERANCE:
            raise ScenarioError(f"parts {names[i]!r} and {names[j]!r} overlap by "
                                f"{area:.3g} square inches", where)
