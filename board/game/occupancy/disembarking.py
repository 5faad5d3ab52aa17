"""Disembarking: the legal zone, each model's placement checked, and the change that lands it.

:func:`plan_disembark` asks the rules whether the unit may leave and draws the zone its models
must stand in; :func:`check_positions` checks proposed positions model by model (geometry's
verdicts, each with its reason and numbers); :func:`disembark_change` turns legal positions
into one :class:`~board.document.changes.Change`.

Each rule system plans and checks in its folder
(:meth:`~board.game.systems.protocol.GameSystem.disembark_plan`, ``exit_verdicts``,
``leave``):

- Warhammer 40,000 and Horus Heresy (seed 000, RULES.md §1 "In and out", §4 decisions 6, 9):
  wholly within 6" of an access point (3" after a Tremor), not in a building or impassable
  terrain, not within 1" of an enemy, on the table. When that zone cannot take the unit, the
  emergency zone: measured from the footprint instead; the unit may then take no voluntary
  action for the rest of the turn.
- Epic 40,000 (seed 001: infantry move freely in and out): within the unit's move of the
  footprint, ``stats["movement"]`` in cm (10 cm, infantry's move, when not given).
- Warhammer Fantasy (seed 002, RULES.md §4 decision 3): the garrison exit zone, every model
  1" or more and at most twice its Movement (``stats["movement"]``, inches) from the building.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario, Unit
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.names import Namer
from board.game.core.overlaps import overlapping
from board.game.core.placement_checks import in_cm, named, with_overlaps
from board.game.core.world import World
from board.game.occupancy.common import (
    DISEMBARKED_ON,
    EPIC_INFANTRY_MOVE_CM,
    ESCAPE_HATCH_ON,
    DisembarkPlan,
    on_battlements,
    refused,
    through_escape_hatch,
    turn_mark,
)
from board.game.systems.registry import system_for, system_of
from geometry import (
    PlacementVerdict,
    Shape,
    model_footprint,
)
from rules.decision import Decision
from rules.words import says

__all__ = [
    "EPIC_INFANTRY_MOVE_CM",
    "DisembarkPlan",
    "plan_disembark",
    "model_shapes",
    "check_positions",
    "disembark_change",
    "on_battlements",
]

XY = tuple[float, float]


def _party(scenario: Scenario, unit_id: str) -> list[Unit]:
    """The unit and the independent characters inside with it that are joined to it."""
    unit = scenario.unit(unit_id)
    joined = [u for u in scenario.units_in(unit.embarked_in or "")
              if u.joined_to == unit.id and u.id != unit.id]
    return [unit, *joined]


def plan_disembark(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                   unit_id: str) -> DisembarkPlan:
    """Whether ``unit_id`` may leave its building now, its zone, and a first placement.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import Base, Model, TerrainPiece, TroopType
    >>> from board.game.core.world import WorldCache
    >>> library = default_library()
    >>> squad = Unit("s", "Squad", "red", TroopType.INFANTRY,
    ...              [Model(f"m{i}", Base.round_mm(32), 0, 0) for i in range(5)],
    ...              embarked_in="b")
    >>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10, 10)],
    ...                     units=[squad])
    >>> plan = plan_disembark(scenario, library, WorldCache(library).world_for(scenario), "s")
    >>> plan.decision.allowed, plan.reach, plan.emergency, len(plan.start)
    (True, 6.0, False, 5)
    """
    unit = scenario.unit(unit_id)
    system = scenario.rule_system
    if unit.embarked_in is None:
        return refused("", [unit], system, f"cannot disembark: {unit.name} "
                       f"{says(unit.name, 'is', 'are')} not inside "
                        "a building")
    piece = scenario.piece(unit.embarked_in)
    party = _party(scenario, unit_id)
    rules_object = building_rules(scenario, library, piece)
    if rules_object is None or piece.id not in world.pieces:
        return refused(piece.id, party, system,
                        f"cannot disembark: {sheet_of(scenario, library, piece).name} is not a "
                        f"building of {system.label}")
    obstacles = world.obstacles_for(unit.side)
    return system_of(rules_object).disembark_plan(scenario, world, rules_object, party,
                                                  obstacles)


def model_shapes(scenario: Scenario, plan: DisembarkPlan,
                 positions: Mapping[str, XY]) -> list[tuple[str, Shape]]:
    """The bases of the plan's models at ``positions`` (every model must have one)."""
    shapes = []
    for unit_id in plan.unit_ids:
        for model in scenario.unit(unit_id).models:
            if model.id not in positions:
                raise ValueError(f"no position given for model {model.id}")
            x, y = positions[model.id]
            base = model.base
            shapes.append((model.id, model_footprint(base.shape.value, base.length, base.width,
                                                     x, y, model.facing)))
    return shapes


