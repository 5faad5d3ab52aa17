"""Shooting from a building: fire points, emplaced weapons, automated fire (seed 000).

Manual fire: each emplaced weapon may be fired by one embarked model, once per Shooting phase,
at the occupying unit's target, with that model's Ballistic Skill; a model firing an emplaced
weapon does not also fire out of a fire point. Automated fire (Sentry Defence System): each
weapon of a claimed building not fired manually fires at the end of the Shooting phase, at BS2,
at the nearest enemy unit in its range and line of sight (a geometry fact, measured from the
weapon's mount; ties picked at random: 000 decision 10). A dilapidated building's weapons are
silent unless the players agreed otherwise. Up to two models (unless stated) fire through each
fire point.

>>> from rules.wh40k.profile import BuildingProfile, EmplacedWeaponSpec, WeaponProfile
>>> bolter = WeaponProfile("heavy bolter", 36, 5, 4, "Heavy 3", shots=3)
>>> bastion = Building(BuildingProfile.from_values(
...     "bastion", 14, "medium", emplaced_weapons=(EmplacedWeaponSpec("hb1", bolter),)))
>>> can_fire(bastion, "hb1").allowed
True
>>> bastion.state.dilapidated = True
>>> can_fire(bastion, "hb1").reason
'hb1 cannot fire: the building is dilapidated and its emplaced weapons are silent'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from rules.atomic import atomic
from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.wh40k.building import Building
from rules.wh40k.tables import Affected
from rules.words import counted

__all__ = [
    "AUTOMATED_FIRE_BS",
    "ManualFire",
    "shooting_restriction",
    "can_fire",
    "weapon_bs",
    "check_fire_points",
    "check_manual_fire",
    "AutomatedShot",
    "automated_fire",
    "record_fired",
]

#: Automated fire is resolved as if by a model of this Ballistic Skill.
AUTOMATED_FIRE_BS = 2
#: Snap Shots are resolved at this Ballistic Skill.
SNAP_SHOT_BS = 1


def shooting_restriction(
    building: Building, affected: Affected, unit_id: str | None = None
) -> Decision:
    """Whether ``affected`` may shoot normally; the reason names any restriction.

    A refusal means no shooting at all; an allowed decision whose reason starts with "snap
    shots" means Snap Shots only.
    """
    for effect in building.effects_on("no_shooting", affected, unit_id):
        return Decision.no(f"no shooting: {effect.describe(building.names)}")
    for effect in building.effects_on("snap_shots", affected, unit_id):
        return Decision.yes(f"snap shots only: {effect.describe(building.names)}")
    return Decision.yes("may shoot normally")


def can_fire(building: Building, weapon_id: str) -> Decision:
    """Whether the emplaced weapon ``weapon_id`` can fire this phase, and how."""
    spec = building.profile.weapon(weapon_id)
    state = building.state
    weapon = building.name_of(weapon_id)
    if building.destroyed or weapon_id in state.destroyed_weapons:
        return Decision.no(f"{weapon} cannot fire: it has been destroyed")
    if weapon_id in state.spent_weapons:
        return Decision.no(f"{weapon} cannot fire: it is a one-shot weapon already used")
    if state.dilapidated and not state.dilapidated_weapons_fire:
        return Decision.no(
            f"{weapon} cannot fire: the building is dilapidated and its emplaced weapons "
            "are silent"
        )
    restriction = shooting_restriction(building, Affected.EMPLACED_WEAPONS)
    if restriction.reason.startswith("snap") and not spec.weapon.can_snap_shoot:
        return Decision.no(f"{weapon} cannot fire: {restriction.reason}, and it cannot snap")
    return Decision(restriction.allowed, f"{weapon}: {restriction.reason}")


def weapon_bs(building: Building, weapon_id: str, firer_bs: int) -> int | None:
    """Return the Ballistic Skill the weapon fires at (1 for Snap Shots; ``None``: cannot fire)."""
    decision = can_fire(building, weapon_id)
    if not decision:
        return None
    return SNAP_SHOT_BS if "snap shots only" in decision.reason else firer_bs


def check_fire_points(building: Building, firers: Mapping[str, int]) -> Decision:
    """Whether ``firers`` (fire point id → models shooting through it) are within limits."""
    limits = {f.id: f.models for f in building.profile.fire_points}
    for point, count in firers.items():
        if point not in limits:
            known = sorted(limits)
            return Decision.no(f"{building.name} has no fire point {point!r}; it has {known}")
        if count > limits[point]:
            return Decision.no(
                f"{building.fire_point_name(point)} lets {counted(limits[point], 'model')} "
                f"shoot, not {count}"
            )
    return Decision.yes(f"{counted(sum(firers.values()), 'model')} fire through "
                        f"{counted(len(firers), 'fire point')}")


@dataclass(frozen=True)
class ManualFire:
    """An embarked model ``model_id`` fires the emplaced weapon ``weapon_id`` at ``target``."""

    weapon_id: str
    model_id: str
    target: str


def check_manual_fire(
    building: Building,
    orders: Sequence[ManualFire],
    embarked_models: Collection[str],
    fire_point_firers: Collection[str] = (),
    unit_target: str | None = None,
) -> Decision:
    """Whether the occupants' manual fire orders follow the rules; the first breach is named."""
    if not building.occupied:
        return Decision.no("manual fire needs a unit inside the building")
    seen_weapons: set[str] = set()
    seen_models: set[str] = set()
    targets = {o.target for o in orders} | ({unit_target} if unit_target else set())
    if len(targets) > 1:
        shown = building.name_of(sorted(targets))
        return Decision.no(f"all manually fired weapons shoot at the unit's target, not {shown}")
    for order in orders:
        refusal = _order_refusal(building, order, embarked_models, fire_point_firers)
        refusal = refusal or _repeat_refusal(building, order, seen_weapons, seen_models)
        if refusal:
            return Decision.no(refusal)
        seen_weapons.add(order.weapon_id)
        seen_models.add(order.model_id)
    return Decision.yes(f"{len(orders)} emplaced weapons fired manually")


