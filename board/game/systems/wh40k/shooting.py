"""Shooting a 40K or Horus Heresy building from the board (seed 000/003; no Qt).

A :class:`ShotPlan` says who fires what at which building from where: the weapon's shots,
Ballistic Skill, Strength, AP, blast or template and the special rules the building rules read
(Twin-linked, Armourbane, Haywire), or one of a building's emplaced weapons. The facing comes
from geometry: the arc of the building the firer stands in (:func:`facing_from`).

- :func:`shot_odds` gives the exact odds of every outcome before rolling
  (:func:`rules.wh40k.attack_odds`), and :func:`odds_lines` says them in words.
- :func:`shoot` rolls with a seeded :class:`rules.dice.Dice`, resolves with
  :func:`rules.wh40k.resolve_shooting` and returns the whole effect as one
  :class:`~board.document.changes.Change`: the building's new state (hull points, armour,
  effects and until when, weapons lost, claim released), the occupants' casualties (when their
  stats give Toughness; otherwise the hits are reported for the players), the survivors of a
  fall placed outside (:class:`~board.game.systems.wh40k.forced_out.ForcedOutPlacer`;
  those with no room are removed), a cratered or ruined building swapped for a crater or ruins
  datasheet, and the log
  line with every roll and the seed.

Template weapons hit automatically; blast weapons roll to hit like any other shot (a marker
that scatters onto the building anyway is another shot the players add).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.clock import clock_of
from board.game.core.shots import ShootingError, ShotPlan, ShotResult, WeaponOrder
from board.game.core.world import World
from board.game.systems.wh40k.damage import damage_table
from board.game.systems.wh40k.effects import (
    ShotEffects,
    apply_effects,
    no_escape,
    weapon_profile,
)
from board.game.systems.wh40k.fire_record import check_from_building, record_from_building
from geometry import building_facing
from rules import wh40k
from rules.dice import Dice
from rules.wh40k.battlements import fuel_siphon_applies
from rules.words import counted, says

__all__ = [
    "SPECIAL_RULES",
    "ShootingError",
    "WeaponOrder",
    "ShotPlan",
    "ShotResult",
    "target_building",
    "facing_from",
    "emplaced_order",
    "shot_odds",
    "odds_lines",
    "shoot",
]

XY = tuple[float, float]
#: The special rules the building rules read, as the dialog offers them. Fuel Siphon: the
#: firer draws on Promethium Relay Pipes; every flamer weapon gets it (seed 000 FAQ), and it
#: re-rolls failed armour penetration and To Wound rolls (our reading,
#: :data:`rules.wh40k.DECISION_FUEL_SIPHON`).
SPECIAL_RULES = ("Twin-linked", "Armourbane", "Haywire", wh40k.FUEL_SIPHON)


def target_building(scenario: Scenario, library: Mapping[str, Datasheet],
                    piece_id: str) -> wh40k.Building:
    """Return the 40K building ``piece_id`` as it is now, or refuse naming why."""
    try:
        piece = scenario.piece(piece_id)
    except KeyError:
        raise ShootingError(f"no terrain piece {piece_id!r} in the scenario") from None
    name = sheet_of(scenario, library, piece).name
    fallen = piece.state.get("destroyed_by") if isinstance(piece.state, dict) else None
    if fallen:
        raise ShootingError(f"{name} is already destroyed ({fallen})")
    building = building_rules(scenario, library, piece)
    if not isinstance(building, wh40k.Building):
        raise ShootingError(f"{name} is not a {scenario.rule_system.label} building")
    if building.destroyed:
        raise ShootingError(f"{name} is already {building.state.condition.value}")
    return building


def facing_from(scenario: Scenario, world: World, piece_id: str, at: XY) -> str:
    """The facing of ``piece_id`` a firer standing at ``at`` shoots at (geometry)."""
    piece = scenario.piece(piece_id)
    return building_facing(at, world.piece(piece_id).sheet.footprint, piece.x, piece.y,
                           piece.rotation)


def emplaced_order(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                   piece_id: str, weapon_id: str, firer_bs: int) -> tuple[WeaponOrder, XY]:
    """The order and mount position of an emplaced weapon fired by a model of ``firer_bs``.

    Refuses (naming the reason) a weapon that may not fire now: destroyed, spent, or barred by
    an effect; Snap Shots bring the BS to 1.
    """
    building = target_building(scenario, library, piece_id)
    spec = building.profile.weapon(weapon_id)
    bs = wh40k.weapon_bs(building, weapon_id, firer_bs)
    if bs is None:
        raise ShootingError(f"{building.name}: {wh40k.can_fire(building, weapon_id).reason}")
    w = spec.weapon
    mount = next(m for m in world.piece(piece_id).mounts if m.id == weapon_id)
    order = WeaponOrder(w.name, w.shots, bs, w.strength or 0, w.ap, w.blast, w.template,
                        tuple(s for s in w.special if s in SPECIAL_RULES), (piece_id, weapon_id))
    return order, (mount.x, mount.y)


def _check(plan: ShotPlan) -> None:
    w = plan.weapon
    if w.shots < 1:
        raise ShootingError(f"{w.name}: a weapon fires 1 or more shots, not {w.shots}")
    if not w.template and not 1 <= w.bs <= 10:
        raise ShootingError(f"{w.name}: Ballistic Skill must be 1 to 10, not {w.bs}")
    if not 1 <= w.strength <= 10:
        raise ShootingError(f"{w.name}: Strength must be 1 to 10, not {w.strength}")
    if w.ap is not None and not 1 <= w.ap <= 6:
        raise ShootingError(f"{w.name}: AP must be 1 to 6 or –, not {w.ap}")
    if w.on_battlements and not (w.blast or w.template):
        raise ShootingError(f"{w.name}: only a blast or template also hits the battlements")
    if w.fire_point and not w.template:
        raise ShootingError(f"{w.name}: No Escape needs a template weapon")
    if wh40k.FUEL_SIPHON in w.special:
        flamer = fuel_siphon_applies(w.name)
        if not flamer:
            raise ShootingError(f"{flamer.reason} (only flamer weapons)")


def shot_odds(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              plan: ShotPlan) -> wh40k.AttackOdds:
    """The exact odds of the shot, as :func:`rules.wh40k.attack_odds` gives them."""
    _check(plan)
    building = target_building(scenario, library, plan.piece_id)
    check_from_building(scenario, library, plan)
    w = plan.weapon
    if w.on_battlements and not building.profile.battlements:
        raise ShootingError(f"{building.name} has no battlements")
    facing = facing_from(scenario, world, plan.piece_id, plan.at)
    table = damage_table(scenario.rule_system)
    dice, haywire = 2 if "Armourbane" in w.special else 1, "Haywire" in w.special
    siphon = wh40k.FUEL_SIPHON in w.special
    odds = wh40k.attack_odds(building, facing, w.shots, None if w.template else w.bs,
                             w.strength, w.ap, table, twin_linked="Twin-linked" in w.special,
                             penetration_dice=dice, haywire=haywire, fuel_siphon=siphon)
    if w.on_battlements:  # one more hit, certain (counted as not stopped by a void shield)
        odds = wh40k.attack_odds(building, facing, 1, None, w.strength, w.ap, table,
                                 penetration_dice=dice, haywire=haywire, after=odds,
                                 fuel_siphon=siphon)
    return odds


def _percent(chance: Fraction) -> str:
    value = float(chance) * 100.0
    return "0%" if chance == 0 else "<0.1%" if value < 0.1 else f"{value:.1f}%"


def odds_lines(odds: wh40k.AttackOdds) -> list[str]:
    """The odds in words: hull points left, each result at least once, destroyed."""
    hull = sorted(odds.hull_points_left.items(), reverse=True)
    lines = ["hull points left: " + ", ".join(f"{hp}: {_percent(p)}" for hp, p in hull)]
    lines += [f"{name}: {_percent(p)}" for name, p in odds.summary().items()
              if name != "destroyed" and p > 0]
    lines.append(f"destroyed: {_percent(odds.destroyed)}")
    return lines


def _fire(building: wh40k.Building, plan: ShotPlan, facing: str, dice: Dice,
          scenario: Scenario, effects: ShotEffects) -> tuple[list[str], list[wh40k.HitOutcome]]:
    w, clock = plan.weapon, clock_of(scenario)
    table = damage_table(scenario.rule_system)
    surroundings = effects.surroundings
    if not w.template:
        out = wh40k.resolve_shooting(building, weapon_profile(w), w.bs, facing, dice, clock, table,
                                     surroundings)
        return out.describe().split("\n"), out.hits
    hits: list[wh40k.HitOutcome] = []
    attack = wh40k.Attack.from_weapon(weapon_profile(w))
    for _ in range(w.shots):
        if not building.destroyed:
            hits.append(wh40k.resolve_hit(building, attack, facing, dice, clock, table,
                                          surroundings))
    lines = [f"{w.name}: template, {counted(len(hits), 'hit')}"] + [h.describe() for h in hits]
    return lines, hits


def _extra_hits(building: wh40k.Building, plan: ShotPlan, facing: str, dice: Dice,
                scenario: Scenario, effects: ShotEffects) -> tuple[list[str],
                                                                   list[wh40k.HitOutcome]]:
    """The battlements' extra hit on the building, if the marker covered them."""
    w = plan.weapon
    if not w.on_battlements or building.destroyed:
        return [], []
    if not building.profile.battlements:
        raise ShootingError(f"{building.name} has no battlements")
    hit = wh40k.battlements_blast_hit(building, weapon_profile(w), facing, dice, clock_of(scenario),
                                      damage_table(scenario.rule_system),
                                      effects.surroundings)
    return [f"the marker also covered the battlements: {hit.describe()}"], [hit]


