"""Going into and coming out of a 40K or Horus Heresy building (seed 000; no Qt).

In: :func:`rules.wh40k.embark` with geometry's reach (every model within 2" of an access point,
the battlements counting as one). Out (RULES.md §1 "In and out", §4 decisions 6, 9): wholly
within 6" of an access point (3" after a Tremor), not in a building or impassable terrain,
not within 1" of an enemy, on the table; onto the battlements of a standing building. When
that zone cannot take the unit, the emergency zone: measured from the footprint instead; the
unit may then take no voluntary action for the rest of the turn.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario, TerrainPiece, Unit
from board.game.core.buildings import building_rules, write_back
from board.game.core.names import Namer
from board.game.core.world import World
from board.game.occupancy.common import (
    DISEMBARKED_ON,
    EMBARKED_ON,
    DisembarkPlan,
    EmbarkAttempt,
    adjacent_parts,
    first_placement,
    party_names,
    refused,
    room_in,
    turn_mark,
)
from geometry import (
    Obstacles,
    check_embark,
    disembark_zones,
    emergency_disembark_zone,
    format_distance,
)
from rules import wh40k
from rules.decision import Decision
from rules.wh40k.embark import EMBARK_REACH
from rules.words import counted

__all__ = [
    "unit_facts",
    "embark_decision",
    "disembark_plan",
    "leave",
    "out_of_reach",
    "move_between_parts",
]

XY = tuple[float, float]


def unit_facts(unit: Unit) -> wh40k.UnitFacts:
    """The facts the 40K building rules need about a unit."""
    return wh40k.UnitFacts(unit.id, unit.side, tuple(m.id for m in unit.models),
                           int(unit.stats.get("leadership", 8)), unit.troop_type.value,
                           unit.joined_to)


def out_of_reach(world: World, party: Sequence[Unit], piece_id: str) -> tuple[int, str]:
    """How many models are not within 2" of an access point (or the battlements), and who."""
    shapes = world.piece(piece_id)
    access: list[BaseGeometry] = [Point(p.x, p.y) for p in shapes.access_points]
    if shapes.battlements is not None:
        access.append(shapes.battlements)
    models = [m for u in party for m in world.unit_models(u.id)]
    check = check_embark(models, access, EMBARK_REACH)
    failing = check.failing
    namer = Namer.for_world(world)
    shown = "; ".join(f"{namer.model(v.model_id)} {format_distance(v.distance)}"
                      for v in failing[:4])
    more = f" and {len(failing) - 4} more" if len(failing) > 4 else ""
    return len(failing), (f" (nearest access: {shown}{more})" if failing else "")


def embark_decision(world: World, scenario: Scenario, building: wh40k.Building,
                    party: list[Unit], piece: TerrainPiece) -> Decision:
    """Whether ``party`` may go into ``building`` now (a yes claims it in ``building``)."""
    return _embark(world, building, party, scenario.units_in(piece.id), turn_mark(scenario))


def _embark(world: World, building: wh40k.Building, party: list[Unit],
            inside: list[Unit], mark: list[Any] | None) -> Decision:
    out, who = out_of_reach(world, party, building.id)
    came_out = mark is not None and any(u.stats.get(DISEMBARKED_ON) == mark for u in party)
    decision, _claim = wh40k.embark(building, [unit_facts(u) for u in party], out,
                                    [unit_facts(u) for u in inside], came_out)
    if not decision.allowed and out and "within" in decision.reason:
        return Decision.no(decision.reason + who)
    return decision


