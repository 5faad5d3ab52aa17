"""Every resolution is all or nothing: a failure injected at any step leaves the state as it was.

Each resolution is first run whole to count its steps (every die drawn, every question asked of
the board); then it is run again once per step with a failure injected at that step, and the
building, the units and the dice must be exactly as they were before the call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import epic40k as epic
from rules import warhammer_fantasy as wf
from rules.dice import Dice, FixedDice
from rules.epic40k.damage import resolve_critical
from rules.wh40k import (
    HORUS_HERESY_DAMAGE_TABLE,
    WH40K_DAMAGE_TABLE,
    Attack,
    Placement,
    Surroundings,
    battlements_blast_hit,
    resolve_close_combat,
    resolve_hit,
    resolve_shooting,
    restore_shields,
)
from rules.wh40k.tables import DamageResult
from tests.rules.fantasy_samples import goblins, swordsmen
from tests.rules.wh40k_samples import BATTLE_CANNON, LASCANNON, bastion, clock, occupy, squad


class Injected(RuntimeError):
    """The failure the test injects."""


class FailingDice(Dice):
    """Seeded dice that fail when the ``fail_at``-th die (from 0) is drawn."""

    def __init__(self, seed: int, fail_at: int | None = None) -> None:
        super().__init__(seed=seed)
        self.fail_at = fail_at
        self.draws = 0

    def _face(self, sides: int) -> int:
        if self.fail_at is not None and self.draws == self.fail_at:
            raise Injected(f"die {self.fail_at}")
        self.draws += 1
        return super()._face(sides)

    def restore(self, checkpoint: object) -> None:
        self.fail_at = None  # the rewind draws again; it must not fail
        super().restore(checkpoint)
        self.draws = len(self._drawn)


@dataclass
class Questions:
    """The board's answers, failing at the ``fail_at``-th question asked (from 0)."""

    fail_at: int | None = None
    asked: int = 0
    log: list[str] = field(default_factory=list)

    def ask(self, what: str) -> None:
        if self.fail_at is not None and self.asked == self.fail_at:
            raise Injected(f"question {self.asked}: {what}")
        self.asked += 1

    def surroundings(self, weapons_choice: bool = True) -> Surroundings:
        units = {u.id: u for u in (squad("tactical"), squad("devs", models=5))}

        def place(unit: str, model: str) -> Placement:
            self.ask("place")
            return Placement.NONE if model.endswith("-1") else Placement.NORMAL

        def move_off(unit: str, model: str) -> bool:
            self.ask("move off")
            return not model.endswith("-2")

        def casualties(hits: Any) -> list[str]:
            self.ask("casualties")
            return [f"{hits.unit_ids[0]}-3"] if hits.roll.total > 6 else []

        def choose(left: Any) -> str:
            self.ask("weapon")
            return str(left[-1])

        return Surroundings(units, place, move_off, casualties,
                            choose if weapons_choice else None)


def _check_all_or_nothing(make: Callable[[], Any],
                          run: Callable[[Any, FailingDice, Questions], Any],
                          snapshot: Callable[[Any], Any], seed: int) -> int:
    """Run whole, then fail at every die and every question: the state must be untouched.

    Returns the number of steps failed in turn.
    """
    dice, questions = FailingDice(seed), Questions()
    run(make(), dice, questions)  # whole: counts the steps (and must not fail)
    steps = [("die", n) for n in range(dice.draws)] + [("q", n) for n in range(questions.asked)]
    for kind, n in steps:
        target = make()
        before = snapshot(target)
        dice = FailingDice(seed, n if kind == "die" else None)
        with pytest.raises(Injected):
            run(target, dice, Questions(n if kind == "q" else None))
        assert dice.rolls == [] and len(dice._drawn) == 0, (kind, n)
        assert snapshot(target) == before, (kind, n)
    return len(steps)


def _bastion_with_everyone() -> Any:
    building = bastion(claimed_by="red")
    occupy(building, squad("tactical"))
    building.state.on_battlements = ["devs"]
    return building


