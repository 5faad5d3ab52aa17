"""Assaulting a garrisoned building, step by step (seeds 002 and 004; RULES.md section 4).

:class:`BuildingAssault` walks one assault through its steps and refuses a step out of order::

    declared ─react─▶ reacted ─roll_charge─▶ engaged ─choose_parties─▶ parties chosen
        │                 │          └──────▶ failed
        └──── abandon ────┴──▶ abandoned          ─fight─▶ fought ─resolve─▶ garrison broken
                                                                       └──▶ attacker withdrew

Facts from geometry come in as arguments (the charge distance, whether the wheel can close the
door without touching an enemy); every roll is kept in the outcome it belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.atomic import atomic
from rules.decision import Decision
from rules.dice import Dice
from rules.warhammer_fantasy.assault_steps import (
    ChargeOutcome,
    Reaction,
    ResolutionOutcome,
    charge_outcome,
    check_reaction,
    resolve_assault,
)
from rules.warhammer_fantasy.melee import Challenge, RoundOutcome, fight_round
from rules.warhammer_fantasy.options import FantasyOptions
from rules.warhammer_fantasy.party import AssaultParty, FantasyUnit, choose_party
from rules.words import says

__all__ = [
    "AssaultStep",
    "AssaultStepError",
    "WITHDRAW_DISTANCE",
    "may_declare_assault",
    "settle_forced_assaults",
    "BuildingAssault",
]

#: Seed 002: an assaulter that is charged, or that is held off, moves back 1".
WITHDRAW_DISTANCE = 1.0


class AssaultStep(StrEnum):
    """Where an assault stands."""

    DECLARED = "declared"
    REACTED = "reacted"
    ENGAGED = "engaged"
    PARTIES_CHOSEN = "parties_chosen"
    FOUGHT = "fought"
    FAILED = "failed"
    ABANDONED = "abandoned"
    GARRISON_BROKEN = "garrison_broken"
    ATTACKER_WITHDREW = "attacker_withdrew"

    @property
    def over(self) -> bool:
        """Whether the assault has ended."""
        return self in _ENDED


_ENDED = {AssaultStep.FAILED, AssaultStep.ABANDONED, AssaultStep.GARRISON_BROKEN,
          AssaultStep.ATTACKER_WITHDREW}


class AssaultStepError(RuntimeError):
    """A step of the assault was asked for out of order."""


def may_declare_assault(
    troop_type: str,
    *,
    garrisoned_by_enemy: bool,
    assaulted_this_phase: bool,
    sight_of_building: bool,
    charging_another_target: bool = False,
) -> Decision:
    """Whether a unit may declare an assault on a building (seeds 002 and 004)."""
    if not garrisoned_by_enemy:
        return Decision.no("only a building the enemy garrisons can be assaulted")
    if troop_type == "chariot":
        return Decision.no("chariots may not assault a building")
    if assaulted_this_phase:
        return Decision.no("the building has already been assaulted by a unit this Movement phase")
    if not sight_of_building:
        return Decision.no("the assaulter needs line of sight to the building itself")
    if charging_another_target:
        return Decision.no("a unit assaulting a building cannot charge another target too")
    return Decision.yes(f"{troop_type.replace('_', ' ')} may assault the building")


def settle_forced_assaults(declared: Sequence[str], completes: str) -> dict[str, Decision]:
    """Several units forced to declare against one building: only ``completes`` goes on.

    Seed 004: the controlling player picks after the charge rolls; the rest fail.
    RULES.md §4 seeds 002/004 decision 5: they make failed-charge moves stopping 1" short.
    """
    if completes not in declared:
        raise ValueError(f"{completes!r} did not declare an assault on this building")
    return {
        unit: Decision.yes("completes the assault") if unit == completes
        else Decision.no("only one unit may assault the building: a failed charge, stopping "
                         "1\" short of it")
        for unit in declared
    }


@dataclass
class BuildingAssault:
    """One assault on one building, from declaration to its end.

    ``first_round`` is ``False`` for a fresh assault on the same building by the same unit in
    the next turn (RULES.md §4 seeds 002/004 decision 6: never a new first round).
    The parties live only during the Close Combat phase and are not part of ``to_dict``.
    """

    building: str
    attacker: FantasyUnit
    defender: FantasyUnit
    options: FantasyOptions = field(default_factory=FantasyOptions)
    first_round: bool = True
    step: AssaultStep = AssaultStep.DECLARED
    reaction: Reaction | None = None
    log: list[str] = field(default_factory=list)
    parties: tuple[AssaultParty, AssaultParty] | None = None
    last_round: RoundOutcome | None = None

    def _expect(self, *steps: AssaultStep) -> None:
        if self.step not in steps:
            wanted = " or ".join(s.value for s in steps)
            raise AssaultStepError(f"the assault is {self.step.value}; this step needs {wanted}")

    @atomic("self")
    def react(
        self, reaction: Reaction, *, terror_failed: bool = False,
        charger_distance: float | None = None, charger_movement: float | None = None,
    ) -> Decision:
        """Take the garrison's reaction: Hold or Stand & Shoot, never Flee (seed 002).

        A refused reaction is returned as a ``Decision.no`` and changes nothing: the garrison
        is still to react.
        """
        self._expect(AssaultStep.DECLARED)
        decision, chosen = check_reaction(reaction, terror_failed, charger_distance,
                                          charger_movement,
                                          self.options.stand_and_shoot_beyond_movement)
        if chosen is None:
            return decision
        self.reaction = chosen
        self.step = AssaultStep.REACTED
        self.log.append(decision.reason)
        return decision

    @atomic("self", "dice")
    def roll_charge(
        self, dice: Dice, movement: float, distance: float, *, door_closes_clear: bool = True
    ) -> ChargeOutcome:
        """Roll the charge against the building as if it were the target unit (seed 004)."""
        self._expect(AssaultStep.REACTED)
        outcome = charge_outcome(dice, movement, distance, door_closes_clear)
        self.step = AssaultStep.ENGAGED if outcome.reached else AssaultStep.FAILED
        self.log.append(outcome.description)
        return outcome

    @atomic("self")
    def abandon(self) -> str:
        """Abandon the assault: the assaulter was charged, it moves back 1" (seed 004)."""
        self._expect(AssaultStep.DECLARED, AssaultStep.REACTED, AssaultStep.ENGAGED)
        self.step = AssaultStep.ABANDONED
        name = self.attacker.name
        text = (f"{name} {says(name, 'is', 'are')} charged: the assault is abandoned, "
                f"{says(name, 'it moves', 'they move')} back {WITHDRAW_DISTANCE:g}\" and "
                f"{says(name, 'fights', 'fight')} the chargers outside")
        self.log.append(text)
        return text

    @atomic("self")
    def choose_parties(
        self, attacker_characters: Sequence[str] = (), defender_characters: Sequence[str] = ()
    ) -> tuple[AssaultParty, AssaultParty]:
        """Both players pick their assault parties at the start of the Close Combat phase."""
        self._expect(AssaultStep.ENGAGED)
        self.parties = (choose_party(self.attacker, attacker_characters, self.options),
                        choose_party(self.defender, defender_characters, self.options))
        self.step = AssaultStep.PARTIES_CHOSEN
        sizes = [len(p.members) for p in self.parties]
        self.log.append(f"assault parties: {sizes[0]} assaulters against {sizes[1]} defenders")
        return self.parties

    @atomic("self", "dice")
    def fight(
        self, dice: Dice, targets: Mapping[str, str] | None = None,
        challenge: Challenge | None = None, nominated: Mapping[str, str] | None = None,
    ) -> RoundOutcome:
        """Fight the round (see :func:`rules.warhammer_fantasy.melee.fight_round`)."""
        self._expect(AssaultStep.PARTIES_CHOSEN)
        assert self.parties is not None
        self.last_round = fight_round(*self.parties, dice, self.options, targets, challenge,
                                      nominated)
        self.step = AssaultStep.FOUGHT
        return self.last_round

    @atomic("self", "dice")
    def resolve(self, dice: Dice) -> ResolutionOutcome:
        """Work out the result, the garrison's Break test, and who goes where."""
        self._expect(AssaultStep.FOUGHT)
        assert self.parties is not None and self.last_round is not None
        outcome = resolve_assault(self.attacker, self.defender, self.parties, self.last_round,
                                  dice)
        self.step = (AssaultStep.GARRISON_BROKEN if outcome.garrison_broke
                     else AssaultStep.ATTACKER_WITHDREW)
        self.log.append(outcome.description)
        return outcome

    def next_turn(self) -> BuildingAssault:
        """Return a fresh assault by the same unit next turn, never a first round (decision 6)."""
        self._expect(AssaultStep.ATTACKER_WITHDREW)
        return BuildingAssault(self.building, self.attacker, self.defender, self.options,
                               first_round=False)

    def to_dict(self) -> dict[str, Any]:
        """Return plain JSON values: the building, the two units, the step and the log."""
        return {"building": self.building, "attacker": self.attacker.id,
                "defender": self.defender.id, "step": self.step.value,
                "first_round": self.first_round,
                "reaction": self.reaction.value if self.reaction else None,
                "log": list(self.log)}

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], attacker: FantasyUnit, defender: FantasyUnit,
        options: FantasyOptions,
    ) -> BuildingAssault:
        """Read an assault back between fights (the board hands in the two units)."""
        if (data.get("attacker"), data.get("defender")) != (attacker.id, defender.id):
            raise ValueError(f"the saved assault is {data.get('attacker')!r} against "
                             f"{data.get('defender')!r}, not {attacker.id!r} against "
                             f"{defender.id!r}")
        step = AssaultStep(data["step"])
        if step in (AssaultStep.PARTIES_CHOSEN, AssaultStep.FOUGHT):
            raise ValueError(f"an assault {step.value} is mid-fight and is not saved")
        reaction = Reaction(data["reaction"]) if data.get("reaction") else None
        return cls(str(data["building"]), attacker, defender, options,
                   bool(data.get("first_round", True)), step, reaction,
                   [str(x) for x in data.get("log", [])])