def _fired_emplaced(scenario: Scenario, library: Mapping[str, Datasheet], plan: ShotPlan,
                    change: Change) -> list[str]:
    if plan.weapon.emplaced is None:
        return []
    piece_id, weapon_id = plan.weapon.emplaced
    source = change.pieces.get(piece_id) or scenario.piece(piece_id)
    building = building_rules(scenario, library, source)
    if not isinstance(building, wh40k.Building) or not wh40k.record_fired(building, weapon_id):
        return []
    new = copy.deepcopy(source)
    write_back(new, building, scenario.rule_system)
    change.pieces[piece_id] = new
    return [f"{building.name_of(weapon_id)} of {building.name} is spent (one use)"]


def shoot(scenario: Scenario, library: Mapping[str, Datasheet], world: World, plan: ShotPlan,
          seed: int | None = None, dice: Dice | None = None) -> ShotResult:
    """Roll the shot and return its whole effect as one change (see the module docstring).

    ``dice`` replaces the seeded dice (a :class:`rules.dice.FixedDice` in tests).
    """
    _check(plan)
    building = target_building(scenario, library, plan.piece_id)
    check_from_building(scenario, library, plan)
    facing = facing_from(scenario, world, plan.piece_id, plan.at)
    dice = dice if dice is not None else Dice(seed)
    effects = ShotEffects(scenario, world, building)
    armour = building.armour(facing)
    head = (f"{plan.firer} {says(plan.firer, 'shoots', 'shoot')} {building.name} ({facing} "
            f"facing, AV {armour}) – {plan.weapon.describe()}")
    escaped = no_escape(building, plan.weapon, dice, effects) if plan.weapon.fire_point else []
    told, hits = _fire(building, plan, facing, dice, scenario, effects)
    more, extra = _extra_hits(building, plan, facing, dice, scenario, effects)
    change = Change()
    lines = [head, *escaped, *told, *more,
             *apply_effects(scenario, library, effects, [*hits, *extra], change)]
    lines += _fired_emplaced(scenario, library, plan, change)
    lines += record_from_building(scenario, library, plan, change)
    rolls = [r.to_dict() for r in dice.take()]
    change.log.append(LogEntry("\n".join(lines), rolls, dice.seed))
    return ShotResult(change, lines, facing)

