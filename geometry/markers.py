"""Blast markers and the teardrop template, and what they touch.

Inches. Blast markers are circles (3" and 5" across). The teardrop template is the convex
hull of a small circle at its narrow end and a large one at its wide end; its default size
(8" long, 0.5" across the narrow end, 2" across the wide end) stands in for the usual plastic
template and can be changed. A model, battlement, building or fire point is touched when any
part of it is under the marker (touching the edge counts).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.footprints import Circle, Shape, as_geometry
from geometry.measure import EPSILON, distance

__all__ = [
    "SMALL_BLAST",
    "LARGE_BLAST",
    "blast_marker",
    "teardrop_template",
    "template_from_base",
    "MarkerHits",
    "marker_hits",
    "centre_over",
]

#: Blast marker diameters, inches.
SMALL_BLAST = 3.0
LARGE_BLAST = 5.0


def blast_marker(x: float, y: float, diameter: float = SMALL_BLAST) -> Circle:
    """Make a blast marker of ``diameter`` inches centred at ``(x, y)``.

    Examples
    --------
    >>> blast_marker(10, 10, LARGE_BLAST)
    Circle(x=10.0, y=10.0, radius=2.5)
    """
    return Circle(float(x), float(y), diameter / 2.0)


def teardrop_template(tip_x: float, tip_y: float, direction: float, length: float = 8.0,
                      narrow: float = 0.5, wide: float = 2.0) -> Polygon:
    """Make a teardrop template whose narrow end touches ``(tip_x, tip_y)``.

    ``direction`` is the way it points, degrees clockwise from up the table; ``length`` the
    overall length and ``narrow``/``wide`` the end widths, inches.

    Examples
    --------
    >>> template = teardrop_template(0, 0, 90)  # pointing right
    >>> [round(v, 3) for v in template.bounds]
    [0.0, -1.0, 8.0, 1.0]
    """
    rad = math.radians(direction)
    ux, uy = math.sin(rad), -math.cos(rad)
    r_small, r_big = narrow / 2.0, wide / 2.0
    small = Circle(tip_x + ux * r_small, tip_y + uy * r_small, r_small)
    big = Circle(tip_x + ux * (length - r_big), tip_y + uy * (length - r_big), r_big)
    hull = shapely.union_all([small.polygon(), big.polygon()]).convex_hull
    assert isinstance(hull, Polygon)
    return hull


def template_from_base(base: Circle, direction: float, length: float = 8.0,
                       narrow: float = 0.5, wide: float = 2.0) -> Polygon:
    """Lay a teardrop template with its narrow end touching the firer's base edge.

    Examples
    --------
    >>> template = template_from_base(Circle(0, 0, 0.5), 90)  # firing to the right
    >>> [round(v, 3) for v in template.bounds]
    [0.5, -1.0, 8.5, 1.0]
    """
    rad = math.radians(direction)
    tip_x = base.x + math.sin(rad) * base.radius
    tip_y = base.y - math.cos(rad) * base.radius
    return teardrop_template(tip_x, tip_y, direction, length, narrow, wide)


def _touches(marker: Shape, thing: Shape) -> bool:
    """Whether any part of ``thing`` is under the marker."""
    return distance(marker, thing) <= EPSILON


@dataclass(frozen=True)
class MarkerHits:
    """Ids of what a marker touches, by kind."""

    models: tuple[str, ...] = ()
    battlements: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    fire_points: tuple[str, ...] = ()


def marker_hits(marker: Shape, models: Sequence[tuple[str, Shape]] = (),
                battlements: Sequence[tuple[str, BaseGeometry]] = (),
                buildings: Sequence[tuple[str, BaseGeometry]] = (),
                fire_points: Sequence[tuple[str, BaseGeometry]] = ()) -> MarkerHits:
    """List what a blast marker or template touches: models, battlements, buildings, fire points.

    Examples
    --------
    >>> blast = blast_marker(0, 0, SMALL_BLAST)
    >>> hits = marker_hits(blast, models=[("a", Circle(2, 0, 0.5)), ("b", Circle(2.1, 0, 0.5))],
    ...                    fire_points=[("fp1", Point(1.5, 0))])
    >>> hits.models, hits.fire_points  # a touches the edge exactly; b is 0.1" clear
    (('a',), ('fp1',))
    """
    def touched(items: Sequence[tuple[str, Shape]]) -> tuple[str, ...]:
        return tuple(item_id for item_id, shape in items if _touches(marker, shape))

    return MarkerHits(touched(models), touched(battlements), touched(buildings),
                      touched(fire_points))


def centre_over(marker: Shape, footprint: BaseGeometry) -> bool:
    """Whether the marker's centre lies over ``footprint`` (stone throwers, barrage).

    Examples
    --------
    >>> from shapely.geometry import box
    >>> hut = box(0, 0, 2, 2)
    >>> centre_over(blast_marker(1, 1), hut), centre_over(blast_marker(3, 1), hut)
    (True, False)
    """
    centre = Point(marker.centre) if isinstance(marker, Circle) else as_geometry(marker).centroid
    return bool(footprint.covers(centre))
