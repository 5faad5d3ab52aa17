"""Exact odds of an attack on a 40K or Horus Heresy building, as fractions.

What a player planning an attack on a bastion asks: for ``shots`` shots of a weapon (BS,
Strength, AP) at a facing, the distribution of hull points left, of each damage result and the
chance the building is destroyed. The answer follows the same rules as :mod:`.attack`, step by
step as a Markov chain over the building's state (hull points, armour lost, void shields up,
weapons left, how many times each result came up, and whether it has fallen): a Breach! lowers
the armour the next shot rolls against, a hull point lost brings the collapse closer.

>>> from rules.wh40k.tables import WH40K_DAMAGE_TABLE, DamageResult
>>> odds = damage_distribution(WH40K_DAMAGE_TABLE, ap=1, mighty_bulwark=False)
>>> odds[DamageResult.DETONATION]
Fraction(1, 3)
>>> penetration_distribution(strength=9, armour=14)[Penetration.PENETRATING]
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from rules.odds import Distribution, iterate, success_chance
from rules.wh40k.building import DILAPIDATED_ARMOUR_LOSS, Building
from rules.wh40k.penetration import Penetration, to_hit_target
from rules.wh40k.tables import WH40K_DAMAGE_TABLE, DamageResult, DamageTable, WeaponLoss
from rules.wh40k.void_shields import VOID_SHIELD_ARMOUR

__all__ = [
    "hit_chance",
    "damage_distribution",
    "penetration_distribution",
    "SiegeState",
    "AttackOdds",
    "attack_odds",
]


def hit_chance(bs: int, twin_linked: bool = False) -> Fraction:
    """Return the chance one shot at Ballistic Skill ``bs`` hits (twin-linked re-rolls a miss)."""
    needed, reroll = to_hit_target(bs)
    if twin_linked and reroll is None:
        reroll = needed
    return success_chance(needed, reroll_needed=reroll)


def damage_distribution(
    table: DamageTable, ap: int | None, mighty_bulwark: bool
) -> Distribution[DamageResult]:
    """Return the result of one roll on ``table``, modified for ``ap`` and Mighty Bulwark."""
    modifier = sum(m.value for m in table.modifiers(ap, mighty_bulwark))
    return Distribution.die(6).map(lambda face: table.row_for(face + modifier).result)


def penetration_distribution(
    strength: int, armour: int, dice: int = 1, haywire: bool = False,
    fuel_siphon: bool = False,
) -> Distribution[Penetration]:
    """Return what one hit does to armour ``armour``: nothing, a glancing or a penetrating hit.

    ``fuel_siphon`` re-rolls a roll that does nothing (:data:`rules.wh40k.penetration.
    FUEL_SIPHON`): the second roll stands.

    >>> penetration_distribution(5, 10, fuel_siphon=True).probability(  # 1 - (4/6)²
    ...     lambda p: p is not Penetration.NONE)
    Fraction(5, 9)
    """
    once = _penetration_once(strength, armour, dice, haywire)
    if fuel_siphon:
        return once.then(lambda p: once if p is Penetration.NONE else Distribution.certain(p))
    return once


def _penetration_once(
    strength: int, armour: int, dice: int = 1, haywire: bool = False
) -> Distribution[Penetration]:
    if haywire:
        return Distribution.die(6).map(
            lambda f: Penetration.NONE if f == 1 else Penetration.PENETRATING if f == 6
            else Penetration.GLANCING
        )

    def verdict(total: int) -> Penetration:
        if total > armour:
            return Penetration.PENETRATING
        return Penetration.GLANCING if total == armour else Penetration.NONE

    return Distribution.dice_sum(dice).map(lambda roll: verdict(roll + strength))


class SiegeState(NamedTuple):
    """The building's state as far as the odds care (counts follow ``AttackOdds.results``)."""

    hull_points: int
    armour_lost: int
    shields_up: int
    weapons_left: int
    fallen: DamageResult | None
    counts: tuple[int, ...]


