"""What going into and coming out of a building share, whatever the rule system (no Qt).

The turn marks a unit carries, base contact, the reach of access points, the plan of a
disembarkation and its first placement. The rule systems' own checks use these
(``board/game/systems/<system>/occupancy.py``); :mod:`board.game.occupancy.embarking` and
:mod:`board.game.occupancy.disembarking` ask the rule system through its
:class:`~board.game.systems.protocol.GameSystem`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from board.document.changes import Change
from board.document.model import Model, RuleSystem, Scenario, Unit
from board.game.core.clock import TurnError, clock_of
from board.game.core.names import Namer
from board.game.core.units import display_unit
from board.game.core.world import World
from geometry import (
    EPSILON,
    Obstacles,
    PlacementVerdict,
    Problem,
    Shape,
    as_geometry,
    check_disembark,
    distance,
    farthest_distance,
    format_distance,
    wholly_within,
)
from rules.decision import Decision
from rules.words import counted

__all__ = [
    "BASE_CONTACT",
    "EMBARKED_ON",
    "DISEMBARKED_ON",
    "ESCAPE_HATCH_ON",
    "through_escape_hatch",
    "charge_refusal",
    "EPIC_INFANTRY_MOVE_CM",
    "DisembarkPlan",
    "EmbarkAttempt",
    "boarding_party",
    "turn_mark",
    "party_names",
    "piece_name",
    "contact",
    "first_placement",
    "room_in",
    "refused",
    "movement",
    "around_plan",
    "access_exit_verdicts",
    "on_battlements",
    "ADJACENT",
    "adjacent_parts",
]

XY = tuple[float, float]


#: Inches: a base this close to a footprint counts as in base contact with it (the board's
#: stand-in for a hand pushing a model against a wall).
BASE_CONTACT = 0.1


#: ``Unit.stats`` keys where the board notes the player turn (``[game turn, side]``) a unit
#: last went into and came out of a building: 40K units may not do both in one turn.
EMBARKED_ON, DISEMBARKED_ON = "embarked_on", "disembarked_on"
#: ``Unit.stats`` key: the player turn a unit came out of a building by an escape hatch; it
#: may not charge in that turn (seed 000 FAQ: "the unit can't assault out of one").
ESCAPE_HATCH_ON = "escape_hatch_on"


def turn_mark(scenario: Scenario) -> list[Any] | None:
    """The player turn now as ``[game turn, side]`` (None when the scenario has no clock)."""
    try:
        clock = clock_of(scenario)
    except TurnError:
        return None
    return [clock.game_turn, clock.active]


def models_inside(scenario: Scenario, piece_id: str) -> list[tuple[str, str]]:
    """``(model id, name)`` of each model embarked in ``piece_id``, unit by unit, in order.

    Who may fire an emplaced weapon by hand (seed 000); where Epic debris may fall (seed 001).
    """
    namer = Namer.for_scenario(scenario, None)
    return [(m.id, namer.model(m.id)) for u in scenario.units_in(piece_id) for m in u.models]


def party_names(units: Sequence[Unit]) -> str:
    """``Squad A, Captain B``."""
    return ", ".join(u.name for u in units)


def contact(world: World, party: Sequence[Unit], piece_id: str) -> Decision:
    """Whether a model of the party is in base contact with the piece's footprint."""
    footprint = world.piece(piece_id).footprint
    gaps = [distance(shape, footprint) for u in party for _, shape in world.unit_models(u.id)]
    if not gaps:
        return Decision.no("cannot enter: the unit has no models on the table")
    nearest = min(gaps)
    if nearest <= BASE_CONTACT:
        return Decision.yes()
    unit = display_unit(world.rule_system)
    return Decision.no(f"cannot enter: no model is in base contact with "
                       f"{piece_name(world, piece_id)} "
                       f"(nearest {format_distance(nearest, unit=unit)} away, contact is "
                       f"{format_distance(BASE_CONTACT, unit=unit)} or less)")


