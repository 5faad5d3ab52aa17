"""Rolling to hit and for armour penetration, as against a vehicle (seed 000, RULES.md §1).

To hit: a Ballistic Skill of 1 to 5 needs 7 − BS on a D6; BS 6 to 10 need a 2+ and re-roll a
miss needing 12 − BS (6+ at BS6 … 2+ at BS10). Snap Shots are at BS1. Penetration: D6 (2D6 for
Armourbane-like rules) plus Strength against the facing's Armour Value: equal is a glancing hit,
higher a penetrating hit. Haywire rolls a D6 instead: 1 nothing, 2–5 glancing, 6 penetrating.
A flamer with the Promethium Relay Pipes' Fuel Siphon (seed 000 FAQ; what it does is our
recalled reading, :data:`FUEL_SIPHON`) re-rolls a penetration roll that does nothing.

>>> to_hit_target(4), to_hit_target(7)
((3, None), (2, 5))
>>> from rules.dice import FixedDice
>>> roll_penetration(Attack(strength=8, ap=3), armour=14, dice=FixedDice([6])).result.value
'glancing hit'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.dice import Dice, Roll
from rules.wh40k.profile import WeaponProfile

__all__ = [
    "Penetration",
    "Attack",
    "to_hit_target",
    "ToHit",
    "roll_to_hit",
    "PenetrationRoll",
    "roll_penetration",
    "FUEL_SIPHON",
    "DECISION_FUEL_SIPHON",
]

#: The special rule a flamer fired with the Promethium Relay Pipes' fuel carries.
FUEL_SIPHON = "Fuel Siphon"
#: Our reading (recalled, [R]: neither a seed nor RULES.md says what Fuel Siphon does; the
#: seed 000 FAQ says only that every flamer weapon gets it): a flamer fired by a model with
#: the pipes' fuel re-rolls failed To Wound rolls and armour penetration rolls that do
#: nothing.
DECISION_FUEL_SIPHON = ("Fuel Siphon: the flamer re-rolls failed To Wound rolls and armour "
                        "penetration rolls that do nothing")


class Penetration(StrEnum):
    """What a hit does to a building's armour."""

    NONE = "no effect"
    GLANCING = "glancing hit"
    PENETRATING = "penetrating hit"


@dataclass(frozen=True)
class Attack:
    """One hit's profile against a building.

    ``strength`` ``None`` is a Strength-less attack (it cannot hurt a building). ``ap``
    ``None`` is AP –. ``penetration_dice`` is 2 for rules that roll 2D6 for penetration.
    """

    strength: int | None
    ap: int | None
    name: str = "hit"
    penetration_dice: int = 1
    haywire: bool = False
    graviton: bool = False
    #: Re-roll a penetration roll that does nothing (:data:`FUEL_SIPHON`).
    fuel_siphon: bool = False

    @classmethod
    def from_weapon(cls, weapon: WeaponProfile, penetration_dice: int = 1) -> Attack:
        """Return the attack a weapon's profile makes."""
        return cls(
            strength=weapon.strength,
            ap=weapon.ap,
            name=weapon.name,
            penetration_dice=2 if weapon.has("Armourbane") else penetration_dice,
            haywire=weapon.has("Haywire"),
            graviton=weapon.has("Graviton"),
            fuel_siphon=weapon.has(FUEL_SIPHON),
        )


def to_hit_target(bs: int) -> tuple[int, int | None]:
    """Return what a shot of Ballistic Skill ``bs`` needs on a D6, and what its re-roll needs."""
    if bs < 1:
        raise ValueError(f"a model of Ballistic Skill {bs} cannot shoot")
    if bs <= 5:
        return 7 - bs, None
    return 2, max(2, 12 - bs)


@dataclass(frozen=True)
class ToHit:
    """One shot's roll to hit (and its re-roll, if it had one)."""

    bs: int
    needed: int
    rolls: tuple[Roll, ...]
    hit: bool

    def describe(self) -> str:
        """In words, with the dice."""
        faces = " then ".join(str(r.total) for r in self.rolls)
        return f"BS{self.bs} needs {self.needed}+: rolled {faces}: {'hit' if self.hit else 'miss'}"


def roll_to_hit(bs: int, dice: Dice, twin_linked: bool = False, purpose: str = "to hit") -> ToHit:
    """Roll one shot to hit at Ballistic Skill ``bs``; twin-linked re-rolls a miss."""
    needed, reroll = to_hit_target(bs)
    if twin_linked and reroll is None:
        reroll = needed
    first = dice.roll(1, purpose)
    if first.total >= needed or reroll is None:
        return ToHit(bs, needed, (first,), first.total >= needed)
    second = dice.roll(1, f"{purpose} (re-roll, needs {reroll}+)")
    return ToHit(bs, needed, (first, second), second.total >= reroll)


@dataclass(frozen=True)
class PenetrationRoll:
    """An armour penetration roll: dice + Strength against ``armour``."""

    attack: Attack
    armour: int
    roll: Roll
    result: Penetration
    #: The roll that did nothing and was re-rolled (Fuel Siphon), if any.
    first: Roll | None = None

    @property
    def total(self) -> int:
        """Dice plus Strength (Haywire: the die alone)."""
        if self.attack.haywire:
            return self.roll.total
        return self.roll.total + (self.attack.strength or 0)

    def describe(self) -> str:
        """In words, with the numbers."""
        again = (f"{self.first.total} re-rolled (Fuel Siphon), "
                 if self.first is not None else "")
        if self.attack.haywire:
            return f"Haywire roll {again}{self.roll.total}: {self.result.value}"
        return (
            f"penetration {again}{self.roll.total} + S{self.attack.strength} = {self.total} "
            f"against armour {self.armour}: {self.result.value}"
        )


def roll_penetration(attack: Attack, armour: int, dice: Dice) -> PenetrationRoll:
    """Roll for armour penetration against an Armour Value of ``armour``.

    With Fuel Siphon a roll that does nothing is rolled again, and the second one stands.

    >>> from rules.dice import FixedDice
    >>> flamer = Attack(strength=5, ap=4, name="Heavy flamer", fuel_siphon=True)
    >>> roll_penetration(flamer, 10, FixedDice([2, 5])).describe()
    'penetration 2 re-rolled (Fuel Siphon), 5 + S5 = 10 against armour 10: glancing hit'
    """
    first = _roll_penetration(attack, armour, dice)
    if not attack.fuel_siphon or first.result is not Penetration.NONE:
        return first
    second = _roll_penetration(attack, armour, dice, " (Fuel Siphon re-roll)")
    return PenetrationRoll(attack, armour, second.roll, second.result, first.roll)


def _roll_penetration(attack: Attack, armour: int, dice: Dice,
                      again: str = "") -> PenetrationRoll:
    if attack.strength is None and not attack.haywire:
        raise ValueError(f"{attack.name} has no Strength and cannot hurt a building")
    if attack.haywire:
        roll = dice.roll(1, f"Haywire{again}")
        face = roll.total
        result = Penetration.NONE if face == 1 else Penetration.PENETRATING if face == 6 else (
            Penetration.GLANCING
        )
        return PenetrationRoll(attack, armour, roll, result)
    roll = dice.roll(attack.penetration_dice, f"armour penetration{again}")
    total = roll.total + (attack.strength or 0)
    result = (
        Penetration.PENETRATING if total > armour
        else Penetration.GLANCING if total == armour
        else Penetration.NONE
    )
    return PenetrationRoll(attack, armour, roll, result)
