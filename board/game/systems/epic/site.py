"""Where an Epic 40,000 building stands among the stands: who is inside, who is near.

One copy for the shooting, the close assault and the start of a game turn: a building that
collapses catches the stands inside and those within the largest collapse radius (seed 001).
"""

from __future__ import annotations

from board.document.model import Scenario
from board.game.core.assault import stat_int
from board.game.core.world import World
from geometry import CM_PER_INCH, distance
from rules import epic40k
from rules.epic40k.options import EpicOptions
from rules.epic40k.tables import COLLAPSE_RADIUS_DICE

__all__ = ["epic_site"]


def epic_site(scenario: Scenario, world: World, piece_id: str) -> epic40k.Site:
    """The stands inside ``piece_id`` and those near enough to be caught if it collapses."""
    inside = tuple(epic40k.UnitInside(m.id, u.id, stat_int(u, "armour"))
                   for u in scenario.units_in(piece_id) for m in u.models)
    footprint = world.piece(piece_id).footprint
    reach = 6 * max(COLLAPSE_RADIUS_DICE.values())
    nearby = []
    for unit in scenario.units:
        for model_id, shape in world.unit_models(unit.id) if unit.on_table else ():
            gap = distance(shape, footprint) * CM_PER_INCH
            if gap <= reach:
                nearby.append(epic40k.UnitNearby(model_id, unit.id, stat_int(unit, "armour"),
                                                 gap))
    return epic40k.Site(inside, tuple(nearby), EpicOptions.from_dict(scenario.options))
