"""Damage to an Epic 40,000 building: damage capacity, critical damage and fire (seed 001).

Every loss of damage capacity goes through :func:`apply_damage`, which rolls catastrophic
damage the moment the building first reaches 0. :func:`resolve_critical` rolls 2D6 on the
critical damage table, applies the row's effect to the units inside and then its extra damage.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.epic40k.collapse import CatastrophicOutcome, roll_catastrophic
from rules.epic40k.occupants import UnitHit, UnitInside, allocate_and_roll, detachments_of
from rules.epic40k.state import BuildingState, Condition, Site
from rules.epic40k.tables import CriticalEffect, CriticalRow, critical_row
from rules.words import counted

__all__ = [
    "INSIDE_ARMOUR_BONUS",
    "DISRUPT_ON",
    "DamageOutcome",
    "FireAttack",
    "CriticalOutcome",
    "apply_damage",
    "check_debris_target",
    "debris_target_still_inside",
    "fire_attack",
    "resolve_critical",
]

#: Seed 001: units inside a building add 2 to the kill roll against them (critical rows 2,
#: 11 and 12).
INSIDE_ARMOUR_BONUS = 2

#: Seed 001, row 3-5: a disrupted detachment takes a blast marker on 4+.
DISRUPT_ON = 4


@dataclass(frozen=True)
class DamageOutcome:
    """Damage capacity lost, before and after, and any catastrophic damage it caused."""

    cause: str
    amount: int
    before: int
    after: int
    catastrophic: CatastrophicOutcome | None = None

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        text = f"{self.cause}: {self.amount} damage, capacity {self.before} → {self.after}"
        return text if self.catastrophic is None else f"{text}; {self.catastrophic.description}"


@atomic("state", "dice")
def apply_damage(
    state: BuildingState, amount: int, site: Site, dice: Dice, cause: str
) -> DamageOutcome:
    """Take ``amount`` damage capacity from the building (``state`` is changed).

    Seed 001: the building is destroyed only by reaching 0 or less; at that moment roll on the
    catastrophic table. Later damage to a building already at 0 rolls nothing more.
    """
    if amount < 0:
        raise ValueError(f"damage is 0 or more, not {amount}")
    before = state.damage_capacity
    if not state.standing:
        return DamageOutcome(cause, 0, before, before)
    state.damage_capacity -= amount
    catastrophic = None
    if before > 0 >= state.damage_capacity and state.condition is Condition.INTACT:
        catastrophic = roll_catastrophic(state, site, dice)
    return DamageOutcome(cause, amount, before, state.damage_capacity, catastrophic)


@dataclass(frozen=True)
class FireAttack:
    """The fire's attack on one detachment: its D6 firepower and the hits dealt."""

    detachment: str
    firepower: Roll
    hits: tuple[UnitHit, ...]


def fire_attack(site: Site, dice: Dice) -> tuple[list[FireAttack], dict[str, int]]:
    """Burn the detachments inside: a D6-firepower attack on each (seed 001, row 12).

    RULES.md §4 seed 001 decision 11: each detachment inside takes a D6-firepower attack, the
    open column (dice = firepower), each die a hit on a unit inside at +2 armour; hits the
    detachment cannot take spill onto other units inside, and are lost once all are dead.
    A detachment any of whose units was hit takes a blast marker.
    """
    attacks: list[FireAttack] = []
    dead: set[str] = set()
    for detachment in detachments_of(site.inside):
        alive = [u for u in site.inside if u.id not in dead]
        own = [u for u in alive if u.detachment == detachment]
        fp = dice.roll(1, f"fire: firepower against detachment {detachment}")
        hits = allocate_and_roll(fp.total, alive, dice, INSIDE_ARMOUR_BONUS, first=own)
        dead |= {h.unit for h in hits if h.killed}
        attacks.append(FireAttack(detachment, fp, tuple(hits)))
    hit = [h.detachment for a in attacks for h in a.hits]
    return attacks, {d: 1 for d in dict.fromkeys(hit)}


@dataclass(frozen=True)
class CriticalOutcome:
    """A critical damage roll: its row, the hits and blast markers inside, the extra damage."""

    roll: Roll
    row: CriticalRow
    hits: tuple[UnitHit, ...] = ()
    disrupt_rolls: tuple[Roll, ...] = ()
    fire: tuple[FireAttack, ...] = ()
    blast_markers: dict[str, int] = field(default_factory=dict)
    damage: DamageOutcome | None = None

    @property
    def killed(self) -> set[str]:
        """Return the ids of the units inside this critical destroyed."""
        fire_hits = [h for a in self.fire for h in a.hits]
        return {h.unit for h in (*self.hits, *fire_hits) if h.killed}

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        markers = ", ".join(f"{d} +{n}" for d, n in self.blast_markers.items()) or "none"
        text = (
            f"critical damage {self.roll.total}: {self.row.description}; "
            f"{counted(len(self.killed), 'unit')} inside destroyed; blast markers: {markers}"
        )
        return text if self.damage is None else f"{text}; {self.damage.description}"


@atomic("state", "dice")
def resolve_critical(
    state: BuildingState, site: Site, dice: Dice, debris_target: str | None = None
) -> CriticalOutcome:
    """Roll 2D6 on the critical damage table, apply the row to the units inside and the building.

    ``debris_target`` is the owner's choice of unit for row 10 (the first unit inside if
    ``None``), made before the roll and refused before it if that unit is not inside
    (:func:`check_debris_target`). Seed 001: every hit lands on a unit inside; a blast marker
    ordered for one detachment goes to every detachment that took hits.
    """
    check_debris_target(site, debris_target)
    roll = dice.roll(2, "critical damage (2D6)")
    row = critical_row(roll.total)
    effect = _EFFECTS[row.effect](site, dice, debris_target)
    survivors = site.without(_killed(effect))
    if row.effect is CriticalEffect.BURSTS_INTO_FLAMES and state.standing:
        state.on_fire = True
    damage = None
    if row.extra_damage:
        damage = apply_damage(state, row.extra_damage, survivors, dice, "critical extra damage")
    return CriticalOutcome(roll, row, effect.hits, effect.disrupt_rolls, effect.fire,
                           effect.blast_markers, damage)


