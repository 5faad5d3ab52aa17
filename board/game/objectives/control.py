"""Who holds each objective, live: every model within range, each side's level, the holder.

The edition is the scenario's (``options["edition"]``; a scenario without one follows the
board's 7th-edition 40K): 10th and later count Objective Control
(``oc`` of each model, 1 where the unit has none) of the models within 3" across and 5" up
of a marker; the 7th counts scoring units within 3" (``rules.wh40k.objectives``).
Distances are closest part to closest part, exact: a round base to the marker's circle
analytically, a hull or an oval as its polygon to the marker's centre less its radius.

Fast enough for every paint of a drag: the round bases against every marker at once (numpy),
the others one by one, the height asked only of the models already within range across; a
drag's preview shifts the dragged models' shapes (``moved``) instead of building a world.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from shapely.affinity import translate

from board.document.model import Scenario, TroopType
from board.game.core.units import display_unit
from board.game.core.world import World
from board.game.objectives.markers import Objective, objectives_of
from geometry import Circle, Shape, distance, format_distance
from rules.wh40k.objectives import (
    RANGE_7TH,
    RANGE_ACROSS,
    RANGE_UP,
    Control,
    UnitInRange,
    control_7th,
    control_by_level,
    uses_level_of_control,
)

__all__ = ["ModelInRange", "Holding", "edition_of", "holdings", "model_reach"]

_TOLERANCE = 1e-9


@dataclass(frozen=True)
class ModelInRange:
    """A model within range of an objective: how far across and up, and its OC."""

    model_id: str
    unit_id: str
    side: str
    across: float
    up: float
    oc: int


@dataclass(frozen=True)
class Holding:
    """An objective, who holds it (``control.holder``; ``None``: contested) and why."""

    objective: Objective
    control: Control
    models: tuple[ModelInRange, ...]
    rule: str
    #: Whether the rule counts Objective Control (10th edition on): "OC" means something.
    by_level: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (``battleboard check --json``)."""
        return {"objective": self.objective.name,
                "markers": [{"piece": pid, "x": c.x, "y": c.y, "radius": c.radius}
                            for pid, c in self.objective.markers],
                "holder": self.control.holder, "reason": self.control.reason,
                "levels": dict(self.control.levels), "rule": self.rule,
                "models": [{"model": m.model_id, "unit": m.unit_id, "side": m.side,
                            "across": round(m.across, 4), "up": m.up, "oc": m.oc}
                           for m in self.models]}


def edition_of(scenario: Scenario) -> str:
    """The edition whose objective rule applies ("7th", the board's 40K, when none is named)."""
    raw = scenario.options.get("edition")
    return str(raw) if isinstance(raw, str) and raw else "7th"


def _shifted(shape: Shape, by: tuple[float, float] | None) -> Shape:
    if by is None:
        return shape
    if isinstance(shape, Circle):
        return Circle(shape.x + by[0], shape.y + by[1], shape.radius)
    return translate(shape, by[0], by[1])


class _Bases:
    """The world's models as arrays, made once per world: round bases, and the others."""

    def __init__(self, world: World) -> None:
        circles = [(m.model_id, m.shape) for m in world.models.values()
                   if isinstance(m.shape, Circle)]
        self.round_ids = [model_id for model_id, _ in circles]
        self.index = {model_id: k for k, model_id in enumerate(self.round_ids)}
        self.xy = np.array([(c.x, c.y) for _, c in circles], dtype=float).reshape(-1, 2)
        self.radii = np.array([c.radius for _, c in circles], dtype=float)
        self.others: list[tuple[str, Shape]] = [
            (m.model_id, m.shape) for m in world.models.values()
            if not isinstance(m.shape, Circle)]

    def shifted(self, moved: Mapping[str, tuple[float, float]]) -> _Bases:
        """These bases with the ``moved`` models shifted by ``(dx, dy)`` inches."""
        if not moved:
            return self
        out = copy.copy(self)
        out.xy = self.xy.copy()
        for model_id, (dx, dy) in moved.items():
            k = self.index.get(model_id)
            if k is not None:
                out.xy[k, 0] += dx
                out.xy[k, 1] += dy
        out.others = [(m, _shifted(shape, moved.get(m))) for m, shape in self.others]
        return out


#: The bases of the last world asked about (a drag asks of the same world every frame).
_LAST: list[Any] = [None, None]


