"""Disembarking: the legal zone, each model's placement checked, and the change that lands it.

:func:`plan_disembark` asks the rules whether the unit may leave and draws the zone its models
must stand in; :func:`check_positions` checks proposed positions model by model (geometry's
verdicts, each with its reason and numbers); :func:`disembark_change` turns legal positions
into one :class:`~board.document.changes.Change`.

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
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Model, RuleSystem, Scenario, Unit
from board.game.core.buildings import FantasyBuilding, building_rules, sheet_of, write_back
from board.game.core.names import Namer
from board.game.core.overlaps import overlapping
from board.game.core.placement_checks import fantasy_exit_verdicts, in_cm, named, with_overlaps
from board.game.core.world import World
from board.game.occupancy.embarking import DISEMBARKED_ON, EMBARKED_ON, turn_mark
from geometry import (
    CM_PER_INCH,
    Obstacles,
    PlacementVerdict,
    Problem,
    Shape,
    as_geometry,
    check_disembark,
    disembark_zone,
    emergency_disembark_zone,
    farthest_distance,
    garrison_exit_zone,
    model_footprint,
    reach_area,
)
from rules import wh40k
from rules.decision import Decision

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

#: Epic 40,000 infantry move 10 cm: the exit reach when a unit's stats give no movement.
EPIC_INFANTRY_MOVE_CM = 10.0
#: Inches between bases in the first placement the board offers.
PLACEMENT_GAP = 0.1


@dataclass(frozen=True)
class DisembarkPlan:
    """Where a unit may come out of a building, and a first legal placement to start from.

    ``access`` is what ``reach`` is measured from (access points; the footprint for an
    emergency disembarkation, Epic 40,000 and Warhammer Fantasy). ``zone`` is the zone in
    force (the emergency zone when ``emergency``); ``normal_zone`` the one by the access
    points. ``start`` is empty when the rules refuse.
    """

    piece_id: str
    unit_ids: tuple[str, ...]
    system: RuleSystem
    decision: Decision
    reach: float = 0.0
    access: tuple[tuple[str, BaseGeometry], ...] = ()
    zone: BaseGeometry = field(default_factory=Polygon)
    normal_zone: BaseGeometry = field(default_factory=Polygon)
    emergency: bool = False
    start: dict[str, XY] = field(default_factory=dict)
    #: The building's battlements when the unit may come out onto them (a normal 40K or
    #: Horus Heresy disembarkation from a building whose battlements stand): a model standing
    #: wholly on them is placed legally, however far from the doors.
    battlements: BaseGeometry | None = None


def _party(scenario: Scenario, unit_id: str) -> list[Unit]:
    """The unit and the independent characters inside with it that are joined to it."""
    unit = scenario.unit(unit_id)
    joined = [u for u in scenario.units_in(unit.embarked_in or "")
              if u.joined_to == unit.id and u.id != unit.id]
    return [unit, *joined]


def _radius(model: Model) -> float:
    """Half the widest extent of a model's base, inches."""
    base = model.base
    if base.shape.rectangular:
        return math.hypot(base.length_in, base.width_in) / 2.0
    return max(base.length_in, base.width_in) / 2.0


def _first_placement(zone: BaseGeometry, access: BaseGeometry,
                     models: Sequence[Model]) -> dict[str, XY]:
    """Spots on a hexagonal grid in ``zone``, nearest ``access`` first; empty if too few."""
    if zone.is_empty or not models:
        return {}
    radius = max(_radius(m) for m in models)
    inner = zone.buffer(-radius - 1e-3)
    if inner.is_empty:
        return {}
    step = 2.0 * radius + PLACEMENT_GAP
    minx, miny, maxx, maxy = inner.bounds
    ys = np.arange(miny, maxy + 1e-9, step * math.sqrt(3.0) / 2.0)
    rows = [np.column_stack([np.arange(minx + (k % 2) * step / 2.0, maxx + 1e-9, step),
                             np.full_like(np.arange(minx + (k % 2) * step / 2.0,
                                                    maxx + 1e-9, step), y)])
            for k, y in enumerate(ys)]
    grid = np.concatenate(rows) if rows else np.empty((0, 2))
    shapely.prepare(inner)
    spots = grid[shapely.contains_xy(inner, grid[:, 0], grid[:, 1])]
    if len(spots) < len(models):
        return {}
    order = np.argsort(shapely.distance(access, shapely.points(spots)), kind="stable")
    return {m.id: (float(spots[i][0]), float(spots[i][1]))
            for m, i in zip(models, order, strict=False)}


def _room(world: World, side: str, zone: BaseGeometry) -> BaseGeometry:
    """The zone less the bases of the side's models standing in it (for the first placement)."""
    if zone.is_empty:
        return zone
    area = shapely.box(*zone.bounds)
    near = [as_geometry(m.shape) for m in world.models.values()
            if m.side == side and area.intersects(as_geometry(m.shape))]
    return zone.difference(shapely.union_all(near)) if near else zone


