"""A Warhammer Fantasy building assault from the board, step by step (seeds 002/004; no Qt).

:class:`FantasyStorm` wraps the rules' :class:`rules.warhammer_fantasy.BuildingAssault` with the
facts from the document and geometry: it is declared (line of sight to the building and the
distance to it measured), the garrison reacts (Hold or Stand & Shoot), the charge is rolled,
both players choose their assault parties, the round is fought in Initiative order, and the
result settles who goes where. :meth:`FantasyStorm.result` then gives the whole effect as one
change: casualties removed; a broken garrison placed outside opposite the assaulter and moved
its flee roll away from it (a unit fleeing off the table is lost); the assaulter inside if its
troop type may garrison, else moved back 1"; a held-off assaulter withdrawn 1" from the
building; a failed charge moved its higher die toward it; and the log line with every roll.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, Unit
from board.game.core.assault import (
    AssaultError,
    AssaultResult,
    MissingStatError,
    log_entry,
    remove_models,
    unit_version,
)
from board.game.core.buildings import building_rules, write_back
from board.game.core.names import Namer
from board.game.core.world import World
from board.game.occupancy.common import EMBARKED_ON, turn_mark
from board.game.systems.fantasy.assault_facts import (
    Approach,
    approach,
    characters_with,
    fantasy_unit,
    far_side,
)
from board.game.systems.fantasy.building import FantasyBuilding
from board.game.systems.fantasy.challenge import check_challenge
from board.game.systems.fantasy.friend_panic import after_assault
from board.game.systems.fantasy.volley import missile_of, volley
from board.game.systems.protocol import PartyMember
from rules import warhammer_fantasy as wf
from rules.dice import Dice
from rules.warhammer_fantasy.assault import WITHDRAW_DISTANCE
from rules.warhammer_fantasy.assault_steps import check_reaction
from rules.warhammer_fantasy.party import PARTY_SIZE, who_picks_first
from rules.words import counted, says

__all__ = ["FAILED_CHARGE_GAP", "FantasyStorm"]

XY = tuple[float, float]

#: Seed 004: an assault may be abandoned (its unit charged) until the fight.
_ABANDONABLE = (wf.AssaultStep.DECLARED, wf.AssaultStep.REACTED, wf.AssaultStep.ENGAGED)

#: A failed charge moves its higher die toward the building but stops this far short (inches).
FAILED_CHARGE_GAP = 1.0


class FantasyStorm:
    """One assault on one garrisoned building, driven step by step by the dialog.

    Raises :class:`AssaultError` (nothing changed) if the assault may not be declared.
    """

    def __init__(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                 piece_id: str, attacker_id: str, dice: Dice) -> None:
        self.scenario, self.world, self.piece_id, self.dice = scenario, world, piece_id, dice
        self.library = library
        #: The building as a player reads it (its datasheet's name).
        self.piece_name = world.piece(piece_id).sheet.name if piece_id in world.pieces \
            else "the building"
        building = building_rules(scenario, library, scenario.piece(piece_id))
        if not isinstance(building, FantasyBuilding) or building.garrison is None:
            raise AssaultError(f"{self.piece_name} is not a garrisoned Warhammer Fantasy "
                               "building")
        self.building = building
        self.attacker = scenario.unit(attacker_id)
        self.defender = scenario.unit(building.garrison.unit)
        if self.attacker.side == self.defender.side:
            raise AssaultError(f"{self.attacker.name} cannot assault its own side's building")
        self.facts: Approach = approach(world, self.attacker, piece_id)
        decision = wf.may_declare_assault(self.attacker.troop_type.value,
                                          garrisoned_by_enemy=True, assaulted_this_phase=False,
                                          sight_of_building=self.facts.sight)
        if not decision:
            raise AssaultError(f"{self.attacker.name} cannot assault {self.piece_name}: "
                               f"{decision.reason} ({self.facts.text})")
        try:
            options = wf.FantasyOptions.from_dict(scenario.options)
        except ValueError as error:
            raise AssaultError(str(error)) from None
        self.assault = wf.BuildingAssault(piece_id, fantasy_unit(scenario, self.attacker),
                                          fantasy_unit(scenario, self.defender), options)
        self.movement = _movement(self.attacker)
        declares = says(self.attacker.name, "declares", "declare")
        self.lines: list[str] = [f"{self.attacker.name} {declares} an assault on "
                                 f"{self.piece_name}, "
                                 f"held by {self.defender.name}: {self.facts.text}"]
        self.charge: wf.ChargeOutcome | None = None
        self.shot_dead: list[str] = []  # assaulters killed by Stand & Shoot
        self.round: wf.RoundOutcome | None = None
        self.outcome: wf.ResolutionOutcome | None = None
        self.reached_before_abandon = False

    # -- the steps ----------------------------------------------------------------------------
    @property
    def step(self) -> wf.AssaultStep:
        """Where the assault stands."""
        return self.assault.step

    def charge_line(self) -> tuple[XY, XY, float]:
        """The assaulter's point nearest the building, the building's, and the gap (inches)."""
        near, toward, gap = self.facts.near, self.facts.toward, self.facts.distance
        return near, (near[0] + toward[0] * gap, near[1] + toward[1] * gap), gap

    def may_stand_and_shoot(self) -> bool:
        """Whether the garrison may Stand & Shoot: the charger starts beyond its Movement.

        Always, when the scenario turns that reading off (``stand_and_shoot_beyond_movement``).
        """
        if not self.assault.options.stand_and_shoot_beyond_movement:
            return True
        return self.facts.distance > self.movement

    def react(self, reaction: wf.Reaction, terror_failed: bool = False) -> str:
        """The garrison's reaction; a refused one raises :class:`AssaultError`."""
        refusal, stands = check_reaction(reaction, terror_failed, self.facts.distance,
                                         self.movement,
                                         self.assault.options.stand_and_shoot_beyond_movement)
        if stands is None:
            raise AssaultError(refusal.reason)
        if stands is wf.Reaction.STAND_AND_SHOOT:
            missile_of(self.defender)  # refused before anything is recorded
        decision = self.assault.react(reaction, terror_failed=terror_failed,
                                      charger_distance=self.facts.distance,
                                      charger_movement=self.movement)
        text = self._say(decision.reason)
        if self.assault.reaction is wf.Reaction.STAND_AND_SHOOT:
            text += "\n" + self._stand_and_shoot()
        return text

    def _stand_and_shoot(self) -> str:
        """The garrison's volley; the assaulters it kills are gone before the charge."""
        inside = sum(len(u.models) for u in self.scenario.units_in(self.piece_id))
        shot = volley(self.defender, inside, self.building.floors, self.assault.options,
                      self.assault.attacker, self.facts.distance, self.dice)
        self.shot_dead += shot.killed
        text = self._say(shot.text)
        if not self.assault.attacker.models:
            self.assault.step = wf.AssaultStep.FAILED
            text += "\n" + self._say(f"{self.attacker.name} "
                                     f"{says(self.attacker.name, 'is', 'are')} shot down before "
                                     f"{says(self.attacker.name, 'it reaches', 'they reach')} "
                                     f"the building")
        return text

    def roll_charge(self) -> str:
        """Roll Movement + 2D6 against the distance to the building."""
        if self.movement <= 0:
            raise MissingStatError(self.attacker, "movement")
        self.charge = self.assault.roll_charge(self.dice, self.movement, self.facts.distance)
        text = self._say(self.charge.description)
        if self.step is wf.AssaultStep.ENGAGED:
            text += "\n" + self._who_picks_first()
        return text

    def _who_picks_first(self) -> str:
        """Seed 002: where characters make the party matter, the players roll off to pick."""
        first, roll = who_picks_first(self.assault.attacker, self.assault.defender,
                                      self.assault.options, self.dice)
        if first is None or roll is None:
            return self._say("no roll-off for the assault parties: neither unit has a character "
                             f"and more than a party's worth of models ({PARTY_SIZE})")
        names = {self.attacker.id: self.attacker.name, self.defender.id: self.defender.name}
        a, d = roll.faces[0], roll.faces[1]
        return self._say(f"characters make the assault parties matter: the players "
                         f"roll off, {self.attacker.name} {a}, {self.defender.name} {d}: "
                         f"{names[first]}'s player picks first")

    def abandon(self) -> str:
        """The assaulter is itself charged: the assault is abandoned, it moves back 1" (seed 004).

        Before its charge it stands where it declared and steps 1" back from there; once its
        charge reached the building it ends 1" from it.
        """
        if self.step not in _ABANDONABLE:
            raise AssaultError(f"only an assault not yet fought can be abandoned: this one is "
                               f"{self.step.value.replace('_', ' ')}")
        self.reached_before_abandon = self.step is wf.AssaultStep.ENGAGED
        return self._say(self.assault.abandon())

    def choose_parties(self, attacker_characters: Sequence[str] = (),
                       defender_characters: Sequence[str] = ()) -> str:
        """Both players' assault parties (characters by model id; rank and file fill up)."""
        try:
            parties = self.assault.choose_parties(attacker_characters, defender_characters)
        except (ValueError, KeyError) as error:
            raise AssaultError(str(error)) from None
        names = [self._named(unit, [m.id for m in p.members])
                 for unit, p in zip((self.attacker, self.defender), parties, strict=True)]
        return self._say(f"assault parties: {self.attacker.name} {names[0]}; "
                         f"{self.defender.name} {names[1]}")

    def party_members(self) -> tuple[list[PartyMember], list[PartyMember]]:
        """The assaulters' and the garrison's party, once chosen (``([], [])`` before)."""
        parties = self.assault.parties
        if parties is None:
            return [], []
        a, d = ([PartyMember(m.id, m.label, m.stomps > 0, m.may_be_singled_out)
                 for m in p.members] for p in parties)
        return a, d

    def fight(self, nominated: Mapping[str, str] | None = None,
              challenge: tuple[str, str] | None = None) -> str:
        """Fight the round in Initiative order, then the Stomps.

        ``nominated``: for a model with Stomps, the enemy model its opponent names as in base
        contact with it (seed 002); unless named, the last rank-and-file model of the enemy
        party. ``challenge``: the challenger and the model accepting, both already in the
        assault parties (seed 002: "a single challenge ... only between models already chosen
        for the two assault parties").
        """
        ours, theirs = self.party_members()
        duel = check_challenge(ours, theirs, challenge, Namer.for_scenario(self.scenario, None))
        try:
            self.round = self.assault.fight(self.dice, nominated=nominated, challenge=duel)
        except ValueError as error:
            raise AssaultError(str(error)) from None
        caused = self.round.wounds_caused
        units = {u.id: u for u in (self.attacker, self.defender)}
        dead = {u: self._named(units[u], ids) or "none"
                for u, ids in self.round.casualties.items()}
        said = []
        if challenge is not None:
            ours, theirs = self.party_members()
            named = {m.id: m.name for m in [*ours, *theirs]}
            said.append(self._say(f"challenge: {named[challenge[0]]} against "
                                  f"{named[challenge[1]]}; they fight only each other, and "
                                  f"overkill counts toward the result"))
        said += [self._say(f"{strike.hits.purpose.split(':')[0]} (in base contact, nominated "
                          f"by its opponent): {strike.unsaved} unsaved wounds")
                for strike in self.round.strikes if strike.stomp]
        said.append(self._say(
            f"the round: {self.attacker.name} "
            f"{says(self.attacker.name, 'causes', 'cause')} "
            f"{counted(caused[self.attacker.id], 'wound')}, "
            f"{self.defender.name} {caused[self.defender.id]}; casualties: "
            f"{self.attacker.name} {dead[self.attacker.id]}, {self.defender.name} "
            f"{dead[self.defender.id]}"))
        return "\n".join(said)

    def resolve(self) -> str:
        """The result, the garrison's Break test, who goes where."""
        self.outcome = self.assault.resolve(self.dice)
        return self._say(self.outcome.description)

    def _named(self, unit: Unit, model_ids: Sequence[str]) -> str:
        """``model 1, model 2, Captain Aldred``: the players' names, never model ids."""
        namer = Namer.for_scenario(self.scenario, None)
        own = {m.id for m in unit.models}
        return ", ".join(namer.member(i) if i in own else namer.model(i) for i in model_ids)

    def _say(self, text: str) -> str:
        self.lines.append(text)
        return text

    # -- the board ---------------------------------------------------------------------------
    def result(self) -> AssaultResult:
        """Return the assault's whole effect so far as one change (when it is over)."""
        if not self.step.over:
            raise AssaultError(f"the assault is {self.step.value}, not over yet")
        change = Change()
        dead = list(self.shot_dead)
        if self.round is not None:
            dead += [m for ids in self.round.casualties.values() for m in ids]
        if dead:
            lost = remove_models(self.scenario, change, dead)
            if lost:
                self._say(f"removed as casualties: {', '.join(lost)}")
        if self.step is wf.AssaultStep.ABANDONED:
            attackers = [self.attacker, *characters_with(self.scenario, self.attacker)]
            back = self.facts.distance - WITHDRAW_DISTANCE if self.reached_before_abandon \
                else -WITHDRAW_DISTANCE
            self._move(change, attackers, self.facts.toward, back)
        elif self.charge is not None and not self.charge.reached:
            gap = self.facts.distance - FAILED_CHARGE_GAP
            self._move(change, [self.attacker], self.facts.toward,
                       max(min(self.charge.failed_move, gap), 0.0))
        elif self.outcome is not None:
            self._settle(change, self.outcome)
        destroyed = [u for u in (self.defender, self.attacker)
                     if u.models and {m.id for m in u.models} <= set(dead)]
        broke = self.outcome is not None and self.outcome.garrison_broke
        for line in after_assault(self.scenario, self.library, self.world, change,
                                  (self.defender, self.piece_id), self.attacker, destroyed,
                                  broke, self.dice):
            self._say(line)
        text = f"Assault on {self.piece_name} by {self.attacker.name}: " + "; ".join(self.lines)
        change.log.append(log_entry(text, self.dice))
        return AssaultResult(change, list(self.lines))

    def _settle(self, change: Change, outcome: wf.ResolutionOutcome) -> None:
        attackers = [self.attacker, *characters_with(self.scenario, self.attacker)]
        if not outcome.garrison_broke or not outcome.attacker_enters:
            # the assaulter was at the building: it ends 1" back from it
            self._move(change, attackers, self.facts.toward,
                       self.facts.distance - WITHDRAW_DISTANCE)
        if outcome.garrison_broke:
            self._drive_out(change, outcome)
        if outcome.attacker_enters:
            mark = turn_mark(self.scenario)  # noted as embarking notes it
            for unit in attackers:
                version = self._version(change, unit)
                if version is not None:
                    version.embarked_in = self.piece_id
                    if mark is not None:
                        version.stats[EMBARKED_ON] = list(mark)
            garrison = wf.GarrisonState(self.attacker.id, self.attacker.side,
                                        int(mark[0]) if mark else 0)
            self._write_building(change, FantasyBuilding(self.building.floors, garrison))
            self._say(f"{self.attacker.name} "
                      f"{says(self.attacker.name, 'garrisons', 'garrison')} {self.piece_name}")
        elif outcome.garrison_broke:
            self._write_building(change, FantasyBuilding(self.building.floors, None))

    def _drive_out(self, change: Change, outcome: wf.ResolutionOutcome) -> None:
        """Place the garrison outside opposite the assaulter, then move it its flee roll."""
        assert outcome.flee is not None
        inside = self.scenario.units_in(self.piece_id)
        footprint = self.world.piece(self.piece_id).footprint
        away = self.facts.toward
        versions = [v for v in (self._version(change, u) for u in inside) if v is not None]
        models = [m for v in versions for m in v.models]
        if not models:
            return
        cx = sum(m.x for m in models) / len(models)
        cy = sum(m.y for m in models) / len(models)
        back = max(-(m.x - cx) * away[0] - (m.y - cy) * away[1] + m.base.length_in / 2
                   for m in models)
        centre = footprint.centroid
        reach = far_side(footprint, away) + WITHDRAW_DISTANCE + back + outcome.flee.total
        tx, ty = centre.x + away[0] * reach - cx, centre.y + away[1] * reach - cy
        table = self.scenario.table
        for unit in versions:
            unit.embarked_in = None
            for m in unit.models:
                m.x, m.y = m.x + tx, m.y + ty
            off = [m for m in unit.models if not (0 <= m.x <= table.width
                                                  and 0 <= m.y <= table.height)]
            if off:
                change.units[unit.id] = None
                self._say(f"{unit.name} {says(unit.name, 'flees', 'flee')} off the table and "
                          f"{says(unit.name, 'is', 'are')} lost")

    def _version(self, change: Change, unit: Unit) -> Unit | None:
        if unit.id in change.units and change.units[unit.id] is None:
            return None
        return unit_version(self.scenario, change, unit.id)

    def _move(self, change: Change, units: Sequence[Unit], toward: XY, amount: float) -> None:
        if abs(amount) < 1e-9:
            return
        for unit in units:
            version = self._version(change, unit)
            if version is None or not version.on_table:
                continue
            for m in version.models:
                m.x, m.y = m.x + toward[0] * amount, m.y + toward[1] * amount
        verb = "toward" if amount > 0 else "away from"
        moves = says(self.attacker.name, "moves", "move")
        self._say(f"{self.attacker.name} {moves} {abs(amount):.2f}\" {verb} the building")

    def _write_building(self, change: Change, building: FantasyBuilding) -> None:
        piece = copy.deepcopy(self.scenario.piece(self.piece_id))
        write_back(piece, building, self.scenario.rule_system)
        change.pieces[self.piece_id] = piece


def _movement(unit: Unit) -> float:
    """The unit's Movement in inches (0 if its stats give none: the charge then refuses)."""
    value = unit.stats.get("movement", 0)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise AssaultError(f"{unit.name}: stats movement {value!r} is not a distance in inches")
    return float(value)
