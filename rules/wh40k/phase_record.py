"""Who fired what from a building this Shooting phase (seed 000, emplaced weapons, fire points).

Seed 000: an *embarked* model may fire one emplaced weapon; an emplaced weapon may not be fired
by more than one model each Shooting phase; a model cannot fire an emplaced weapon by hand and
fire out of a fire point with its own weapons in the same turn; all emplaced weapons fired by
hand shoot at the occupying unit's target; up to two models (unless the datasheet says
otherwise) shoot through each fire point; automated fire is for the weapons *not* fired by
hand. The record of the phase lives in the building's state (``hand_fired``: weapon → model,
``fire_point_fired``: fire point → models, ``phase_target``), so it is saved with the
scenario, undone with the shot and cleared when the player turn ends (:func:`clear_record`).

>>> from rules.wh40k.profile import BuildingProfile, EmplacedWeaponSpec, WeaponProfile
>>> from rules.wh40k.building import Building, BuildingState
>>> bolter = WeaponProfile("heavy bolter", 36, 5, 4, "Heavy 3", shots=3)
>>> bastion = Building(BuildingProfile.from_values(
...     "bastion", 14, "medium", emplaced_weapons=(EmplacedWeaponSpec("hb1", bolter),)))
>>> check_hand_fire(bastion, "hb1", "v0", "hut", embarked=()).reason
'emplaced weapons: only an embarked model may fire hb1, and bastion has 0 models inside'
>>> bastion.state.occupants = ["vets"]
>>> record_hand_fire(bastion, "hb1", "v0", "hut")
>>> again = check_hand_fire(bastion, "hb1", "v1", "hut", embarked=("v0", "v1"))
>>> again.allowed, again.reason.split("; ")[1]
(False, 'v0 fired it this phase')
>>> clear_record(bastion), bastion.state.hand_fired
(True, {})
"""

from __future__ import annotations

from collections.abc import Collection

from rules.decision import Decision
from rules.wh40k.building import Building
from rules.wh40k.emplaced import can_fire
from rules.words import counted

__all__ = [
    "RULE_EMPLACED",
    "RULE_FIRE_POINTS",
    "check_hand_fire",
    "record_hand_fire",
    "check_fire_point_fire",
    "record_fire_point_fire",
    "fired_by_hand",
    "clear_record",
]

#: How a refusal names the rule it applies.
RULE_EMPLACED = "emplaced weapons"
RULE_FIRE_POINTS = "fire points"


def _no(rule: str, why: str) -> Decision:
    return Decision.no(f"{rule}: {why}")


def _other_target(building: Building, target: str, rule: str) -> Decision | None:
    """A refusal when this phase's fire from the building went at another target."""
    fixed = building.state.phase_target
    if fixed is None or fixed == target:
        return None
    return _no(rule, f"all emplaced weapons fired by hand shoot at the occupying unit's "
                     f"target, {building.name_of(fixed)}, not {building.name_of(target)}")


def check_hand_fire(building: Building, weapon_id: str, model_id: str, target: str,
                    embarked: Collection[str]) -> Decision:
    """Whether the embarked model ``model_id`` may fire ``weapon_id`` by hand at ``target``."""
    weapon, model = building.name_of(weapon_id), building.name_of(model_id)
    if not building.occupied or not embarked:
        return _no(RULE_EMPLACED, f"only an embarked model may fire {weapon}, and "
                                  f"{building.name} has {counted(len(embarked), 'model')} inside")
    if model_id not in embarked:
        return _no(RULE_EMPLACED, f"{model} is not embarked in {building.name} "
                                  f"({counted(len(embarked), 'model')} inside)")
    state = building.state
    if weapon_id in state.hand_fired:
        firer = building.name_of(state.hand_fired[weapon_id])
        return _no(RULE_EMPLACED, f"{weapon} may not be fired by more than one model each "
                                  f"Shooting phase; {firer} fired it this phase")
    other = next((w for w, m in state.hand_fired.items() if m == model_id), None)
    if other is not None:
        return _no(RULE_EMPLACED, f"{model} already fired {building.name_of(other)} this "
                                  "phase; a model fires one emplaced weapon")
    point = next((p for p, ms in state.fire_point_fired.items() if model_id in ms), None)
    if point is not None:
        return _no(RULE_EMPLACED, f"{model} fired out of {building.fire_point_name(point)} this "
                                  f"turn and cannot also fire {weapon} by hand")
    refusal = _other_target(building, target, RULE_EMPLACED)
    if refusal is not None:
        return refusal
    usable = can_fire(building, weapon_id)
    return usable if not usable else Decision.yes(f"{model} fires {weapon} by hand")


def record_hand_fire(building: Building, weapon_id: str, model_id: str, target: str) -> None:
    """Note that ``model_id`` fired ``weapon_id`` by hand at ``target`` this phase."""
    building.state.hand_fired[weapon_id] = model_id
    building.state.phase_target = target


def check_fire_point_fire(building: Building, point_id: str, model_ids: Collection[str],
                          target: str, embarked: Collection[str]) -> Decision:
    """Whether the embarked ``model_ids`` may shoot through fire point ``point_id``."""
    limits = {f.id: f.models for f in building.profile.fire_points}
    if point_id not in limits:
        return _no(RULE_FIRE_POINTS, f"{building.name} has no fire point {point_id!r}; it has "
                                     f"{len(limits)}: {', '.join(sorted(limits)) or 'none'}")
    if not model_ids:
        return _no(RULE_FIRE_POINTS, "no model is chosen to shoot")
    outside = [m for m in model_ids if m not in embarked]
    if outside:
        return _no(RULE_FIRE_POINTS, f"{building.name_of(outside)} is not embarked in "
                                     f"{building.name}")
    used = building.state.fire_point_fired.get(point_id, [])
    if len(used) + len(model_ids) > limits[point_id]:
        allowed = counted(limits[point_id], 'model')
        return _no(RULE_FIRE_POINTS, f"up to {allowed} shoot through "
                                     f"{building.fire_point_name(point_id)}; {len(used)} "
                                     f"already did this phase "
                                     f"and {len(model_ids)} more would make "
                                     f"{len(used) + len(model_ids)}")
    hand = {m: w for w, m in building.state.hand_fired.items()}
    busy = [m for m in model_ids if m in hand]
    if busy:
        return _no(RULE_FIRE_POINTS, f"{building.name_of(busy[0])} fired "
                                     f"{building.name_of(hand[busy[0]])} by hand this turn "
                                     "and cannot also fire out of a fire point")
    refusal = _other_target(building, target, RULE_FIRE_POINTS)
    allowed = counted(limits[point_id], "model")
    return refusal or Decision.yes(f"{len(model_ids)} of {allowed} shoot "
                                   f"through {building.fire_point_name(point_id)}")


def record_fire_point_fire(building: Building, point_id: str, model_ids: Collection[str],
                           target: str) -> None:
    """Note that ``model_ids`` shot through fire point ``point_id`` at ``target``."""
    building.state.fire_point_fired.setdefault(point_id, []).extend(model_ids)
    if building.state.phase_target is None:
        building.state.phase_target = target


def fired_by_hand(building: Building) -> tuple[str, ...]:
    """The emplaced weapons fired by hand this phase (automated fire skips them)."""
    return tuple(building.state.hand_fired)


def clear_record(building: Building) -> bool:
    """Forget who fired what (the Shooting phase is over); return whether there was a record."""
    state = building.state
    had = bool(state.hand_fired or state.fire_point_fired or state.phase_target)
    state.hand_fired, state.fire_point_fired, state.phase_target = {}, {}, None
    return had
