"""Shooting at an Epic 40,000 building, and who may go in (seed 001).

A building is shot at as an immobilised war engine in the open: one die per point of
firepower brought to bear (RULES.md section 2), each die that meets its armour (6+) a hit.

>>> may_target_building(super_heavy=False).reason
'only super-heavy weapons may target a building; this weapon is not one'
>>> bool(may_enter("infantry")), bool(may_enter("walker"))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.atomic import atomic
from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.epic40k.damage import (
    CriticalOutcome,
    DamageOutcome,
    apply_damage,
    check_debris_target,
    debris_target_still_inside,
    resolve_critical,
)
from rules.epic40k.state import BuildingState, Site
from rules.words import counted

__all__ = [
    "CRITICAL_ON",
    "may_enter",
    "may_target_building",
    "occupants_hit_by_shot",
    "ShotHit",
    "ShootingOutcome",
    "shoot_building",
]

#: Seed 001: a hit that meets the armour causes critical damage on a further 6.
CRITICAL_ON = 6


def may_enter(troop_type: str) -> Decision:
    """Whether a unit of ``troop_type`` may enter a building: infantry only (seed 001)."""
    if troop_type == "infantry":
        return Decision.yes("infantry may enter a building")
    return Decision.no(f"only infantry may enter a building, not "
                       f"{troop_type.replace('_', ' ')}")  # "war engine", not its code


def may_target_building(super_heavy: bool) -> Decision:
    """Whether a weapon may target a building (RULES.md §4 seed 001 decision 12)."""
    if super_heavy:
        return Decision.yes("a super-heavy weapon may target a building, whatever carries it")
    return Decision.no(
        "only super-heavy weapons may target a building; this weapon is not one"
    )


def occupants_hit_by_shot(template_covers_them: bool) -> Decision:
    """Whether a shot at the building also attacks the units inside (seed 001).

    Only a template that targets the building and lies over them does.
    """
    if template_covers_them:
        return Decision.yes("the template over the building covers the units inside")
    return Decision.no("a shot at a building misses the units inside unless a template covers them")


@dataclass(frozen=True)
class ShotHit:
    """One die that met the armour: its critical roll and what that caused."""

    critical_roll: Roll
    damage: DamageOutcome
    critical: CriticalOutcome | None


@dataclass(frozen=True)
class ShootingOutcome:
    """A super-heavy attack on a building: the firepower dice and every hit's consequences."""

    firepower: int
    dice: Roll
    needed: int
    hits: tuple[ShotHit, ...]
    damage_capacity_after: int

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        crits = sum(h.critical is not None for h in self.hits)
        return (
            f"firepower {self.firepower} at the building: {len(self.hits)} of "
            f"{counted(len(self.dice.faces), 'die')} scored {self.needed}+, {crits} critical; "
            f"damage capacity "
            f"now {self.damage_capacity_after}"
        )


@atomic("state", "dice")
def shoot_building(
    state: BuildingState, firepower: int, site: Site, dice: Dice,
    debris_target: str | None = None,
) -> ShootingOutcome:
    """Roll ``firepower`` dice at the building; each 6+ costs 1 damage capacity.

    RULES.md §4 seed 001 decision 5: in shooting each hit gets its own critical roll (a 6).
    ``state`` is changed; ``site`` names the units inside for the effects of critical damage;
    ``debris_target`` is the defender's choice of the unit inside that takes the hit of a
    critical's row 10 (``None``: the first unit inside), kept while that unit lives.
    """
    if firepower < 1:
        raise ValueError(f"an attack brings 1 or more firepower, not {firepower}")
    if not state.standing:
        raise ValueError("the building is already ruins and cannot be targeted as a building")
    check_debris_target(site, debris_target)
    roll = dice.roll(firepower, f"firepower {firepower} at the building ({state.armour}+)")
    hits: list[ShotHit] = []
    for _face in (f for f in roll.faces if f >= state.armour):
        if not state.standing:
            break  # the building fell to an earlier hit: nothing left to damage
        damage = apply_damage(state, 1, site, dice, "hit from shooting")
        chance = dice.roll(1, f"critical damage chance ({CRITICAL_ON})")
        critical = None
        if chance.total >= CRITICAL_ON and state.standing:
            target = debris_target_still_inside(site, debris_target)
            critical = resolve_critical(state, site, dice, target)
            site = site.without(critical.killed)
        hits.append(ShotHit(chance, damage, critical))
        if damage.catastrophic and damage.catastrophic.collapse:
            site = site.without(damage.catastrophic.collapse.killed)
    return ShootingOutcome(firepower, roll, state.armour, tuple(hits), state.damage_capacity)
