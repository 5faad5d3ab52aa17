"""Who stands on a building's battlements: read from where the models are, not remembered.

Seed 000: the battlements are a piece of terrain on top of the building. A unit gets there by
disembarking onto them (they count as an access point) or by moving onto them, and leaves by
moving off; what happens to the building reaches the units on them (a Total Collapse or a
Detonation hits each of them). A list kept in the building's state would go stale the moment
a player drags a unit off the roof, so the board asks the table instead.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario
from board.game.buildings import building_rules, write_back
from board.game.rings import moved_world
from board.game.world import World
from geometry import as_geometry, farthest_distance
from rules import wh40k

__all__ = ["units_on_battlements", "battlement_claims"]


def units_on_battlements(world: World, piece_id: str) -> list[str]:
    """The units with a model standing wholly on ``piece_id``'s battlements, in table order.

    None for a piece without battlements (or not on the table).
    """
    piece = world.pieces.get(piece_id)
    roof = piece.battlements if piece is not None else None
    if roof is None:
        return []
    x0, y0, x1, y1 = roof.bounds
    found: dict[str, None] = {}
    for model in world.models.values():
        if model.unit_id in found:
            continue
        bx0, by0, bx1, by1 = as_geometry(model.shape).bounds
        if bx0 < x0 or by0 < y0 or bx1 > x1 or by1 > y1:
            continue  # not even inside the battlements' box
        if farthest_distance(model.shape, roof) <= 0.0:
            found[model.unit_id] = None
    return list(found)


def battlement_claims(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                      moved: Mapping[str, tuple[float, float]]) -> Change | None:
    """The claims made by models moved (``moved``: each model's shift, inches) onto battlements.

    Seed 000: a unit that moves onto the battlements of an unclaimed building that still
    stands claims it at once (re-claiming a building another side holds needs entering it).
    Returns the change (the pieces claimed and a log line each), or ``None`` when none is.
    """
    if not moved:
        return None
    roofs = {piece.id: shapes.battlements for piece in scenario.terrain
             if piece.claimed_by is None and (shapes := world.pieces.get(piece.id)) is not None
             and shapes.battlements is not None}
    if not roofs:
        return None
    after = moved_world(world, moved)
    up: dict[str, str] = {}  # piece id -> the first moved unit found standing on its roof
    for model_id in moved:
        model = after.models.get(model_id)
        if model is None:
            continue
        bx0, by0, bx1, by1 = as_geometry(model.shape).bounds
        for piece_id, roof in roofs.items():
            x0, y0, x1, y1 = roof.bounds
            if piece_id in up or bx0 < x0 or by0 < y0 or bx1 > x1 or by1 > y1:
                continue
            if farthest_distance(model.shape, roof) <= 0.0:
                up[piece_id] = model.unit_id
    change = Change()
    for piece_id, unit_id in up.items():
        piece = scenario.piece(piece_id)
        building = building_rules(scenario, library, piece)
        if not isinstance(building, wh40k.Building):
            continue
        unit = scenario.unit(unit_id)
        claim = wh40k.claim_on_battlements(building, unit.side)
        if not claim.changed:
            continue
        claimed = copy.deepcopy(piece)
        write_back(claimed, building)
        change.pieces[piece_id] = claimed
        change.log.append(LogEntry(f"{unit.name}: {claim.reason}"))
    return change if change.pieces else None
