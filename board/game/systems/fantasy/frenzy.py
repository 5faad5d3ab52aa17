"""A frenzied garrison forced out toward the nearest enemy (seed 002; no Qt).

Seed 002: a garrison "can never charge directly out of a building. A unit that's Frenzied or
otherwise forced to charge exits toward the nearest enemy instead, rather than actually
charging." A unit is frenzied when its stats say ``"frenzy": true``; it is forced to charge
when an enemy on the table is within its charge reach (Movement + 2D6, at most Movement + 12",
as for an assault), measured from the building's footprint to the enemy's nearest model
(:func:`rules.warhammer_fantasy.forced_exit`). That is decided as its player's turn begins
(the board's End turn of the other side): the garrison is placed outside on the enemy's side,
its rear 1" from the building, and the building is left empty, in the same undo step.
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, TroopType, Unit
from board.game.core.buildings import building_rules
from board.game.core.world import World, WorldCache
from board.game.systems.fantasy.building import FantasyBuilding
from board.game.systems.fantasy.friend_panic import place_outside
from geometry import distance
from rules import warhammer_fantasy as wf

__all__ = ["CHARGE_DICE_MOST", "forced_exits"]

#: The most two D6 add to a charge, inches.
CHARGE_DICE_MOST = 12.0


def _nearest_enemy(world: World, scenario: Scenario, unit: Unit,
                   piece_id: str) -> tuple[Unit, float, tuple[float, float]] | None:
    """The enemy unit on the table nearest the building, its distance and its nearest model."""
    footprint = world.piece(piece_id).footprint
    best = None
    for enemy in scenario.units:
        if enemy.side == unit.side or not enemy.on_table:
            continue
        for model_id, shape in world.unit_models(enemy.id):
            gap = distance(shape, footprint)
            if best is None or gap < best[1]:
                _, model = scenario.model(model_id)
                best = (enemy, gap, (model.x, model.y))
    return best


def _forced(world: World, scenario: Scenario, piece_id: str, building: FantasyBuilding,
            unit: Unit, change: Change) -> list[str]:
    name = world.piece(piece_id).sheet.name
    movement = unit.stats.get("movement")
    if isinstance(movement, bool) or not isinstance(movement, int | float):
        return [f"{unit.name} in {name} is frenzied, but has no Movement (stats 'movement') "
                f"to measure its charge reach by"]
    reach = float(movement) + CHARGE_DICE_MOST
    nearest = _nearest_enemy(world, scenario, unit, piece_id)
    if nearest is None:
        return []
    enemy, gap, (ex, ey) = nearest
    measure = (f"{enemy.name} {gap:.2f}\" from the building, its charge reach Movement "
               f"{movement:g}\" + 2D6: {reach:g}\"")
    decision = wf.forced_exit(True, gap <= reach)
    if not decision:
        return [f"{unit.name} in {name} is frenzied, but no enemy is within its charge reach "
                f"({measure})"]
    centre = world.piece(piece_id).footprint.centroid
    dx, dy = ex - centre.x, ey - centre.y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    lost = place_outside(scenario, change, world, piece_id, building,
                         (dx / length, dy / length), 0.0)
    return [f"{unit.name} in {name} is frenzied and {measure}: {decision.reason}; it is "
            f"placed outside toward {enemy.name}, its rear 1\" from the building", *lost]


def forced_exits(scenario: Scenario, library: Mapping[str, Datasheet], side: str,
                 change: Change) -> list[str]:
    """Force out each frenzied garrison of ``side`` with an enemy in its charge reach."""
    world: World | None = None
    lines: list[str] = []
    for piece in scenario.terrain:
        building = building_rules(scenario, library, piece)
        if not isinstance(building, FantasyBuilding) or building.garrison is None:
            continue
        unit = scenario.unit(building.garrison.unit)
        if unit.side != side or unit.stats.get("frenzy") is not True \
                or unit.troop_type is TroopType.CHARACTER:
            continue
        world = world or WorldCache(library).world_for(scenario)
        lines += _forced(world, scenario, piece.id, building, unit, change)
    return lines
