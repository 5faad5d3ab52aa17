"""Panic in the garrisons near a friend destroyed or breaking (seed 002; no Qt).

Seed 002: "A garrisoned unit takes Panic tests normally, measuring distance to the edge of the
building ... A unit that breaks from combat or is destroyed while garrisoning a building can
trigger Panic in friendly units as usual too." As usual (RULES.md section 3): a friend
destroyed or breaking within 6" causes a Panic test, measured to the footprint's edge
(:func:`rules.warhammer_fantasy.panic_test_needed`). Each friendly garrison of another
building within 6" tests on its Leadership; one that fails is placed outside on the far side
from the friend and flees its 2D6, as a garrison failing Panic from its own losses does.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, Unit
from board.game.core.assault import stat_int, unit_version
from board.game.core.buildings import building_rules, write_back
from board.game.core.world import World
from board.game.systems.fantasy.assault_facts import far_side
from board.game.systems.fantasy.building import FantasyBuilding
from geometry import distance
from rules import warhammer_fantasy as wf
from rules.dice import Dice
from rules.warhammer_fantasy.panic import PanicCause
from rules.words import says

__all__ = ["Where", "friends_panic", "after_assault", "unit_area", "flee_from_building",
           "place_outside"]

XY = tuple[float, float]


@dataclass(frozen=True)
class Where:
    """Where a friend was when it was destroyed or broke: its shapes and their middle."""

    shapes: tuple[Any, ...]
    centre: XY

    def distance_to(self, footprint: Any) -> float:
        """Inches from the nearest of its shapes to ``footprint`` (closest point to point)."""
        return min(distance(shape, footprint) for shape in self.shapes)


def unit_area(world: World, unit: Unit, piece_id: str | None) -> Where:
    """Where ``unit`` stands: its building's footprint if it garrisons one, else its models."""
    if piece_id is not None:
        footprint = world.piece(piece_id).footprint
        return Where((footprint,), (footprint.centroid.x, footprint.centroid.y))
    models = [m for m in unit.models]
    centre = (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))
    return Where(tuple(shape for _, shape in world.unit_models(unit.id)), centre)


def _garrisons(scenario: Scenario, library: Mapping[str, Datasheet], side: str,
               skip: Sequence[str]) -> list[tuple[str, FantasyBuilding, Unit]]:
    found = []
    for piece in scenario.terrain:
        building = building_rules(scenario, library, piece)
        if not isinstance(building, FantasyBuilding) or building.garrison is None:
            continue
        if building.garrison.side == side and piece.id not in skip:
            found.append((piece.id, building, scenario.unit(building.garrison.unit)))
    return found


def friends_panic(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                  change: Change, friend: Unit, cause: PanicCause, area: Where,
                  dice: Dice, skip: Sequence[str] = ()) -> list[str]:
    """Test Panic in ``friend``'s side's garrisons within 6" of ``area`` (not in ``skip``).

    ``area`` is where the friend was when it was destroyed or broke; the lines say who tested,
    the distance and the roll; the garrisons that fail leave and flee (into ``change``).
    """
    what = ("destroyed" if cause is PanicCause.FRIEND_DESTROYED
            else says(friend.name, "breaks", "break"))
    lines = []
    for piece_id, building, unit in _garrisons(scenario, library, friend.side, skip):
        if unit.id in change.units and change.units[unit.id] is None:
            continue
        gap = area.distance_to(world.piece(piece_id).footprint)
        needed = wf.panic_test_needed(cause, gap)
        if not needed:
            continue
        test = wf.garrison_panic_test(stat_int(unit, "leadership"), dice)
        lines.append(f"{unit.name} in {world.piece(piece_id).sheet.name}: {friend.name} "
                     f"{what} {gap:.2f}\" from the building's edge (within 6\"): "
                     f"{test.verdict}")
        if not test.passed and test.flee is not None:
            lines += flee_from_building(scenario, change, world, piece_id, building,
                                        area.centre, test.flee.total, friend.name)
    return lines


def after_assault(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                  change: Change, garrison: tuple[Unit, str], attacker: Unit,
                  destroyed: Sequence[Unit], broke: bool, dice: Dice) -> list[str]:
    """Panic near an assault: a unit destroyed in it, or the garrison broken (seed 002).

    ``garrison`` is the defending unit and its building; ``destroyed`` the units the assault
    wiped out (measured from the building for the garrison, from its models for the
    assaulter); ``broke``: the garrison broke (and was not destroyed).
    """
    defender, piece_id = garrison
    lines: list[str] = []
    for unit in destroyed:
        area = unit_area(world, unit, piece_id if unit is defender else None)
        lines += friends_panic(scenario, library, world, change, unit,
                               PanicCause.FRIEND_DESTROYED, area, dice, skip=[piece_id])
    if broke and defender not in destroyed:
        lines += friends_panic(scenario, library, world, change, defender,
                               PanicCause.FRIEND_BREAKS, unit_area(world, defender, piece_id),
                               dice, skip=[piece_id])
    return lines


def flee_from_building(scenario: Scenario, change: Change, world: World, piece_id: str,
                       building: FantasyBuilding, at: XY, flee: int,
                       away_from: str = "the firer") -> list[str]:
    """Place the garrison outside on the far side from ``at``, then ``flee`` inches on."""
    centre = world.piece(piece_id).footprint.centroid
    dx, dy = centre.x - at[0], centre.y - at[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    lost = place_outside(scenario, change, world, piece_id, building,
                         (dx / length, dy / length), flee)
    return [f"the garrison is placed outside, away from {away_from}, and flees {flee}\"",
            *lost]


def place_outside(scenario: Scenario, change: Change, world: World, piece_id: str,
                  building: FantasyBuilding, away: XY, beyond: float) -> list[str]:
    """Put everyone inside out of the building along ``away`` (a unit vector).

    Their rear is 1" beyond the footprint's far side, then ``beyond`` inches more; the building
    is left empty. Returns a line for each unit that would stand off the table: it is lost.
    """
    footprint = world.piece(piece_id).footprint
    centre = footprint.centroid
    versions = [v for v in (unit_version(scenario, change, u.id)
                            for u in scenario.units_in(piece_id)
                            if change.units.get(u.id, u) is not None)]
    models = [m for v in versions for m in v.models]
    cx, cy = sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models)
    back = max(-(m.x - cx) * away[0] - (m.y - cy) * away[1] + m.base.length_in / 2
               for m in models)
    reach = far_side(footprint, away) + 1.0 + back + beyond
    tx, ty = centre.x + away[0] * reach - cx, centre.y + away[1] * reach - cy
    table = scenario.table
    lines = []
    for version in versions:
        version.embarked_in = None
        for m in version.models:
            m.x, m.y = m.x + tx, m.y + ty
        if any(not (0 <= m.x <= table.width and 0 <= m.y <= table.height)
               for m in version.models):
            change.units[version.id] = None
            lines.append(f"{version.name} {says(version.name, 'flees', 'flee')} off the table and "
                         f"{says(version.name, 'is', 'are')} lost")
    piece = copy.deepcopy(scenario.piece(piece_id))
    write_back(piece, FantasyBuilding(building.floors, None), scenario.rule_system)
    change.pieces[piece_id] = piece
    return lines
