"""Garrisoning a Warhammer Fantasy building and leaving it (seed 002; no Qt).

In: the garrison rules (:func:`rules.warhammer_fantasy.may_garrison`, or
:func:`~rules.warhammer_fantasy.may_join` for a character joining the garrison), a model in
base contact with the building. Out (RULES.md §4 decision 3): not in the game turn it went in;
the garrison exit zone, every model 1" or more and at most twice its Movement
(``stats["movement"]``, inches) from the building.
"""

from __future__ import annotations

import math

from board.document.model import Scenario, TerrainPiece, TroopType, Unit
from board.document.stats import EDIT_UNIT_PLACE
from board.game.core.clock import side_name
from board.game.core.placement_checks import fantasy_exit_verdicts
from board.game.core.world import World
from board.game.occupancy.common import (
    DisembarkPlan,
    around_plan,
    contact,
    movement,
    party_names,
    piece_name,
    refused,
    turn_mark,
)
from board.game.systems.fantasy.building import FantasyBuilding
from geometry import (
    Obstacles,
    PlacementVerdict,
    Problem,
    Shape,
    check_disembark,
    garrison_exit_zone,
    model_footprint,
    wholly_within,
)
from rules import warhammer_fantasy
from rules.decision import Decision
from rules.words import says

__all__ = ["embark_decision", "disembark_plan", "exit_verdicts", "leave"]


def embark_decision(world: World, scenario: Scenario, building: FantasyBuilding,
                    party: list[Unit], piece: TerrainPiece) -> Decision:
    """Garrison the building, or join its garrison (a yes sets ``building.garrison``)."""
    piece_id = piece.id
    unit = party[0]
    if unit.troop_type is TroopType.CHARACTER and building.garrison is not None:
        touching = contact(world, party, piece_id)
        decision = warhammer_fantasy.may_join(unit.side, building.garrison, bool(touching))
        measure = touching.reason.rfind("(nearest")  # how far, and what contact is
        if not touching and measure >= 0:
            decision = Decision(decision.allowed,
                                f"{decision.reason} {touching.reason[measure:]}")
    else:
        room, measured = _room_on_top_floor(world, unit, piece_id)
        decision = warhammer_fantasy.may_garrison(
            unit.troop_type.value, occupied=building.garrison is not None,
            marched=bool(unit.stats.get("marched", False)),
            reformed=bool(unit.stats.get("reformed", False)), room_on_top_floor=room)
        if unit.troop_type is TroopType.WAR_MACHINE:
            decision = Decision(decision.allowed, f"{decision.reason} ({measured})")
    if not decision:
        return Decision.no(f"cannot garrison {piece_name(world, piece_id)}: {decision.reason}")
    touching = contact(world, party, piece_id)
    if not touching:
        return touching
    if building.garrison is None:
        mark = turn_mark(scenario)
        building.garrison = warhammer_fantasy.GarrisonState(
            unit.id, unit.side, int(mark[0]) if mark else 0, name=unit.name)
    else:
        building.garrison.characters.extend(u.id for u in party)
    return Decision.yes(f"{party_names(party)} garrison {piece_name(world, piece_id)}")


def _room_on_top_floor(world: World, unit: Unit, piece_id: str) -> tuple[bool, str]:
    """Whether the war machine's base fits on the building's top floor, and the measures.

    Seed 002: "war machines can be deployed inside one only if there's room to deploy on the
    top floor". The top floor of the seed's uniform building is its footprint: the machine
    (the unit's first model) fits if its base, set square or turned a quarter, lies wholly
    inside the footprint somewhere about its middle (the centroid).
    """
    footprint = world.piece(piece_id).footprint
    if not unit.models:
        return False, "the unit has no model"
    base = unit.models[0].base
    centre = footprint.centroid
    fits = any(wholly_within(model_footprint(base.shape.value, base.length, base.width,
                                             centre.x, centre.y, turn), footprint, 0.0)
               for turn in (0.0, 90.0))
    x0, y0, x1, y1 = footprint.bounds
    size = f'{base.length_in:.2f}" × {base.width_in:.2f}"'
    floor = f'{x1 - x0:.2f}" × {y1 - y0:.2f}"'
    verdict = "fits on" if fits else "does not fit on"
    return fits, f"its base {size} {verdict} the {floor} top floor"


def _garrison_stays(scenario: Scenario, building: FantasyBuilding, unit: Unit) -> str | None:
    """Why a Fantasy garrison may not leave now, or None (seed 002).

    Not in the game turn it went in, and only in its Remaining Moves: the board keeps no
    sub-phases, so that is its own side's player turn.
    """
    mark = turn_mark(scenario)
    garrison = building.garrison
    if mark is None or garrison is None or garrison.unit != unit.id:
        return None
    if garrison.entered_turn == mark[0]:
        return (f"cannot leave: {unit.name} garrisoned the building this turn (turn {mark[0]}) "
                "and may leave in a later turn")
    now = warhammer_fantasy.may_leave_now(garrison, int(mark[0]), mark[1] == garrison.side)
    if not now:
        return f"cannot leave: {now.reason} (it is {side_name(scenario, str(mark[1]))}'s turn)"
    return None


def disembark_plan(scenario: Scenario, world: World, building: FantasyBuilding,
                   party: list[Unit], obstacles: Obstacles) -> DisembarkPlan:
    """The garrison exit zone: 1" to twice the unit's Movement from the building."""
    piece_id = party[0].embarked_in or ""
    system = scenario.rule_system
    refusal = _garrison_stays(scenario, building, party[0])
    if refusal is not None:
        return refused(piece_id, party, system, refusal)
    move = movement(party[0], None)
    if move is None:
        name = party[0].name
        return refused(piece_id, party, system, f"cannot leave: {name} "
                       f"{says(name, 'has', 'have')} no Movement value to measure twice "
                       f"{says(name, 'its', 'their')} move by: enter it in {EDIT_UNIT_PLACE}")
    reach = 2.0 * move
    zone = garrison_exit_zone(world.piece(piece_id).footprint, move, obstacles)
    why = (f"{party[0].name} {says(party[0].name, 'leaves', 'leave')} "
           f"{world.piece(piece_id).sheet.name}: every model 1\" to "
           f"{reach:g}\" from it, and moves no further this turn")
    return around_plan(world, piece_id, party, system, reach, zone, why)


def exit_verdicts(plan: DisembarkPlan, models: list[tuple[str, Shape]], obstacles: Obstacles,
                  table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
    """Each model 1" to twice its Movement from the building, and on the table."""
    verdicts = fantasy_exit_verdicts(models, plan.access[0][1], plan.reach / 2.0, obstacles)
    off = check_disembark(models, plan.access, obstacles, math.inf, table=table)
    return tuple(PlacementVerdict(v.model_id, v.problems + tuple(
        p for p in o.problems if p[0] is Problem.OFF_TABLE), v.measured_from,
        v.reach_distance) for v, o in zip(verdicts, off, strict=True))


def leave(building: FantasyBuilding, plan: DisembarkPlan) -> Decision:
    """The garrison goes (and its characters with it), or characters leave it."""
    if building.garrison is not None:
        if building.garrison.unit in plan.unit_ids:
            building.garrison = None
        else:
            building.garrison.characters = [
                c for c in building.garrison.characters if c not in plan.unit_ids]
    return Decision.yes()
