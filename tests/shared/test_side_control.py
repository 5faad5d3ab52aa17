"""Side control is checked again by the board that receives a change (not only by the sender).

A remote player controls only their own side's models: a hand-crafted update that moves a
model of the receiving board's side (shared control off) is refused with a message, the
receiving board keeps its last valid state and writes its models' places back.
"""

from __future__ import annotations

import copy
import json

import pycrdt
import pytest

from board.document.changes import Change, apply_change
from board.document.io import scenario_to_dict
from board.shared.control import SHARED_CONTROL, agree_key
from board.shared.ydoc import piece_text, pos_text, roots, text, unit_text
from tests.board.samples import small_scenario
from tests.shared.relay import pair


def saved(board) -> dict:
    return scenario_to_dict(board.document.scenario)


def forged(source: pycrdt.Doc, write) -> tuple[pycrdt.Doc, object]:
    """A Yjs document outside any board, holding ``source``'s state: a malicious client."""
    evil: pycrdt.Doc = pycrdt.Doc()
    evil.apply_update(source.get_update())
    state = evil.get_state()
    with evil.transaction():
        write(roots(evil))
    return evil, evil.get_update(state)


def test_a_hand_crafted_move_of_my_model_is_refused_and_put_back():
    relay, host, guest = pair(small_scenario())
    before = saved(guest)
    x, y, facing = (lambda m: (m.x, m.y, m.facing))(guest.document.scenario.model("b0")[1])
    _, update = forged(host.doc, lambda r: r.pos.__setitem__("b0", pos_text(40.0, 40.0, 0.0)))
    guest.receive(update)  # blue's board hears "red" move blue's b0
    assert saved(guest) == before  # the last valid board kept
    assert relay.refusals["Bob"] == [
        "refused a change from the other player: Squad B: a model of Blue moved by the other "
        "player, who controls only their own side (shared control is off); put back"]
    # Blue's board wrote b0's place back into the shared document: the room holds it again.
    assert str(guest.r.pos["b0"]) == pos_text(x, y, facing)
    relay.pump()
    assert saved(host) == saved(guest)


def test_a_forged_unit_record_does_not_carry_a_move_past_the_check():
    relay, host, guest = pair(small_scenario())
    before = saved(guest)
    unit = copy.deepcopy(before["units"][1])  # Squad B (blue), exactly as it is

    def write(r):
        r.units["squad-b"] = unit_text(unit, 1.0)  # rewritten, unchanged: "a rules change"
        for number in range(5):
            r.pos[f"b{number}"] = pos_text(1.0 + number, 1.0, 0.0)

    _, update = forged(host.doc, write)
    guest.receive(update)
    assert saved(guest) == before
    assert "Squad B: a model of Blue moved by the other player" in relay.refusals["Bob"][-1]


def test_a_turn_of_my_model_is_refused_too():
    relay, host, guest = pair(small_scenario())
    before = saved(guest)
    model = guest.document.scenario.model("b2")[1]
    _, update = forged(host.doc, lambda r: r.pos.__setitem__(
        "b2", pos_text(model.x, model.y, 45.0)))
    guest.receive(update)
    assert saved(guest) == before
    assert relay.refusals["Bob"]


def test_the_other_player_cannot_agree_to_shared_control_for_me():
    relay, host, guest = pair(small_scenario())
    before = saved(guest)

    def write(r):
        r.options[SHARED_CONTROL] = text(True)
        r.options[agree_key("blue")] = text(True)
        r.pos["b0"] = pos_text(40.0, 40.0, 0.0)

    _, update = forged(host.doc, write)
    guest.receive(update)
    assert saved(guest) == before  # neither the switch nor the move
    assert any("may not set shared control: only Bob agrees to it for Blue" in message
               for message in relay.refusals["Bob"])  # in words, not its option keys
    from tests.game.plain_words import faults

    assert not faults(relay.refusals["Bob"], small_scenario())
    assert SHARED_CONTROL not in guest.r.options and agree_key("blue") not in guest.r.options


def test_with_shared_control_agreed_by_both_the_move_is_taken():
    relay, host, guest = pair(small_scenario())
    apply_change(guest.document, Change(options={agree_key("blue"): True}))
    apply_change(host.document, Change(options={agree_key("red"): True}))
    relay.pump()
    _, update = forged(host.doc, lambda r: r.pos.__setitem__("b0", pos_text(40.0, 40.0, 0.0)))
    guest.receive(update)
    assert (guest.document.scenario.model("b0")[1].x, guest.document.scenario.model("b0")[1].y) \
        == (40.0, 40.0)
    assert relay.refusals["Bob"] == []


def test_what_the_rules_do_to_my_unit_still_comes_through():
    relay, host, guest = pair(small_scenario())
    unit = copy.deepcopy(host.document.scenario.unit("squad-b"))
    unit.models = unit.models[:-1]  # a casualty of red's shot: not a move
    apply_change(host.document, Change(units={"squad-b": unit}))
    relay.pump()
    assert [m.id for m in guest.document.scenario.unit("squad-b").models] == \
        ["b0", "b1", "b2", "b3"]
    assert relay.refusals["Bob"] == []
    assert saved(guest) == saved(host)