def piece_name(world: World, piece_id: str) -> str:
    """The piece's datasheet name (its id when it is not on the table)."""
    piece = world.pieces.get(piece_id)
    return piece.sheet.name if piece is not None else piece_id


#: Inches between bases in the first placement the board offers.
PLACEMENT_GAP = 0.1


#: Epic 40,000 infantry move 10 cm: the exit reach when a unit's stats give no movement.
EPIC_INFANTRY_MOVE_CM = 10.0


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
    #: The zone in force as its parts, one per access (each door's own zone, the battlements'
    #: zone): a model must stand wholly inside ONE of them, so this is what is drawn.
    zone_parts: tuple[BaseGeometry, ...] = ()
    #: The ids among ``access`` that are escape hatches (seed 000 FAQ: a unit coming out of
    #: one cannot charge that turn).
    escape_hatches: tuple[str, ...] = ()
    #: Set once the models are placed: the unit came out by an escape hatch
    #: (:func:`through_escape_hatch`).
    through_escape_hatch: bool = False

    @property
    def parts(self) -> tuple[BaseGeometry, ...]:
        """The zone's parts to draw (the whole zone when it has one part)."""
        return self.zone_parts or (self.zone,)


def _radius(model: Model) -> float:
    """Half the widest extent of a model's base, inches."""
    base = model.base
    if base.shape.rectangular:
        return math.hypot(base.length_in, base.width_in) / 2.0
    return max(base.length_in, base.width_in) / 2.0


def first_placement(zone: BaseGeometry, access: BaseGeometry,
                    models: Sequence[Model],
                    parts: Sequence[BaseGeometry] = ()) -> dict[str, XY]:
    """Spots on a hexagonal grid in ``zone``, nearest ``access`` first; empty if too few.

    With ``parts`` (each access's own zone) a spot's base must fit wholly inside one part.
    """
    if zone.is_empty or not models:
        return {}
    radius = max(_radius(m) for m in models)
    pieces = [p.intersection(zone) for p in parts] if parts else [zone]
    inner = shapely.union_all([p.buffer(-radius - 1e-3) for p in pieces])
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


def room_in(world: World, side: str, zone: BaseGeometry) -> BaseGeometry:
    """The zone less the bases of the side's models standing in it (for the first placement)."""
    if zone.is_empty:
        return zone
    area = shapely.box(*zone.bounds)
    near = [as_geometry(m.shape) for m in world.models.values()
            if m.side == side and area.intersects(as_geometry(m.shape))]
    return zone.difference(shapely.union_all(near)) if near else zone


def refused(piece_id: str, party: list[Unit], system: RuleSystem,
            reason: str) -> DisembarkPlan:
    """A plan that says no, and why."""
    return DisembarkPlan(piece_id, tuple(u.id for u in party), system, Decision.no(reason))


def movement(unit: Unit, default: float | None) -> float | None:
    """The unit's ``stats["movement"]`` (``default`` when not given; ``None``: not a number)."""
    value = unit.stats.get("movement", default)
    return float(value) if isinstance(value, (int, float)) else None


def on_battlements(models: Sequence[tuple[str, Shape]], roof: BaseGeometry | None) -> list[str]:
    """The ids of the ``models`` standing wholly on ``roof`` (none without battlements)."""
    if roof is None:
        return []
    return [model_id for model_id, shape in models
            if wholly_within(shape, roof, 0.0)]  # a flush base reads 1e-15" out


def around_plan(world: World, piece_id: str, party: list[Unit], system: RuleSystem,
                reach: float, zone: BaseGeometry, why: str) -> DisembarkPlan:
    """A plan measured from the footprint (Epic 40,000, Warhammer Fantasy): ``zone`` given."""
    footprint = world.piece(piece_id).footprint
    models = [m for u in party for m in u.models]
    start = first_placement(room_in(world, party[0].side, zone), footprint, models)
    if not start:
        return refused(piece_id, party, system,
                       f"cannot leave {world.piece(piece_id).sheet.name}: no room for "
                       f"{counted(len(models), 'model')} around it")
    return DisembarkPlan(piece_id, tuple(u.id for u in party), system, Decision.yes(why),
                         reach, ((piece_id, footprint),), zone, zone, False, start)


