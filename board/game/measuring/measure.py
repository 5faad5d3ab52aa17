"""The ruler, "is it within N?" and range rings: the computing part of the measuring tools.

Distances are computed in inches by :mod:`geometry` and shown in the scenario's unit: inches,
or centimetres in an Epic 40,000 scenario. Shown numbers have two decimals and never round a
miss into a hit (:func:`geometry.format_distance`).

The units (inches or centimetres) are :mod:`board.game.core.units`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely

from board.game.core.names import Namer
from board.game.core.targets import Target, ZoneResolver, centre, resolve
from board.game.core.units import display_unit, excess_text
from board.game.core.world import World
from geometry import (
    CM_PER_INCH,
    Shape,
    UnitCheck,
    closest_points,
    distance,
    format_distance,
    reach_area,
    unit_wholly_within,
    unit_within,
)

__all__ = [
    "PRESETS",
    "RulerReading",
    "ruler",
    "ModelReading",
    "WithinReading",
    "within_check",
    "RangeRing",
    "range_rings",
    "weapon_rings",
]

#: The distances offered with one click, in the scenario's unit.
PRESETS = (1.0, 2.0, 3.0, 6.0, 12.0, 18.0, 24.0, 36.0, 48.0)

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

    @property
    def text(self) -> str:
        """The distance as shown: ``4.74"`` or ``12.04 cm``."""
        return format_distance(self.distance, unit=self.unit)

    @property
    def amount(self) -> float:
        """The distance in the shown unit."""
        return _amount(self.distance, self.unit)


def _nearest_pair(a: Sequence[tuple[str, Shape]], b: Sequence[tuple[str, Shape]],
                  centres: bool) -> tuple[int, int, float]:
    """Indices of the closest pair of parts and their distance."""
    best = (0, 0, math.inf)
    for i, (_, sa) in enumerate(a):
        for j, (_, sb) in enumerate(b):
            d = math.dist(centre(sa), centre(sb)) if centres else distance(sa, sb)
            if d < best[2]:
                best = (i, j, d)
    return best


def ruler(world: World, first: Target, second: Target, centre_to_centre: bool = False,
          zones: ZoneResolver | None = None, namer: Namer | None = None) -> RulerReading:
    """Measure from ``first`` to ``second``: closest points (base to base) or centres.

    A unit is measured from its nearest model. Raises ``ValueError`` when either target has
    nothing on the table (an embarked unit). ``namer`` names the parts (the world's names
    when left out).
    """
    names = namer or Namer.for_world(world)
    extra = {} if zones is None else {"zones": zones}
    a, b = resolve(first, world, **extra), resolve(second, world, **extra)
    for parts, target in ((a, first), (b, second)):
        if not parts:
            raise ValueError(f"{names.target(target)} has nothing on the table to measure from")
    i, j, d = _nearest_pair(a, b, centre_to_centre)
    if centre_to_centre:
        start, end = centre(a[i][1]), centre(b[j][1])
    else:
        start, end = closest_points(a[i][1], b[j][1])
    return RulerReading(a[i][0], b[j][0], start, end, d, centre_to_centre,
                        display_unit(world.rule_system), names.part(first, a[i][0]),
                        names.part(second, b[j][0]))


@dataclass(frozen=True)
class ModelReading:
    """One model against a target: closest and farthest distance (inches) and its verdict."""

    model_id: str
    closest: float
    farthest: float
    within: bool
    wholly: bool

    @property
    def verdict(self) -> str:
        """``wholly within``, ``within`` or ``not within``."""
        return "wholly within" if self.wholly else "within" if self.within else "not within"