def _refused(piece_id: str, party: list[Unit], system: RuleSystem,
             reason: str) -> DisembarkPlan:
    return DisembarkPlan(piece_id, tuple(u.id for u in party), system, Decision.no(reason))


def _wh40k_plan(scenario: Scenario, world: World, building: wh40k.Building, party: list[Unit],
                obstacles: Obstacles, system: RuleSystem) -> DisembarkPlan:
    ids = tuple(u.id for u in party)
    decision = Decision.yes()
    mark = turn_mark(scenario)
    for unit in party:
        went_in = mark is not None and unit.stats.get(EMBARKED_ON) == mark
        decision = wh40k.can_disembark(building, unit.id, embarked_this_turn=went_in)
        if not decision:
            return _refused(building.id, party, system, decision.reason)
    reach = min(wh40k.disembark_distance(building, u) for u in ids)
    shapes = world.piece(building.id)
    doors = tuple((p.id, Point(p.x, p.y)) for p in shapes.access_points)
    models = [m for u in party for m in u.models]
    roof = _battlements(building, shapes.battlements)
    ground = disembark_zone(doors, obstacles, reach)
    normal = ground
    if roof is not None:  # the battlements count as an access point: out onto them
        normal = shapely.union_all([ground, obstacles.carve(roof, roof)])
    side = party[0].side
    start: dict[str, XY] = {}
    for offered in (ground, normal) if doors else ():  # on the ground first, if it fits
        start = start or _first_placement(_room(world, side, offered),
                                          shapely.union_all([g for _, g in doors]), models)
    if start:
        return DisembarkPlan(building.id, ids, system, decision, reach, doors, normal, normal,
                             False, start, roof)
    footprint = ((building.id, shapes.footprint),)
    emergency = emergency_disembark_zone(shapes.footprint, obstacles, reach)
    start = _first_placement(_room(world, side, emergency), shapes.footprint, models)
    if not start:
        return _refused(building.id, party, system,
                        f"cannot disembark: neither the {reach:g}\" zone of the access points "
                        "nor the emergency zone around the building has room for "
                        f"{len(models)} models")
    why = Decision.yes(f"{decision.reason}; emergency disembarkation: the access points' zone "
                       "cannot take the unit")
    return DisembarkPlan(building.id, ids, system, why, reach, footprint, emergency, normal,
                         True, start)


def _battlements(building: wh40k.Building, roof: BaseGeometry | None) -> BaseGeometry | None:
    """The battlements a unit may come out onto: standing, on a building still standing.

    Seed 000: the battlements are treated as an access point, so a unit inside may disembark
    onto them. Not after a collapse: survivors may not disembark to the battlements, and an
    emergency disembarkation is made around the footprint.
    """
    if roof is None or building.destroyed or building.state.battlements_ruined:
        return None
    return roof


def on_battlements(models: Sequence[tuple[str, Shape]], roof: BaseGeometry | None) -> list[str]:
    """The ids of the ``models`` standing wholly on ``roof`` (none without battlements)."""
    if roof is None:
        return []
    return [model_id for model_id, shape in models if farthest_distance(shape, roof) <= 0.0]


def _garrison_stays(scenario: Scenario, building: FantasyBuilding, unit: Unit) -> str | None:
    """Why a Fantasy garrison may not leave yet (it went in this game turn), or None."""
    mark = turn_mark(scenario)
    garrison = building.garrison
    if mark is None or garrison is None or garrison.unit != unit.id:
        return None
    if garrison.entered_turn == mark[0]:
        return (f"cannot leave: {unit.name} garrisoned the building this turn (turn {mark[0]}) "
                "and may leave in a later turn")
    return None


def _movement(unit: Unit, default: float | None) -> float | None:
    value = unit.stats.get("movement", default)
    return float(value) if isinstance(value, (int, float)) else None


def _around_plan(world: World, piece_id: str, party: list[Unit], obstacles: Obstacles,
                 system: RuleSystem) -> DisembarkPlan:
    """Epic 40,000 and Warhammer Fantasy: a zone measured from the footprint."""
    footprint = world.piece(piece_id).footprint
    name = world.piece(piece_id).sheet.name
    ids = tuple(u.id for u in party)
    models = [m for u in party for m in u.models]
    if system is RuleSystem.EPIC40K:
        move = _movement(party[0], EPIC_INFANTRY_MOVE_CM)
        assert move is not None
        reach = move / CM_PER_INCH
        zone = obstacles.carve(reach_area(footprint, reach))
        why = f"{party[0].name} may move out up to {move:g} cm from {name}"
    else:
        move = _movement(party[0], None)
        if move is None:
            return _refused(piece_id, party, system, f"cannot leave: {party[0].name} has no "
                            "Movement value (stats 'movement') to measure twice its move by")
        reach = 2.0 * move
        zone = garrison_exit_zone(footprint, move, obstacles)
        why = (f"{party[0].name} leaves {name}: every model 1\" to {reach:g}\" from it, "
               "and moves no further this turn")
    start = _first_placement(_room(world, party[0].side, zone), footprint, models)
    if not start:
        return _refused(piece_id, party, system,
                        f"cannot leave {name}: no room for {len(models)} models around it")
    return DisembarkPlan(piece_id, ids, system, Decision.yes(why), reach,
                         ((piece_id, footprint),), zone, zone, False, start)