def through_escape_hatch(plan: DisembarkPlan, models: Sequence[tuple[str, Shape]]) -> bool:
    """Whether the unit placed as ``models`` came out by one of the plan's escape hatches.

    A model came out by a hatch when it stands wholly within the plan's reach of a hatch but
    of no other access point and is not on the battlements: only the hatch could have let it
    out. A unit with every model within reach of a door (or up on the battlements) used the
    door (our reading; a player may name the door whenever one reaches). Never in an
    emergency disembarkation, which is measured from the footprint.
    """
    if plan.emergency or not plan.escape_hatches:
        return False
    hatches = [geom for access_id, geom in plan.access if access_id in plan.escape_hatches]
    doors = [geom for access_id, geom in plan.access if access_id not in plan.escape_hatches]
    up = set(on_battlements(models, plan.battlements))
    limit = plan.reach + EPSILON
    for model_id, shape in models:
        if model_id in up or any(farthest_distance(shape, d) <= limit for d in doors):
            continue
        if any(farthest_distance(shape, h) <= limit for h in hatches):
            return True
    return False


def charge_refusal(scenario: Scenario, unit: Unit) -> str:
    """Why ``unit`` may not charge now (empty: nothing in its state forbids it).

    Seed 000 FAQ: a unit that came out of an escape hatch this player turn cannot assault.
    """
    mark = turn_mark(scenario)
    if mark is not None and unit.stats.get(ESCAPE_HATCH_ON) == mark:
        return ("came out of an escape hatch this turn: a unit cannot assault out of one "
                "(the escape hatch rule)")
    return ""


def access_exit_verdicts(plan: DisembarkPlan, models: list[tuple[str, Shape]],
                         obstacles: Obstacles,
                         table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
    """Each model within the plan's reach of what it is measured from (40K, HH, Epic).

    A model standing wholly on the battlements the plan offers is placed legally however far
    from the doors (measured from ``battlements``).
    """
    verdicts = check_disembark(models, plan.access, obstacles, plan.reach,
                               battlements=plan.battlements, table=table)
    up = set(on_battlements(models, plan.battlements))
    return tuple(PlacementVerdict(v.model_id, tuple(
        p for p in v.problems if p[0] is not Problem.TOO_FAR), "battlements")
        if v.model_id in up else v for v in verdicts)


@dataclass(frozen=True)
class EmbarkAttempt:
    """The rules' decision and, when allowed, the change that carries it out."""

    decision: Decision
    change: Change | None = None

    @property
    def allowed(self) -> bool:
        """Whether the unit may go in."""
        return self.decision.allowed


def boarding_party(scenario: Scenario, unit_id: str) -> list[Unit]:
    """The unit first, then the independent characters on the table joined to it."""
    unit = scenario.unit(unit_id)
    joined = [u for u in scenario.units
              if u.joined_to == unit.id and u.on_table and u.id != unit.id]
    return [unit, *joined]


#: Inches: parts of a multi-part building this close count as adjacent (they touch).
ADJACENT = 0.01


def adjacent_parts(scenario: Scenario, world: World, piece_id: str) -> list[str]:
    """The other parts of ``piece_id``'s multi-part building that touch it."""
    piece = scenario.piece(piece_id)
    if piece.group is None or piece_id not in world.pieces:
        return []
    footprint = world.piece(piece_id).footprint
    return [p.id for p in scenario.terrain
            if p.group == piece.group and p.id != piece_id and p.id in world.pieces
            and footprint.distance(world.piece(p.id).footprint) <= ADJACENT]
