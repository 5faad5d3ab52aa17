"""A garrison's Stand & Shoot at the unit assaulting its building (Warhammer Fantasy; no Qt).

The garrison shoots from the building (seed 002): as many models as its floors allow (five a
floor by default), range measured from the building's closest point, all round. Each shot
hits on its Ballistic Skill with -1 for Stand & Shoot and -1 at long range (over half the
weapon's range; RULES.md section 3), wounds on Strength against Toughness, and the assaulter
saves with its armour (worse by 1 per point of Strength over 3) and its ward. Casualties come
off the back of the rank and file (seed 002, "as usual") before the charge is rolled.

The weapon comes from the garrison's ``stats``: ``bs``, and ``missile`` =
``{"range": inches, "strength": S, "shots": per model (default 1)}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from board.document.model import Unit
from board.game.core.assault import AssaultError, stat_int
from rules import warhammer_fantasy as wf
from rules.dice import Dice, Roll
from rules.warhammer_fantasy.melee import save_needed, wound_needed
from rules.warhammer_fantasy.party import casualty_order
from rules.warhammer_fantasy.shooting import Modifier, hit_chance, to_hit_decision, to_hit_needed
from rules.words import counted, says

__all__ = ["STAND_AND_SHOOT", "LONG_RANGE", "Missile", "missile_of", "Volley", "volley"]

#: RULES.md section 3: Stand & Shoot is -1 to hit, long range -1.
STAND_AND_SHOOT = Modifier(-1, "stand and shoot")
LONG_RANGE = Modifier(-1, "long range")


@dataclass(frozen=True)
class Missile:
    """The garrison's missile weapon: range (inches), Strength, shots per model, its BS."""

    range: float
    strength: int
    shots: int
    bs: int


def missile_of(unit: Unit) -> Missile:
    """Return the missile weapon in ``unit.stats``; a missing or bad value is named."""
    data = unit.stats.get("missile")
    if not isinstance(data, dict):
        raise AssaultError(f"{unit.name} {says(unit.name, 'has', 'have')} no missile weapon in "
                           f"{says(unit.name, 'its', 'their')} stats (\"missile\": "
                           f"{{\"range\", \"strength\", \"shots\"}}) to Stand & Shoot with")
    reach, strength, shots = data.get("range"), data.get("strength"), data.get("shots", 1)
    if isinstance(reach, bool) or not isinstance(reach, int | float) or reach <= 0:
        raise AssaultError(f"{unit.name}: missile range {reach!r} is not a distance in inches")
    for name, value in (("strength", strength), ("shots", shots)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise AssaultError(f"{unit.name}: missile {name} {value!r} is not a whole number "
                               f"of 1 or more")
    assert isinstance(strength, int) and isinstance(shots, int)
    return Missile(float(reach), strength, shots, stat_int(unit, "bs"))


@dataclass(frozen=True)
class Volley:
    """The shots, every roll, the unsaved wounds and the assaulter's models killed."""

    shooters: int
    needed: tuple[int | None, int | None]
    rolls: tuple[Roll, ...]
    unsaved: int
    killed: tuple[str, ...]
    text: str


def _hits(dice: Dice, count: int, needed: tuple[int, int | None]) -> tuple[int, list[Roll]]:
    """Roll to hit (and the follow-up die of a 7+); ``needed`` is a shot that can hit."""
    first = dice.roll(count, f"Stand & Shoot: to hit ({needed[0]}+)")
    hits = sum(f >= needed[0] for f in first.faces)
    rolls = [first]
    if needed[1] is not None and hits:
        follow = dice.roll(hits, f"Stand & Shoot: to hit, follow-up ({needed[1]}+)")
        rolls.append(follow)
        hits = sum(f >= needed[1] for f in follow.faces)
    return hits, rolls


def _saved(dice: Dice, wounds: int, target: wf.Fighter, strength: int,
           rolls: list[Roll]) -> int:
    armour = save_needed(target.save, strength)
    if wounds and armour is not None:
        roll = dice.roll(wounds, f"{target.label}: armour save ({armour}+)")
        rolls.append(roll)
        wounds -= sum(f >= armour for f in roll.faces)
    if wounds and target.ward is not None:
        roll = dice.roll(wounds, f"{target.label}: ward save ({target.ward}+)")
        rolls.append(roll)
        wounds -= sum(f >= target.ward for f in roll.faces)
    return wounds


def volley(garrison: Unit, garrison_models: int, floors: int, options: wf.FantasyOptions,
           target: wf.FantasyUnit, distance: float, dice: Dice) -> Volley:
    """Shoot once at the charging ``target``, ``distance`` inches from the building.

    ``target.models`` loses the models killed (rank and file first, from the back).
    """
    weapon = missile_of(garrison)
    if distance > weapon.range:
        text = (f"Stand & Shoot: out of range, {distance:.2f}\" from the building with range "
                f"{weapon.range:g}\"")
        return Volley(0, (7, None), (), 0, (), text)
    modifiers = [STAND_AND_SHOOT] + ([LONG_RANGE] if distance > weapon.range / 2 else [])
    needed = to_hit_needed(weapon.bs, modifiers)
    if not needed.possible:
        text = f"Stand & Shoot: {to_hit_decision(weapon.bs, modifiers).reason}; no shots fired"
        return Volley(0, (7, None), (), 0, (), text)
    shooters = min(garrison_models, wf.shooters_allowed(floors, options))
    assert needed.first is not None
    hits, rolls = _hits(dice, shooters * weapon.shots, (needed.first, needed.then))
    front = target.rank_and_file[:1] or target.models[:1]
    if not front:
        raise AssaultError(f"{target.name} has no models to shoot at")
    wound_on = wound_needed(weapon.strength, front[0].t)
    wounds = 0
    if hits and wound_on is not None:
        roll = dice.roll(hits, f"Stand & Shoot: to wound ({wound_on}+)")
        rolls.append(roll)
        wounds = sum(f >= wound_on for f in roll.faces)
    unsaved = _saved(dice, wounds, front[0], weapon.strength, rolls)
    killed = _casualties(target, unsaved)
    why = ", ".join(m.reason for m in modifiers)
    text = (f"Stand & Shoot: {counted(shooters, 'model')}, "
            f"{counted(shooters * weapon.shots, 'shot')} at "
            f"{needed.describe()} ({why}; {hit_chance(needed)} a shot): {counted(hits, 'hit')}, "
            f"{counted(wounds, 'wound')}, {unsaved} unsaved; {target.name} "
            f"{says(target.name, 'loses', 'lose')} "
            f"{counted(len(killed), 'model') + ' from the back' if killed else 'nobody'}")
    return Volley(shooters, needed, tuple(rolls), unsaved, tuple(killed), text)


def _casualties(target: wf.FantasyUnit, unsaved: int) -> list[str]:
    """Take ``unsaved`` wounds off the back of the rank and file (seed 002: "as usual").

    Command models, then characters, fall last.
    """
    killed: list[str] = []
    wounds_left = {m.id: m.w for m in target.models}
    for _ in range(unsaved):
        alive = casualty_order([m for m in target.rank_and_file if m.id not in killed]) or \
            [m for m in target.models if m.id not in killed]
        if not alive:
            break
        wounds_left[alive[0].id] -= 1
        if wounds_left[alive[0].id] <= 0:
            killed.append(alive[0].id)
    target.models[:] = [m for m in target.models if m.id not in killed]
    return killed