def plan_disembark(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                   unit_id: str) -> DisembarkPlan:
    """Whether ``unit_id`` may leave its building now, its zone, and a first placement.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import Base, TerrainPiece, TroopType
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
        return _refused("", [unit], system, f"cannot disembark: {unit.name} is not inside "
                        "a building")
    piece = scenario.piece(unit.embarked_in)
    party = _party(scenario, unit_id)
    rules_object = building_rules(scenario, library, piece)
    if rules_object is None or piece.id not in world.pieces:
        return _refused(piece.id, party, system,
                        f"cannot disembark: {sheet_of(scenario, library, piece).name} is not a "
                        f"building of {system.label}")
    obstacles = world.obstacles_for(unit.side)
    if isinstance(rules_object, wh40k.Building):
        return _wh40k_plan(scenario, world, rules_object, party, obstacles, system)
    if isinstance(rules_object, FantasyBuilding):
        refusal = _garrison_stays(scenario, rules_object, party[0])
        if refusal is not None:
            return _refused(piece.id, party, system, refusal)
    return _around_plan(world, piece.id, party, obstacles, system)


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
    if plan.system is RuleSystem.WARHAMMER_FANTASY:
        verdicts = fantasy_exit_verdicts(models, plan.access[0][1], plan.reach / 2.0, obstacles)
        off = check_disembark(models, plan.access, obstacles, math.inf, table=table)
        verdicts = tuple(PlacementVerdict(v.model_id, v.problems + tuple(
            p for p in o.problems if p[0] is Problem.OFF_TABLE), v.measured_from,
            v.reach_distance) for v, o in zip(verdicts, off, strict=True))
    else:
        verdicts = check_disembark(models, plan.access, obstacles, plan.reach,
                                   battlements=plan.battlements, table=table)
        up = set(on_battlements(models, plan.battlements))
        verdicts = tuple(PlacementVerdict(v.model_id, tuple(
            p for p in v.problems if p[0] is not Problem.TOO_FAR), "battlements")
            if v.model_id in up else v for v in verdicts)
    if plan.system.uses_cm:
        verdicts = in_cm(verdicts, models, plan.reach, obstacles, table)
    namer = Namer(world.units, world.pieces)
    verdicts = named(verdicts, models, obstacles, namer.piece, namer.model)
    overlaps = {m: [namer.model(o) for o in found]
                for m, found in overlapping(world, side, models).items()}
    return with_overlaps(verdicts, overlaps)


def _landed(unit: Unit, positions: Mapping[str, XY], mark: list[Any] | None) -> Unit:
    out = copy.deepcopy(unit)
    out.embarked_in = None
    if mark is not None:
        out.stats[DISEMBARKED_ON] = list(mark)
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
        namer = Namer(world.units, world.pieces)
        reasons = "; ".join(f"{namer.model(v.model_id)} ({'; '.join(t for _, t in v.problems)})"
                            for v in bad)
        return Decision.no(f"cannot disembark: {len(bad)} model{'s' if len(bad) != 1 else ''} "
                           f"not placed legally: {reasons}"), None
    piece = scenario.piece(plan.piece_id)
    rules_object = building_rules(scenario, library, piece)
    reason = plan.decision.reason
    up = set(on_battlements(model_shapes(scenario, plan, positions), plan.battlements))
    onto = sorted({scenario.model(m)[0].id for m in up})
    if isinstance(rules_object, wh40k.Building):
        outcome = wh40k.disembark(rules_object, plan.unit_ids, plan.emergency,
                                  onto_battlements=bool(onto))
        if not outcome.decision:
            return outcome.decision, None
        reason = outcome.decision.reason
    elif isinstance(rules_object, FantasyBuilding) and rules_object.garrison is not None:
        if rules_object.garrison.unit in plan.unit_ids:
            rules_object.garrison = None
        else:
            rules_object.garrison.characters = [
                c for c in rules_object.garrison.characters if c not in plan.unit_ids]
    new_piece = copy.deepcopy(piece)
    if rules_object is not None:
        write_back(new_piece, rules_object)
    mark = turn_mark(scenario)
    units: dict[str, Unit | None] = {uid: _landed(scenario.unit(uid), positions, mark)
                                     for uid in plan.unit_ids}
    names = ", ".join(scenario.unit(uid).name for uid in plan.unit_ids)
    shown = world.pieces[piece.id].sheet.name if piece.id in world.pieces else piece.id
    text = f"{names} leave {shown}: {reason}"
    if onto:
        text += f"; {len(up)} model{'s' if len(up) != 1 else ''} onto its battlements"
    return Decision.yes(text), Change(units=units, pieces={piece.id: new_piece},
                                      log=[LogEntry(text)])
