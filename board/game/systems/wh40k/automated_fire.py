"""Automated fire of claimed 40K buildings at the end of a Shooting phase (seed 000; no Qt).

Each emplaced weapon of a claimed building that was not fired by hand (the building's record of
the phase, :mod:`.fire_record`, and any ``manually_fired`` given) fires at the nearest
enemy unit within its range and line of sight, measured from its mount (RULES.md §4, 000
decision 10: ties broken at random), as if by a model of Ballistic Skill 2 (1 under Snap
Shots). :func:`automated_targets` finds the targets (for the board to highlight) and
:func:`automated_fire` rolls: to hit at the weapon's shots, then, when the target's stats give
``toughness`` (and ``save``, ``invulnerable``, ``wounds``), to wound and the saves, the wounds
allocated at random among the unit's models (:func:`rules.wh40k.resolve_wounds`; the players
may prefer closest first); otherwise the hits are reported for the players to resolve. All of
it is one :class:`~board.document.changes.Change` with one log line, every roll and the seed.

Range runs to each enemy model's real base or hull (round, oval, hull, square, rectangular),
and a model is in sight when any part of it is seen (the exact visible share,
:func:`geometry.visible_shares`).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Collection, Mapping

import shapely

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario
from board.game.core.buildings import building_rules, write_back
from board.game.core.shooters import model_height, mount_arc, mount_height
from board.game.core.shots import AutomatedTarget, FireResult
from board.game.core.world import World
from board.game.systems.facts import facts_for
from geometry import Circle, EnemyUnit, Shape, nearest_enemy
from rules import wh40k
from rules.dice import Dice, Roll
from rules.words import counted

__all__ = ["AutomatedTarget", "automated_targets", "FireResult", "automated_fire"]

XY = tuple[float, float]


def _enemies(world: World, side: str) -> list[EnemyUnit]:
    found = []
    for unit in world.units.values():
        if unit.side == side or not unit.on_table:
            continue
        bases = tuple(world.unit_models(unit.id))
        found.append(EnemyUnit(unit.id, tuple(bases), model_height(unit, world.rule_system)))
    return found


def _in_arc(enemies: list[EnemyUnit], at: XY, arc: tuple[float, float] | None,
            ) -> list[EnemyUnit]:
    """The enemy models some part of which is in front of a wall mount's wall."""
    if arc is None:
        return enemies
    dx, dy = math.sin(math.radians(arc[0])), -math.cos(math.radians(arc[0]))
    kept = []
    for unit in enemies:
        models = tuple((mid, c) for mid, c in unit.models if _ahead(c, at, dx, dy) > 0.0)
        if models:
            kept.append(EnemyUnit(unit.id, models, unit.height))
    return kept


def _ahead(shape: Shape, at: XY, dx: float, dy: float) -> float:
    """How far the shape's farthest point lies ahead of the mount along ``(dx, dy)``."""
    if isinstance(shape, Circle):
        return (shape.x - at[0]) * dx + (shape.y - at[1]) * dy + shape.radius
    xy = shapely.get_coordinates(shape)
    return float(((xy[:, 0] - at[0]) * dx + (xy[:, 1] - at[1]) * dy).max())


def _targets_of(world: World, building: wh40k.Building, manual: Collection[str],
                dice: Dice) -> list[AutomatedTarget]:
    piece = world.piece(building.id)
    mounts = {m.id: m for m in piece.mounts}
    enemies = _enemies(world, building.state.claimed_by or "")

    def nearest(weapon_id: str) -> list[str]:
        mount = mounts[weapon_id]
        at = (mount.x, mount.y)
        found = nearest_enemy(at, mount_height(piece, mount), mount.weapon.range,
                              _in_arc(enemies, at, mount_arc(piece, mount)), world.terrain.index,
                              facts_for(world.rule_system).sight_rule, frozenset({building.id}),
                              distance_rule=world.distance_rule)  # range with the mount's height
        return list(found.tied) if found else []

    shots = wh40k.automated_fire(building, manual, nearest, dice)
    return [AutomatedTarget(building.id, s.weapon_id, mounts[s.weapon_id].weapon.name,
                            (mounts[s.weapon_id].x, mounts[s.weapon_id].y), s.target, s.bs,
                            s.reason, mounts[s.weapon_id].weapon.shots,
                            f"{building.name_of(s.weapon_id)} of {building.name}")
            for s in shots]


