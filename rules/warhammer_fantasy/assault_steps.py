"""The steps of a building assault that roll dice or judge facts (seeds 002 and 004).

:mod:`rules.warhammer_fantasy.assault` strings them together in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.warhammer_fantasy.garrison import may_garrison
from rules.warhammer_fantasy.melee import RoundOutcome
from rules.warhammer_fantasy.party import AssaultParty, FantasyUnit
from rules.warhammer_fantasy.result import (
    BreakTest,
    CombatResult,
    Winner,
    combat_result,
    flee_roll,
    garrison_break_test,
)
from rules.words import says

__all__ = [
    "CHARGE_BONUSES_LOST",
    "charge_bonus",
    "Reaction",
    "check_reaction",
    "DECISION_STAND_AND_SHOOT_BEYOND_MOVEMENT",
    "CHARGE_DICE",
    "ChargeOutcome",
    "charge_outcome",
    "ResolutionOutcome",
    "resolve_assault",
]

#: RULES.md section 3: a charge reaches Movement + 2D6" (WAP assumed the same).
CHARGE_DICE = 2

#: Seed 002 and RULES.md §4 seeds 002/004 decision 7: moved back 1" along the outward normal.
BACK_DISTANCE = 1.0


#: Seed 002: models assaulting a building lose every charge bonus; RULES.md §4 seeds 002/004
#: decision 4 adds WAP's +1 Initiative for chargers.
CHARGE_BONUSES_LOST = (
    "+1 combat result for charging",
    "lance and similar weapon bonuses",
    "Impact Hits",
    "+1 Initiative for charging",
)


def charge_bonus(name: str) -> Decision:
    """Refuse any charge bonus to a unit assaulting a building (seed 002).

    >>> charge_bonus("Impact Hits").reason
    'no Impact Hits: an assault on a building is fought in a confined space'
    """
    return Decision.no(f"no {name}: an assault on a building is fought in a confined space")


class Reaction(StrEnum):
    """A charge reaction."""

    HOLD = "hold"
    STAND_AND_SHOOT = "stand_and_shoot"
    FLEE = "flee"


#: The project's reading (RULES.md section 3, from a secondary source): Stand & Shoot only
#: against a charger that starts farther away than its own Movement. A scenario option
#: (``FantasyOptions.stand_and_shoot_beyond_movement``) turns it off.
DECISION_STAND_AND_SHOOT_BEYOND_MOVEMENT = (
    "Stand & Shoot needs the charger to start farther away than its own Movement"
)


def check_reaction(
    reaction: Reaction,
    terror_failed: bool,
    charger_distance: float | None = None,
    charger_movement: float | None = None,
    beyond_movement: bool = True,
) -> tuple[Decision, Reaction | None]:
    """Judge the garrison's reaction; return the decision and the reaction that stands.

    Seed 002: a garrison may only Hold or Stand & Shoot, never Flee, and a garrison that fails
    a Terror test Holds. A refused reaction is a ``Decision.no`` with ``None``: the garrison
    chooses again. With ``beyond_movement`` (:data:`DECISION_STAND_AND_SHOOT_BEYOND_MOVEMENT`)
    Stand & Shoot needs both distances to be judged.

    >>> check_reaction(Reaction.FLEE, False)[0].allowed
    False
    >>> print(check_reaction(Reaction.STAND_AND_SHOOT, False)[0].reason)
    Stand & Shoot needs the charger to start farther away than its own Movement: give the charger's distance and Movement
    """  # noqa: E501
    if terror_failed:
        return Decision.yes("the garrison failed its Terror test and must Hold"), Reaction.HOLD
    if reaction is Reaction.FLEE:
        return Decision.no("a garrison can never flee from an assault; it may Hold or Stand & "
                           "Shoot"), None
    if reaction is Reaction.STAND_AND_SHOOT and beyond_movement:
        if charger_distance is None or charger_movement is None:
            return Decision.no(f"{DECISION_STAND_AND_SHOOT_BEYOND_MOVEMENT}: give the charger's "
                               f"distance and Movement"), None
        if charger_distance <= charger_movement:
            return Decision.no(
                f"Stand & Shoot needs the charger farther than its Movement: it is "
                f"{charger_distance:.2f}\" away with Movement {charger_movement:g}"
            ), None
    return Decision.yes(f"the garrison reacts: {reaction.value.replace('_', ' ')}"), reaction


@dataclass(frozen=True)
class ChargeOutcome:
    """The charge roll against the building, whether it reached, and the failed-charge move."""

    roll: Roll
    movement: float
    distance: float
    reached: bool
    door_closes_clear: bool
    failed_move: float

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        reach = self.movement + self.roll.total
        text = (f"charge: Movement {self.movement:g} + {self.roll.total} = {reach:g}\" against "
                f"{self.distance:.2f}\" to the building")
        if self.reached:
            return f"{text}: the assaulter reaches the building (no charge bonuses)"
        if not self.door_closes_clear:
            return f"{text}: it cannot close the door without touching an enemy, so it fails"
        return f"{text}: the charge fails, the unit moves {self.failed_move:g}\" toward it"


def charge_outcome(
    dice: Dice, movement: float, distance: float, door_closes_clear: bool
) -> ChargeOutcome:
    """Roll Movement + 2D6 against the distance to the building (seed 004).

    The charge also needs the wheel that closes the door to touch no enemy unit (a geometry
    fact). A failed charge moves the higher die toward the building.
    """
    if movement <= 0 or distance < 0:
        raise ValueError(f"Movement {movement} and distance {distance} must be positive")
    roll = dice.roll(CHARGE_DICE, f"assault charge (Movement {movement:g} + 2D6)")
    reached = movement + roll.total >= distance and door_closes_clear
    failed = 0.0 if reached else float(max(roll.faces))
    return ChargeOutcome(roll, movement, distance, reached, door_closes_clear, failed)


@dataclass(frozen=True)
class ResolutionOutcome:
    """The end of the fight: result, the Break test and flight if any, who goes where."""

    result: CombatResult
    break_test: BreakTest | None
    garrison_broke: bool
    flee: Roll | None
    attacker_enters: bool
    attacker_moves_back: float
    description: str


def resolve_assault(
    attacker: FantasyUnit,
    defender: FantasyUnit,
    parties: tuple[AssaultParty, AssaultParty],
    fought: RoundOutcome,
    dice: Dice,
) -> ResolutionOutcome:
    """Settle the assault after the round (seed 002).

    If the assaulter wins the garrison takes a Break test as Steadfast; broken, it is placed
    outside opposite the assaulter and flees 2D6 away from it (RULES.md §4 seeds 002/004
    decision 8), and the assaulter goes in if its troop type may garrison, else moves back 1".
    Otherwise the assaulter withdraws 1" (decision 7) and may assault afresh next turn
    (decision 6); the assaulter never takes a Break test for a lost assault.
    """
    result = combat_result(fought.wounds_caused[attacker.id], fought.wounds_caused[defender.id],
                           parties[0].musician, parties[1].musician)
    if result.winner is not Winner.ATTACKER:
        text = (f"{result.description}; the garrison holds and {attacker.name} "
                f"{says(attacker.name, 'withdraws', 'withdraw')} "
                f"{BACK_DISTANCE:g}\" in good order (no Break test) to try again next turn")
        return ResolutionOutcome(result, None, False, None, False, BACK_DISTANCE, text)
    test = garrison_break_test(defender.leadership, result.margin, dice)
    if test.passed:
        text = (f"{result.description}; {test.description}; {attacker.name} "
                f"{says(attacker.name, 'withdraws', 'withdraw')} "
                f"{BACK_DISTANCE:g}\" to try again next turn")
        return ResolutionOutcome(result, test, False, None, False, BACK_DISTANCE, text)
    flee = flee_roll(dice, f"{defender.name} driven out")
    enters = bool(may_garrison(attacker.troop_type, occupied=False, marched=False,
                               reformed=False))
    move = (f"{attacker.name} {says(attacker.name, 'goes', 'go')} in" if enters else
            f"{attacker.name} cannot garrison and {says(attacker.name, 'moves', 'move')} back "
            f"{BACK_DISTANCE:g}\"")
    text = (f"{result.description}; {test.description}; {defender.name} "
            f"{says(defender.name, 'is', 'are')} placed outside "
            f"opposite the assaulter and {says(defender.name, 'flees', 'flee')} {flee.total}\"; "
            f"no pursuit; {move}")
    return ResolutionOutcome(result, test, True, flee, enters,
                             0.0 if enters else BACK_DISTANCE, text)
