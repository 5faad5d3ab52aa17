"""The ruler: the distance between two things, base to base or centre to centre.

Distances are computed in inches by :mod:`geometry` and shown in the scenario's unit: inches,
or centimetres in an Epic 40,000 scenario (:mod:`board.game.core.units`). Shown numbers have
two decimals and never round a miss into a hit (:func:`geometry.format_distance`). Between
heights the distance is the world's rule's (docs/measure.md, Heights).

"Within N?" is :mod:`board.game.measuring.within`; range rings are
:mod:`board.game.measuring.range_rings`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from board.game.core.heights import part_spans
from board.game.core.names import Namer
from board.game.core.targets import Target, ZoneResolver, centre, resolve
from board.game.core.units import display_unit
from board.game.core.world import World
from geometry import (
    CM_PER_INCH,
    Circle,
    DistanceRule,
    Reading3D,
    Shape,
    Span,
    closest_points,
    distance,
    format_distance,
    rule_distance,
    vertical_gap,
)

__all__ = ["RulerReading", "ruler"]

XY = tuple[float, float]


def _amount(inches: float, unit: str) -> float:
    return inches * CM_PER_INCH if unit == "cm" else inches


@dataclass(frozen=True)
class RulerReading:
    """A ruler between two things: the parts it joins, the two points, the distance (inches).

    ``start`` lies on ``start_part`` of the first target and ``end`` on ``end_part`` of the
    second; centre to centre, they are the two centres. ``start_name`` and ``end_name`` are
    the two parts as a player reads them (``Tactical Squad Cato, model 3``).
    """

    start_part: str
    end_part: str
    start: XY
    end: XY
    distance: float
    centre_to_centre: bool
    unit: str
    start_name: str = ""
    end_name: str = ""
    #: The distance across the table and up (inches); ``distance`` is the rule's reading of
    #: them (docs/measure.md, Heights). ``across`` is ``None`` for a flat reading's.
    across: float | None = None
    up: float = 0.0
    rule: DistanceRule = DistanceRule.STRAIGHT

    @property
    def text(self) -> str:
        """The distance as shown: ``4.74"``, ``12.04 cm``, ``6.32" (5.00" across, 3.87" up)``."""
        if self.across is None or self.up <= 0.0:
            return format_distance(self.distance, unit=self.unit)
        return Reading3D(self.across, self.up, self.rule).text(unit=self.unit)

    @property
    def amount(self) -> float:
        """The distance in the shown unit."""
        return _amount(self.distance, self.unit)


def _bounding_circle(shape: Shape) -> tuple[float, float, float]:
    """A centre and a radius that holds all of ``shape`` (a base's own; else its box's)."""
    if isinstance(shape, Circle):
        return shape.x, shape.y, shape.radius
    cx, cy = centre(shape)
    x0, y0, x1, y1 = shape.bounds
    return cx, cy, max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))


def _nearest_pair(a: Sequence[tuple[str, Shape]], b: Sequence[tuple[str, Shape]],
                  centres: bool, spans: tuple[Sequence[Span], Sequence[Span]] | None = None,
                  rule: DistanceRule = DistanceRule.STRAIGHT) -> tuple[int, int, float]:
    """Indices of the closest pair of parts and their distance (the first such pair, in order).

    Pairs are measured in the order of a lower bound on their distance (centres apart less
    both bounding radii), stopping once the bound passes the best found: the same answer as
    measuring every pair, without measuring most of them (a ruler from a 3,000-model unit
    to another measured 9 million pairs one by one). With ``spans`` (each part's height) the
    distance is the ``rule``'s (:func:`geometry.distance_3d`), never below the flat bound.
    """
    circles_a = np.array([_bounding_circle(s) for _, s in a], dtype=float).reshape(-1, 3)
    circles_b = np.array([_bounding_circle(s) for _, s in b], dtype=float).reshape(-1, 3)
    apart = np.hypot(circles_a[:, None, 0] - circles_b[None, :, 0],
                     circles_a[:, None, 1] - circles_b[None, :, 1])
    if not centres:
        apart = apart - circles_a[:, None, 2] - circles_b[None, :, 2]
    bound = apart.ravel() - 1e-9 * (1.0 + np.abs(apart.ravel()))  # rounding slack
    if not np.all(np.isfinite(bound)):  # an empty shape: measure every pair
        bound = np.full(bound.shape, -math.inf)
    best = (math.inf, 0, 0)
    for k in np.argsort(bound, kind="stable"):
        if bound[k] > best[0]:
            break
        i, j = divmod(int(k), len(b))
        sa, sb = a[i][1], b[j][1]
        d = math.dist(centre(sa), centre(sb)) if centres else distance(sa, sb)
        if spans is not None:
            d = float(rule_distance(d, vertical_gap(spans[0][i], spans[1][j]), rule))
        best = min(best, (d, i, j))
    return best[1], best[2], best[0]


def ruler(world: World, first: Target, second: Target, centre_to_centre: bool = False,
          zones: ZoneResolver | None = None, namer: Namer | None = None) -> RulerReading:
    """Measure from ``first`` to ``second``: closest points (base to base) or centres.

    A unit is measured from its nearest model. Raises ``ValueError`` when either target has
    nothing on the table (an embarked unit). ``namer`` names the parts (the world's names
    when left out).
    """
    names = namer or Namer.for_world(world)
    # a world never changes once made: the same ruler, named the same, reads the same
    kept: dict[tuple[object, ...], tuple[Namer, RulerReading]] = world.kept("rulers")
    key = (first, second, centre_to_centre, zones)
    found = kept.get(key)
    if found is not None and found[0] is names:
        return found[1]
    extra = {} if zones is None else {"zones": zones}
    a, b = resolve(first, world, **extra), resolve(second, world, **extra)
    for parts, target in ((a, first), (b, second)):
        if not parts:
            raise ValueError(f"{names.target(target)} has nothing on the table to measure from")
    spans = (part_spans(first, world, [p for p, _ in a]),
             part_spans(second, world, [p for p, _ in b]))
    rule = world.distance_rule
    i, j, d = _nearest_pair(a, b, centre_to_centre, spans, rule)
    if centre_to_centre:
        start, end = centre(a[i][1]), centre(b[j][1])
        across = math.dist(start, end)
    else:
        start, end = closest_points(a[i][1], b[j][1])
        across = distance(a[i][1], b[j][1])
    reading = RulerReading(a[i][0], b[j][0], start, end, d, centre_to_centre,
                           display_unit(world.rule_system), names.part(first, a[i][0]),
                           names.part(second, b[j][0]), across,
                           vertical_gap(spans[0][i], spans[1][j]), rule)
    kept[key] = (names, reading)
    return reading

