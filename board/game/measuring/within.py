"""Is a unit within N of a target? Every model's closest and farthest part, and the verdict.

The verdict is the unit's (``wholly within``, ``within``, ``not within``), with each model's
numbers and words. A zone carries its own reach and rule: a Void Shield Generator's covers a
unit wholly within its range, a deployment zone one wholly inside it. Distances are inches,
shown in the scenario's unit (:mod:`board.game.core.units`); between heights they are the
world's rule's (docs/measure.md, Heights).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from board.game.core.heights import kept_unit_check, part_spans, piece_span, unit_check
from board.game.core.names import Namer
from board.game.core.targets import Target, ZoneResolver, ZoneTarget, resolve, zone_reach
from board.game.core.units import display_unit, excess_text
from board.game.core.world import World
from geometry import (
    DistanceRule,
    UnitCheck,
    as_geometry,
    format_distance,
    unit_within,
    wholly_within_zone,
)

__all__ = [
    "PRESETS",
    "ModelReading",
    "WithinReading",
    "VOID_SHIELD_RULE",
    "DEPLOYMENT_RULE",
    "within_check",
    "across_part",
]

#: The distances offered with one click, in the scenario's unit.
PRESETS = (1.0, 2.0, 3.0, 6.0, 12.0, 18.0, 24.0, 36.0, 48.0)


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
    #: Each raised model's gap up to the target, ``(closest, farthest)`` inches; ``distance_rule``
    #: how its figures read them (docs/measure.md, Heights).
    ups: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    distance_rule: DistanceRule = DistanceRule.STRAIGHT

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

    @cached_property
    def models(self) -> tuple[ModelReading, ...]:
        """Every model's reading, in order (worked out once: a report asks several times)."""
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
        """One model in words, with its parts across and up when it stands apart in height.

        E.g. ``Scouts, model 3: not within 6.00" (closest part 6.40", 0.40" too far)``;
        ``Squad, model 1: not within 3.00" (closest part 6.08", 3.08" too far): 1.00"
        across, 6.00" up``.
        """
        text = self._explain(model)
        return text + self.height_note(model)

    def height_note(self, model: ModelReading) -> str:
        """``: 1.00" across, 6.00" up`` for a model apart in height from the target, else ""."""
        up_near, up_far = self.ups.get(model.model_id, (0.0, 0.0))
        decisive_far = model.within and self.zone != "deployment"
        up, figure = (up_far, model.farthest) if decisive_far else (up_near, model.closest)
        if up <= 0.0 or self.distance_rule is DistanceRule.HORIZONTAL:
            return ""
        across = across_part(figure, up, self.distance_rule)
        return (f": {format_distance(across, unit=self.unit)} across, "
                f"{format_distance(up, unit=self.unit)} up")

    def _explain(self, model: ModelReading) -> str:
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


def across_part(figure: float, up: float, rule: DistanceRule) -> float:
    """The part across of a rule's ``figure`` with ``up`` (exact to rounding).

    >>> across_part(5.0, 4.0, DistanceRule.STRAIGHT), across_part(5.0, 4.0, DistanceRule.HORIZONTAL)
    (3.0, 5.0)
    """
    if rule is DistanceRule.HORIZONTAL or up <= 0.0:
        return figure
    if rule is DistanceRule.ACROSS_THEN_UP:
        return max(0.0, figure - up)
    return math.sqrt(max(0.0, figure * figure - up * up))


def _min_check(checks: Sequence[tuple[UnitCheck, np.ndarray]], reach: float,
               wholly: bool) -> tuple[UnitCheck, np.ndarray]:
    """Per model, the best distance over the target's parts, and that part's gap up."""
    ids = checks[0][0].model_ids
    if not len(ids):
        return UnitCheck(ids, np.zeros(0), reach, wholly), np.zeros(0)
    stack = np.array([c.distances for c, _ in checks], dtype=float)
    ups = np.array([up for _, up in checks], dtype=float)
    best = stack.argmin(axis=0)
    columns = np.arange(len(ids))
    return (UnitCheck(ids, stack[best, columns], reach, wholly), ups[best, columns])


def within_check(world: World, unit_id: str, target: Target, reach: float,
                 zones: ZoneResolver | None = None, namer: Namer | None = None,
                 ) -> WithinReading:
    """Check every model of ``unit_id`` against "within ``reach`` inches of ``target``".

    A target with several parts (a unit) counts its nearest part for each model. An embarked
    unit has no models on the table: its verdict is ``not within``. ``namer`` names the unit,
    its models and the target (the world's names when left out). Heights count by the
    world's rule (:mod:`geometry.heights`): a model on the battlements 6" up is not within 3"
    of a point at the wall's foot under the straight line.

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
        span = piece_span(world, target.name)
        (near, up_near), (far, up_far) = (unit_check(world, models, footprint, span, reach, w)
                                          for w in (False, True))
        return WithinReading(unit_id, names.target(target), reach, shown, near, far,
                             names.unit(unit_id), model_names, "void_shield",
                             names.piece(target.name), VOID_SHIELD_RULE,
                             _ups(near, up_near, up_far), world.distance_rule)
    parts = resolve(target, world, **extra)
    if not parts:
        raise ValueError(f"{names.target(target)} has nothing on the table to measure to")
    if isinstance(target, ZoneTarget):
        zone = as_geometry(parts[0][1])
        near, far = unit_within(models, zone, 0.0), wholly_within_zone(models, zone)
        return WithinReading(unit_id, names.target(target), 0.0, shown, near, far,
                             names.unit(unit_id), model_names, "deployment",
                             names.target(target), DEPLOYMENT_RULE)
    spans = part_spans(target, world, [p for p, _ in parts])
    key = (unit_id, target)
    near, up_near = _min_check([kept_unit_check(world, (*key, k, False), models, s, span,
                                                reach, False)
                                for k, ((_, s), span) in enumerate(zip(parts, spans,
                                                                       strict=True))],
                               reach, False)
    far, up_far = _min_check([kept_unit_check(world, (*key, k, True), models, s, span, reach,
                                              True)
                              for k, ((_, s), span) in enumerate(zip(parts, spans, strict=True))],
                             reach, True)
    return WithinReading(unit_id, names.target(target), reach, shown, near, far,
                         names.unit(unit_id), model_names, ups=_ups(near, up_near, up_far),
                         rule=world.distance_rule)


def _ups(near: UnitCheck, up_near: np.ndarray, up_far: np.ndarray,
         ) -> Mapping[str, tuple[float, float]]:
    """Each model's gap up to the target, closest and farthest (only the raised ones)."""
    return {mid: (float(a), float(b)) for mid, a, b in
            zip(near.model_ids, up_near.tolist(), up_far.tolist(), strict=True) if a or b}

