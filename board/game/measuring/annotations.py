"""Kept measurements: the annotation kinds ``ruler`` and ``within``, their data, their results.

A measurement a player keeps is saved in ``scenario.annotations`` as an
:class:`~board.document.model.Annotation` whose ``data`` names what it is between by id
(targets, :mod:`board.game.core.targets`), so it is measured again wherever the models now stand.

``ruler`` data::

    {"from": TARGET, "to": TARGET, "centre_to_centre": false}

``within`` data (``distance`` in ``distance_unit``, ``"in"`` or ``"cm"``; the scenario's unit
when left out)::

    {"unit": UNIT_ID, "target": TARGET, "distance": 12, "distance_unit": "in"}

A TARGET is ``{"type": "point", "x": 1.5, "y": 2}``, ``{"type": "model", "id": ...}``,
``{"type": "unit", "id": ...}``, ``{"type": "piece", "id": ...}`` or
``{"type": "zone", "kind": "deployment" | "void_shield", "name": ...}``.
Other kinds (a range ring…) are kept and shown by the board but have no verdict here.

>>> from board.document.model import Annotation
>>> kept = read_annotation(Annotation("a1", "within", {"unit": "u1", "distance": 6,
...     "target": {"type": "point", "x": 0, "y": 0}}), "in")
>>> kept.reach
6.0
>>> try:
...     read_annotation(Annotation("a2", "within", {"unit": "u1", "distance": -1,
...         "target": {"type": "point", "x": 0, "y": 0}}), "in")
... except AnnotationError as error:
...     print(error)
annotation 'a2' (within): distance must be 0 or more, got -1
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from board.document.model import Annotation
from board.game.core.names import Namer
from board.game.core.targets import Target, TargetError, ZoneResolver, describe, target_from_dict
from board.game.core.units import display_unit, excess_text, to_inches
from board.game.core.world import World
from board.game.measuring.ruler import ruler
from board.game.measuring.within import ModelReading, WithinReading, across_part, within_check
from geometry import format_distance

__all__ = [
    "KINDS",
    "AnnotationError",
    "RulerAnnotation",
    "WithinAnnotation",
    "KeptMeasurement",
    "read_annotation",
    "ruler_annotation",
    "within_annotation",
    "evaluate",
]

#: The annotation kinds that are measurements with a result.
KINDS = ("ruler", "within")


class AnnotationError(ValueError):
    """A kept measurement that cannot be read or measured (the message names it)."""


@dataclass(frozen=True)
class RulerAnnotation:
    """A kept ruler between two targets."""

    id: str
    first: Target
    second: Target
    centre_to_centre: bool = False

    def to_annotation(self) -> Annotation:
        """The document's annotation for it."""
        return Annotation(self.id, "ruler", {"from": self.first.to_dict(),
                                             "to": self.second.to_dict(),
                                             "centre_to_centre": self.centre_to_centre})


@dataclass(frozen=True)
class WithinAnnotation:
    """A kept "is the unit within N of the target?": ``distance`` is in ``distance_unit``."""

    id: str
    unit_id: str
    target: Target
    distance: float
    distance_unit: str

    @property
    def reach(self) -> float:
        """The distance in inches."""
        return to_inches(self.distance, self.distance_unit)

    def to_annotation(self) -> Annotation:
        """The document's annotation for it."""
        return Annotation(self.id, "within", {"unit": self.unit_id, "target": self.target.to_dict(),
                                              "distance": self.distance,
                                              "distance_unit": self.distance_unit})


KeptMeasurement = RulerAnnotation | WithinAnnotation


def _fail(annotation: Annotation, message: str) -> AnnotationError:
    return AnnotationError(f"annotation {annotation.id!r} ({annotation.kind}): {message}")


def _read_ruler(annotation: Annotation, data: Mapping[str, Any]) -> RulerAnnotation:
    cc = data.get("centre_to_centre", False)
    if not isinstance(cc, bool):
        raise _fail(annotation, f"centre_to_centre must be true or false, got {cc!r}")
    return RulerAnnotation(annotation.id, target_from_dict(data.get("from")),
                           target_from_dict(data.get("to")), cc)


def _read_within(annotation: Annotation, data: Mapping[str, Any],
                 unit: str) -> WithinAnnotation:
    unit_id, value = data.get("unit"), data.get("distance")
    if not isinstance(unit_id, str) or not unit_id:
        raise _fail(annotation, f"unit must be a unit id, got {unit_id!r}")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _fail(annotation, f"distance must be a number, got {value!r}")
    if value < 0:
        raise _fail(annotation, f"distance must be 0 or more, got {value!r}")
    shown = data.get("distance_unit", unit)
    if shown not in ("in", "cm"):
        raise _fail(annotation, f"distance_unit must be 'in' or 'cm', got {shown!r}")
    return WithinAnnotation(annotation.id, unit_id, target_from_dict(data.get("target")),
                            float(value), shown)