def disembark_plan(scenario: Scenario, world: World, building: wh40k.Building,
                   party: list[Unit], obstacles: Obstacles) -> DisembarkPlan:
    """By the access points (or onto the battlements); the emergency zone when none fits."""
    system = scenario.rule_system
    ids = tuple(u.id for u in party)
    decision = Decision.yes()
    mark = turn_mark(scenario)
    for unit in party:
        went_in = mark is not None and unit.stats.get(EMBARKED_ON) == mark
        decision = wh40k.can_disembark(building, unit.id, embarked_this_turn=went_in)
        if not decision:
            return refused(building.id, party, system, decision.reason)
    reach = min(wh40k.disembark_distance(building, u) for u in ids)
    shapes = world.piece(building.id)
    doors = tuple((p.id, Point(p.x, p.y)) for p in shapes.access_points)
    models = [m for u in party for m in u.models]
    roof = _battlements(building, shapes.battlements)
    zones = disembark_zones(doors, obstacles, reach)
    door_parts = tuple(zone for _, zone in zones)
    hatches = tuple(d for d, _ in doors if d in building.profile.escape_hatches)
    ground = shapely.union_all(door_parts) if door_parts else Polygon()
    normal, parts = ground, door_parts
    roof_parts: tuple[BaseGeometry, ...] = ()
    if roof is not None:  # the battlements count as an access point: out onto them
        roof_zone = obstacles.carve(roof, roof)
        roof_parts = (roof_zone,)
        normal, parts = shapely.union_all([ground, roof_zone]), (*door_parts, roof_zone)
    # The first placement tries the doors, then the battlements, and the escape hatches only
    # last: a unit coming out of one may not charge (seed 000 FAQ).
    plain = tuple(zone for d, zone in zones if d not in hatches)
    tries = [plain, (*plain, *roof_parts), parts] if hatches else [door_parts, parts]
    side = party[0].side
    start: dict[str, XY] = {}
    for offered_parts in tries if doors else ():
        if start or not offered_parts:
            continue
        offered = shapely.union_all(offered_parts)
        start = first_placement(room_in(world, side, offered),  # the ground first
                                shapely.union_all([g for _, g in doors]), models,
                                offered_parts)
    if start:
        return DisembarkPlan(building.id, ids, system, decision, reach, doors, normal, normal,
                             False, start, roof, parts, hatches)
    footprint = ((building.id, shapes.footprint),)
    emergency = emergency_disembark_zone(shapes.footprint, obstacles, reach)
    start = first_placement(room_in(world, side, emergency), shapes.footprint, models)
    if not start:
        return refused(building.id, party, system,
                        f"cannot disembark: neither the {reach:g}\" zone of the access points "
                        "nor the emergency zone around the building has room for "
                        f"{counted(len(models), 'model')}")
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


def leave(building: wh40k.Building, plan: DisembarkPlan, onto_battlements: bool) -> Decision:
    """Take the plan's units out of ``building`` (:func:`rules.wh40k.disembark`)."""
    outcome = wh40k.disembark(building, plan.unit_ids, plan.emergency,
                              onto_battlements=onto_battlements,
                              escape_hatch=plan.through_escape_hatch)
    return outcome.decision


def move_between_parts(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       unit: Unit, inside: str, target_id: str) -> EmbarkAttempt:
    """Move ``unit``, inside part ``inside`` of a multi-part 40K building, into an adjacent part.

    Seed 000: it takes the unit's whole move, the part must be unoccupied and take the
    models; entering claims it. Both parts' states and the unit change in one change.
    """
    source_piece, target_piece = scenario.piece(inside), scenario.piece(target_id)
    source = building_rules(scenario, library, source_piece)
    target = building_rules(scenario, library, target_piece)
    if not isinstance(source, wh40k.Building) or not isinstance(target, wh40k.Building):
        return EmbarkAttempt(Decision.no("cannot move: moving between the parts of a building "
                                         "is a Warhammer 40,000 and Horus Heresy rule"))
    party = [unit, *(u for u in scenario.units_in(source_piece.id)
                     if u.joined_to == unit.id and u.id != unit.id)]
    adjacent = target_id in adjacent_parts(scenario, world, source_piece.id)
    decision, _claim = wh40k.move_between_parts(source, target, [unit_facts(u) for u in party],
                                                adjacent)
    if not decision:
        return EmbarkAttempt(decision)
    units: dict[str, Unit | None] = {}
    for member in party:
        moved = copy.deepcopy(member)
        moved.embarked_in = target_id
        units[member.id] = moved
    pieces: dict[str, TerrainPiece | None] = {}
    for piece, rules_object in ((source_piece, source), (target_piece, target)):
        new_piece = copy.deepcopy(piece)
        write_back(new_piece, rules_object, scenario.rule_system)
        pieces[piece.id] = new_piece
    names = {p: world.piece(p).sheet.name if p in world.pieces else p
             for p in (source_piece.id, target_id)}
    text = (f"{party_names(party)} move from {names[source_piece.id]} into {names[target_id]}: "
            f"{decision.reason}")
    return EmbarkAttempt(decision, Change(units=units, pieces=pieces, log=[LogEntry(text)]))