def check_debris_target(site: Site, target: str | None) -> None:
    """Refuse a row-10 choice that is not a unit inside, naming it and the units inside.

    ``None`` (no choice: the first unit inside) is always accepted.

    >>> from rules.epic40k.occupants import UnitInside
    >>> site = Site((UnitInside("g1", "guard", 4), UnitInside("g2", "guard", 4)))
    >>> check_debris_target(site, "g2")
    >>> check_debris_target(site, "zz")
    Traceback (most recent call last):
    ...
    ValueError: debris target 'zz' is not inside the building (units inside: g1, g2)
    >>> check_debris_target(Site(), "g1")
    Traceback (most recent call last):
    ...
    ValueError: debris target 'g1' is not inside the building (units inside: none)
    """
    if target is None:
        return
    inside = [u.id for u in site.inside]
    if target not in inside:
        listed = ", ".join(inside) or "none"
        raise ValueError(f"debris target {target!r} is not inside the building "
                         f"(units inside: {listed})")


def debris_target_still_inside(site: Site, target: str | None) -> str | None:
    """Return ``target`` if it is still inside, else ``None`` (the first unit inside).

    A resolution that rolls several criticals (one per shooting hit, one per close-combat
    weapon) keeps the owner's choice until that unit is destroyed; after that the debris falls
    on the first unit still inside.
    """
    return target if any(u.id == target for u in site.inside) else None


@dataclass(frozen=True)
class _Effect:
    hits: tuple[UnitHit, ...] = ()
    disrupt_rolls: tuple[Roll, ...] = ()
    fire: tuple[FireAttack, ...] = ()
    blast_markers: dict[str, int] = field(default_factory=dict)


def _killed(effect: _Effect) -> set[str]:
    every = [*effect.hits, *(h for a in effect.fire for h in a.hits)]
    return {h.unit for h in every if h.killed}


def _barrage(site: Site, dice: Dice, _target: str | None) -> _Effect:
    """Rows 2 and 11: every unit inside is attacked once, at +2 armour, no cover reduction.

    RULES.md §4 seed 001 decision 10: the barrage's firepower is the number of units of each
    detachment inside, rolled in the open column, with the +2 armour bonus; a barrage attacks
    every unit under it (RULES.md section 2), so each unit inside takes one hit.
    """
    hits = tuple(_one_hit(u, dice, INSIDE_ARMOUR_BONUS) for u in site.inside)
    return _Effect(hits=hits)


def _one_hit(unit: UnitInside, dice: Dice, bonus: int) -> UnitHit:
    return allocate_and_roll(1, [unit], dice, bonus)[0]


def _debris(site: Site, dice: Dice, _target: str | None) -> _Effect:
    """Rows 3-5: each detachment inside is disrupted: a blast marker on 4+ (RULES.md §2)."""
    rolls: list[Roll] = []
    markers: dict[str, int] = {}
    for detachment in detachments_of(site.inside):
        roll = dice.roll(1, f"disrupt: blast marker on {detachment} ({DISRUPT_ON}+)")
        rolls.append(roll)
        if roll.total >= DISRUPT_ON:
            markers[detachment] = 1
    return _Effect(disrupt_rolls=tuple(rolls), blast_markers=markers)


def _steady(_site: Site, _dice: Dice, _target: str | None) -> _Effect:
    return _Effect()


def _shifts(site: Site, _dice: Dice, _target: str | None) -> _Effect:
    """Row 9: every detachment inside gains a blast marker."""
    return _Effect(blast_markers={d: 1 for d in detachments_of(site.inside)})


def _falls(site: Site, dice: Dice, target: str | None) -> _Effect:
    """Row 10: one unit inside, the owner's choice, takes a hit.

    :data:`~rules.epic40k.options.DECISION_DEBRIS_FALLS_NO_BONUS`: the seed names no armour
    bonus for this row (as for crumbling, RULES.md §4 seed 001 decision 3), so the kill roll is
    against the unit's own armour, unless the scenario's ``debris_falls_inside_bonus`` says +2.
    """
    check_debris_target(site, target)
    chosen = [u for u in site.inside if u.id == target] if target else list(site.inside[:1])
    bonus = INSIDE_ARMOUR_BONUS if site.options.debris_falls_inside_bonus else 0
    return _Effect(hits=tuple(_one_hit(u, dice, bonus) for u in chosen))


def _flames(site: Site, dice: Dice, _target: str | None) -> _Effect:
    """Row 12: the first fire attack is made at once (RULES.md §4 seed 001 decision 11)."""
    attacks, markers = fire_attack(site, dice)
    return _Effect(fire=tuple(attacks), blast_markers=markers)


_EFFECTS = {
    CriticalEffect.SHAKES_VIOLENTLY: _barrage,
    CriticalEffect.FLYING_DEBRIS: _debris,
    CriticalEffect.HOLDS_STEADY: _steady,
    CriticalEffect.SHIFTS_FOUNDATION: _shifts,
    CriticalEffect.DEBRIS_FALLS: _falls,
    CriticalEffect.SEVERELY_DAMAGED: _barrage,
    CriticalEffect.BURSTS_INTO_FLAMES: _flames,
}
