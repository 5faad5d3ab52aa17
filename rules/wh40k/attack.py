"""Attacks on a building: shooting and close combat, resolved hit by hit (seed 000).

A glancing or penetrating hit costs one hull point; a penetrating hit also rolls on the rule
system's damage table with its modifiers. At 0 hull points, or 0 armour on any facing, the
building suffers the table's collapse result at once (RULES.md §4, 000 decisions 3 and 4: a
penetrating hit that takes the last hull point still rolls, and a Detonation! rolled then wins).
Close combat hits automatically, against the rear armour (000 decision 7). A building's own void
shield takes shooting hits first.

>>> from rules.dice import FixedDice
>>> from rules.wh40k.profile import BuildingProfile
>>> from rules.turns import TurnClock
>>> hut = Building(BuildingProfile.from_values("hut", 10, "small", hull_points=1))
>>> out = resolve_hit(hut, Attack(strength=4, ap=None), "front", FixedDice([6]),
...                   TurnClock(("red", "blue")))
>>> out.penetration.result.value, out.applied[0].result.value, hut.destroyed
('glancing hit', 'Total Collapse', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.turns import TurnClock
from rules.wh40k.building import Building
from rules.wh40k.effects import AppliedResult, Surroundings, apply_result
from rules.wh40k.penetration import (
    Attack,
    Penetration,
    PenetrationRoll,
    ToHit,
    roll_penetration,
    roll_to_hit,
)
from rules.wh40k.profile import WeaponProfile
from rules.wh40k.tables import WH40K_DAMAGE_TABLE, DamageResult, DamageTable, Modifier
from rules.wh40k.void_shields import ShieldHit, hit_shield, own_shield_intercepts
from rules.words import counted

__all__ = [
    "CLOSE_COMBAT_FACING",
    "DamageRoll",
    "roll_damage",
    "HitOutcome",
    "resolve_hit",
    "ShootingOutcome",
    "resolve_shooting",
    "resolve_close_combat",
]

#: A building with several Armour Values is hit on its rear in close combat (000 decision 7).
CLOSE_COMBAT_FACING = "rear"


@dataclass(frozen=True)
class DamageRoll:
    """A roll on a damage table: the die, the modifiers, the total and the row it lands on."""

    roll: Roll
    modifiers: tuple[Modifier, ...]
    table: DamageTable

    @property
    def total(self) -> int:
        """The modified total."""
        return self.roll.total + sum(m.value for m in self.modifiers)

    @property
    def result(self) -> DamageResult:
        """The table's result for the total."""
        return self.table.row_for(self.total).result

    def describe(self) -> str:
        """In words, with the numbers."""
        mods = "".join(f" {m.value:+d} ({m.reason})" for m in self.modifiers)
        return f"damage roll {self.roll.total}{mods} = {self.total}: {self.result.value}"


def roll_damage(table: DamageTable, ap: int | None, mighty_bulwark: bool, dice: Dice) -> DamageRoll:
    """Roll on ``table`` for a penetrating hit of AP ``ap``."""
    roll = dice.roll(1, f"{table.name}")
    return DamageRoll(roll, table.modifiers(ap, mighty_bulwark), table)


class LoggedOutcome:
    """An outcome the scenario log keeps as its text and every roll it made.

    A subclass gives :meth:`describe` and :attr:`rolls`; :meth:`to_log` is written once here.
    """

    def describe(self) -> str:
        """In words (given by the subclass)."""
        raise NotImplementedError

    @property
    def rolls(self) -> list[Roll]:
        """Every roll, in order (given by the subclass)."""
        raise NotImplementedError

    def to_log(self) -> dict[str, Any]:
        """Return the outcome as the scenario log keeps it: the text and every roll."""
        return {"text": self.describe(), "rolls": [r.to_dict() for r in self.rolls]}