def _order_refusal(
    building: Building, order: ManualFire, embarked: Collection[str], fire_point: Collection[str]
) -> str:
    model, weapon = building.name_of(order.model_id), building.name_of(order.weapon_id)
    if order.model_id not in embarked:
        return f"{model} is not embarked in {building.name}"
    if order.model_id in fire_point:
        return f"{model} fires through a fire point and cannot also fire {weapon}"
    decision = can_fire(building, order.weapon_id)
    return "" if decision else decision.reason


def _repeat_refusal(building: Building, order: ManualFire, weapons: set[str],
                    models: set[str]) -> str:
    if order.weapon_id in weapons:
        return f"{building.name_of(order.weapon_id)} has already been fired this Shooting phase"
    if order.model_id in models:
        return f"{building.name_of(order.model_id)} is already firing an emplaced weapon"
    return ""


@dataclass(frozen=True)
class AutomatedShot:
    """One weapon's automated fire: its target (``None``: it does not fire) and why."""

    weapon_id: str
    target: str | None
    bs: int | None
    reason: str
    roll: Roll | None = None


@atomic("building", "dice")
def automated_fire(
    building: Building,
    manually_fired: Collection[str],
    nearest_enemies: Callable[[str], Sequence[str]],
    dice: Dice,
) -> list[AutomatedShot]:
    """Each weapon's automated fire at the end of the Shooting phase.

    ``nearest_enemies(weapon_id)`` is the geometry fact: the enemy units tied for nearest to
    the weapon's mount within its range and line of sight (empty if none).
    """
    shots = []
    for spec in building.profile.emplaced_weapons:
        shots.append(_automated_shot(building, spec.id, manually_fired, nearest_enemies, dice))
    return shots


def _automated_shot(
    building: Building, weapon_id: str, manually_fired: Collection[str],
    nearest_enemies: Callable[[str], Sequence[str]], dice: Dice,
) -> AutomatedShot:
    if building.state.claimed_by is None:
        return AutomatedShot(weapon_id, None, None, "the building is unclaimed: no automated fire")
    if weapon_id in manually_fired:
        return AutomatedShot(weapon_id, None, None, "fired manually this phase")
    bs = weapon_bs(building, weapon_id, AUTOMATED_FIRE_BS)
    if bs is None:
        return AutomatedShot(weapon_id, None, None, can_fire(building, weapon_id).reason)
    candidates = list(nearest_enemies(weapon_id))
    if not candidates:
        return AutomatedShot(weapon_id, None, bs, "no enemy unit in range and line of sight")
    roll = None
    if len(candidates) > 1:
        roll = dice.roll(1, f"{building.name_of(weapon_id)}: nearest enemy tie",
                         sides=len(candidates))
    target = candidates[roll.total - 1] if roll else candidates[0]
    tie = f" (tie of {len(candidates)} broken at random)" if roll else ""
    why = f"fires at the nearest enemy {building.name_of(target)}{tie}"
    return AutomatedShot(weapon_id, target, bs, why, roll)


@atomic("building")
def record_fired(building: Building, weapon_id: str) -> bool:
    """Note that ``weapon_id`` fired; a one-shot weapon is then spent. Return whether it was."""
    spec = building.profile.weapon(weapon_id)
    if spec.weapon.one_shot and weapon_id not in building.state.spent_weapons:
        building.state.spent_weapons.append(weapon_id)
        return True
    return False
