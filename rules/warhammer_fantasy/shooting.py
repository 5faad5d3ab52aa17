"""Shooting from and at a garrisoned building in Warhammer Fantasy (seed 002).

From the building: five models a floor may shoot (a scenario option), seeing from any point
of the building, all round, with range from its closest point (the board measures that and
hands in the distance). At the garrison: hard cover (-2 to hit); a multi-rank weapon hits one
model; a template inflicts D6 hits on the unit inside.

>>> shooters_allowed(2, FantasyOptions())
10
>>> to_hit_needed(3, [HARD_COVER])
ToHitNeeded(first=6, then=None)
>>> to_hit_needed(2, [HARD_COVER])  # 7+ is a 6 then a 4+
ToHitNeeded(first=6, then=4)
>>> to_hit_needed(6, [HARD_COVER]), to_hit_needed(7, [HARD_COVER])  # 1+ and 0+ before cover
(ToHitNeeded(first=3, then=None), ToHitNeeded(first=2, then=None))
>>> to_hit_needed(1, [HARD_COVER, Modifier(-1, "moved"), Modifier(-1, "long range")]).possible
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.warhammer_fantasy.options import FantasyOptions
from rules.words import counted

__all__ = [
    "Modifier",
    "HARD_COVER",
    "shooters_allowed",
    "garrison_shooting_arc",
    "in_range_from_building",
    "ToHitNeeded",
    "to_hit_score",
    "to_hit_needed",
    "to_hit_decision",
    "hit_chance",
    "multi_rank_hits",
    "TemplateWeapon",
    "TemplateOutcome",
    "template_hits_on_garrison",
    "cannon_multiple_wounds",
    "multiply_wounds",
]


@dataclass(frozen=True)
class Modifier:
    """A to-hit modifier and why."""

    value: int
    reason: str


#: Seed 002: a garrison counts as in hard cover; RULES.md section 3: hard cover is -2 to hit.
HARD_COVER = Modifier(-2, "the garrison is in hard cover")


def shooters_allowed(floors: int, options: FantasyOptions) -> int:
    """Return how many models of the garrison may shoot.

    RULES.md §4 seeds 002/004 decision 9: five (the option) times the number of floors.
    """
    if floors < 1:
        raise ValueError(f"a building has 1 or more floors, not {floors}")
    return options.shooters_per_floor * floors


def garrison_shooting_arc() -> float:
    """Return the garrison's forward arc in degrees: all round (seed 002)."""
    return 360.0


def in_range_from_building(distance_from_closest_point: float, weapon_range: float) -> Decision:
    """Whether a target is in range of the garrison: measured from the building's closest point.

    Seed 002 and RULES.md §4 seeds 002/004 decision 9; the board measures the distance.

    >>> bool(in_range_from_building(24.0, 24.0)), bool(in_range_from_building(24.01, 24.0))
    (True, False)
    """
    if distance_from_closest_point <= weapon_range:
        return Decision.yes(
            f"in range: {distance_from_closest_point:.2f}\" from the building, range "
            f"{weapon_range:g}\""
        )
    return Decision.no(
        f"out of range: {distance_from_closest_point:.2f}\" from the building's closest point, "
        f"range {weapon_range:g}\""
    )


class ToHitNeeded(NamedTuple):
    """The D6 a shot needs, and the follow-up D6 for a score of 7 or more.

    ``first`` ``None`` is a shot that cannot hit (a score of 10 or more): a refusal, not an
    error. It compares equal to the plain tuple ``(first, then)``.
    """

    first: int | None
    then: int | None = None

    @property
    def possible(self) -> bool:
        """Whether the shot can hit at all."""
        return self.first is not None

    def describe(self) -> str:
        """In words: ``4+``, ``6 then 5+``, or that it cannot hit."""
        if self.first is None:
            return "cannot hit (10+)"
        return f"{self.first}+" if self.then is None else f"6 then {self.then}+"


#: The rulebook's To Hit chart goes on past 2+ (BS6 1+, BS7 0+, ... BS10 -3+; 8W and WAP
#: agree), and any natural 1 misses: the lowest roll that can hit is a 2.
NATURAL_ONE_MISSES = 2

#: WAP "7+ To Hit" and 8th edition alike: 7 is a 6 then 4+, 8 a 6 then 5+, 9 a 6 then 6+;
#: 10 or more cannot hit.
CANNOT_HIT_FROM = 10


def to_hit_score(ballistic_skill: int, modifiers: Sequence[Modifier]) -> int:
    """Return the modified To Hit score: ``7 - BS`` less the modifiers, with no floor.

    >>> to_hit_score(6, []), to_hit_score(7, []), to_hit_score(10, [HARD_COVER])
    (1, 0, -1)
    """
    if not 1 <= ballistic_skill <= 10:
        raise ValueError(f"Ballistic Skill runs from 1 to 10, not {ballistic_skill}")
    return 7 - ballistic_skill - sum(m.value for m in modifiers)


def to_hit_needed(ballistic_skill: int, modifiers: Sequence[Modifier]) -> ToHitNeeded:
    """Return the D6 a shot needs, and the follow-up die beyond 6 (RULES.md section 3).

    The chart is ``7 - BS`` and is not capped at 2+ before the modifiers (BS6 needs 1+, BS7
    0+), so a BS6 shooter needs 3+ against hard cover and BS7 2+; a natural 1 always misses,
    so the roll needed is never below 2. A score of 7 is a 6 then 4+, 8 a 6 then 5+, 9 a 6
    then 6+; 10 or more cannot hit (``ToHitNeeded(None, None)``, see :func:`to_hit_decision`).
    """
    score = to_hit_score(ballistic_skill, modifiers)
    if score >= CANNOT_HIT_FROM:
        return ToHitNeeded(None, None)
    if score <= 6:
        return ToHitNeeded(max(score, NATURAL_ONE_MISSES), None)
    return ToHitNeeded(6, score - 3)


