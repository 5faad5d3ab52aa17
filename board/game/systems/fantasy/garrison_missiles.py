"""Missiles and bolt throwers at a Warhammer Fantasy garrison: hard cover (seed 002; no Qt).

Seed 002: "Enemy models can shoot at a building's garrison ... the garrison counts as being in
hard cover, otherwise resolved normally. A garrison is considered too spread out for
multi-rank attacks like bolt throwers, which only ever hit one model." Each shot is rolled to
hit with :func:`rules.warhammer_fantasy.to_hit_needed`: Ballistic Skill, hard cover −2, −1 if
the firers moved, −1 at long range; 7+ is a 6 then 4+ (5+, 6+), 10+ cannot hit and is refused
with the numbers. A bolt that hits strikes one model (:func:`rules.warhammer_fantasy.shooting.
multi_rank_hits`), never a rank behind it.
"""

from __future__ import annotations

from board.document.model import Unit
from board.game.core.shots import GarrisonShot, ShootingError
from rules import warhammer_fantasy as wf
from rules.dice import Dice
from rules.warhammer_fantasy.shooting import (
    HARD_COVER,
    Modifier,
    TemplateOutcome,
    hit_chance,
    multi_rank_hits,
)
from rules.words import counted

__all__ = ["BOLT", "modifiers", "check_aim", "aim_lines", "roll_to_hit"]

#: The attack key of a bolt thrower (one shot; a hit strikes one model).
BOLT = "bolt_thrower"


def modifiers(shot: GarrisonShot) -> list[Modifier]:
    """Hard cover always; −1 if the firers moved, −1 at long range (RULES.md section 3)."""
    found = [HARD_COVER]
    if shot.moved:
        found.append(Modifier(-1, "the firers moved"))
    if shot.long_range:
        found.append(Modifier(-1, "long range"))
    return found


def _shots(shot: GarrisonShot) -> int:
    return 1 if shot.attack == BOLT else shot.shots


def check_aim(shot: GarrisonShot) -> None:
    """Refuse a shot that cannot hit the garrison, or a Ballistic Skill or count out of range."""
    if not 1 <= shot.ballistic_skill <= 10:
        raise ShootingError(f"Ballistic Skill runs from 1 to 10, not {shot.ballistic_skill}")
    if _shots(shot) < 1:
        raise ShootingError(f"a volley is 1 or more shots, not {shot.shots}")
    decision = wf.to_hit_decision(shot.ballistic_skill, modifiers(shot))
    if not decision:
        raise ShootingError(f"cannot hit the garrison: {decision.reason}")


def aim_lines(shot: GarrisonShot, unit: Unit) -> list[str]:
    """The odds before rolling: what each shot needs against the hard cover, and the chance."""
    check_aim(shot)
    needed = wf.to_hit_needed(shot.ballistic_skill, modifiers(shot))
    chance = hit_chance(needed)
    reason = wf.to_hit_decision(shot.ballistic_skill, modifiers(shot)).reason
    lines = [f"{counted(_shots(shot), 'shot')} at {unit.name} in hard cover: {reason} "
             f"(each shot hits {chance})"]
    if shot.attack == BOLT:
        lines.append("a bolt that hits strikes one model only: a garrison is too spread out "
                     "for it to pass through ranks")
    lines.append(f"Strength {shot.strength}")
    return lines


def roll_to_hit(shot: GarrisonShot, models_inside: int, dice: Dice) -> TemplateOutcome:
    """Roll the shots to hit; the hits on the garrison, at the shot's Strength."""
    check_aim(shot)
    needed = wf.to_hit_needed(shot.ballistic_skill, modifiers(shot))
    assert needed.first is not None
    count = _shots(shot)
    roll = dice.roll(count, f"to hit the garrison in hard cover ({needed.describe()})")
    hits = sum(face >= needed.first for face in roll.faces)
    text = f"{counted(count, 'shot')} needing {needed.describe()}: {counted(hits, 'hit')}"
    if needed.then is not None and hits:
        again = dice.roll(hits, f"the 6s again ({needed.then}+)")
        hits = sum(face >= needed.then for face in again.faces)
        text += f", then {counted(hits, 'hit')} on {needed.then}+"
    if shot.attack == BOLT and hits:
        hits = multi_rank_hits(models_inside)
        text += "; the bolt strikes one model only (a garrison has no ranks to pass through)"
    return TemplateOutcome(roll, hits, shot.strength, None, 0, text)
