"""Distances with heights: across the table, up, and by a rule that joins the two (no Qt).

A thing on the table is an upright prism: its footprint (a base, a hull, a building, a point)
from the height it stands at up to its top, a :class:`Span`. A model on the battlements is
its base from the battlements' height up to that plus the model's height; a building's wall
is its footprint from the table to its height; a door or an objective is a point at 0.

Between two such prisms the closest points in three dimensions are exact and cheap: the
prisms are products of a plan shape and an interval, so the squared distance splits into a
part across the table and a part up, each least on its own. The distance across is the flat
closest-point distance of :func:`geometry.measure.distance` (analytic for round and oval
bases); the distance up is the gap between the two spans (0 when they overlap). Nothing is
sampled. The three readings players use (a scenario picks one, :class:`DistanceRule`):

- ``horizontal``: across only, as if every model stood on the table;
- ``straight``: the straight line between the closest points, ``sqrt(across² + up²)``,
  which is the closest points in 3D of the two volumes (the 40K family's rule);
- ``across_then_up``: the tape laid across then held up, ``across + up``.

"Wholly within" asks the farthest point of a model's *base* (every part of the base, at the
height it stands) from the closest part of the target: across, the flat farthest distance;
up, the gap from the base's height to the target's span. Each rule grows with both parts, so
the farthest point of the base under the rule is the flat farthest point with that gap.

A reach around a raised thing meets the table where the rule's distance is the reach: for a
base standing ``h`` up and reach ``R``, ``sqrt(R² − h²)`` about its footprint (straight
line), ``R − h`` (across then up), ``R`` (horizontal); nothing when ``h > R``
(:func:`ground_reach`).

>>> from geometry.footprints import Circle
>>> raised = distance_3d(Circle(0, 0, 0.5), Span(6.0, 7.5), Circle(5.5, 0, 0.5), Span(0, 1.5))
>>> raised.across, raised.up, round(raised.distance, 2), raised.text()
(4.5, 4.5, 6.36, '6.36" (4.50" across, 4.50" up)')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from geometry.footprints import Circle, Shape  # noqa: F401 (the examples use Circle)
from geometry.measure import circle_distances, closest_points, distance, farthest_distance
from geometry.plane import EPSILON, format_distance
from geometry.rules_of_reading import DistanceRule
from geometry.units import UnitCheck

__all__ = [
    "DistanceRule",
    "Span",
    "GROUND",
    "Reading3D",
    "vertical_gap",
    "rule_distance",
    "distance_3d",
    "farthest_3d",
    "closest_points_3d",
    "circle_distances_3d",
    "ground_reach",
    "gaps_up",
    "lifted_check",
]

FloatArray = NDArray[np.float64]
XYZ = tuple[float, float, float]


@dataclass(frozen=True)
class Span:
    """How high something reaches: from ``low`` to ``high`` inches above the table."""

    low: float
    high: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "low", float(self.low))
        object.__setattr__(self, "high", float(self.high))
        if not (math.isfinite(self.low) and math.isfinite(self.high)) or self.high < self.low:
            raise ValueError(f"a height span runs from low to high, got {self.low!r} to "
                             f"{self.high!r}")

    @classmethod
    def at(cls, height: float) -> Span:
        """A flat thing at ``height`` (a door, a point, a base's underside)."""
        return cls(height, height)


#: A thing lying on the table (a point, an objective marker, a zone).
GROUND = Span(0.0, 0.0)


def vertical_gap(a: Span, b: Span) -> float:
    """How far apart two spans are up and down; 0 when they overlap or touch.

    Examples
    --------
    >>> vertical_gap(Span(6, 7.5), Span(0, 1.5)), vertical_gap(Span(0, 1.5), Span(1, 8))
    (4.5, 0.0)
    """
    return max(0.0, b.low - a.high, a.low - b.high)


def rule_distance(across: float | FloatArray, up: float | FloatArray,
                  rule: DistanceRule) -> float | FloatArray:
    """The distance the rule reads from its parts across the table and up.

    Works on numpy arrays too.

    Examples
    --------
    >>> [rule_distance(3.0, 4.0, r) for r in DistanceRule]
    [3.0, 5.0, 7.0]
    """
    if rule is DistanceRule.HORIZONTAL:
        return across
    if rule is DistanceRule.ACROSS_THEN_UP:
        return across + up
    if isinstance(across, np.ndarray) or isinstance(up, np.ndarray):
        return np.hypot(across, up)
    return math.hypot(across, up)


@dataclass(frozen=True)
class Reading3D:
    """A distance with heights: ``across`` the table, ``up`` (inches) and the ``rule`` read."""

    across: float
    up: float
    rule: DistanceRule = DistanceRule.STRAIGHT

    @property
    def distance(self) -> float:
        """The distance by the rule, inches."""
        return float(rule_distance(self.across, self.up, self.rule))

    def within(self, reach: float) -> bool:
        """Whether the rule's distance is at most ``reach`` (the 1e-9" float allowance)."""
        return self.distance <= reach + EPSILON

    def text(self, limit: float | None = None, unit: str = "in") -> str:
        """``6.32" (5.00" across, 3.87" up)``; the flat figure alone when nothing is up.

        ``limit`` keeps a miss from reading as a hit (:func:`geometry.format_distance`).
        """
        shown = format_distance(self.distance, limit, unit)
        if self.up <= EPSILON:
            return shown
        across = format_distance(self.across, unit=unit)
        up = format_distance(self.up, unit=unit)
        return f"{shown} ({across} across, {up} up)"


def distance_3d(a: Shape, a_span: Span, b: Shape, b_span: Span,
                rule: DistanceRule = DistanceRule.STRAIGHT) -> Reading3D:
    """The closest points of two upright prisms: across, up and the rule's distance.

    Parameters
    ----------
    a, b : Circle or shapely geometry
        Footprints as :func:`geometry.measure.distance` takes them (bases of every shape,
        hulls, building footprints, walls, points).
    a_span, b_span : Span
        How high each stands: a base from its standing height to its top, a wall from the
        table to its height, a point at its height.
    rule : DistanceRule
        How ``across`` and ``up`` make the distance.

    Returns
    -------
    Reading3D
        Exact: ``across`` is the flat closest distance, ``up`` the spans' gap.

    Examples
    --------
    A model 6" up on the battlements and an objective at the wall's foot 1" across:

    >>> from shapely.geometry import Point
    >>> on_top = distance_3d(Circle(0, 0, 0.5), Span(6, 7.5), Point(1.5, 0), GROUND)
    >>> on_top.across, on_top.up, round(on_top.distance, 3), on_top.within(3)
    (1.0, 6.0, 6.083, False)
    >>> distance_3d(Circle(0, 0, 0.5), Span(6, 7.5), Point(1.5, 0), GROUND,
    ...             DistanceRule.HORIZONTAL).within(3)
    True

    Flat things read as before:

    >>> distance_3d(Circle(0, 0, 1), GROUND, Circle(5, 0, 1), GROUND).distance
    3.0
    """
    return Reading3D(distance(a, b), vertical_gap(a_span, b_span), rule)


def farthest_3d(shape: Shape, stands_at: float, target: Shape, target_span: Span,
                rule: DistanceRule = DistanceRule.STRAIGHT) -> Reading3D:
    """The farthest part of a base standing at ``stands_at`` from the closest of a target.

    What "wholly within" compares: every part of the base within the reach. Across is the
    flat farthest distance (:func:`geometry.measure.farthest_distance`, exact); up is the
    gap from the base's height to the target's span.

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> far = farthest_3d(Circle(0, 0, 1), 4.0, Point(2, 0), GROUND)
    >>> far.across, far.up, far.distance
    (3.0, 4.0, 5.0)
    """
    return Reading3D(farthest_distance(shape, target),
                     vertical_gap(Span.at(stands_at), target_span), rule)


def _closest_heights(a: Span, b: Span) -> tuple[float, float]:
    """A height on each span where they are closest (the overlap's foot when they overlap)."""
    if a.high < b.low:
        return a.high, b.low
    if b.high < a.low:
        return a.low, b.high
    level = max(a.low, b.low)
    return level, level


def closest_points_3d(a: Shape, a_span: Span, b: Shape, b_span: Span) -> tuple[XYZ, XYZ]:
    """The closest point of each prism, ``(x, y, z)``, for drawing a ruler.

    Examples
    --------
    >>> closest_points_3d(Circle(0, 0, 1), Span(6, 7.5), Circle(5, 0, 1), Span(0, 1.5))
    ((1.0, 0.0, 6.0), (4.0, 0.0, 1.5))
    """
    (ax, ay), (bx, by) = closest_points(a, b)
    za, zb = _closest_heights(a_span, b_span)
    return (ax, ay, za), (bx, by, zb)


def circle_distances_3d(centres_a: FloatArray, radii_a: FloatArray, spans_a: FloatArray,
                        centres_b: FloatArray, radii_b: FloatArray, spans_b: FloatArray,
                        rule: DistanceRule = DistanceRule.STRAIGHT,
                        ) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Every pair of round bases at heights: across, up and the rule's distance, (n, m) each.

    ``spans_a`` and ``spans_b`` are (n, 2) and (m, 2) arrays of ``(low, high)``. Only the
    rows that can be apart in height (standing above every other top or reaching below every
    other foot) are worked in three dimensions; where nothing is apart the flat array is
    returned for the distance.

    Examples
    --------
    >>> across, up, d = circle_distances_3d(
    ...     np.array([[0.0, 0.0], [0.0, 4.0]]), np.array([0.5, 0.5]),
    ...     np.array([[0.0, 1.5], [6.0, 7.5]]),
    ...     np.array([[5.0, 0.0]]), np.array([0.5]), np.array([[0.0, 1.5]]))
    >>> across.round(3).tolist(), up.tolist(), d.round(3).tolist()
    ([[4.0], [5.403]], [[0.0], [4.5]], [[4.0], [7.032]])
    """
    across = circle_distances(centres_a, radii_a, centres_b, radii_b)
    rows = np.flatnonzero((spans_a[:, 0] > spans_b[:, 1].min(initial=np.inf))
                          | (spans_a[:, 1] < spans_b[:, 0].max(initial=-np.inf)))
    if not len(rows):
        return across, np.zeros_like(across), across
    every = len(rows) == len(spans_a)
    some = slice(None) if every else rows
    low, high = spans_a[some, 0, None], spans_a[some, 1, None]
    gap = np.maximum(spans_b[None, :, 0] - high, low - spans_b[None, :, 1])
    np.maximum(gap, 0.0, out=gap)
    if every:  # no copies: the gap is the array up
        return across, gap, np.asarray(rule_distance(across, gap, rule))
    up = np.zeros_like(across)
    up[rows] = gap
    if rule is DistanceRule.HORIZONTAL:
        return across, up, across
    reading = across.copy()
    reading[rows] = rule_distance(across[rows], gap, rule)
    return across, up, reading


def ground_reach(reach: float, height: float,
                 rule: DistanceRule = DistanceRule.STRAIGHT) -> float | None:
    """How far across the table a reach from something ``height`` up meets the table.

    The ring of a raised model is drawn this far about its footprint; ``None`` when the
    reach does not come down to the table at all.

    Examples
    --------
    >>> ground_reach(6.0, 3.0), ground_reach(6.0, 3.0, DistanceRule.ACROSS_THEN_UP)
    (5.196152422706632, 3.0)
    >>> ground_reach(6.0, 0.0), ground_reach(2.0, 3.0)
    (6.0, None)
    >>> ground_reach(2.0, 3.0, DistanceRule.HORIZONTAL)
    2.0
    """
    if rule is DistanceRule.HORIZONTAL or height <= 0.0:
        return reach
    if height > reach + EPSILON:
        return None
    if rule is DistanceRule.ACROSS_THEN_UP:
        return max(0.0, reach - height)
    return math.sqrt(max(0.0, reach * reach - height * height))


def gaps_up(lows: FloatArray, highs: FloatArray, target: Span) -> FloatArray:
    """Each span's gap up or down to ``target`` (an array per model).

    >>> gaps_up(np.array([0.0, 6.0, 3.0]), np.array([1.5, 7.5, 4.5]), Span(0, 4)).tolist()
    [0.0, 2.0, 0.0]
    """
    return np.maximum(np.maximum(target.low - highs, lows - target.high), 0.0)


def lifted_check(flat: UnitCheck, up: FloatArray, rule: DistanceRule) -> UnitCheck:
    """A unit's flat "within" (or "wholly within") check read with each model's gap ``up``.

    The verdicts are the rule's: a model 6" up is not within 3" of a point 1" across.

    >>> from geometry.units import UnitCheck
    >>> flat = UnitCheck(("a", "b"), np.array([1.0, 1.0]), 3.0, False)
    >>> lifted_check(flat, np.array([0.0, 6.0]), DistanceRule.STRAIGHT).passes.tolist()
    [True, False]
    """
    if not up.any() or rule is DistanceRule.HORIZONTAL:
        return flat
    reading = np.asarray(rule_distance(flat.distances, up, rule), dtype=float)
    return UnitCheck(flat.model_ids, reading, flat.limit, flat.wholly, flat.every)
