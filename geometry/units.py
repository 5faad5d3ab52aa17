"""Unit-level "within" and "wholly within": every model's distance, who fails, by how much.

Inches. A unit is within N of a target if any of its models is; wholly within if every model
is wholly within. Models are ``(model_id, shape)`` pairs; round bases are measured exactly and
all at once (see :mod:`geometry.measure`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter, itemgetter

import numpy as np
from numpy.typing import NDArray

from geometry.footprints import Shape, named_models
from geometry.measure import (
    EPSILON,
    circles_to_target,
    distance,
    farthest_distance,
    format_distance,
    to_cm,
)

__all__ = [
    "ModelVerdict",
    "UnitCheck",
    "unit_within",
    "unit_wholly_within",
    "units_wholly_within",
]

FloatArray = NDArray[np.float64]
#: A round base's centre and radius, a model pair's base and id (C-level getters, no loop).
_X, _Y, _RADIUS = attrgetter("x"), attrgetter("y"), attrgetter("radius")
_BASE = itemgetter(1)
_ID = itemgetter(0)


@dataclass(frozen=True)
class ModelVerdict:
    """One model's answer to "within" or "wholly within", with the numbers to explain it.

    ``distance`` is the closest-point distance (within) or the farthest-point distance
    (wholly within), inches; ``limit`` the N asked about.
    """

    model_id: str
    distance: float
    limit: float
    wholly: bool

    @property
    def ok(self) -> bool:
        """Whether the model passes."""
        return self.distance <= self.limit + EPSILON

    @property
    def excess(self) -> float:
        """By how much the model fails, inches (0 when it passes)."""
        return 0.0 if self.ok else self.distance - self.limit

    @property
    def distance_cm(self) -> float:
        """The distance in centimetres (Epic 40,000)."""
        return to_cm(self.distance)

    def explain(self, unit: str = "in") -> str:
        """Say why, e.g. ``m3: not wholly within 6.00" (farthest part 6.40", 0.40" too far)``.

        A wholly-within check with a limit of 0 is a "wholly inside the zone" check and reads
        ``m3: sticks out of the zone by 0.40"``.

        Examples
        --------
        >>> ModelVerdict("m3", 0.4, 0.0, True).explain()
        'm3: sticks out of the zone by 0.40"'
        >>> ModelVerdict("m1", 0.0, 0.0, True).explain()
        'm1: wholly inside the zone'
        """
        if self.wholly and self.limit == 0.0:
            if self.ok:
                return f"{self.model_id}: wholly inside the zone"
            return f"{self.model_id}: sticks out of the zone by {format_distance(self.excess)}"
        what = "wholly within" if self.wholly else "within"
        part = "farthest part" if self.wholly else "closest part"
        limit = format_distance(self.limit, unit=unit)
        measured = format_distance(self.distance, self.limit, unit)
        if self.ok:
            return f"{self.model_id}: {what} {limit} ({part} {measured})"
        over = format_distance(self.excess, unit=unit)
        return f"{self.model_id}: not {what} {limit} ({part} {measured}, {over} too far)"


@dataclass(frozen=True)
class UnitCheck:
    """A unit's answer: every model's distance, and which fail and by how much.

    A unit is *within* if any of its models is, and *wholly within* if all of them are wholly
    within; ``every`` says which (it defaults to ``wholly``; embarking asks for every model
    within, so it sets ``every`` with ``wholly`` false). ``distances`` is an array aligned with
    ``model_ids``: closest-point distances, or farthest-point ones when ``wholly``.
    """

    model_ids: tuple[str, ...]
    distances: FloatArray
    limit: float
    wholly: bool
    every: bool | None = None

    @property
    def passes(self) -> NDArray[np.bool_]:
        """Per model, whether it passes."""
        return np.asarray(self.distances <= self.limit + EPSILON)

    @property
    def ok(self) -> bool:
        """Whether the unit passes (any model for within, every model for wholly within)."""
        passes = self.passes
        every = self.wholly if self.every is None else self.every
        return bool(passes.all() if every else passes.any())

    def verdict(self, index: int) -> ModelVerdict:
        """Return the verdict of the model at ``index``."""
        return ModelVerdict(self.model_ids[index], float(self.distances[index]), self.limit,
                            self.wholly)

    @property
    def failing(self) -> tuple[ModelVerdict, ...]:
        """The models that do not pass, each with its distance and excess."""
        return tuple(self.verdict(int(i)) for i in np.flatnonzero(~self.passes))

    @property
    def verdicts(self) -> tuple[ModelVerdict, ...]:
        """Every model's verdict, in order."""
        return tuple(self.verdict(i) for i in range(len(self.model_ids)))


