"""Scripted assaults on a building, from the declaration to the end (seeds 002 and 004)."""

import pytest

from rules.dice import FixedDice
from rules.warhammer_fantasy import (
    AssaultStep,
    AssaultStepError,
    BuildingAssault,
    Reaction,
    may_declare_assault,
    settle_forced_assaults,
)
from rules.warhammer_fantasy.assault_steps import CHARGE_BONUSES_LOST, charge_bonus
from tests.rules.fantasy_samples import goblins, knights, swordsmen

# Swordsmen I4, one die each: to hit 3+ (WS4 against WS2), to wound 4+, goblin save 6+.
SWORDS_BLOWS = [5, 4, 2,  6, 6, 6,  1,  3, 2,  4, 5, 1,  3, 4, 3,  2,  6, 6, 5,  1,  5, 1]
# Four goblins left, I2: to hit 4+ (WS2 against WS4), to wound 4+, swordsman save 5+.
GOBLIN_BLOWS = [4, 5, 2,  2,  5, 3,  6, 4, 6]


def _engaged(charge: list[int] | None = None) -> BuildingAssault:
    assert may_declare_assault("infantry", garrisoned_by_enemy=True, assaulted_this_phase=False,
                               sight_of_building=True)
    assault = BuildingAssault("tower", swordsmen(), goblins())
    assert assault.react(Reaction.HOLD)
    out = assault.roll_charge(FixedDice(charge or [3, 4]), movement=4, distance=9.0)
    assert out.reached and assault.step is AssaultStep.ENGAGED
    return assault


def test_assault_drives_the_garrison_out_and_the_attacker_goes_in() -> None:
    assault = _engaged()
    attackers, defenders = assault.choose_parties()
    assert (len(attackers.members), len(attackers.reserves)) == (10, 5)
    assert len(defenders.members) == 8
    fought = assault.fight(FixedDice(SWORDS_BLOWS + GOBLIN_BLOWS))
    assert fought.wounds_caused == {"swords": 4, "gobbos": 1}
    assert fought.casualties["gobbos"] == ("g8", "g7", "g6", "g5")  # from the back
    assert fought.casualties["swords"] == ("s15",)  # the back of the unit
    assert fought.stepped_up["swords"] == ()  # the party stays at ten, as it was
    assert len(attackers.members) == 10
    # Break test 5 + 4 = 9 against Leadership 6, unmodified (Steadfast); flee 3 + 5
    dice = FixedDice([5, 4, 3, 5])
    end = assault.resolve(dice)
    assert end.result.winner.value == "attacker" and end.result.margin == 3
    assert end.break_test is not None and not end.break_test.passed
    assert end.break_test.leadership == 6
    assert end.garrison_broke and end.flee is not None and end.flee.total == 8
    assert end.attacker_enters and end.attacker_moves_back == 0.0
    assert assault.step is AssaultStep.GARRISON_BROKEN
    assert "flee 8\"" in end.description and dice.unused == []  # Goblins flee


def test_garrison_holds_its_break_test_and_the_attacker_withdraws_one_inch() -> None:
    assault = _engaged()
    assault.choose_parties()
    assault.fight(FixedDice(SWORDS_BLOWS + GOBLIN_BLOWS))
    end = assault.resolve(FixedDice([3, 2]))  # 5, not over Leadership 6: holds
    assert end.break_test is not None and end.break_test.passed
    assert not end.garrison_broke and not end.attacker_enters
    assert end.attacker_moves_back == 1.0
    assert assault.step is AssaultStep.ATTACKER_WITHDREW
    again = assault.next_turn()
    assert again.step is AssaultStep.DECLARED and not again.first_round


def test_a_losing_assaulter_takes_no_break_test_and_withdraws() -> None:
    assault = _engaged()
    assault.choose_parties()
    misses = [1] * 10  # every swordsman misses
    goblin_hits = [4, 4, 1] * 8  # each goblin wounds, every save fails
    end_dice = FixedDice([])
    assault.fight(FixedDice(misses + goblin_hits))
    end = assault.resolve(end_dice)
    assert end.result.winner.value == "defender"
    assert end.break_test is None and end.attacker_moves_back == 1.0


def test_a_broken_garrison_is_not_replaced_by_cavalry() -> None:
    assault = BuildingAssault("tower", knights(), goblins(count=1, leadership=2))
    assault.react(Reaction.HOLD)
    assault.roll_charge(FixedDice([6, 6]), movement=8, distance=10)
    parties = assault.choose_parties()
    assert len(parties[0].members) == 5  # Unit Strength 2 each: five knights make 10
    # knights I3 strike first, the riders' one attack each: k1 hits 3+ (6), wounds 3+ (6), and
    # the goblin's 6+ save is gone at S4; k2 to k5 miss (1s)
    fought = assault.fight(FixedDice([6, 6, 1, 1, 1, 1]))
    assert [s.fighter for s in fought.strikes] == ["k1", "k2", "k3", "k4", "k5"]
    assert all(len(s.hits.faces) == 1 for s in fought.strikes)  # mounts do not fight
    assert fought.strikes[0].save_on is None
    # the goblin died at Initiative 3 and never struck at 2
    end = assault.resolve(FixedDice([6, 6, 2, 2]))
    assert end.garrison_broke and not end.attacker_enters
    assert end.attacker_moves_back == 1.0 and "cannot garrison" in end.description


