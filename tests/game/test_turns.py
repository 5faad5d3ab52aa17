"""The turn clock in the options, and ending a turn: effects expire, void shields come back."""

from __future__ import annotations

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import RuleSystem, TerrainPiece
from board.game.core.clock import TurnError, clock_of, clock_text, goes_first
from board.game.turns import end_turn
from rules.dice import Dice
from tests.game.samples import library, round_unit, scenario

SNAP_UNTIL_RED_1 = {"kind": "snap_shots", "affected": "emplaced weapons", "source": "Tremor",
                    "until": {"game_turn": 1, "player": "red", "seat": 0}, "unit_ids": [],
                    "distance": None}
NO_EMBARK_UNTIL_BLUE_1 = {"kind": "no_embark", "affected": None, "source": "Tremor",
                          "until": {"game_turn": 1, "player": "blue", "seat": 1},
                          "unit_ids": [], "distance": None}


def shielded_board():
    gen = TerrainPiece("gen", "void_shield_generator", 40.0, 20.0, claimed_by="red",
                       state={"projected_shields_down": 2})
    bastion = TerrainPiece("bastion", "imperial_bastion", 20.0, 20.0, claimed_by="red",
                           state={"effects": [SNAP_UNTIL_RED_1, NO_EMBARK_UNTIL_BLUE_1]})
    return scenario(RuleSystem.WH40K, [gen, bastion], [round_unit("u", "red", [(5.0, 5.0)])])


def test_a_scenario_without_a_clock_starts_in_turn_one_with_the_first_side():
    found = scenario()
    assert (clock_of(found).game_turn, clock_of(found).active) == (1, "red")
    found.options.update(turn=3, player="blue")
    assert clock_text(found) == "Turn 3 – Blue"


@pytest.mark.parametrize(
    ("options", "message"),
    [({"turn": "two"}, "turn must be a whole number, not 'two'"),
     ({"player": "green"}, "player 'green' is not one of"),
     ({"turn_order": ["red"]}, "turn_order must name two sides"),
     ({"turn": 0}, "game turn must be 1 or more, not 0")],
)
def test_a_bad_clock_is_refused_with_the_value(options, message):
    found = scenario()
    found.options.update(options)
    with pytest.raises(TurnError, match=message):
        clock_of(found)


def test_ending_red_turn_expires_red_effects_and_restores_red_shields_on_5_plus():
    found = shielded_board()
    seed = 11
    dice = Dice(seed)  # the same seed replays the same two shield rolls
    expected = [dice.roll(1, "shield").total for _ in range(2)]
    assert any(f >= 5 for f in expected) and any(f < 5 for f in expected)
    done = end_turn(found, library(), seed=seed)
    gen = done.change.pieces["gen"]
    assert gen.state["projected_shields_down"] == sum(f < 5 for f in expected)
    bastion = done.change.pieces["bastion"]
    assert [e["kind"] for e in bastion.state["effects"]] == ["no_embark"]
    assert done.change.options == {"turn": 1, "player": "blue", "turn_order": ["red", "blue"]}
    (entry,) = done.change.log
    assert entry.seed == seed and [r["faces"][0] for r in entry.rolls] == expected
    assert "End of Red's turn 1" in entry.text and "snap shots" in entry.text
    assert "now turn 1, Blue to play" in entry.text


def test_blue_does_not_roll_for_red_shields_and_the_turn_number_advances_after_blue():
    found = shielded_board()
    found.options.update(player="blue")
    done = end_turn(found, library(), seed=3)
    assert done.change.log[0].rolls == []
    assert done.change.options["turn"] == 2 and done.change.options["player"] == "red"
    assert [e["kind"] for e in done.change.pieces["bastion"].state["effects"]] == []
    assert "gen" not in done.change.pieces


def test_ending_a_turn_is_one_undoable_change():
    found = shielded_board()
    document = ScenarioDocument(found)
    before = (dict(found.options), [p.state for p in found.terrain], len(found.log))
    undo = apply_change(document, end_turn(found, library(), seed=5).change)
    assert found.options["player"] == "blue" and len(found.log) == 1
    apply_change(document, undo)
    assert (found.options, [p.state for p in found.terrain], len(found.log)) == before


def test_epic_and_fantasy_only_move_the_clock():
    for system in (RuleSystem.EPIC40K, RuleSystem.WARHAMMER_FANTASY):
        done = end_turn(scenario(system), library(), seed=1)
        assert done.change.pieces == {} and done.change.options["player"] == "blue"


def test_who_goes_first_starts_turn_one_and_a_stranger_is_refused():
    found = scenario()
    found.options.update(turn=3, player="red")
    change = goes_first(found, "blue")
    assert change.options == {"turn": 1, "player": "blue", "turn_order": ["blue", "red"]}
    assert change.log[0].text == "Blue goes first: turn 1 begins"
    with pytest.raises(TurnError, match="side 'green' is not one of"):
        goes_first(found, "green")


def unstable_hall():
    state = {"system": "epic40k", "size": "small", "damage_capacity": 0,
             "condition": "unstable", "on_fire": False, "assault_factor": 15, "armour": 6}
    hall = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0, state=state)
    inside = round_unit("tac", "red", [(20.0, 20.0), (20.0, 20.0)], mm=12)
    inside.embarked_in, inside.stats["armour"] = "hall", 4
    return scenario(RuleSystem.EPIC40K, [hall], [inside])


def test_epic_a_new_game_turn_rolls_for_an_unstable_building():
    found = unstable_hall()
    assert end_turn(found, library(), seed=5).change.pieces == {}  # red's end: same game turn
    found.options.update(player="blue")
    stands = end_turn(found, library(), seed=0)  # rolls a 4
    said = "Building, small (Epic 40,000): the damaged building rolls 4 (falls on 5+): it stands"
    assert said in stands.lines
    falls = end_turn(found, library(), seed=5)  # rolls a 5: ruins
    assert falls.change.pieces["hall"].state["condition"] == "ruins"
    tac = falls.change.units["tac"]
    assert tac.embarked_in is None and [m.id for m in tac.models] == ["tac-2"]
    assert "destroyed: tac, stand 1" in falls.lines
    assert falls.change.log[0].rolls[0]["faces"] == [5]
