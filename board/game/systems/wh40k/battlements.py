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
from board.game.core.buildings import building_rules, write_back
from board.game.core.world import World
from board.game.measuring.rings import moved_world
from rules import wh40k

__all__ = ["units_on_battlements", "battlement_claims"]


def units_on_battlements(world: World, piece_id: str) -> list[str]:
    """The units with a model standing wholly on ``piece_id``'s battlements, in table order.

    None for a piece without battlements (or not on the table).
    """
    up = world.on_battlements(list(world.models))
    return list(dict.fromkeys(world.models[m].unit_id for m, p in up.items() if p == piece_id))


def battlement_claims(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                      moved: Mapping[str, tuple[float, float]]) -> Change | None:
    """The claims made by models moved (``moved``: each model's shift, inches) onto battlements.

    Seed 000: a unit that moves onto the battlements of an unclaimed building that still
    stands claims it at once (re-claiming a building another side holds needs entering it).
    Returns the change (the pieces claimed and a log line each), or ``None`` when none is.
    """
    if not moved:
        return None
    unclaimed = {p.id for p in scenario.terrain if p.claimed_by is None}
    if not any(world.pieces[p].battlements is not None for p in unclaimed if p in world.pieces):
        return None
    up: dict[str, str] = {}  # piece id -> the first moved unit found standing on its roof
    after = moved_world(world, moved)
    for model_id, piece_id in after.on_battlements(list(moved)).items():
        if piece_id in unclaimed:
            up.setdefault(piece_id, after.models[model_id].unit_id)
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