def automated_targets(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                      dice: Dice, manually_fired: Mapping[str, Collection[str]] | None = None,
                      ) -> list[AutomatedTarget]:
    """Every claimed building's emplaced weapons and their targets (ties rolled on ``dice``)."""
    found: list[AutomatedTarget] = []
    for piece in scenario.terrain:
        building = building_rules(scenario, library, piece)
        if isinstance(building, wh40k.Building) and building.state.claimed_by \
                and not building.destroyed and piece.id in world.pieces:
            manual = {*wh40k.fired_by_hand(building), *(manually_fired or {}).get(piece.id, ())}
            found += _targets_of(world, building, manual, dice)
    return found


def _profiles(scenario: Scenario, change: Change, unit_id: str,
              ) -> dict[str, wh40k.ModelProfile] | None:
    unit = change.units.get(unit_id, scenario.unit(unit_id))
    if unit is None or "toughness" not in unit.stats:
        return None
    s = unit.stats
    profile = wh40k.ModelProfile(int(s["toughness"]), s.get("save"), s.get("invulnerable"),
                                 int(s.get("wounds", 1)))
    return {m.id: profile for m in unit.models}


def _fire_one(scenario: Scenario, library: Mapping[str, Datasheet], target: AutomatedTarget,
              dice: Dice, change: Change) -> str:
    assert target.target is not None and target.bs is not None
    piece = change.pieces.get(target.piece_id) or scenario.piece(target.piece_id)
    building = building_rules(scenario, library, piece)
    assert isinstance(building, wh40k.Building)
    weapon = building.profile.weapon(target.weapon_id).weapon
    hits = sum(wh40k.roll_to_hit(target.bs, dice, weapon.has("Twin-linked")).hit
               for _ in range(weapon.shots))
    victim = building.name_of(target.target)
    text = (f"{target.shooter} (automated, BS{target.bs}) at {victim}: "
            f"{counted(weapon.shots, 'shot')}, {hits} hit")
    if wh40k.record_fired(building, target.weapon_id):
        new = copy.deepcopy(piece)
        write_back(new, building, scenario.rule_system)
        change.pieces[piece.id] = new
    if change.units.get(target.target, True) is None:
        return text + f"; {victim} is already destroyed"
    profiles = _profiles(scenario, change, target.target)
    if not hits or profiles is None or weapon.strength is None:
        return text + ("" if not hits else f" at S{weapon.strength} – the players roll to wound")
    carried = Roll(f"hits from {target.weapon}", (hits,), max(hits, 1))  # a count, not a die
    unit_hits = wh40k.UnitHits((target.target,), carried, "shot at", weapon.strength,
                               weapon.ap, ignores_cover=False, randomly_allocated=True)
    wounds = wh40k.resolve_wounds(unit_hits, profiles, dice, building.names)
    unit = copy.deepcopy(change.units.get(target.target) or scenario.unit(target.target))
    unit.models = [m for m in unit.models if m.id not in wounds.casualties]
    change.units[unit.id] = unit if unit.models else None
    return f"{text}; {wounds.describe(building.names)}"


def automated_fire(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                   seed: int | None = None,
                   manually_fired: Mapping[str, Collection[str]] | None = None) -> FireResult:
    """Find every automated weapon's target and resolve its fire, as one change."""
    dice = Dice(seed)
    targets = automated_targets(scenario, library, world, dice, manually_fired)
    change = Change()
    lines = ["Automated fire at the end of the Shooting phase"]
    for target in targets:
        if target.target is None:
            lines.append(f"{target.shooter}: {target.reason}")
        else:
            lines.append(_fire_one(scenario, library, target, dice, change))
    rolls = [r.to_dict() for r in dice.take()]
    change.log.append(LogEntry("\n".join(lines), rolls, dice.seed))
    return FireResult(targets, change, lines)