@dataclass(frozen=True)
class WithinReading:
    """A unit against "within N of a target": the unit's verdict and every model's numbers.

    ``reach`` is inches; ``unit`` the shown unit. ``closest`` and ``farthest`` are the
    geometry checks (any model within; every model wholly within). ``target`` is the target
    in words; ``unit_name`` and ``model_names`` (by model id) name the unit and its models.
    """

    unit_id: str
    target: str
    reach: float
    unit: str
    closest: UnitCheck
    farthest: UnitCheck
    unit_name: str = ""
    model_names: Mapping[str, str] = field(default_factory=dict)

    @property
    def verdict(self) -> str:
        """``wholly within``, ``within`` or ``not within`` for the unit as a whole."""
        if len(self.closest.model_ids) and self.farthest.ok:
            return "wholly within"
        return "within" if self.closest.ok else "not within"

    @property
    def models(self) -> tuple[ModelReading, ...]:
        """Every model's reading, in order."""
        near, far = self.closest.passes, self.farthest.passes
        return tuple(ModelReading(mid, float(self.closest.distances[k]),
                                  float(self.farthest.distances[k]), bool(near[k]), bool(far[k]))
                     for k, mid in enumerate(self.closest.model_ids))

    @property
    def failing(self) -> tuple[ModelReading, ...]:
        """The models not within N at all."""
        return tuple(m for m in self.models if not m.within)

    @property
    def reach_text(self) -> str:
        """The N asked about, as shown."""
        return format_distance(self.reach, unit=self.unit)

    def name_of(self, model_id: str) -> str:
        """A model of the unit as a player reads it (its id when no name is known)."""
        return self.model_names.get(model_id, model_id)

    def explain(self, model: ModelReading) -> str:
        """One model in words.

        E.g. ``Scouts, model 3: not within 6.00" (closest part 6.40", 0.40" too far)``.
        """
        fmt = self.unit
        name = self.name_of(model.model_id)
        if model.wholly:
            far = format_distance(model.farthest, self.reach, fmt)
            return f"{name}: wholly within {self.reach_text} (farthest part {far})"
        if model.within:
            near = format_distance(model.closest, unit=fmt)
            far = format_distance(model.farthest, self.reach, fmt)
            return (f"{name}: within {self.reach_text} but not wholly "
                    f"(closest part {near}, farthest part {far})")
        near = format_distance(model.closest, self.reach, fmt)
        over = excess_text(model.closest - self.reach, fmt)
        return (f"{name}: not within {self.reach_text} "
                f"(closest part {near}, {over} too far)")


def _min_check(checks: Sequence[UnitCheck], reach: float, wholly: bool) -> UnitCheck:
    """Per model, the best distance over the target's parts."""
    ids = checks[0].model_ids
    best = np.minimum.reduce([c.distances for c in checks]) if len(ids) else np.zeros(0)
    return UnitCheck(ids, np.asarray(best, dtype=float), reach, wholly)


def within_check(world: World, unit_id: str, target: Target, reach: float,
                 zones: ZoneResolver | None = None, namer: Namer | None = None,
                 ) -> WithinReading:
    """Check every model of ``unit_id`` against "within ``reach`` inches of ``target``".

    A target with several parts (a unit) counts its nearest part for each model. An embarked
    unit has no models on the table: its verdict is ``not within``. ``namer`` names the unit,
    its models and the target (the world's names when left out).
    """
    names = namer or Namer.for_world(world)
    if not math.isfinite(reach) or reach < 0:
        raise ValueError(f"a distance to check must be 0 or more, got {reach!r}")
    extra = {} if zones is None else {"zones": zones}
    parts = resolve(target, world, **extra)
    if not parts:
        raise ValueError(f"{names.target(target)} has nothing on the table to measure to")
    models = world.unit_models(unit_id)
    near = _min_check([unit_within(models, s, reach) for _, s in parts], reach, False)
    far = _min_check([unit_wholly_within(models, s, reach) for _, s in parts], reach, True)
    model_names = {mid: names.model(mid) for mid, _ in models}
    return WithinReading(unit_id, names.target(target), reach, display_unit(world.rule_system),
                         near, far, names.unit(unit_id), model_names)


@dataclass(frozen=True)
class RangeRing:
    """The area within ``radius`` inches of something, for drawing."""

    radius: float
    area: shapely.Geometry


def range_rings(world: World, target: Target, radii: Iterable[float],
                zones: ZoneResolver | None = None) -> tuple[RangeRing, ...]:
    """Return the areas within each radius (inches) of a model, unit, piece or point."""
    extra = {} if zones is None else {"zones": zones}
    shapes = [s for _, s in resolve(target, world, **extra)]
    rings = []
    for radius in radii:
        if not math.isfinite(radius) or radius <= 0:
            raise ValueError(f"a range ring needs a radius above 0, got {radius!r}")
        rings.append(RangeRing(radius, shapely.union_all([reach_area(s, radius)
                                                          for s in shapes])))
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
    return tuple((m.id, RangeRing(m.weapon.range, reach_area(shapely.Point(m.x, m.y),
                                                             m.weapon.range)))
                 for m in world.piece(piece_id).mounts)
