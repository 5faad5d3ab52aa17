"""Who holds each objective, live: every model within range, each side's level, the holder.

The edition is the scenario's (``options["edition"]``; a scenario without one follows the
board's 7th-edition 40K): 10th and later count Objective Control
(``oc`` of each model, 1 where the unit has none) of the models within 3" across and 5" up
of a marker; the 7th counts scoring units within 3" (``rules.wh40k.objectives``).
Distances are closest part to closest part, exact: a round base to the marker's circle
analytically, a hull or an oval as its polygon to the marker's centre less its radius.

Fast enough for every paint of a drag: the round bases against every marker at once (numpy),
the others one by one, the height asked only of the models already within range across.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from board.document.model import Scenario, TroopType
from board.game.core.world import World
from board.game.objectives.markers import Objective, objectives_of
from geometry import Circle, distance
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


def model_reach(world: World, marks: tuple[tuple[str, Circle], ...]) -> dict[str, float]:
    """Each model's closest distance to any of ``marks`` (only those within 3", exact)."""
    models = list(world.models.values())
    found: dict[str, float] = {}
    circles = [(m, m.shape) for m in models if isinstance(m.shape, Circle)]
    round_ids = [m for m, _ in circles]
    if circles:
        xy = np.array([(c.x, c.y) for _, c in circles])
        radii = np.array([c.radius for _, c in circles])
        best = np.full(len(round_ids), np.inf)
        for _, c in marks:
            gap = np.hypot(xy[:, 0] - c.x, xy[:, 1] - c.y) - radii - c.radius
            np.minimum(best, np.maximum(gap, 0.0), out=best)
        for m, gap in zip(round_ids, best.tolist(), strict=True):
            if gap <= RANGE_ACROSS + _TOLERANCE:
                found[m.model_id] = gap
    for m in models:
        if not isinstance(m.shape, Circle):
            gap = min(distance(m.shape, c) for _, c in marks)
            if gap <= RANGE_ACROSS + _TOLERANCE:
                found[m.model_id] = gap
    return found


def _in_range(scenario: Scenario, world: World, objective: Objective,
              units: Mapping[str, Any]) -> list[ModelInRange]:
    reach = model_reach(world, objective.markers)
    on = world.on_battlements(list(reach))
    found = []
    for model_id, across in reach.items():
        shape = world.models[model_id]
        oc = units[shape.unit_id].stats.get("oc", 1)
        found.append(ModelInRange(model_id, shape.unit_id, shape.side, across,
                                  world.standing_height(model_id, on), int(oc)))
    return found


def _holding(scenario: Scenario, world: World, objective: Objective, edition: str) -> Holding:
    units = {u.id: u for u in scenario.units}
    names = {s.id: s.name for s in scenario.sides}

    def name(side: str) -> str:
        return names.get(side, side)

    models = _in_range(scenario, world, objective, units)
    if uses_level_of_control(edition):
        counted = [m for m in models if m.up <= RANGE_UP + _TOLERANCE]
        levels = {s.id: sum(m.oc for m in counted if m.side == s.id) for s in scenario.sides}
        return Holding(objective, control_by_level(levels, name), tuple(counted),
                       f"{edition} edition: Level of Control within 3\" across, 5\" up")
    counted = [m for m in models if m.across <= RANGE_7TH + _TOLERANCE]
    in_range = {m.unit_id for m in counted}
    facts = [UnitInRange(units[u].side, units[u].name,
                         units[u].troop_type is not TroopType.VEHICLE,
                         bool(units[u].stats.get("objective_secured", False)))
             for u in sorted(in_range)]
    return Holding(objective, control_7th(facts, name), tuple(counted),
                   f"{edition} edition: scoring units within 3\"")


def holdings(scenario: Scenario, world: World) -> tuple[Holding, ...]:
    """Who holds each objective on the table now."""
    objectives = objectives_of(scenario, world)
    if not objectives:
        return ()
    edition = edition_of(scenario)
    return tuple(_holding(scenario, world, o, edition) for o in objectives)