def test_the_charge_fails_short_and_moves_the_higher_die() -> None:
    assault = BuildingAssault("tower", swordsmen(), goblins())
    assault.react(Reaction.HOLD)
    out = assault.roll_charge(FixedDice([1, 3]), movement=4, distance=9)
    assert not out.reached and out.failed_move == 3
    assert assault.step is AssaultStep.FAILED


def test_the_charge_fails_if_the_door_cannot_close_clear_of_enemies() -> None:
    assault = BuildingAssault("tower", swordsmen(), goblins())
    assault.react(Reaction.HOLD)
    out = assault.roll_charge(FixedDice([6, 6]), 4, 9, door_closes_clear=False)
    assert not out.reached and "close the door" in out.description


def test_charged_assaulter_abandons_and_moves_back() -> None:
    assault = _engaged()
    assert "they move back 1\"" in assault.abandon()
    assert assault.step is AssaultStep.ABANDONED
    with pytest.raises(AssaultStepError, match="abandoned"):
        assault.choose_parties()


def test_steps_out_of_order_are_refused() -> None:
    assault = BuildingAssault("tower", swordsmen(), goblins())
    with pytest.raises(AssaultStepError, match="needs reacted"):
        assault.roll_charge(FixedDice([6, 6]), 4, 9)


def test_the_garrison_never_flees_and_holds_after_failing_terror() -> None:
    """Seed 002: "A garrisoned unit can only Hold or Stand & Shoot against an assault -- it can
    never Flee, even from a failed Terror test"; the refusal is a value and changes nothing."""
    assault = BuildingAssault("tower", swordsmen(), goblins())
    refused = assault.react(Reaction.FLEE)
    assert not refused and "never flee" in refused.reason
    assert assault.step is AssaultStep.DECLARED and assault.reaction is None and not assault.log
    decision = assault.react(Reaction.STAND_AND_SHOOT, terror_failed=True)
    assert assault.reaction is Reaction.HOLD and "Terror" in decision.reason


def test_stand_and_shoot_needs_the_charger_beyond_its_movement() -> None:
    assault = BuildingAssault("tower", swordsmen(), goblins())
    refused = assault.react(Reaction.STAND_AND_SHOOT, charger_distance=3, charger_movement=4)
    assert not refused and "3.00\" away with Movement 4" in refused.reason
    unknown = assault.react(Reaction.STAND_AND_SHOOT)  # no distances given: refused, no raise
    assert not unknown and "give the charger's distance" in unknown.reason
    assert assault.step is AssaultStep.DECLARED
    assault.react(Reaction.STAND_AND_SHOOT, charger_distance=7, charger_movement=4)
    assert assault.reaction is Reaction.STAND_AND_SHOOT


@pytest.mark.parametrize(
    ("kwargs", "troop", "why"),
    [
        ({"garrisoned_by_enemy": False}, "infantry", "garrisons"),
        ({}, "chariot", "chariots"),
        ({"assaulted_this_phase": True}, "infantry", "already been assaulted"),
        ({"sight_of_building": False}, "infantry", "line of sight to the building"),
        ({"charging_another_target": True}, "infantry", "another target"),
    ],
)
def test_who_may_declare_an_assault(kwargs: dict[str, bool], troop: str, why: str) -> None:
    facts = {"garrisoned_by_enemy": True, "assaulted_this_phase": False,
             "sight_of_building": True} | kwargs
    decision = may_declare_assault(troop, **facts)
    assert not decision and why in decision.reason


def test_cavalry_and_monsters_may_assault() -> None:
    for troop in ("cavalry", "monster", "monstrous_cavalry"):
        assert may_declare_assault(troop, garrisoned_by_enemy=True, assaulted_this_phase=False,
                                   sight_of_building=True)


def test_only_one_of_several_forced_assaulters_completes() -> None:
    verdicts = settle_forced_assaults(["a", "b", "c"], "b")
    assert [bool(verdicts[u]) for u in "abc"] == [False, True, False]
    assert "1\" short" in verdicts["a"].reason
    with pytest.raises(ValueError, match="'d' did not declare"):
        settle_forced_assaults(["a"], "d")


def test_assault_round_trips_between_turns() -> None:
    assault = _engaged()
    data = assault.to_dict()
    back = BuildingAssault.from_dict(data, assault.attacker, assault.defender, assault.options)
    assert back.step is AssaultStep.ENGAGED and back.reaction is Reaction.HOLD
    with pytest.raises(ValueError, match="'gobbos' against 'swords'"):
        BuildingAssault.from_dict(data, assault.defender, assault.attacker, assault.options)


@pytest.mark.parametrize("bonus", CHARGE_BONUSES_LOST)
def test_no_charge_bonus_of_any_kind(bonus: str) -> None:
    decision = charge_bonus(bonus)
    assert not decision and bonus in decision.reason