def test_the_other_sides_models_move_as_before():
    relay, host, guest = pair(small_scenario())
    unit = copy.deepcopy(host.document.scenario.unit("squad-a"))
    unit.embarked_in = None  # red's own unit disembarks
    for i, model in enumerate(unit.models):
        model.x, model.y = 30.0 + i, 40.0
    apply_change(host.document, Change(units={"squad-a": unit}))
    relay.pump()
    host.document.move_models({"a0": (31.5, 42.0)})  # and then moves: red's own
    relay.pump()
    assert guest.document.scenario.model("a0")[1].x == 31.5
    assert relay.refusals["Bob"] == [] and saved(guest) == saved(host)


def _renamed(unit: dict) -> str:
    unit["name"] = "Squad Deserters"
    return "its name"


def _turncoat(unit: dict) -> str:
    unit["side"] = "red"
    return "its side"


def _braver(unit: dict) -> str:
    unit["stats"] = {**unit.get("stats", {}), "leadership": 2}
    return "its stats (Leadership)"


def _bigger_base(unit: dict) -> str:
    unit["models"][0]["base"] = {"shape": "round", "diameter_mm": 60.0}
    return "the base of model 1"


def _stranger(unit: dict) -> str:
    unit["models"].append({**unit["models"][0], "id": "b9", "number": 9})
    return "its models (one added that was never one of them)"


@pytest.mark.parametrize("forge", [_renamed, _turncoat, _braver, _bigger_base, _stranger])
def test_another_field_of_my_unit_forged_beside_allowed_changes_is_refused_item_by_item(forge):
    """A casualty of my unit and a claim of a building are allowed; a rename (or any other
    field of my unit's record the other player's rules never change) in the same update is
    not: nothing of that unit's new record is taken (not the casualty either), and my unit's
    record is written back; the claim, another item of the same update, is taken."""
    relay, host, guest = pair(small_scenario())
    before = saved(guest)
    unit = copy.deepcopy(before["units"][1])  # Squad B (blue), as it is
    unit["models"] = unit["models"][:-1]  # b4 a casualty: allowed on its own
    field = forge(unit)
    piece = copy.deepcopy(before["terrain"][0])
    piece["claimed_by"] = "blue"  # allowed on its own too

    def write(r):
        r.units["squad-b"] = unit_text(unit, 1.0)
        for model in unit["models"]:
            if model["id"] not in r.pos:  # a new model stands somewhere
                r.pos[model["id"]] = pos_text(30.0, 30.0, 0.0)
        r.pieces["bastion"] = piece_text(piece, 0.0)

    _, update = forged(host.doc, write)
    guest.receive(update)
    after = saved(guest)
    assert after["units"] == before["units"]  # the unit refused: not the casualty either
    assert after["terrain"][0]["claimed_by"] == "blue"  # the claim, an item of its own, taken
    assert relay.refusals["Bob"][-1].startswith(
        f"refused a change from the other player: Squad B (a unit of Blue): the other player "
        f"changed {field}")
    from tests.game.plain_words import faults  # no id, no code, by name

    assert not faults(relay.refusals["Bob"], small_scenario())
    assert json.loads(str(guest.r.units["squad-b"]))["name"] == "Squad B"  # written back
    assert len(json.loads(str(guest.r.units["squad-b"]))["models"]) == 5
    host.receive(update)  # the room relays it to red's board too, then blue's record
    relay.pump()
    assert saved(host) == saved(guest)


def test_the_other_players_undo_gives_my_unit_back_the_model_it_lost():
    relay, host, guest = pair(small_scenario())
    whole = copy.deepcopy(host.document.scenario.unit("squad-b"))
    hit = copy.deepcopy(whole)
    hit.models = hit.models[:-1]  # red's shot kills b4
    apply_change(host.document, Change(units={"squad-b": hit}))
    relay.pump()
    apply_change(host.document, Change(units={"squad-b": whole}))  # red undoes the shot
    relay.pump()
    assert [m.id for m in guest.document.scenario.unit("squad-b").models] == \
        ["b0", "b1", "b2", "b3", "b4"]
    assert relay.refusals["Bob"] == [] and saved(guest) == saved(host)


def test_an_honest_edit_of_the_other_players_unit_is_put_back_on_both_boards():
    relay, host, guest = pair(small_scenario())
    before = saved(guest)
    unit = copy.deepcopy(host.document.scenario.unit("squad-b"))
    unit.name = "Squad Renamed"  # red's player edits blue's unit (Units ▸ Edit Unit…)
    apply_change(host.document, Change(units={"squad-b": unit}))
    relay.pump()
    assert saved(guest) == before
    assert "Squad B (a unit of Blue): the other player changed its name" in \
        relay.refusals["Bob"][-1]
    assert saved(host) == saved(guest)  # blue's record, written back, reached red's board
