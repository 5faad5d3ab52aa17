"""What the shooting dialog offers: the standing buildings, the firers and where they stand."""

from __future__ import annotations

from collections.abc import Mapping

from board.document.datasheet import Datasheet
from board.document.model import RuleSystem, Scenario
from board.game.core.buildings import building_rules
from board.game.core.names import Namer
from board.game.core.world import World
from geometry import distance
from rules import epic40k, wh40k

__all__ = ["FirerKey", "target_choices", "firer_choices", "firer_position"]

#: ``"unit/<unit id>"`` or ``"emplaced/<piece id>/<weapon id>"`` (a combo box's data).
FirerKey = str
XY = tuple[float, float]


def target_choices(scenario: Scenario, datasheets: Mapping[str, Datasheet],
                   ) -> list[tuple[str, str]]:
    """``(piece_id, label)`` of every standing building of the scenario's system."""
    found = []
    for piece in scenario.terrain:
        rules_object = building_rules(scenario, datasheets, piece)
        standing = (isinstance(rules_object, wh40k.Building) and not rules_object.destroyed) or (
            isinstance(rules_object, epic40k.BuildingState) and rules_object.standing)
        if standing:
            found.append((piece.id, datasheets[piece.datasheet].name))
    return _told_apart(found)


def _told_apart(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Names that two choices share get their id, so a player can tell them apart."""
    labels = [label for _, label in found]
    return [(key, f"{label} ({key})" if labels.count(label) > 1 else label)
            for key, label in found]


def firer_choices(scenario: Scenario, datasheets: Mapping[str, Datasheet], world: World,
                  ) -> list[tuple[FirerKey, str]]:
    """Units on the table, then the emplaced weapons of claimed 40K buildings."""
    sides = {s.id: s.name for s in scenario.sides}
    found: list[tuple[FirerKey, str]] = [(f"unit/{u.id}", f"{u.name} ({sides.get(u.side, u.side)})")
                                         for u in scenario.units if u.on_table and u.models]
    if scenario.rule_system is RuleSystem.EPIC40K:
        return found
    for piece in scenario.terrain:
        building = building_rules(scenario, datasheets, piece)
        if isinstance(building, wh40k.Building) and building.controller \
                and not building.destroyed:
            holder = sides.get(building.controller, building.controller)
            for spec in building.weapons_left():
                found.append((f"emplaced/{piece.id}/{spec.id}",
                              f"{_weapon_name(world, piece.id, spec.id)} of "
                              f"{world.piece(piece.id).sheet.name} ({holder})"))
    return _told_apart(found)


def _weapon_name(world: World, piece_id: str, weapon_id: str) -> str:
    """``Heavy bolter (front)``: the weapon and the wall it is in."""
    return Namer(world.units, world.pieces).mount(piece_id, weapon_id)


def firer_position(scenario: Scenario, world: World, key: FirerKey, piece_id: str,
                   ) -> tuple[XY, str]:
    """Where the firer stands (the unit's model nearest the target) and its name."""
    kind, _, rest = key.partition("/")
    if kind == "emplaced":
        piece, _, weapon = rest.partition("/")
        mount = next(m for m in world.piece(piece).mounts if m.id == weapon)
        return (mount.x, mount.y), (f"{_weapon_name(world, piece, weapon)} of "
                                    f"{world.piece(piece).sheet.name}")
    unit = scenario.unit(rest)
    footprint = world.piece(piece_id).footprint
    shapes = dict(world.unit_models(unit.id))
    nearest = min(unit.models, key=lambda m: distance(shapes[m.id], footprint))
    return (nearest.x, nearest.y), unit.name
