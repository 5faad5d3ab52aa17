"""Fair dice by commit–reveal: neither player chooses the seed; the file proves every roll."""

from __future__ import annotations

import copy

import pytest

from board.document.io import scenario_from_dict, scenario_to_dict
from board.document.model import LogEntry
from board.shared.dice import (
    FAIR_DICE_OPTION,
    FairDiceError,
    FairRoll,
    commitment,
    make_secret,
    seed_from,
    verify_scenario_dice,
)
from rules.dice import Dice
from tests.board.samples import library, small_scenario


def agreed(roll_id: str = "r1") -> tuple[FairRoll, str, str]:
    red, blue = make_secret(), make_secret()
    roll = FairRoll(roll_id, purpose="shooting")
    roll = roll.with_commitment("red", commitment(roll_id, "red", red))
    roll = roll.with_commitment("blue", commitment(roll_id, "blue", blue))
    return roll.with_reveal("blue", blue).with_reveal("red", red), red, blue


def test_the_seed_needs_both_secrets_and_changes_with_either():
    roll, red, blue = agreed()
    assert roll.seed == seed_from("r1", {"red": red, "blue": blue})
    assert roll.seed != seed_from("r1", {"red": red, "blue": make_secret()})
    assert roll.seed != seed_from("r1", {"red": make_secret(), "blue": blue})
    assert 0 <= roll.seed < 2**63


def test_no_seed_until_both_reveal_and_no_reveal_until_both_commit():
    red = make_secret()
    roll = FairRoll("r1").with_commitment("red", commitment("r1", "red", red))
    with pytest.raises(FairDiceError, match="before both players committed"):
        roll.with_reveal("red", red)
    blue = make_secret()
    roll = roll.with_commitment("blue", commitment("r1", "blue", blue)).with_reveal("red", red)
    assert roll.seed is None  # one secret alone fixes nothing


def test_a_player_cannot_change_the_secret_or_commit_late():
    roll, _, _ = agreed()
    with pytest.raises(FairDiceError, match="does not match"):
        FairRoll("r1", roll.commitments).with_reveal("red", make_secret())
    with pytest.raises(FairDiceError, match="after a secret was revealed"):
        roll.with_commitment("red", "00")
    with pytest.raises(FairDiceError, match="third"):
        FairRoll("r1", roll.commitments).with_commitment("green", "11")
    # A commitment for one roll is worth nothing for another (the roll id is hashed in).
    with pytest.raises(FairDiceError, match="does not match"):
        FairRoll("r2", roll.commitments).with_reveal("red", roll.reveals["red"])


def fair_game() -> tuple[dict, int]:
    """A scenario whose log has two fairly seeded entries (one resolution spread over two)."""
    scenario = small_scenario()
    roll, _, _ = agreed()
    dice = Dice(roll.seed)
    dice.roll(3, "to hit")
    scenario.log.append(LogEntry("3 shots", [r.to_dict() for r in dice.take()], dice.seed))
    dice.roll(2, "penetration")
    scenario.log.append(LogEntry("2 pens", [r.to_dict() for r in dice.take()], dice.seed))
    scenario.log.append(LogEntry("unshared roll", [{"purpose": "x", "faces": [4], "sides": 6}],
                                 seed=12))
    scenario.options[FAIR_DICE_OPTION] = [roll.to_dict()]
    return scenario_to_dict(scenario), roll.seed


def test_every_fair_roll_reverifies_from_the_saved_file():
    data, seed = fair_game()
    loaded = scenario_from_dict(copy.deepcopy(data), library())
    lines = verify_scenario_dice(loaded.options, loaded.log)
    assert lines == [
        f"log entry 1: seed {seed} fixed by blue and red (roll r1), 3 dice replayed",
        f"log entry 2: seed {seed} fixed by blue and red (roll r1), 2 dice replayed",
    ]


def test_a_doctored_file_is_caught():
    data, _ = fair_game()
    faces = data["log"][1]["rolls"][0]["faces"]
    faces[0] = faces[0] % 6 + 1  # a penetration die turned to another face
    loaded = scenario_from_dict(data, library())
    with pytest.raises(FairDiceError, match="log entry 2: its dice"):
        verify_scenario_dice(loaded.options, loaded.log)
    data, _ = fair_game()
    data["options"][FAIR_DICE_OPTION][0]["reveals"]["red"] = make_secret()
    with pytest.raises(FairDiceError, match="red's secret for roll r1 does not match"):
        verify_scenario_dice(data["options"], [])
    data, _ = fair_game()
    data["options"][FAIR_DICE_OPTION][0]["seed"] += 1
    with pytest.raises(FairDiceError, match="the seed written is"):
        verify_scenario_dice(data["options"], [])


def test_battleboard_dice_reverifies_a_saved_file(tmp_path, capsys):
    from board.document.jsontext import dumps
    from board.main import main

    data, seed = fair_game()
    path = tmp_path / "game.json"
    path.write_text(dumps(data))
    assert main(["dice", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"log entry 2: seed {seed} fixed by blue and red" in out
    assert out.rstrip().endswith("1 fair seeds checked, 2 log entries replayed from them: all fair")
    data["log"][0]["rolls"][0]["faces"][0] = data["log"][0]["rolls"][0]["faces"][0] % 6 + 1
    path.write_text(dumps(data))
    assert main(["dice", str(path)]) == 1
    assert "NOT FAIR: log entry 1: its dice" in capsys.readouterr().err


def test_battleboard_dice_refuses_an_entry_whose_fair_seed_was_swapped(tmp_path, capsys):
    """Both entries of the fair roll given another seed and that seed's dice: each entry now
    replays from its own seed like any unshared roll, but the agreed seed is nobody's."""
    from board.document.jsontext import dumps
    from board.main import main

    data, seed = fair_game()
    dice = Dice(seed + 1)
    for entry in data["log"][:2]:
        count = len(entry["rolls"][0]["faces"])
        dice.roll(count, entry["rolls"][0]["purpose"])
        entry["rolls"] = [r.to_dict() for r in dice.take()]
        entry["seed"] = seed + 1
    path = tmp_path / "game.json"
    path.write_text(dumps(data))
    assert main(["dice", str(path)]) == 1
    assert (f"NOT FAIR: roll r1: its agreed seed {seed} is the seed of no log entry"
            in capsys.readouterr().err)
