"""Who stands on a building's battlements: read from where the models are, not remembered.

Seed 000: the battlements are a piece of terrain on top of the building. A unit gets there by
disembarking onto them (they count as an access point) or by moving onto them, and leaves by
moving off; what happens to the building reaches the units on them (a Total Collapse or a
Detonation hits each of them). A list kept in the building's state would go stale the moment
a player drags a unit off the roof, so the board asks the table instead.
"""

from __future__ import annotations

from board.game.world import World
from geometry import as_geometry, farthest_distance

__all__ = ["units_on_battlements"]


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
