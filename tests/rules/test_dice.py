"""rules.dice: seeded, recorded, replayable; FixedDice for scripted tests."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.dice import Dice, DiceExhausted, FixedDice, Roll


def test_same_seed_same_rolls():
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.roll(3, "x").faces for _ in range(20)] == [b.roll(3, "x").faces for _ in range(20)]


def test_unseeded_dice_keep_a_seed_that_replays():
    first = Dice()
    faces = [first.d6("a") for _ in range(10)]
    again = Dice(seed=first.seed)
    assert [again.d6("a") for _ in range(10)] == faces


def test_every_roll_is_recorded_with_its_purpose():
    dice = Dice(seed=1)
    dice.roll(2, "charge")
    dice.d6("penetration")
    assert [r.purpose for r in dice.rolls] == ["charge", "penetration"]
    taken = dice.take()
    assert len(taken) == 2 and dice.rolls == []


def test_faces_are_within_the_sides_and_fair():
    dice = Dice(seed=3)
    counts = Counter(dice.roll(1, "f", sides=6).total for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())
    assert {dice.roll(1, "d3", sides=3).total for _ in range(200)} == {1, 2, 3}


def test_d3_halves_a_d6_rounding_up():
    assert [FixedDice([f]).d3("armour") for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    dice = FixedDice([5])
    dice.d3("armour lost")
    assert dice.rolls[0].purpose == "armour lost (D3)" and dice.rolls[0].faces == (5,)


def test_roll_off_rerolls_ties():
    dice = FixedDice([3, 3, 2, 5])
    assert dice.roll_off("first turn") == (2, 5)
    assert len(dice.rolls) == 2


def test_negative_count_refused():
    with pytest.raises(ValueError, match="cannot roll -1 dice"):
        Dice(seed=0).roll(-1, "x")


def test_fixed_dice_play_in_order_and_refuse_impossible_faces():
    dice = FixedDice([6, 1, 4])
    assert dice.roll(2, "a").faces == (6, 1)
    assert dice.unused == [4]
    with pytest.raises(ValueError, match="a D3 cannot show 4"):
        dice.roll(1, "b", sides=3)


def test_fixed_dice_exhausted_says_how_many_were_given():
    dice = FixedDice([2])
    dice.d6("a")
    with pytest.raises(DiceExhausted, match="gave 1 dice"):
        dice.d6("b")


def test_roll_is_plain_json_and_reads_well():
    roll = Roll("penetration", (4, 2), 6)
    assert roll.total == 6
    assert json.loads(json.dumps(roll.to_dict())) == {
        "purpose": "penetration", "faces": [4, 2], "sides": 6}
    assert str(roll) == "penetration: 2D6 → 4, 2"
    assert str(Roll("weapon", (2,), 3)) == "weapon: 1D3 → 2"
