"""Applying a damage result to a building: armour, hits, weapons, timed effects, collapse.

The rules do not know where models stand. What they need from the board comes in a
:class:`Surroundings`: the units involved (their models and Leadership), and callbacks that
answer geometry questions (can this model be placed when forced out? can it move off the
battlements?) and, optionally, which models the hits killed (wounds are resolved by the players
or by the board; by default no model dies, and the hits are reported).

Order within one result: armour loss, hits on the occupants, hits on the battlements, the
weapon lost, timed effects, then destruction: forced disembarkation of the survivors (models
that cannot be placed are removed) and the battlements cleared, each group then testing for
Pinning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.names import Names, called
from rules.turns import TurnClock
from rules.wh40k.building import Building, Effect
from rules.wh40k.tables import (
    Affected,
    BuildingCondition,
    DamageResult,
    DamageRow,
    DamageTable,
    WeaponLoss,
)
from rules.wh40k.units import (
    PinningTest,
    Placement,
    UnitExit,
    UnitFacts,
    UnitHits,
    WeaponLost,
    pinning_test,
)
from rules.wh40k.wounds import ModelProfile, WoundOutcome, resolve_wounds

__all__ = [
    "Placement",
    "UnitFacts",
    "Surroundings",
    "UnitHits",
    "PinningTest",
    "UnitExit",
    "WeaponLost",
    "AppliedResult",
    "pinning_test",
    "apply_result",
]


def _always_placed(unit_id: str, model_id: str) -> Placement:
    return Placement.NORMAL


def _always_moves(unit_id: str, model_id: str) -> bool:
    return True


def _nobody_dies(hits: UnitHits) -> Sequence[str]:
    return ()


@dataclass
class Surroundings:
    """Facts and geometry answers from the board for one resolution."""

    units: Mapping[str, UnitFacts] = field(default_factory=dict)
    place_model: Callable[[str, str], Placement] = _always_placed
    move_off_battlements: Callable[[str, str], bool] = _always_moves
    casualties: Callable[[UnitHits], Sequence[str]] = _nobody_dies
    choose_weapon: Callable[[Sequence[str]], str] | None = None
    profiles: Mapping[str, Mapping[str, ModelProfile]] = field(default_factory=dict)

    def unit(self, unit_id: str) -> UnitFacts:
        """Return the facts of ``unit_id`` (a clear error if the board did not give them)."""
        if unit_id not in self.units:
            raise KeyError(f"no facts given for unit {unit_id!r}; known: {sorted(self.units)}")
        return self.units[unit_id]


@dataclass
class AppliedResult:
    """Everything a damage result did to the building and the units around it.

    ``names`` (the building's) names the units, models and weapons in :meth:`describe`.
    """

    result: DamageResult
    row: DamageRow
    cause: str
    fallback_from: DamageResult | None = None
    armour_loss: int = 0
    armour_roll: Roll | None = None
    hits: list[UnitHits] = field(default_factory=list)
    wounds: list[WoundOutcome] = field(default_factory=list)
    casualties: list[str] = field(default_factory=list)
    weapon_lost: WeaponLost | None = None
    effects: list[Effect] = field(default_factory=list)
    exits: list[UnitExit] = field(default_factory=list)
    condition: BuildingCondition | None = None
    names: Names = field(default_factory=dict, compare=False, repr=False)

    @property
    def rolls(self) -> list[Roll]:
        """Every roll made, in order."""
        found = [self.armour_roll] if self.armour_roll else []
        for hits in self.hits:
            found.append(hits.roll)
            found += [r for w in self.wounds if w.unit_ids == hits.unit_ids for r in w.rolls]
        found += [self.weapon_lost.roll] if self.weapon_lost and self.weapon_lost.roll else []
        found += [x.pinning.roll for x in self.exits if x.pinning]
        return found

    def describe(self) -> str:
        """Return the result and its effects in words."""
        # A rolled result follows its damage roll's line, which names it: not said again.
        said = self.cause == ROLLED and self.fallback_from is None
        lines = [] if said else [f"{self.result.value} ({self.cause})"]
        if self.fallback_from:
            lines.append(f"{self.fallback_from.value} with no weapons left counts as this")
        if self.armour_loss:
            lines.append(f"armour −{self.armour_loss} on every facing")
        names = self.names
        lines += [h.describe(names) for h in self.hits] + [w.describe(names) for w in self.wounds]
        if self.weapon_lost:
            weapon = called(self.weapon_lost.weapon_id, names)
            lines.append(f"{weapon} destroyed ({self.weapon_lost.how.value})")
        lines += [e.describe(names) for e in self.effects]
        lines += [x.describe(names) for x in self.exits]
        if self.condition:
            lines.append(f"the building is {self.condition.value}")
        return "; ".join(lines)


#: The cause of a result rolled on the damage table (its damage roll's line names the result).
ROLLED = "damage roll"


@atomic("building", "dice")
def apply_result(
    building: Building,
    table: DamageTable,
    result: DamageResult,
    dice: Dice,
    clock: TurnClock,
    surroundings: Surroundings,
    cause: str = ROLLED,
) -> AppliedResult:
    """Apply the row of ``table`` giving ``result`` to ``building`` and report it."""
    row = table.row_of(result)
    fallback = row.effect.no_weapon_fallback
    if row.effect.weapon_loss is not WeaponLoss.NONE and fallback and not building.weapons_left():
        applied = apply_result(building, table, fallback, dice, clock, surroundings, cause)
        applied.fallback_from = result
        return applied
    applied = AppliedResult(result, row, cause, names=building.names)
    _lose_armour(building, applied, dice)
    _hit_occupants(building, applied, dice, surroundings)
    _hit_battlements(building, applied, dice, surroundings)
    _lose_weapon(building, applied, dice, surroundings)
    _add_timed_effects(building, applied, clock)
    if row.effect.condition:
        _destroy(building, applied, dice, surroundings)
    return applied


def _lose_armour(building: Building, applied: AppliedResult, dice: Dice) -> None:
    effect = applied.row.effect
    loss = effect.armour_loss
    if effect.armour_loss_d3:
        roll = dice.roll(1, f"{applied.result.value}: armour lost (D3)")
        applied.armour_roll = roll
        loss += (roll.total + 1) // 2
    building.state.armour_lost += loss
    applied.armour_loss = loss


def _hit_occupants(
    building: Building, applied: AppliedResult, dice: Dice, surroundings: Surroundings
) -> None:
    count = applied.row.effect.occupant_hit_dice
    if count and building.occupied:
        _hit(tuple(building.state.occupants), count, "inside", applied, dice, surroundings)


def _hit_battlements(
    building: Building, applied: AppliedResult, dice: Dice, surroundings: Surroundings
) -> None:
    count = applied.row.effect.battlement_hit_dice
    for unit_id in building.state.on_battlements if count else ():
        _hit((unit_id,), count, "on the battlements", applied, dice, surroundings)


def _hit(
    unit_ids: tuple[str, ...], count: int, where: str, applied: AppliedResult, dice: Dice,
    surroundings: Surroundings,
) -> None:
    names = applied.names
    roll = dice.roll(count, f"{applied.result.value}: hits on {called(unit_ids, names)}")
    hits = UnitHits(unit_ids, roll, where)
    applied.hits.append(hits)
    if not all(u in surroundings.profiles for u in unit_ids):
        applied.casualties.extend(surroundings.casualties(hits))
        return
    models = {m: p for u in unit_ids for m, p in surroundings.profiles[u].items()}
    wounds = resolve_wounds(hits, models, dice, names)
    applied.wounds.append(wounds)
    applied.casualties.extend(wounds.casualties)


def _lose_weapon(
    building: Building, applied: AppliedResult, dice: Dice, surroundings: Surroundings
) -> None:
    how = applied.row.effect.weapon_loss
    left = [w.id for w in building.weapons_left()]
    if how is WeaponLoss.NONE or not left:
        return
    roll = None
    if how is WeaponLoss.RANDOM:
        if len(left) > 1:
            roll = dice.roll(1, f"{applied.result.value}: weapon destroyed", sides=len(left))
        chosen = left[roll.total - 1] if roll else left[0]
    else:
        chosen = _controller_choice(left, surroundings)
    building.state.destroyed_weapons.append(chosen)
    applied.weapon_lost = WeaponLost(chosen, how, roll)


def _controller_choice(left: list[str], surroundings: Surroundings) -> str:
    """The controlling player's pick (seed 003); with one weapon left there is no choice."""
    if len(left) == 1 and surroundings.choose_weapon is None:
        return left[0]
    if surroundings.choose_weapon is None:
        raise ValueError(f"Weapon Destroyed: the controlling player must choose one of {left}")
    chosen = surroundings.choose_weapon(tuple(left))
    if chosen not in left:
        raise ValueError(f"Weapon Destroyed: {chosen!r} is not one of the weapons left {left}")
    return chosen


def _add_timed_effects(building: Building, applied: AppliedResult, clock: TurnClock) -> None:
    effect, state = applied.row.effect, building.state
    until = clock.next_turn_of(building.controller)
    bound = {
        Affected.OCCUPANTS: tuple(state.occupants),
        Affected.EMPLACED_WEAPONS: tuple(w.id for w in building.weapons_left()),
        Affected.BATTLEMENTS: tuple(state.on_battlements),
    }
    new: list[Effect] = []
    for kind, who in (("snap_shots", effect.snap_shots), ("no_shooting", effect.no_shooting)):
        for affected in sorted(who, key=list(Affected).index):
            if bound[affected]:
                units = () if affected is Affected.EMPLACED_WEAPONS else bound[affected]
                new.append(Effect(kind, affected, applied.result, until, units))
    if effect.exit_limit is not None and state.occupants:
        new.append(Effect("exit_limit", Affected.OCCUPANTS, applied.result, until,
                          tuple(state.occupants), effect.exit_limit))
    if effect.embark_barred:
        new += [Effect(k, None, applied.result, until) for k in ("no_embark", "no_disembark")]
    state.effects.extend(new)
    applied.effects.extend(new)


def _destroy(
    building: Building, applied: AppliedResult, dice: Dice, surroundings: Surroundings
) -> None:
    effect, state = applied.row.effect, building.state
    state.condition = effect.condition or BuildingCondition.COLLAPSED
    applied.condition = state.condition
    state.destroyed_by = applied.result
    state.destroyed_weapons = [w.id for w in building.profile.emplaced_weapons]
    state.claimed_by = None
    if effect.forced_disembark and state.occupants:
        applied.exits.append(_force_out(building, applied, dice, surroundings))
    _clear_battlements(building, applied, dice, surroundings)
    state.occupants, state.occupying_side = [], None
    state.battlements_ruined = state.battlements_ruined or effect.battlements_ruined


def _force_out(
    building: Building, applied: AppliedResult, dice: Dice, surroundings: Surroundings
) -> UnitExit:
    units = [surroundings.unit(u) for u in building.state.occupants]
    dead = set(applied.casualties)
    placed: dict[Placement, list[str]] = {p: [] for p in Placement}
    for unit in units:
        for model in unit.models:
            if model not in dead:
                placed[surroundings.place_model(unit.id, model)].append(model)
    survivors = placed[Placement.NORMAL] or placed[Placement.EMERGENCY]
    pinning = pinning_test(units, dice, building.names) if survivors else None
    return UnitExit(
        tuple(u.id for u in units), tuple(placed[Placement.NORMAL]),
        tuple(placed[Placement.EMERGENCY]), tuple(placed[Placement.NONE]), pinning, True,
    )


def _clear_battlements(
    building: Building, applied: AppliedResult, dice: Dice, surroundings: Surroundings
) -> None:
    effect, dead = applied.row.effect, set(applied.casualties)
    for unit_id in building.state.on_battlements:
        unit = surroundings.unit(unit_id)
        alive = [m for m in unit.models if m not in dead]
        if effect.battlements_move_off is None:
            pinning = pinning_test([unit], dice, building.names) if alive else None
            applied.exits.append(UnitExit((unit.id,), (), (), (), pinning))
            continue
        moved = [m for m in alive if surroundings.move_off_battlements(unit.id, m)]
        removed = tuple(m for m in alive if m not in moved)
        pinning = pinning_test([unit], dice, building.names) if moved else None
        applied.exits.append(UnitExit((unit.id,), tuple(moved), (), removed, pinning))
    if effect.battlements_move_off is not None:
        building.state.on_battlements = []