def to_hit_decision(ballistic_skill: int, modifiers: Sequence[Modifier]) -> Decision:
    """Whether a shot can hit at all, and what it needs, in words with the numbers.

    >>> print(to_hit_decision(6, [HARD_COVER]).reason)
    BS6 needs 1+, -2 (the garrison is in hard cover): 3+
    """
    score = to_hit_score(ballistic_skill, modifiers)
    needed = to_hit_needed(ballistic_skill, modifiers)
    mods = ", ".join(f"{m.value:+d} ({m.reason})" for m in modifiers)
    text = f"BS{ballistic_skill} needs {7 - ballistic_skill}+" + (f", {mods}" if mods else "")
    if not needed.possible:
        return Decision.no(f"{text}: {score}+ cannot hit")
    return Decision.yes(f"{text}: {needed.describe()}")


def hit_chance(needed: tuple[int | None, int | None]) -> Fraction:
    """Return the exact chance one shot hits, from :func:`to_hit_needed`.

    >>> hit_chance(ToHitNeeded(3)), hit_chance(ToHitNeeded(6, 4)), hit_chance(ToHitNeeded(None))
    (Fraction(2, 3), Fraction(1, 12), Fraction(0, 1))
    """
    first, then = needed
    if first is None:
        return Fraction(0)
    chance = Fraction(7 - first, 6)
    return chance * Fraction(7 - then, 6) if then is not None else chance


def multi_rank_hits(models_in_line: int) -> int:
    """Return how many models a multi-rank weapon (a bolt thrower) hits in a garrison: one.

    Seed 002: a garrison is too spread out for a weapon to pass through several ranks.
    """
    return 1 if models_in_line > 0 else 0


@dataclass(frozen=True)
class TemplateWeapon:
    """A template weapon: its Strength, the lower Strength off the hole (stone thrower)."""

    name: str
    strength: int
    low_strength: int | None = None  # a stone thrower's Strength away from the hole
    multiple_wounds: str | None = None  # "D6", "D3" or None


@dataclass(frozen=True)
class TemplateOutcome:
    """The hits a template inflicts on a garrison, at what Strength, and why."""

    roll: Roll
    hits: int
    strength: int
    multiple_wounds: str | None
    multiple_wounds_hits: int
    description: str


def template_hits_on_garrison(
    weapon: TemplateWeapon,
    models_inside: int,
    centre_over_building: bool,
    options: FantasyOptions,
    dice: Dice,
) -> TemplateOutcome:
    """Roll the D6 hits a template touching the building inflicts on the unit inside (seed 002).

    A stone thrower uses its higher Strength only if the template's centre lies over the
    building. WAP 9th: no model is hit twice by one template, so hits are at most the models
    inside; 8th edition has no such limit (RULES.md section 3).
    """
    if models_inside < 1:
        raise ValueError(f"a garrison has 1 or more models, not {models_inside}")
    roll = dice.roll(1, f"{weapon.name}: hits on the garrison (D6)")
    hits = min(roll.total, models_inside) if options.wap else roll.total
    low = weapon.low_strength is not None and not centre_over_building
    strength = weapon.low_strength if low and weapon.low_strength else weapon.strength
    text = (f"{weapon.name} touches the building: D6 = {roll.total}, {counted(hits, 'hit')} "
            f"at Strength "
            f"{strength}")
    if hits < roll.total:
        text += f" (only {models_inside} models inside, none hit twice)"
    if weapon.low_strength is not None:
        where = "over" if centre_over_building else "off"
        text += f"; the centre is {where} the building"
    carriers = _multiple_wounds_hits(weapon, hits, centre_over_building)
    if weapon.multiple_wounds and carriers:
        text += f"; {carriers} of them with Multiple Wounds ({weapon.multiple_wounds})"
    return TemplateOutcome(roll, hits, strength, weapon.multiple_wounds, carriers, text)


def _multiple_wounds_hits(weapon: TemplateWeapon, hits: int, centre_over: bool) -> int:
    """Return how many hits carry the weapon's Multiple Wounds.

    A cannonball's every hit does (seed 002's example); a stone thrower's only on the model
    under the hole (RULES.md section 3), which is in the building only if the centre is.
    """
    if weapon.multiple_wounds is None:
        return 0
    if weapon.low_strength is None:
        return hits
    return 1 if centre_over and hits else 0


def cannon_multiple_wounds(options: FantasyOptions, bounce: bool) -> str:
    """Return a cannonball's Multiple Wounds: D6, but D3 on the bounce in WAP (RULES.md §3)."""
    return "D3" if options.wap and bounce else "D6"


def multiply_wounds(
    unsaved: int, multiple: str | None, wounds_per_model: int, dice: Dice
) -> tuple[int, tuple[Roll, ...]]:
    """Return the wounds ``unsaved`` wounds become, each capped at a model's Wounds.

    RULES.md section 3: Multiple Wounds roll per unsaved wound, capped at the model's Wounds.
    """
    if multiple is None:
        return unsaved, ()
    if multiple not in ("D3", "D6"):
        raise ValueError(f"Multiple Wounds must be D3 or D6, not {multiple!r}")
    rolls = tuple(dice.roll(1, f"Multiple Wounds ({multiple})") for _ in range(unsaved))
    each = [(r.total + 1) // 2 if multiple == "D3" else r.total for r in rolls]
    return sum(min(w, wounds_per_model) for w in each), rolls