def read_annotation(annotation: Annotation, unit: str) -> KeptMeasurement | None:
    """Read a ``ruler`` or ``within`` annotation (``None`` for other kinds).

    ``unit`` is the scenario's distance unit, for a ``within`` that names none.
    """
    try:
        if annotation.kind == "ruler":
            return _read_ruler(annotation, annotation.data)
        if annotation.kind == "within":
            return _read_within(annotation, annotation.data, unit)
    except TargetError as error:
        raise _fail(annotation, str(error)) from None
    return None


def ruler_annotation(annotation_id: str, first: Target, second: Target,
                     centre_to_centre: bool = False) -> Annotation:
    """Make the annotation that keeps a ruler."""
    return RulerAnnotation(annotation_id, first, second, centre_to_centre).to_annotation()


def within_annotation(annotation_id: str, unit_id: str, target: Target, distance: float,
                      distance_unit: str = "in") -> Annotation:
    """Make the annotation that keeps a "within" question."""
    return WithinAnnotation(annotation_id, unit_id, target, float(distance),
                            distance_unit).to_annotation()


def _ruler_result(kept: RulerAnnotation, world: World, zones: ZoneResolver | None,
                  namer: Namer) -> dict[str, Any]:
    reading = ruler(world, kept.first, kept.second, kept.centre_to_centre, zones, namer)
    how = "centre to centre" if kept.centre_to_centre else "closest points"
    return {
        "id": kept.id, "kind": "ruler", "from": describe(kept.first), "to": describe(kept.second),
        "from_name": namer.target(kept.first), "to_name": namer.target(kept.second),
        "from_part": reading.start_part, "to_part": reading.end_part,
        "from_part_name": reading.start_name, "to_part_name": reading.end_name,
        "start": list(reading.start), "end": list(reading.end), "how": how,
        "distance_in": reading.distance, "shown": reading.text,
        "across_in": reading.distance if reading.across is None else reading.across,
        "up_in": reading.up, "distance_rule": reading.rule.value,
        "model_ids": [p for p in (reading.start_part, reading.end_part) if p in world.models],
        "text": f"ruler: {reading.text} from {reading.start_name} to {reading.end_name} "
                f"({how})",
    }


def _within_result(kept: WithinAnnotation, world: World, zones: ZoneResolver | None,
                   namer: Namer) -> dict[str, Any]:
    reading = within_check(world, kept.unit_id, kept.target, kept.reach, zones, namer)
    unit = reading.unit
    reach = reading.reach  # a zone's own reach, not the N kept with it
    shown = format_distance(reach, unit=unit)
    failing = [{"model": m.model_id, "name": reading.name_of(m.model_id),
                "by_in": m.closest - reach, "shown": excess_text(m.closest - reach, unit)}
               for m in reading.failing]
    return {
        "id": kept.id, "kind": "within", "unit": kept.unit_id, "unit_name": reading.unit_name,
        "target": describe(kept.target), "target_name": reading.target,
        "distance_in": reach, "shown": shown, "verdict": reading.verdict,
        "answer": reading.answer, "rule": reading.rule,
        "model_ids": [m.model_id for m in reading.models],
        "distance_rule": reading.distance_rule.value,
        "models": [_model_result(reading, m) for m in reading.models],
        "failing": failing,
        "text": reading.headline,
        "lines": [reading.explain(m) for m in reading.models],
    }


def _model_result(reading: WithinReading, m: ModelReading) -> dict[str, Any]:
    """One model of a kept within: its closest and farthest parts, each across and up."""
    up_near, up_far = reading.ups.get(m.model_id, (0.0, 0.0))
    rule = reading.distance_rule
    return {"model": m.model_id, "name": reading.name_of(m.model_id),
            "closest_in": m.closest, "farthest_in": m.farthest,
            "closest_across_in": across_part(m.closest, up_near, rule), "closest_up_in": up_near,
            "farthest_across_in": across_part(m.farthest, up_far, rule),
            "farthest_up_in": up_far, "verdict": m.verdict}


def evaluate(annotation: Annotation, world: World, zones: ZoneResolver | None = None,
             namer: Namer | None = None) -> dict[str, Any] | None:
    """Measure a kept ``ruler`` or ``within`` now: plain JSON values with a ``text`` line.

    Distances ending ``_in`` are inches; ``shown`` is as the board shows it (cm in Epic).
    Ids are kept (``from``, ``unit``, ``model``…) with names beside them (``from_name``,
    ``unit_name``, ``name``…); ``text`` reads with names, without the annotation's id.
    ``None`` for other kinds. Raises :class:`AnnotationError` naming the annotation when it
    cannot be read or names something not on the table.
    """
    unit = display_unit(world.rule_system)
    kept = read_annotation(annotation, unit)
    if kept is None:
        return None
    names = namer or Namer.for_world(world)
    try:
        if isinstance(kept, RulerAnnotation):
            return _ruler_result(kept, world, zones, names)
        return _within_result(kept, world, zones, names)
    except (TargetError, KeyError, ValueError) as error:
        text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
        raise _fail(annotation, text) from None
