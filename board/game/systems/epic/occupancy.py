"""Going into and coming out of an Epic 40,000 building (seed 001; no Qt).

Only infantry may enter (:func:`rules.epic40k.may_enter`), a standing building, a model in
base contact with it. Infantry move freely out: within the unit's move of the footprint,
``stats["movement"]`` in cm (10 cm, infantry's move, when not given).
"""

from __future__ import annotations

from board.document.model import Scenario, TerrainPiece, Unit
from board.game.core.world import World
from board.game.occupancy.common import (
    EPIC_INFANTRY_MOVE_CM,
    DisembarkPlan,
    around_plan,
    contact,
    movement,
    party_names,
    piece_name,
)
from geometry import CM_PER_INCH, Obstacles, reach_area
from rules import epic40k
from rules.decision import Decision

__all__ = ["embark_decision", "disembark_plan"]


def embark_decision(world: World, scenario: Scenario, state: epic40k.BuildingState,
                    party: list[Unit], piece: TerrainPiece) -> Decision:
    """Infantry only, into a standing building, a model in base contact with it."""
    for unit in party:
        decision = epic40k.may_enter(unit.troop_type.value)
        if not decision:
            return Decision.no(f"cannot enter: {unit.name}: {decision.reason}")
    if not state.standing:
        return Decision.no(f"cannot enter: {piece_name(world, piece.id)} is "
                           f"{state.condition.value}")
    touching = contact(world, party, piece.id)
    if not touching:
        return touching
    return Decision.yes(f"{party_names(party)} enter {piece_name(world, piece.id)}")


def disembark_plan(scenario: Scenario, world: World, party: list[Unit],
                   obstacles: Obstacles) -> DisembarkPlan:
    """Out within the unit's move (cm) of the footprint."""
    piece_id = party[0].embarked_in or ""
    footprint = world.piece(piece_id).footprint
    move = movement(party[0], EPIC_INFANTRY_MOVE_CM)
    assert move is not None
    reach = move / CM_PER_INCH
    zone = obstacles.carve(reach_area(footprint, reach))
    why = f"{party[0].name} may move out up to {move:g} cm from {world.piece(piece_id).sheet.name}"
    return around_plan(world, piece_id, party, scenario.rule_system, reach, zone, why)
