"""Warhammer Fantasy assault rules played from the Storm dialog (seeds 002 and 004).

- "it can never charge directly out of a building": an enemy garrison in another building is
  named among those that may not assault, with the rule;
- "If a unit that is assaulting a building is itself charged, the assault on the building is
  abandoned (move the unit that was assaulting the building backward 1")";
- "A single challenge may still be issued and accepted, but only between models already
  chosen for the two assault parties".
"""

from __future__ import annotations

from board.document.model import Base, Model, TerrainPiece, TroopType, Unit
from rules.dice import Dice
from tests.board.first_game import pick
from tests.board.test_assault_fantasy_view import (  # noqa: F401 (the fixture)
    PROFILE,
    fantasy_scenario,
    fantasy_window,
    gap,
    press,
    storm_house,
)

R = Base.round_mm(20).length_in / 2


def test_an_enemy_garrison_in_the_next_building_is_named_as_never_charging_out(
        fantasy_window):  # noqa: F811
    window = fantasy_window
    scenario = fantasy_scenario()
    scenario.terrain.append(TerrainPiece("barn", "whfb_building_1_floor", 38.0, 24.0))
    scenario.units.append(Unit("halberds", "Halberdiers", "red", TroopType.INFANTRY,
                               [Model(f"h{k}", Base.round_mm(20), 38.0, 24.0)
                                for k in range(5)],
                               embarked_in="barn", stats=dict(PROFILE)))
    window.show_scenario(scenario)
    dialog = storm_house(window, [3, 2])
    said = dialog.out_of_reach.text()
    assert ("Halberdiers: garrisons Building, 1 floor (cottage), and a garrison can never "
            "charge out of a building; it must leave first") in said
    assert [dialog.attacker_box.itemData(k) for k in range(dialog.attacker_box.count())] == [
        "swords"]


def test_an_assaulter_charged_after_reaching_the_building_abandons_and_ends_1_inch_back(
        fantasy_window):  # noqa: F811
    window = fantasy_window
    dialog = storm_house(window, [3, 2])  # the charge: 4" + 5" reaches the building 4" away
    assert not dialog.abandon_button.isEnabled()
    press(dialog.declare_button)
    press(dialog.react_button)
    press(dialog.charge_button)
    assert window.undo_stack.count() == 0
    press(dialog.abandon_button)
    swords = window.document.scenario.unit("swords")
    assert abs(gap(swords) - 1.0) < 1e-6
    assert swords.embarked_in is None
    assert window.document.scenario.unit("spears").embarked_in == "house"
    record = dialog.record.toPlainText()
    assert "Swordsmen are charged: the assault is abandoned, they move back 1\"" in record
    assert window.undo_stack.count() == 1
    for button in (dialog.abandon_button, dialog.parties_button, dialog.fight_button):
        assert not button.isEnabled()
    window.undo_stack.undo()
    assert abs(gap(window.document.scenario.unit("swords")) - 4.0) < 1e-6


def test_an_assaulter_charged_before_its_charge_steps_back_1_inch(fantasy_window):  # noqa: F811
    window = fantasy_window
    dialog = storm_house(window, [])
    press(dialog.declare_button)
    press(dialog.abandon_button)
    assert abs(gap(window.document.scenario.unit("swords")) - 5.0) < 1e-6
    assert window.undo_stack.count() == 1


def _with_characters():
    scenario = fantasy_scenario()
    hero = {**PROFILE, "ws": 6, "s": 4, "t": 4, "i": 6, "a": 3, "w": 2}
    scenario.units += [
        Unit("captain", "Captain Aldred", "red", TroopType.CHARACTER,
             [Model("cap", Base.round_mm(20), 31.5, 25.5 + 4.0 + R)], joined_to="swords",
             stats=dict(hero)),
        Unit("sergeant", "Sergeant Bors", "blue", TroopType.CHARACTER,
             [Model("sgt", Base.round_mm(20), 30.0, 24.0)], embarked_in="house",
             stats={**hero, "ws": 4, "i": 4, "a": 2})]
    return scenario


def test_a_challenge_between_the_two_parties_characters_is_fought_apart(fantasy_window):  # noqa: F811
    window = fantasy_window
    window.show_scenario(_with_characters())
    dialog = storm_house(window, [])
    dialog.make_dice = lambda: Dice(11)
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button):
        press(button)
    assert not dialog.challenge.isVisible()
    press(dialog.parties_button)
    assert dialog.challenge.isVisible() and not dialog.challenge.isChecked()
    assert [dialog.challenger.itemText(k) for k in range(dialog.challenger.count())] == [
        "Captain Aldred", "Sergeant Bors"]
    dialog.challenge.setChecked(True)
    pick(dialog.challenger, "Captain Aldred")
    pick(dialog.accepter, "Sergeant Bors")
    press(dialog.fight_button)
    record = dialog.record.toPlainText()
    assert ("challenge: Captain Aldred against Sergeant Bors; they fight only each other, and "
            "overkill counts toward the result") in record
    storm = dialog.storm
    assert storm is not None and storm.round is not None
    by = {s.fighter: s.target for s in storm.round.strikes}
    assert by["cap"] == "sgt" and by.get("sgt", "cap") == "cap"
    assert all(target not in ("cap", "sgt") for fighter, target in by.items()
               if fighter not in ("cap", "sgt"))


def test_a_challenge_by_two_of_the_same_party_is_refused_with_the_rule(fantasy_window):  # noqa: F811
    window = fantasy_window
    window.show_scenario(_with_characters())
    dialog = storm_house(window, [])
    dialog.make_dice = lambda: Dice(11)
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button,
                   dialog.parties_button):
        press(button)
    dialog.challenge.setChecked(True)
    pick(dialog.challenger, "Sergeant Bors")
    pick(dialog.accepter, "Sergeant Bors")
    press(dialog.fight_button)
    assert dialog.refusal.text() == ("cannot fight the challenge: the challenger and the model "
                                     "accepting it must be of the two different parties")
    assert dialog.fight_button.isEnabled() and window.undo_stack.count() == 0

