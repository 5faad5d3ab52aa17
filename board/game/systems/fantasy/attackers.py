"""Who holds a Warhammer Fantasy building, and who may assault it (seed 002; no Qt).

The assault dialog offers the enemy units on the table (characters join a unit, they do not
assault alone), nearest the building first, each with its distance in inches: the charge
itself is rolled later (:class:`~board.game.systems.fantasy.assault.FantasyStorm`).
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.datasheet import Datasheet
from board.document.model import Scenario, TroopType, Unit
from board.game.core.buildings import building_rules
from board.game.core.world import World
from board.game.systems.fantasy.building import garrison_of
from geometry import distance

__all__ = ["garrison_unit", "possible_attackers"]


def garrison_unit(scenario: Scenario, library: Mapping[str, Datasheet],
                  piece_id: str) -> Unit | None:
    """The unit garrisoning ``piece_id`` (``None``: empty, or not a Fantasy building)."""
    garrison = garrison_of(building_rules(scenario, library, scenario.piece(piece_id)))
    return scenario.unit(garrison.unit) if garrison is not None else None


def possible_attackers(scenario: Scenario, world: World, piece_id: str,
                       defender_side: str) -> list[tuple[Unit, float]]:
    """The enemy units on the table, nearest the building first, with their distance."""
    footprint = world.piece(piece_id).footprint
    found = []
    for unit in scenario.units:
        models = world.unit_models(unit.id) if unit.on_table else []
        if models and unit.side != defender_side and unit.troop_type is not TroopType.CHARACTER:
            found.append((unit, min(distance(s, footprint) for _, s in models)))
    return sorted(found, key=lambda pair: pair[1])
