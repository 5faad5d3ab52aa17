"""Warhammer Fantasy garrisons: leaving a building, and measuring from it.

Inches. A garrison leaving its building is placed with every model at least 1" from the
building and none further than twice its Movement from it (closest point to closest point;
RULES.md section 4, seeds 002/004 decision 3). A garrison's shooting range is measured from
the building's closest point (:func:`garrison_range`).
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from geometry.footprints import Shape, named_models
from geometry.measure import EPSILON, distance, format_distance
from geometry.zones import Obstacles, PlacementVerdict, Problem, reach_area

__all__ = ["garrison_exit_zone", "check_garrison_exit", "garrison_range"]

Named = Sequence[tuple[str, Shape]]


def garrison_range(footprint: BaseGeometry, target: Shape) -> float:
    """Range from a garrisoned building to a target: from the building's closest point.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.footprints import Circle
    >>> garrison_range(box(0, 0, 4, 4), Circle(10, 2, 0.5))
    5.5
    """
    return distance(footprint, target)


def garrison_exit_zone(footprint: BaseGeometry, movement: float,
                       obstacles: Obstacles | None = None) -> BaseGeometry:
    """Where a Warhammer Fantasy garrison may be placed on leaving: 1" to 2×M from the building.

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> hut = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
    >>> zone = garrison_exit_zone(hut, 4)
    >>> zone.contains(Point(2, -0.5)), zone.contains(Point(2, -3)), zone.contains(Point(2, -9))
    (False, True, False)
    >>> garrison_exit_zone(hut, 0.25).is_empty
    True
    """
    if 2.0 * movement <= 1.0:
        return Polygon()
    ring = reach_area(footprint, 2.0 * movement).difference(reach_area(footprint, 1.0))
    return ring if obstacles is None else obstacles.carve(ring)


def check_garrison_exit(models: Named, footprint: BaseGeometry, movement: float,
                        ) -> tuple[PlacementVerdict, ...]:
    """Check a garrison's exit placement: each model ≥ 1" and ≤ 2×M (closest point) away.

    Examples
    --------
    >>> from geometry.footprints import Circle
    >>> hut = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
    >>> models = [("a", Circle(2, -1.5, 0.5)), ("b", Circle(2, -1.2, 0.5)),
    ...           ("c", Circle(2, -9.5, 0.5))]
    >>> [v.explain() for v in check_garrison_exit(models, hut, 4)]  # doctest: +NORMALIZE_WHITESPACE
    ['a: legal', 'b: too close: 0.70" from the building, needs at least 1.00"',
     'c: too far: 9.00" from the building, limit 8.00"']
    """
    verdicts = []
    limit = 2.0 * movement
    for model_id, shape in named_models(models):
        gap = distance(shape, footprint)
        problems: list[tuple[Problem, str]] = []
        if gap < 1.0 - EPSILON:
            text = f"too close: {format_distance(gap)} from the building, needs at least 1.00\""
            problems.append((Problem.TOO_CLOSE, text))
        if gap > limit + EPSILON:
            text = (f"too far: {format_distance(gap, limit)} from the building, "
                    f"limit {format_distance(limit)}")
            problems.append((Problem.TOO_FAR, text))
        verdicts.append(PlacementVerdict(model_id, tuple(problems), "building", gap))
    return tuple(verdicts)