MELTA_BOMBS = Attack(8, 1, "melta bombs", penetration_dice=2)


def _state(building: Any) -> Any:
    return building.state.to_dict()


seeds = st.integers(0, 2**31)


@settings(max_examples=8, deadline=None)
@given(seeds, st.sampled_from([WH40K_DAMAGE_TABLE, HORUS_HERESY_DAMAGE_TABLE]))
def test_40k_and_horus_heresy_shooting_is_all_or_nothing(seed: int, table: Any) -> None:
    """Every die of a three-lascannon volley and every board question, failed in turn."""
    def run(building: Any, dice: FailingDice, questions: Questions) -> Any:
        return resolve_shooting(building, LASCANNON, 5, "front", dice, clock(), table,
                                questions.surroundings(), shots=3, penetration_dice=2)

    assert _check_all_or_nothing(_bastion_with_everyone, run, _state, seed)


@settings(max_examples=8, deadline=None)
@given(seeds)
def test_close_combat_on_a_building_is_all_or_nothing(seed: int) -> None:
    """Melta bombs in close combat (auto hits on the rear): each step failed in turn."""
    def run(building: Any, dice: FailingDice, questions: Questions) -> Any:
        return resolve_close_combat(building, MELTA_BOMBS, 3, dice, clock(),
                                    HORUS_HERESY_DAMAGE_TABLE, questions.surroundings())

    assert _check_all_or_nothing(_bastion_with_everyone, run, _state, seed)


def test_weapon_destroyed_with_one_weapon_left_needs_no_choice() -> None:
    """Seed 003: "5) Weapon Destroyed: One of the Building's weapons (chosen by the
    controlling player) is destroyed" -- with one weapon left there is nothing to choose, so
    no choice given still works; with no choice among several, nothing at all changes."""
    building = _bastion_with_everyone()
    building.state.destroyed_weapons = ["hb-front", "hb-right", "hb-rear", "hb-left"]
    # penetration 2D6 6+6 + S8 = 20 against 14: penetrating; damage 3 + AP1's 2 = 5: Weapon
    # Destroyed on the Horus Heresy table
    dice = FixedDice([6, 6, 3])
    out = resolve_hit(building, MELTA_BOMBS, "front", dice, clock(),
                      HORUS_HERESY_DAMAGE_TABLE, Surroundings(choose_weapon=None))
    assert out.damage is not None and out.damage.result is DamageResult.WEAPON_DESTROYED
    assert out.applied[0].weapon_lost is not None
    assert out.applied[0].weapon_lost.weapon_id == "icarus"
    assert building.hull_points == 3

    several = _bastion_with_everyone()
    before = several.state.to_dict()
    dice = FixedDice([6, 6, 3])
    with pytest.raises(ValueError, match="the controlling player must choose one of"):
        resolve_hit(several, MELTA_BOMBS, "front", dice, clock(),
                    HORUS_HERESY_DAMAGE_TABLE, Surroundings(choose_weapon=None))
    assert several.state.to_dict() == before and several.hull_points == 4  # not half-resolved
    assert dice.rolls == [] and dice.unused == [6, 6, 3]


@settings(max_examples=8, deadline=None)
@given(seeds, st.integers(1, 30), st.sampled_from(list(epic.SizeClass)))
def test_epic_shooting_and_assault_are_all_or_nothing(seed: int, fp: int,
                                                      size: epic.SizeClass) -> None:
    """Epic 40,000: a shot of ``fp`` firepower and an infantry assault, each step failed."""
    site = epic.Site((epic.UnitInside("g1", "guard", 4), epic.UnitInside("g2", "guard", 5)),
                     (epic.UnitNearby("n1", "near", 4, 3.0), epic.UnitNearby("n2", "far", 3, 9)))
    def make() -> epic.BuildingState:
        state = epic.BuildingState.new(size)
        state.damage_capacity = 2  # close to collapse: criticals and catastrophes come up
        return state

    def shoot(state: Any, dice: FailingDice, _q: Questions) -> Any:
        return epic.shoot_building(state, fp, site, dice)

    def storm(state: Any, dice: FailingDice, _q: Questions) -> Any:
        units = [epic.Assaulter("a1", "infantry", 4), epic.Assaulter("a2", "infantry", 3)]
        return epic.assault_building(state, units, site, dice)

    for run in (shoot, storm):
        _check_all_or_nothing(make, run, lambda s: s.to_dict(), seed)


