"""Where models forced out of a falling building go (seed 000; RULES.md §1 "Emergency").

When a building is destroyed with units inside, each surviving model is placed as if it
disembarked: wholly within 6" of an Access Point, out of buildings and impassable terrain and
more than 1" from enemy models. If that zone has no room left for it, the emergency zone is
used (6" of the footprint, the same limits). A model with no room in either is removed.
:class:`ForcedOutPlacer` answers the rules' ``place_model`` callback one model at a time and
remembers where each went, so no two placed bases overlap.

>>> from shapely.geometry import Point, box
>>> from geometry import Obstacles
>>> hut = box(0, 0, 4, 4)
>>> placer = ForcedOutPlacer([Point(2, 0)], hut, Obstacles([("hut", hut)]))
>>> placer.place("m1", 0.5).value, placer.positions["m1"][1] < 0.0
('disembarked by an access point', True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from geometry import Obstacles, disembark_zone, emergency_disembark_zone
from rules.wh40k import Placement

__all__ = ["GAP", "ForcedOutPlacer"]

XY = tuple[float, float]
#: Space left between placed bases, inches.
GAP = 0.05


def _spots(zone: BaseGeometry, radius: float, near: BaseGeometry) -> np.ndarray:
    """Centres on a hexagonal grid whose bases lie wholly in ``zone``, nearest ``near`` first."""
    inner = zone.buffer(-radius - 1e-3)
    if inner.is_empty:
        return np.empty((0, 2))
    step = 2.0 * radius + GAP
    minx, miny, maxx, maxy = inner.bounds
    rows = []
    for k, y in enumerate(np.arange(miny, maxy + 1e-9, step * math.sqrt(3.0) / 2.0)):
        xs = np.arange(minx + (k % 2) * step / 2.0, maxx + 1e-9, step)
        rows.append(np.column_stack([xs, np.full_like(xs, y)]))
    grid = np.concatenate(rows) if rows else np.empty((0, 2))
    shapely.prepare(inner)
    inside = grid[shapely.contains_xy(inner, grid[:, 0], grid[:, 1])]
    order = np.argsort(shapely.distance(near, shapely.points(inside)), kind="stable")
    return inside[order]


class ForcedOutPlacer:
    """Place forced-out models one by one: access-point zone first, then the emergency zone.

    Parameters
    ----------
    access_points
        The building's Access Points (geometry points).
    footprint
        The building's footprint.
    obstacles
        Terrain and the enemy models of the units coming out.
    reach
        Inches from an Access Point (6, or 3 after a Tremor).
    table
        The table's ``(width, height)``, inches: models are placed on it.
    """

    def __init__(self, access_points: Sequence[BaseGeometry], footprint: BaseGeometry,
                 obstacles: Obstacles, reach: float = 6.0,
                 table: tuple[float, float] | None = None) -> None:
        named = [(f"access-{k}", p) for k, p in enumerate(access_points)]
        normal = disembark_zone(named, obstacles, reach)
        emergency = emergency_disembark_zone(footprint, obstacles, reach)
        if table is not None:
            surface = box(0.0, 0.0, *table)
            normal, emergency = normal.intersection(surface), emergency.intersection(surface)
        self._zones = ((Placement.NORMAL, normal,
                        shapely.union_all(list(access_points)) if access_points else footprint),
                       (Placement.EMERGENCY, emergency, footprint))
        self._spots: dict[tuple[Placement, float], np.ndarray] = {}
        self._placed: list[tuple[float, float, float]] = []
        #: Where each placed model's centre went.
        self.positions: dict[str, XY] = {}

    def _free(self, x: float, y: float, radius: float) -> bool:
        return all(math.hypot(x - px, y - py) >= radius + pr + GAP - 1e-9
                   for px, py, pr in self._placed)

    def place(self, model_id: str, radius: float) -> Placement:
        """Find room for a base of ``radius`` inches; return how it was placed."""
        for how, zone, near in self._zones:
            key = (how, round(radius, 4))
            if key not in self._spots:
                self._spots[key] = _spots(zone, radius, near)
            for x, y in self._spots[key]:
                if self._free(float(x), float(y), radius):
                    self._placed.append((float(x), float(y), radius))
                    self.positions[model_id] = (float(x), float(y))
                    return how
        return Placement.NONE