def _unit_distances(models: Sequence[tuple[str, Shape]], target: Shape,
                    wholly: bool) -> FloatArray:
    """Distances of every model to the target, vectorised when all bases are round."""
    if models:
        try:  # every base round: one vectorised pass (non-circles have no ``radius``)
            bases = list(map(_BASE, models))
            count = len(bases)
            centres = np.column_stack([np.fromiter(map(_X, bases), np.float64, count),
                                       np.fromiter(map(_Y, bases), np.float64, count)])
            radii = np.fromiter(map(_RADIUS, bases), np.float64, count)
            return circles_to_target(centres, radii, target, wholly)
        except AttributeError:
            pass
    measure = farthest_distance if wholly else distance
    return np.array([measure(s, target) for _, s in models], dtype=float)


def unit_within(models: Sequence[tuple[str, Shape]], target: Shape, reach: float) -> UnitCheck:
    """Check a unit (``(model_id, shape)`` pairs) for "within ``reach`` of ``target``".

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> from geometry.footprints import Circle
    >>> check = unit_within([("a", Circle(0, 0, 1)), ("b", Circle(20, 0, 1))], Point(0, 5), 6)
    >>> check.ok, [v.model_id for v in check.failing]
    (True, ['b'])
    """
    models = named_models(models)
    ids = tuple(model_id for model_id, _ in models)
    return UnitCheck(ids, _unit_distances(models, target, False), reach, False)


def unit_wholly_within(models: Sequence[tuple[str, Shape]], target: Shape,
                       reach: float) -> UnitCheck:
    """Check a unit for "wholly within ``reach`` of ``target``" (every model wholly within).

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> from geometry.footprints import Circle
    >>> check = unit_wholly_within([("a", Circle(0, 0, 1)), ("b", Circle(0, 11.5, 1))],
    ...                            Point(0, 0), 12)
    >>> check.ok
    False
    >>> check.failing[0].explain()
    'b: not wholly within 12.00" (farthest part 12.50", 0.50" too far)'
    >>> unit_wholly_within([], Point(0, 0), 12).ok  # no models: nothing fails
    True
    """
    models = named_models(models)
    ids = tuple(model_id for model_id, _ in models)
    return UnitCheck(ids, _unit_distances(models, target, True), reach, True)


def units_wholly_within(units: Sequence[Sequence[tuple[str, Shape]]], target: Shape,
                        reach: float) -> tuple[UnitCheck, ...]:
    """Check many units against one target at once (one vectorised pass over all bases).

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> from geometry.footprints import Circle
    >>> units = [[("a1", Circle(0, 5, 0.5))],
    ...          [("b1", Circle(0, 5.6, 0.5)), ("b2", Circle(0, 1, 1))]]
    >>> [check.ok for check in units_wholly_within(units, Point(0, 0), 6)]
    [True, False]
    """
    flat = list(chain.from_iterable(units))
    try:
        distances = _unit_distances(flat, target, True)
    except (TypeError, ValueError, AttributeError):
        named_models(flat)  # says which model was not an (id, base) pair
        raise
    ids = tuple(map(_ID, flat))
    checks, start = [], 0
    made = object.__new__
    for unit in units:
        stop = start + len(unit)
        # UnitCheck(ids, distances, reach, True) without the frozen dataclass's per-field
        # setattr calls (a few microseconds for each of many units)
        check = made(UnitCheck)
        check.__dict__.update(model_ids=ids[start:stop], distances=distances[start:stop],
                              limit=reach, wholly=True, every=None)
        checks.append(check)
        start = stop
    return tuple(checks)
