"""Range rings: the area within each distance of a model, unit, piece or point.

Distances are inches. Around something raised the ring is drawn where the world's rule's
distance meets the table (:func:`geometry.ground_reach`). The rings a player keeps on the
board are :mod:`board.game.measuring.rings`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely

from board.game.core.heights import part_spans
from board.game.core.shooters import mount_height
from board.game.core.targets import Target, ZoneResolver, resolve
from board.game.core.world import World
from geometry import DistanceRule, Shape, ground_reach, reach_area

__all__ = ["RangeRing", "range_rings", "ring_areas", "weapon_rings", "part_heights"]


@dataclass(frozen=True)
class RangeRing:
    """The area within ``radius`` inches of something, for drawing.

    Around something standing ``height`` inches up the area is where the rule's distance
    meets the table: ``ground`` inches about its footprint (:func:`geometry.ground_reach`;
    ``None`` when the reach does not come down to the table, and the area is then empty).
    """

    radius: float
    area: shapely.Geometry
    height: float = 0.0
    ground: float | None = None

    @property
    def raised(self) -> bool:
        """Whether the ring is drawn where a raised reach meets the table."""
        return self.height > 0.0 and self.ground != self.radius


def range_rings(world: World, target: Target, radii: Iterable[float],
                zones: ZoneResolver | None = None) -> tuple[RangeRing, ...]:
    """Return the areas within each radius (inches) of a model, unit, piece or point.

    A raised model's ring is drawn where the world's rule meets the table.
    """
    extra = {} if zones is None else {"zones": zones}
    parts = resolve(target, world, **extra)
    return ring_areas([s for _, s in parts], radii, part_heights(world, target, parts),
                      world.distance_rule)


def part_heights(world: World, target: Target, parts: Sequence[tuple[str, Shape]],
                 ) -> list[float]:
    """How high each part of ``target`` stands (its foot, inches): what a ring starts from."""
    return [span.low for span in part_spans(target, world, [p for p, _ in parts])]


def ring_areas(shapes: Sequence[Shape], radii: Iterable[float],
               heights: Sequence[float] | None = None,
               rule: DistanceRule = DistanceRule.STRAIGHT) -> tuple[RangeRing, ...]:
    """The area within each radius (inches) of any of ``shapes``, standing at ``heights``.

    A shape ``h`` up reaches the table :func:`geometry.ground_reach` about its footprint
    (``sqrt(R² − h²)`` by the straight line); one too high to reach it adds nothing.

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> [round(r.area.area, 1) for r in ring_areas([Point(0, 0)], [1, 2])]
    [3.1, 12.6]
    >>> raised = ring_areas([Point(0, 0)], [5], [3.0])[0]
    >>> raised.ground, round(raised.area.area / math.pi, 2), raised.raised
    (4.0, 16.0, True)
    """
    lows = list(heights) if heights is not None else [0.0] * len(shapes)
    rings = []
    for radius in radii:
        if not math.isfinite(radius) or radius <= 0:
            raise ValueError(f"a range ring needs a radius above 0, got {radius!r}")
        reaches = [ground_reach(radius, h, rule) for h in lows]
        areas = [reach_area(s, g) for s, g in zip(shapes, reaches, strict=True)
                 if g is not None and g > 0.0]
        low = min(lows, default=0.0)
        ground = ground_reach(radius, low, rule)
        rings.append(RangeRing(radius, shapely.union_all(areas), low, ground))
    return tuple(rings)


def weapon_rings(world: World, piece_id: str) -> tuple[tuple[str, RangeRing], ...]:
    """Each emplaced weapon of a piece with the area within its range of its mount.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import Scenario, TerrainPiece
    >>> from board.game.core.world import WorldCache
    >>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 30, 20)])
    >>> world = WorldCache(default_library()).world_for(scenario)
    >>> [(mount, ring.radius) for mount, ring in weapon_rings(world, "b")][-1]
    ('icarus-lascannon', 96.0)
    """
    piece = world.piece(piece_id)
    return tuple((m.id, ring_areas([shapely.Point(m.x, m.y)], [m.weapon.range],
                                   [mount_height(piece, m)], world.distance_rule)[0])
                 for m in piece.mounts)
