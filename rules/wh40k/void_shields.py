"""Void shields: a building's own upgrade and a generator's projected shields (RULES.md §1).

A building's own void shield stops shooting hits on the building, its occupants and its
battlements; the shield has Armour Value 12 and any glancing or penetrating hit drops it. At the
end of its controller's turn each dropped shield comes back on a 5+.

A Void Shield Generator projects 1 to 3 shields over a 12" zone: a shooting hit from a firer
outside the zone on a unit wholly inside it (every base within 12", RULES.md §4, 000 decision
13) hits a shield instead (Armour Value 12). With several generators covering the target one is
picked at random. A Strength-less witchfire power passes through; a Graviton hit drops one
projected shield on a 6 and never affects a building's own shields. A unit protected by a
projected shield takes no cover save against that hit.

>>> from rules.dice import FixedDice
>>> from rules.wh40k.penetration import Attack
>>> hit_shield(Attack(strength=9, ap=2), FixedDice([3])).dropped
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.atomic import atomic
from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.wh40k.building import Building
from rules.wh40k.penetration import Attack, Penetration, PenetrationRoll, roll_penetration

__all__ = [
    "VOID_SHIELD_ARMOUR",
    "VOID_SHIELD_RESTORE",
    "ShieldHit",
    "hit_shield",
    "own_shield_intercepts",
    "projected_shield_intercepts",
    "pick_generator",
    "hit_projected_shield",
    "restore_shields",
]

#: The Armour Value of a void shield.
VOID_SHIELD_ARMOUR = 12
#: What a dropped shield needs on a D6 to come back at the end of its controller's turn.
VOID_SHIELD_RESTORE = 5


@dataclass(frozen=True)
class ShieldHit:
    """A hit on a void shield: the roll against its armour, and whether it dropped."""

    roll: Roll
    dropped: bool
    penetration: PenetrationRoll | None = None

    def describe(self) -> str:
        """In words."""
        verdict = "the shield drops" if self.dropped else "the shield holds"
        graviton = f"Graviton roll {self.roll.total}"
        how = self.penetration.describe() if self.penetration else graviton
        return f"void shield (armour {VOID_SHIELD_ARMOUR}): {how}; {verdict}"


def hit_shield(attack: Attack, dice: Dice, projected: bool = False) -> ShieldHit:
    """Resolve a hit on a void shield; a Graviton hit on a projected shield needs a 6."""
    if attack.graviton and projected:
        roll = dice.roll(1, "Graviton against a projected void shield")
        return ShieldHit(roll, roll.total == 6)
    pen = roll_penetration(attack, VOID_SHIELD_ARMOUR, dice)
    return ShieldHit(pen.roll, pen.result is not Penetration.NONE, pen)


def own_shield_intercepts(building: Building, attack: Attack, shooting: bool) -> Decision:
    """Whether the building's own void shield takes this hit instead."""
    if not shooting:
        return Decision.no("void shields stop shooting only, not close combat")
    if building.void_shields_up == 0:
        up, total = building.void_shields_up, building.profile.void_shields
        return Decision.no(f"no void shield up ({up} of {total})")
    if attack.graviton:
        return Decision.no("Graviton has no effect on a building's own void shields")
    return Decision.yes(f"{building.void_shields_up} void shield(s) up: the shield is hit")


def projected_shield_intercepts(
    attack: Attack, shields_up: int, firer_inside: bool, target_wholly_inside: bool
) -> Decision:
    """Whether a projected void shield takes a shooting hit on a unit.

    ``firer_inside`` and ``target_wholly_inside`` are geometry facts about the 12" zone.
    """
    if shields_up <= 0:
        return Decision.no("the generator has no projected shields up")
    if firer_inside:
        return Decision.no("the firer is inside the shield zone")
    if not target_wholly_inside:
        return Decision.no('the target is not wholly within 12" of the generator')
    if attack.strength is None and not attack.haywire:
        return Decision.no("a Strength-less witchfire power is not stopped by void shields")
    return Decision.yes("the hit strikes a projected void shield (no cover save)")


def pick_generator(generators: Sequence[str], dice: Dice) -> tuple[str, Roll | None]:
    """Pick at random which of several covering generators takes the hit."""
    if not generators:
        raise ValueError("no generator covers the target")
    if len(generators) == 1:
        return generators[0], None
    roll = dice.roll(1, "which void shield generator", sides=len(generators))
    return generators[roll.total - 1], roll


@atomic("generator", "dice")
def hit_projected_shield(generator: Building, attack: Attack, dice: Dice) -> ShieldHit:
    """Resolve a hit on one of ``generator``'s projected shields, dropping it if it fails."""
    if generator.projected_shields_up == 0:
        raise ValueError(f"generator {generator.id!r} has no projected shields up")
    hit = hit_shield(attack, dice, projected=True)
    generator.state.projected_shields_down += int(hit.dropped)
    return hit


@atomic("building", "dice")
def restore_shields(building: Building, dice: Dice) -> list[Roll]:
    """At the end of the controller's turn: each dropped shield returns on a 5+."""
    rolls = []
    for field in ("void_shields_down", "projected_shields_down"):
        for _ in range(getattr(building.state, field)):
            roll = dice.roll(1, f"void shield restored on {VOID_SHIELD_RESTORE}+")
            rolls.append(roll)
            if roll.total >= VOID_SHIELD_RESTORE:
                setattr(building.state, field, getattr(building.state, field) - 1)
    return rolls
