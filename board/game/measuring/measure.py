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
from board.game.core.targets import (
    Target,
    ZoneResolver,
    ZoneTarget,
    centre,
    resolve,
    zone_reach,
)
from board.game.core.units import display_unit, excess_text
from board.game.core.world import World
from geometry import (
    CM_PER_INCH,
    Circle,
    Shape,
    UnitCheck,
    as_geometry,
    closest_points,
    distance,
    format_distance,
    reach_area,
    unit_wholly_within,
    unit_within,
    wholly_within_zone,
)

__all__ = [
    "PRESETS",
    "RulerReading",
    "ruler",
    "ModelReading",
    "WithinReading",
    "VOID_SHIELD_RULE",
    "DEPLOYMENT_RULE",
    "within_check",
    "RangeRing",
    "range_rings",
    "ring_areas",
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


def _bounding_circle(shape: Shape) -> tuple[float, float, float]:
    """A centre and a radius that holds all of ``shape`` (a base's own; else its box's)."""
    if isinstance(shape, Circle):
        return shape.x, shape.y, shape.radius
    cx, cy = centre(shape)
    x0, y0, x1, y1 = shape.bounds
    return cx, cy, max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))


def _nearest_pair(a: Sequence[tuple[str, Shape]], b: Sequence[tuple[str, Shape]],
                  centres: bool) -> tuple[int, int, float]:
    """Indices of the closest pair of parts and their distance (the first such pair, in order).

    Pairs are measured in the order of a lower bound on their distance (centres apart less
    both bounding radii), stopping once the bound passes the best found: the same answer as
    measuring every pair, without measuring most of them (a ruler from a 3,000-model unit
    to another measured 9 million pairs one by one).
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


#: The rule a void-shield zone answers (seed 000 FAQ, RULES.md 4.13).
VOID_SHIELD_RULE = ("void shields: a unit is covered only if every model is wholly within "
                    "range of the generator")
#: The rule a deployment zone answers.
DEPLOYMENT_RULE = "deployment: every model must be wholly inside its side's zone"

#: What a zone's verdicts mean under its rule, by zone kind and geometric verdict.
_ZONE_ANSWERS = {
    "void_shield": {"wholly within": "covered", "within": "partly in (not covered)",
                    "not within": "out"},
    "deployment": {"wholly within": "wholly in the zone", "within": "partly out of the zone",
                   "not within": "out of the zone"},
}


@dataclass(frozen=True)
class WithinReading:
    """A unit against "within N of a target": the unit's verdict and every model's numbers.

    ``reach`` is inches; ``unit`` the shown unit. ``closest`` and ``farthest`` are the
    geometry checks (any model within; every model wholly within). ``target`` is the target
    in words; ``unit_name`` and ``model_names`` (by model id) name the unit and its models.

    A zone carries its own reach, whatever N was asked: ``zone`` is ``"void_shield"`` (the
    numbers are then to the generator's footprint, ``measured_to``, and ``reach`` is its
    range) or ``"deployment"`` (to the zone itself, ``reach`` 0); ``rule`` says which rule
    the verdict answers and :attr:`answer` gives the rule's word for it.
    """

    unit_id: str
    target: str
    reach: float
    unit: str
    closest: UnitCheck
    farthest: UnitCheck
    unit_name: str = ""
    model_names: Mapping[str, str] = field(default_factory=dict)
    zone: str = ""
    measured_to: str = ""
    rule: str = ""

    @property
    def answer(self) -> str:
        """The verdict in the words of the rule asked (``covered`` for a void-shield zone)."""
        return _ZONE_ANSWERS.get(self.zone, {}).get(self.verdict, self.verdict)

    @property
    def headline(self) -> str:
        """The unit's answer in one line, with the figure that decides it and the rule.

        ``Rhino Fidelis: farthest part 12.54" from Void Shield Generator, not wholly within
        12.00": partly in (not covered) (projected void shields: …)``; for a plain target
        ``Tactical Squad Cato not within 6.00" of the door of Imperial Bastion (closest
        part 12.83")``.
        """
        unit = self.unit_name or self.unit_id
        models = self.models
        if not models:
            return f"{unit} not within {self.reach_text} of {self.target} (not on the table)"
        if self.zone == "deployment":
            worst = max(m.farthest for m in models)
            words = (f"wholly inside {self.target}" if self.verdict == "wholly within" else
                     f"{excess_text(worst, self.unit)} out of {self.target}")
            return f"{unit}: {words}: {self.answer} ({self.rule})"
        if self.zone:
            figure = format_distance(max(m.farthest for m in models), self.reach, self.unit)
            whole = "wholly within" if self.verdict == "wholly within" else "not wholly within"
            return (f"{unit}: farthest part {figure} from {self.measured_to}, {whole} "
                    f"{self.reach_text}: {self.answer} ({self.rule})")
        if self.verdict == "not within":
            gap = format_distance(min(m.closest for m in models), self.reach, self.unit)
            return f"{unit} not within {self.reach_text} of {self.target} (closest part {gap})"
        if self.verdict == "within":
            gap = format_distance(min(m.closest for m in models), self.reach, self.unit)
            return f"{unit} within {self.reach_text} of {self.target} (closest part {gap})"
        far = format_distance(max(m.farthest for m in models), self.reach, self.unit)
        return f"{unit} wholly within {self.reach_text} of {self.target} (farthest part {far})"

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
        if self.zone == "deployment":
            if model.wholly:
                return f"{name}: wholly inside {self.target}"
            if model.within:
                out = excess_text(model.farthest, fmt)
                return f"{name}: partly out of {self.target} ({out} out)"
            return f"{name}: out of {self.target} ({excess_text(model.closest, fmt)} away)"
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

    A zone carries its own reach and ``reach`` is not used for it: a void-shield zone is
    asked as "wholly within the generator's range (12") of its footprint" (the coverage
    rule, as :func:`board.game.measuring.coverage.unit_coverage` answers it), a
    deployment zone as "wholly inside the zone".
    """
    names = namer or Namer.for_world(world)
    if not math.isfinite(reach) or reach < 0:
        raise ValueError(f"a distance to check must be 0 or more, got {reach!r}")
    extra = {} if zones is None else {"zones": zones}
    models = world.unit_models(unit_id)
    model_names = {mid: names.model(mid) for mid, _ in models}
    shown = display_unit(world.rule_system)
    own = zone_reach(world, target)
    if own is not None:
        footprint, reach = own
        assert isinstance(target, ZoneTarget)
        near = unit_within(models, footprint, reach)
        far = unit_wholly_within(models, footprint, reach)
        return WithinReading(unit_id, names.target(target), reach, shown, near, far,
                             names.unit(unit_id), model_names, "void_shield",
                             names.piece(target.name), VOID_SHIELD_RULE)
    parts = resolve(target, world, **extra)
    if not parts:
        raise ValueError(f"{names.target(target)} has nothing on the table to measure to")
    if isinstance(target, ZoneTarget):
        zone = as_geometry(parts[0][1])
        near, far = unit_within(models, zone, 0.0), wholly_within_zone(models, zone)
        return WithinReading(unit_id, names.target(target), 0.0, shown, near, far,
                             names.unit(unit_id), model_names, "deployment",
                             names.target(target), DEPLOYMENT_RULE)
    near = _min_check([unit_within(models, s, reach) for _, s in parts], reach, False)
    far = _min_check([unit_wholly_within(models, s, reach) for _, s in parts], reach, True)
    return WithinReading(unit_id, names.target(target), reach, shown, near, far,
                         names.unit(unit_id), model_names)


@dataclass(frozen=True)
class RangeRing:
    """The area within ``radius`` inches of something, for drawing."""

    radius: float
    area: shapely.Geometry


def range_rings(world: World, target: Target, radii: Iterable[float],
                zones: ZoneResolver | None = None) -> tuple[RangeRing, ...]:
    """Return the areas within each radius (inches) of a model, unit, piece or point."""
    extra = {} if zones is None else {"zones": zones}
    return ring_areas([s for _, s in resolve(target, world, **extra)], radii)


def ring_areas(shapes: Sequence[Shape], radii: Iterable[float]) -> tuple[RangeRing, ...]:
    """The area within each radius (inches) of any of ``shapes``.

    Examples
    --------
    >>> from shapely.geometry import Point
    >>> [round(r.area.area, 1) for r in ring_areas([Point(0, 0)], [1, 2])]
    [3.1, 12.6]
    """
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