@dataclass
class HitOutcome(LoggedOutcome):
    """One hit on a building: every roll, what it did, and why."""

    attack: Attack
    facing: str
    penetration: PenetrationRoll | None = None
    shield: ShieldHit | None = None
    hull_points_before: int = 0
    hull_points_after: int = 0
    damage: DamageRoll | None = None
    applied: list[AppliedResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def rolls(self) -> list[Roll]:
        """Every roll, in order."""
        found = [self.shield.roll] if self.shield else []
        found += [self.penetration.roll] if self.penetration else []
        found += [self.damage.roll] if self.damage else []
        for applied in self.applied:
            found += applied.rolls
        return found

    @property
    def results(self) -> list[DamageResult]:
        """The results applied, in order."""
        return [a.result for a in self.applied]

    def describe(self) -> str:
        """In words: the rolls, the hull points, the results."""
        parts = [f"{self.attack.name} on the {self.facing} facing"]
        parts += [self.shield.describe()] if self.shield else []
        parts += [self.penetration.describe()] if self.penetration else []
        if self.hull_points_before != self.hull_points_after:
            parts.append(f"hull points {self.hull_points_before} → {self.hull_points_after}")
        parts += [self.damage.describe()] if self.damage else []
        parts += [a.describe() for a in self.applied] + self.notes
        return "; ".join(p for p in parts if p)  # a result its roll named may add nothing


@atomic("building", "dice")
def resolve_hit(
    building: Building,
    attack: Attack,
    facing: str,
    dice: Dice,
    clock: TurnClock,
    table: DamageTable = WH40K_DAMAGE_TABLE,
    surroundings: Surroundings | None = None,
    shooting: bool = True,
) -> HitOutcome:
    """Resolve one hit of ``attack`` on ``facing`` of ``building`` and apply it.

    Parameters
    ----------
    building
        The building hit; its state changes (hull points, armour, effects, condition).
    attack
        Strength, AP and the penetration rules of the hit.
    facing
        ``front``, ``right``, ``rear`` or ``left``: the arc the attacker stands in (geometry).
    dice
        Every roll goes through it (a :class:`rules.dice.FixedDice` in tests).
    clock
        The turn now, to time the effects.
    table
        The scenario's damage table (40K by default, or Horus Heresy).
    surroundings
        The units inside and on the battlements, and geometry answers about them.
    shooting
        ``False`` for close combat: void shields do not stop it.

    Returns
    -------
    HitOutcome
        Every roll, the hull points before and after, and each damage result applied.
    """
    if building.destroyed:
        raise ValueError(f"building {building.id!r} is already {building.state.condition.value}")
    outcome = HitOutcome(attack, facing)
    if own_shield_intercepts(building, attack, shooting):
        outcome.shield = hit_shield(attack, dice)
        building.state.void_shields_down += int(outcome.shield.dropped)
        return outcome
    outcome.penetration = roll_penetration(attack, building.armour(facing), dice)
    if outcome.penetration.result is Penetration.NONE:
        return outcome
    _lose_hull_point(building, outcome)
    _apply_damage(building, outcome, table, dice, clock, surroundings or Surroundings())
    return outcome


def _lose_hull_point(building: Building, outcome: HitOutcome) -> None:
    outcome.hull_points_before = building.hull_points
    building.state.hull_points_lost += 1
    outcome.hull_points_after = building.hull_points


def _apply_damage(
    building: Building, outcome: HitOutcome, table: DamageTable, dice: Dice,
    clock: TurnClock, surroundings: Surroundings,
) -> None:
    penetrating = outcome.penetration and outcome.penetration.result is Penetration.PENETRATING
    last_hull_point = building.hull_points == 0
    rolled: DamageResult | None = None
    if penetrating and not (last_hull_point and table.top_result is table.collapse_result):
        bulwark = building.profile.mighty_bulwark
        outcome.damage = roll_damage(table, outcome.attack.ap, bulwark, dice)
        rolled = outcome.damage.result
    if last_hull_point:
        worse = rolled if rolled is table.top_result else table.collapse_result
        cause = "hull points reduced to 0" + (", and the roll was worse" if worse is rolled else "")
        applied = apply_result(building, table, worse, dice, clock, surroundings, cause)
        outcome.applied.append(applied)
        return
    if rolled is not None:
        outcome.applied.append(apply_result(building, table, rolled, dice, clock, surroundings))
    if not building.destroyed and building.lowest_armour == 0:
        cause = "armour reduced to 0 on a facing"
        outcome.applied.append(
            apply_result(building, table, table.collapse_result, dice, clock, surroundings, cause)
        )


@dataclass
class ShootingOutcome(LoggedOutcome):
    """A unit's shots at a building: each roll to hit, then each hit resolved."""

    weapon: WeaponProfile
    bs: int
    to_hit: list[ToHit] = field(default_factory=list)
    hits: list[HitOutcome] = field(default_factory=list)
    unresolved_hits: int = 0

    @property
    def rolls(self) -> list[Roll]:
        """Every roll, in order of the to-hit rolls, then the hits."""
        found = [r for t in self.to_hit for r in t.rolls]
        return found + [r for h in self.hits for r in h.rolls]

    def describe(self) -> str:
        """In words."""
        hits = sum(t.hit for t in self.to_hit)
        lines = [f"{self.weapon.name}: {counted(len(self.to_hit), 'shot')} at BS{self.bs}, "
                 f"{hits} hit"]
        lines += [h.describe() for h in self.hits]
        if self.unresolved_hits:
            lines.append(f"{counted(self.unresolved_hits, 'hit')} had no building left to "
                         "strike")
        return "\n".join(lines)


@atomic("building", "dice")
def resolve_shooting(
    building: Building,
    weapon: WeaponProfile,
    bs: int,
    facing: str,
    dice: Dice,
    clock: TurnClock,
    table: DamageTable = WH40K_DAMAGE_TABLE,
    surroundings: Surroundings | None = None,
    shots: int | None = None,
    snap_shots: bool = False,
    penetration_dice: int = 1,
) -> ShootingOutcome:
    """Fire ``shots`` (default the weapon's) at ``facing``: all rolls to hit, then each hit."""
    if snap_shots and not weapon.can_snap_shoot:
        raise ValueError(f"{weapon.name} is a blast, template or ordnance weapon: no Snap Shots")
    bs_used = 1 if snap_shots else bs
    count = weapon.shots if shots is None else shots
    outcome = ShootingOutcome(weapon, bs_used)
    twin = weapon.has("Twin-linked")
    outcome.to_hit = [roll_to_hit(bs_used, dice, twin) for _ in range(count)]
    attack = Attack.from_weapon(weapon, penetration_dice)
    for _ in range(sum(t.hit for t in outcome.to_hit)):
        if building.destroyed:
            outcome.unresolved_hits += 1
            continue
        outcome.hits.append(resolve_hit(building, attack, facing, dice, clock, table, surroundings))
    return outcome


@atomic("building", "dice")
def resolve_close_combat(
    building: Building,
    attack: Attack,
    hits: int,
    dice: Dice,
    clock: TurnClock,
    table: DamageTable = WH40K_DAMAGE_TABLE,
    surroundings: Surroundings | None = None,
) -> list[HitOutcome]:
    """Resolve ``hits`` close-combat attacks: they hit automatically, on the rear armour."""
    outcomes = []
    for _ in range(hits):
        if building.destroyed:
            break
        outcomes.append(
            resolve_hit(building, attack, CLOSE_COMBAT_FACING, dice, clock, table, surroundings,
                        shooting=False)
        )
    return outcomes