@dataclass(frozen=True)
class _Siege:
    """The fixed facts of one attack: what the chain needs to take a step."""

    table: DamageTable
    facing_armour: int
    lowest_armour: int
    shooting: bool
    hit: Fraction
    strength: int
    ap: int | None
    bulwark: bool
    dice: int
    haywire: bool
    order: tuple[DamageResult, ...]
    fuel_siphon: bool = False
    memo: dict[SiegeState, Distribution[SiegeState]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def count(self, state: SiegeState, result: DamageResult) -> tuple[int, ...]:
        counts = list(state.counts)
        counts[self.order.index(result)] += 1
        return tuple(counts)

    def shot(self, state: SiegeState) -> Distribution[SiegeState]:
        if state not in self.memo:
            self.memo[state] = self.first_shot(state)
        return self.memo[state]

    def first_shot(self, state: SiegeState) -> Distribution[SiegeState]:
        if state.fallen is not None:
            return Distribution.certain(state)
        missed = Distribution.certain(state)
        shielded = self.shooting and state.shields_up > 0
        landed = self.on_shield(state) if shielded else self.on_building(state)
        return Distribution({0: 1 - self.hit, 1: self.hit}).then(
            lambda h: landed if h else missed
        )

    def on_shield(self, state: SiegeState) -> Distribution[SiegeState]:
        pen = penetration_distribution(self.strength, VOID_SHIELD_ARMOUR, self.dice,
                                       self.haywire, self.fuel_siphon)
        dropped = state._replace(shields_up=state.shields_up - 1)
        return pen.map(lambda p: state if p is Penetration.NONE else dropped)

    def on_building(self, state: SiegeState) -> Distribution[SiegeState]:
        armour = max(0, self.facing_armour - state.armour_lost)
        pen = penetration_distribution(self.strength, armour, self.dice, self.haywire,
                                       self.fuel_siphon)
        return pen.then(lambda p: self.after_penetration(state, p))

    def after_penetration(self, state: SiegeState, pen: Penetration) -> Distribution[SiegeState]:
        if pen is Penetration.NONE:
            return Distribution.certain(state)
        state = state._replace(hull_points=state.hull_points - 1)
        collapse = self.table.collapse_result
        no_roll = pen is Penetration.GLANCING or self.table.top_result is collapse
        if state.hull_points == 0 and no_roll:
            return Distribution.certain(self.fall(state, collapse))
        if pen is Penetration.GLANCING:
            return Distribution.certain(state)
        rolled = damage_distribution(self.table, self.ap, self.bulwark)
        if state.hull_points == 0:
            top = self.table.top_result
            return rolled.map(lambda r: self.fall(state, top if r is top else collapse))
        return rolled.then(lambda r: self.apply(state, r))

    def fall(self, state: SiegeState, result: DamageResult) -> SiegeState:
        return state._replace(fallen=result, counts=self.count(state, result))

    def apply(self, state: SiegeState, result: DamageResult) -> Distribution[SiegeState]:
        effect = self.table.row_of(result).effect
        if effect.no_weapon_fallback and state.weapons_left == 0:
            return self.apply(state, effect.no_weapon_fallback)
        if effect.condition is not None:
            return Distribution.certain(self.fall(state, result))
        weapons = state.weapons_left - (effect.weapon_loss is not WeaponLoss.NONE)
        state = state._replace(weapons_left=max(0, weapons), counts=self.count(state, result))
        losses = Distribution.certain(effect.armour_loss)
        if effect.armour_loss_d3:
            losses = Distribution.uniform([1, 2, 3]).map(lambda d3: d3 + effect.armour_loss)
        return losses.map(lambda loss: self.lose_armour(state, loss))

    def lose_armour(self, state: SiegeState, loss: int) -> SiegeState:
        state = state._replace(armour_lost=state.armour_lost + loss)
        if self.lowest_armour - state.armour_lost <= 0:
            return self.fall(state, self.table.collapse_result)
        return state


@dataclass(frozen=True)
class AttackOdds:
    """The exact outcome of an attack: every final state and the questions asked of it."""

    final: Distribution[SiegeState]
    results: tuple[DamageResult, ...]

    @property
    def hull_points_left(self) -> Distribution[int]:
        """Hull points left after the attack."""
        return self.final.map(lambda s: s.hull_points)

    @property
    def fate(self) -> Distribution[DamageResult | None]:
        """The result that destroyed the building, or ``None`` if it stands."""
        return self.final.map(lambda s: s.fallen)

    @property
    def destroyed(self) -> Fraction:
        """The chance the building is destroyed (collapses or detonates)."""
        return self.final.probability(lambda s: s.fallen is not None)

    def result_count(self, result: DamageResult) -> Distribution[int]:
        """How many times ``result`` was applied."""
        index = self.results.index(result)
        return self.final.map(lambda s: s.counts[index])

    def result_chance(self, result: DamageResult) -> Fraction:
        """Return the chance ``result`` was applied at least once."""
        index = self.results.index(result)
        return self.final.probability(lambda s: s.counts[index] > 0)

    def summary(self) -> Mapping[str, Fraction]:
        """Each result's chance of coming up at least once, and of destruction, by name."""
        named = {r.value: self.result_chance(r) for r in self.results}
        named["destroyed"] = self.destroyed
        return named


def _fallen(building: Building, table: DamageTable) -> DamageResult | None:
    if not building.destroyed:
        return None
    return building.state.destroyed_by or table.collapse_result


def attack_odds(
    building: Building,
    facing: str,
    shots: int,
    bs: int | None,
    strength: int,
    ap: int | None,
    table: DamageTable = WH40K_DAMAGE_TABLE,
    twin_linked: bool = False,
    penetration_dice: int = 1,
    haywire: bool = False,
    after: AttackOdds | None = None,
    fuel_siphon: bool = False,
) -> AttackOdds:
    """Return the exact odds of ``shots`` hits-or-misses on ``facing`` of ``building``.

    Parameters
    ----------
    building
        The target as it is now (hull points and armour already lost, void shields up).
    facing
        The facing shot at.
    shots
        How many shots (or close-combat attacks).
    bs
        The firers' Ballistic Skill; ``None`` means every attack hits (close combat: use
        ``facing="rear"``, and void shields do not stop it).
    strength, ap
        The weapon's Strength and AP (``None`` is AP –).
    table
        The damage table of the scenario's rule system.
    twin_linked, penetration_dice, haywire
        Re-roll misses; 2 for 2D6 penetration; Haywire's own roll instead of penetration.
    after
        The odds of an earlier attack on the same building: this one starts from each of its
        outcomes (a second weapon firing after the first).
    fuel_siphon
        A flamer with the Promethium Relay Pipes' fuel: a penetration roll that does nothing
        is rolled again.

    Returns
    -------
    AttackOdds
        Every final state with its exact probability; hull points left, results, destruction.
    """
    if shots < 0:
        raise ValueError(f"cannot fire {shots} shots")
    dilapidated = DILAPIDATED_ARMOUR_LOSS if building.state.dilapidated else 0
    siege = _Siege(
        table=table,
        facing_armour=building.profile.armour[facing] - dilapidated,
        lowest_armour=min(building.profile.armour.values()) - dilapidated,
        shooting=bs is not None,
        hit=Fraction(1) if bs is None else hit_chance(bs, twin_linked),
        strength=strength, ap=ap, bulwark=building.profile.mighty_bulwark,
        dice=penetration_dice, haywire=haywire,
        order=tuple(dict.fromkeys(row.result for row in table.rows)),
        fuel_siphon=fuel_siphon,
    )
    start = SiegeState(
        hull_points=building.hull_points,
        armour_lost=building.state.armour_lost,
        shields_up=building.void_shields_up,
        weapons_left=len(building.weapons_left()),
        fallen=_fallen(building, table),
        counts=(0,) * len(siege.order),
    )
    if after is not None and after.results != siege.order:
        raise ValueError("an attack can only follow one resolved on the same damage table")
    first = after.final if after is not None else Distribution.certain(start)
    return AttackOdds(iterate(first, siege.shot, shots), siege.order)