def _bases_for(world: World, moved: Mapping[str, tuple[float, float]] | None) -> _Bases:
    if _LAST[0] is not world.models:
        _LAST[:] = [world.models, _Bases(world)]
    bases: _Bases = _LAST[1]
    return bases.shifted(moved or {})


def model_reach(objectives: tuple[Objective, ...], bases: _Bases) -> list[dict[str, float]]:
    """For each objective, each model within 3" across of any of its markers, and how far.

    Exact: the round bases against every marker at once (one array), the others one by one.
    """
    marks = [(k, c) for k, o in enumerate(objectives) for _, c in o.markers]
    found: list[dict[str, float]] = [{} for _ in objectives]
    if bases.round_ids and marks:
        cx, cy, cr = (np.array([getattr(c, a) for _, c in marks]) for a in ("x", "y", "radius"))
        gaps = np.hypot(bases.xy[:, :1] - cx, bases.xy[:, 1:] - cy)
        gaps -= bases.radii[:, None]
        gaps -= cr
        np.maximum(gaps, 0.0, out=gaps)
        rows, cols = np.nonzero(gaps <= RANGE_ACROSS + _TOLERANCE)
        for r, j in zip(rows.tolist(), cols.tolist(), strict=True):
            near, model_id = found[marks[j][0]], bases.round_ids[r]
            near[model_id] = min(near.get(model_id, np.inf), float(gaps[r, j]))
    for model_id, shape in bases.others:
        for k, mark in marks:
            gap = distance(shape, mark)
            if gap <= RANGE_ACROSS + _TOLERANCE:
                found[k][model_id] = min(found[k].get(model_id, np.inf), gap)
    return found


def _in_range(world: World, reach: Mapping[str, float], units: Mapping[str, Any],
              on: Mapping[str, str]) -> list[ModelInRange]:
    found = []
    for model_id, across in reach.items():
        shape = world.models[model_id]
        oc = units[shape.unit_id].stats.get("oc", 1)
        found.append(ModelInRange(model_id, shape.unit_id, shape.side, across,
                                  world.standing_height(model_id, on), int(oc)))
    return found


def _holding(scenario: Scenario, objective: Objective, edition: str,
             models: list[ModelInRange], units: Mapping[str, Any]) -> Holding:
    names = {s.id: s.name for s in scenario.sides}

    def name(side: str) -> str:
        return names.get(side, side)

    if uses_level_of_control(edition):
        counted = [m for m in models if m.up <= RANGE_UP + _TOLERANCE]
        levels = {s.id: sum(m.oc for m in counted if m.side == s.id) for s in scenario.sides}
        return Holding(objective, control_by_level(levels, name), tuple(counted),
                       f"{edition} edition: Level of Control within "
                       f"{_reach(RANGE_ACROSS, scenario)} across, {_reach(RANGE_UP, scenario)} up",
                       by_level=True)
    counted = [m for m in models if m.across <= RANGE_7TH + _TOLERANCE]
    in_range = {m.unit_id for m in counted}
    facts = [UnitInRange(units[u].side, units[u].name,
                         units[u].troop_type is not TroopType.VEHICLE,
                         bool(units[u].stats.get("objective_secured", False)))
             for u in sorted(in_range)]
    return Holding(objective, control_7th(facts, name), tuple(counted),
                   f"{edition} edition: scoring units within {_reach(RANGE_7TH, scenario)}")


def _reach(inches: float, scenario: Scenario) -> str:
    """A range in the board's unit: ``3"``, ``7.62 cm`` on an Epic 40,000 table."""
    unit = display_unit(scenario.rule_system)
    return format_distance(inches, unit=unit).replace(".00", "") if unit == "in" \
        else format_distance(inches, unit=unit)


def holdings(scenario: Scenario, world: World,
             moved: Mapping[str, tuple[float, float]] | None = None) -> tuple[Holding, ...]:
    """Who holds each objective on the table now (``moved``: models shifted by a drag)."""
    objectives = objectives_of(scenario, world)
    if not objectives:
        return ()
    edition, bases = edition_of(scenario), _bases_for(world, moved)
    reach = model_reach(objectives, bases)
    on = world.on_battlements(sorted({m for near in reach for m in near}))
    units = {u.id: u for u in scenario.units}
    return tuple(_holding(scenario, o, edition, _in_range(world, near, units, on), units)
                 for o, near in zip(objectives, reach, strict=True))