@settings(max_examples=6, deadline=None)
@given(seeds)
def test_epic_turn_steps_are_all_or_nothing(seed: int) -> None:
    """Unstable, crumbling and burning buildings at the turn's steps, each die failed."""
    site = epic.Site((epic.UnitInside("g1", "guard", 4),))
    steps: list[Callable[..., Any]] = [epic.start_of_turn, epic.end_of_movement_phase,
                                       epic.start_of_shooting_phase]
    for condition, fire in ((epic.Condition.UNSTABLE, False), (epic.Condition.CRUMBLING, True)):
        def make(condition: Any = condition, fire: bool = fire) -> epic.BuildingState:
            state = epic.BuildingState.new(epic.SizeClass.SMALL)
            state.condition, state.on_fire = condition, fire
            return state

        for step in steps:
            def run(state: Any, dice: FailingDice, _q: Questions,
                    step: Callable[..., Any] = step) -> Any:
                return step(state, site, dice)

            _check_all_or_nothing(make, run, lambda s: s.to_dict(), seed)


@settings(max_examples=8, deadline=None)
@given(seeds)
def test_fantasy_assault_steps_are_all_or_nothing(seed: int) -> None:
    """Each step of a Fantasy assault (charge, fight, result) with each die failed in turn."""

    def declared() -> wf.BuildingAssault:
        assault = wf.BuildingAssault("tower", swordsmen(15), goblins(10))
        assault.react(wf.Reaction.HOLD)
        return assault

    def chosen() -> wf.BuildingAssault:
        assault = declared()
        assault.roll_charge(Dice(seed=1), movement=4, distance=1)
        assault.choose_parties()
        return assault

    def fought() -> wf.BuildingAssault:
        assault = chosen()
        assault.fight(Dice(seed=seed))
        return assault

    def snapshot(assault: wf.BuildingAssault) -> Any:
        parties = [(p.members, p.reserves, p.wounds_left, p.casualties, p.stepped_up)
                   for p in assault.parties or ()]
        return (assault.step, assault.reaction, list(assault.log), repr(parties),
                assault.last_round, assault.attacker, assault.defender)

    steps = [
        (declared, lambda a, d, _q: a.roll_charge(d, movement=4, distance=9)),
        (chosen, lambda a, d, _q: a.fight(d)),
        (fought, lambda a, d, _q: a.resolve(d)),
    ]
    for make, run in steps:
        _check_all_or_nothing(make, run, snapshot, seed)


@settings(max_examples=6, deadline=None)
@given(seeds)
def test_battlement_blasts_shield_restores_and_criticals_are_all_or_nothing(seed: int) -> None:
    """A battle cannon's hit on the battlements, void shields coming back, an Epic critical."""
    def blast(building: Any, dice: FailingDice, questions: Questions) -> Any:
        return battlements_blast_hit(building, BATTLE_CANNON, "front", dice, clock(),
                                     WH40K_DAMAGE_TABLE, questions.surroundings())

    def shielded() -> Any:
        building = _bastion_with_everyone()
        building.state.void_shields_down = 2
        return building

    _check_all_or_nothing(_bastion_with_everyone, blast, _state, seed)
    _check_all_or_nothing(shielded, lambda b, d, _q: restore_shields(b, d), _state, seed)
    site = epic.Site((epic.UnitInside("g1", "guard", 4), epic.UnitInside("g2", "guard", 5)))
    _check_all_or_nothing(lambda: epic.BuildingState.new(epic.SizeClass.SMALL),
                          lambda s, d, _q: resolve_critical(s, site, d),
                          lambda s: s.to_dict(), seed)