def check_positions(scenario: Scenario, world: World, plan: DisembarkPlan,
                    positions: Mapping[str, XY]) -> tuple[PlacementVerdict, ...]:
    """Check every model of the plan at ``positions``: legal, or each reason with its numbers.

    Besides the rules' zone, a base may not overlap another (the others placed, or a model
    of its side on the table).
    """
    models = model_shapes(scenario, plan, positions)
    side = scenario.unit(plan.unit_ids[0]).side
    obstacles = world.obstacles_for(side)
    table = (scenario.table.width, scenario.table.height)
    verdicts = system_for(plan.system).exit_verdicts(plan, models, obstacles, table)
    if plan.system.uses_cm:
        verdicts = in_cm(verdicts, models, plan.reach, obstacles, table)
    namer = Namer.for_world(world)
    verdicts = named(verdicts, models, obstacles, namer.piece, namer.model)
    overlaps = {m: [namer.model(o) for o in found]
                for m, found in overlapping(world, side, models).items()}
    return with_overlaps(verdicts, overlaps)


def _landed(unit: Unit, positions: Mapping[str, XY], mark: list[Any] | None,
            hatch: bool = False) -> Unit:
    out = copy.deepcopy(unit)
    out.embarked_in = None
    if mark is not None:
        out.stats[DISEMBARKED_ON] = list(mark)
        if hatch:
            out.stats[ESCAPE_HATCH_ON] = list(mark)
    for model in out.models:
        model.x, model.y = positions[model.id]
    return out


def disembark_change(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                     plan: DisembarkPlan, positions: Mapping[str, XY],
                     ) -> tuple[Decision, Change | None]:
    """The change that puts the plan's units at ``positions``, or the refusal naming models."""
    if not plan.decision:
        return plan.decision, None
    bad = [v for v in check_positions(scenario, world, plan, positions) if not v.legal]
    if bad:
        namer = Namer.for_world(world)
        reasons = "; ".join(f"{namer.model(v.model_id)} ({'; '.join(t for _, t in v.problems)})"
                            for v in bad)
        return Decision.no(f"cannot disembark: {len(bad)} model{'s' if len(bad) != 1 else ''} "
                           f"not placed legally: {reasons}"), None
    piece = scenario.piece(plan.piece_id)
    rules_object = building_rules(scenario, library, piece)
    reason = plan.decision.reason
    shapes = model_shapes(scenario, plan, positions)
    up = set(on_battlements(shapes, plan.battlements))
    onto = sorted({scenario.model(m)[0].id for m in up})
    hatch = through_escape_hatch(plan, shapes)  # seed 000 FAQ: no charge out of one
    plan = replace(plan, through_escape_hatch=hatch)
    if rules_object is not None:
        left = system_of(rules_object).leave(rules_object, plan, bool(onto))
        if not left:
            return left, None
        reason = left.reason or reason
    new_piece = copy.deepcopy(piece)
    if rules_object is not None:
        write_back(new_piece, rules_object, scenario.rule_system)
    mark = turn_mark(scenario)
    units: dict[str, Unit | None] = {uid: _landed(scenario.unit(uid), positions, mark, hatch)
                                     for uid in plan.unit_ids}
    names = ", ".join(scenario.unit(uid).name for uid in plan.unit_ids)
    shown = world.pieces[piece.id].sheet.name if piece.id in world.pieces else piece.id
    text = f"{names} leave {shown}: {reason}"
    if onto:
        text += f"; {len(up)} model{'s' if len(up) != 1 else ''} onto its battlements"
    return Decision.yes(text), Change(units=units, pieces={piece.id: new_piece},
                                      log=[LogEntry(text)])
