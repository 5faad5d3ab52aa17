"""Two boards share one scenario through Yjs documents in one process."""

from __future__ import annotations

import copy
import json
import math

import pycrdt

from board.document.changes import Change, apply_change
from board.document.io import scenario_to_dict
from board.document.model import LogEntry
from board.shared.control import SHARED_CONTROL
from board.shared.dice import verify_scenario_dice
from board.shared.ydoc import pos_text, unit_text
from rules.dice import Dice
from tests.board.samples import small_scenario
from tests.shared.relay import pair


def saved(board) -> dict:
    return scenario_to_dict(board.document.scenario)


def test_the_guest_gets_the_whole_scenario():
    _, host, guest = pair(small_scenario())
    assert saved(guest) == saved(host)


def test_a_move_is_one_small_transaction_and_moves_only_that_model():
    relay, host, guest = pair(small_scenario())
    guest.document.move_models({"b0": (11.0, 6.0)})
    assert len(relay.queue) == 1 and len(relay.queue[0][1]) < 100
    relay.pump()
    assert host.document.scenario.model("b0")[1].x == 11.0
    assert saved(guest) == saved(host)
    # The host's scene hears one model move, and no unit is rebuilt.
    heard = {"moved": [], "units": []}
    host.document.models_changed.connect(heard["moved"].append)
    host.document.unit_added.connect(heard["units"].append)
    guest.document.move_models({"b1": (13.0, 6.0)})
    relay.pump()
    assert heard == {"moved": [("b1",)], "units": []}


def test_a_compound_edit_is_one_transaction_and_arrives_whole():
    relay, host, guest = pair(small_scenario())
    host.autoflush = False
    unit = copy.deepcopy(host.document.scenario.unit("squad-a"))
    unit.embarked_in = None
    for i, model in enumerate(unit.models):
        model.x, model.y = 30.0 + i, 40.0
    apply_change(host.document, Change(units={"squad-a": unit},
                                       log=[LogEntry("Squad A disembarks")]))
    host.flush()
    assert len(relay.queue) == 1
    relay.pump()
    assert guest.document.scenario.unit("squad-a").embarked_in is None
    assert guest.document.scenario.log[-1].text == "Squad A disembarks"
    assert saved(guest) == saved(host)


def test_both_drag_the_same_model_and_end_equal():
    relay, host, guest = pair(small_scenario())
    host.document.scenario.options[SHARED_CONTROL] = True
    guest.document.scenario.options[SHARED_CONTROL] = True
    host.document.move_models({"b2": (20.0, 20.0)})
    guest.document.move_models({"b2": (5.0, 40.0)})  # at the same time: neither has the other's
    relay.pump()
    here, there = host.document.scenario.model("b2")[1], guest.document.scenario.model("b2")[1]
    assert (here.x, here.y) == (there.x, there.y)
    assert (here.x, here.y) in {(20.0, 20.0), (5.0, 40.0)}


def test_a_player_moves_only_their_sides_models_without_shared_control():
    relay, host, guest = pair(small_scenario())
    guest.document.move_models({"b0": (1.0, 1.0)})  # blue's own model: fine
    host.document.move_models({"b1": (2.0, 2.0)})  # red moves a blue model: put back
    relay.pump()
    assert host.document.scenario.model("b1")[1].x == 11.2
    assert "Squad B: not your side's models" in relay.refusals["Ann"][0]
    assert guest.document.scenario.model("b0")[1].x == 1.0
    assert saved(guest) == saved(host)


def test_nan_coordinates_from_the_other_end_are_refused_and_the_board_kept():
    relay, host, guest = pair(small_scenario())
    guest.document.scenario.options[SHARED_CONTROL] = True  # red may move blue's models
    before = saved(guest)
    # A malicious or broken client writes straight into the shared document.
    host.r.pos["b0"] = pos_text(math.nan, 3.0, 0.0)
    relay.pump()
    assert saved(guest) == before
    assert relay.refusals["Bob"] == [
        "refused a change from the other player: model b0 of Squad B: a position is [x, y, "
        "facing] (finite numbers): [0]: NaN is not a number a file may hold (numbers are "
        "finite)"]
    # A later valid move still comes through.
    host.r.pos["b1"] = pos_text(0.5, 0.5, 0.0)
    relay.pump()
    assert guest.document.scenario.model("b1")[1].x == 0.5
    assert guest.document.scenario.model("b0")[1].x == before["units"][1]["models"][0]["x"]


def test_a_unit_that_breaks_the_scenarios_checks_is_refused():
    relay, host, guest = pair(small_scenario())
    before = saved(guest)
    data = copy.deepcopy(before["units"][1])
    data["id"], data["side"] = "rogue", "green"  # no such side
    for i, model in enumerate(data["models"]):
        model["id"] = f"r{i}"
        host.r.pos[model["id"]] = pos_text(1.0, 1.0, 0.0)
    host.r.units["rogue"] = unit_text(data, 9.0)
    relay.pump()
    assert saved(guest) == before
    assert "unknown side 'green'" in relay.refusals["Bob"][-1]
    # The guest's own later edits still go out and come back to a checked board.
    guest.document.move_models({"b3": (3.0, 3.0)})
    relay.pump()
    assert host.document.scenario.model("b3")[1].x == 3.0


def test_the_log_is_append_only_and_undo_is_marked():
    relay, host, guest = pair(small_scenario())
    apply_change(host.document, Change(log=[LogEntry("Ann shoots")]))
    undo = apply_change(guest.document, Change(log=[LogEntry("Bob shoots")]))
    relay.pump()
    assert [e.text for e in host.document.scenario.log][-2:] == [
        e.text for e in guest.document.scenario.log][-2:]
    apply_change(guest.document, undo)  # Bob undoes his shot: the line stays, marked
    relay.pump()
    texts = [e.text for e in guest.document.scenario.log]
    assert "Bob shoots" in texts and texts[-1] == "Undone by Bob: Bob shoots"
    assert saved(guest) == saved(host)


def test_fair_seed_agreed_by_both_and_the_saved_file_reverifies():
    relay, host, guest = pair(small_scenario())
    heard = []
    guest.seed_ready.connect(lambda roll_id, seed: heard.append(("guest", roll_id, seed)))
    host.seed_ready.connect(lambda roll_id, seed: heard.append(("host", roll_id, seed)))
    roll_id = host.request_seed("Lascannon at the bastion")
    relay.pump()
    seed = host.seed(roll_id)
    assert seed is not None and guest.seed(roll_id) == seed
    assert sorted(heard) == [("guest", roll_id, seed), ("host", roll_id, seed)]
    dice = Dice(seed)
    dice.roll(2, "to hit")
    apply_change(host.document, Change(log=[LogEntry(
        "Lascannon", [r.to_dict() for r in dice.take()], seed)]))
    relay.pump()
    for board in (host, guest):
        scenario = board.document.scenario
        assert verify_scenario_dice(scenario.options, scenario.log)[0].startswith(
            f"log entry 1: seed {seed} fixed by blue and red")
    assert saved(guest) == saved(host)


def test_offline_edits_merge_when_the_boards_meet_again():
    relay, host, guest = pair(small_scenario())
    for board in (host, guest):
        board.document.scenario.options[SHARED_CONTROL] = True
    relay.boards.remove(guest)  # the guest drops off
    host.document.move_models({"b0": (1.0, 2.0)})
    guest.document.move_models({"b4": (4.0, 4.0)})
    relay.queue.clear()
    # They meet again: each sends what the other lacks (the y-websocket sync steps).
    guest.receive(host.doc.get_update(guest.doc.get_state()))
    host.receive(guest.doc.get_update(host.doc.get_state()))
    assert host.document.scenario.model("b4")[1].x == 4.0
    assert guest.document.scenario.model("b0")[1].x == 1.0
    assert saved(guest) == saved(host)


def test_a_late_joiner_builds_the_same_board_from_the_state():
    relay, host, guest = pair(small_scenario())
    guest.document.move_models({"b0": (9.0, 9.0)})
    relay.pump()
    late = pycrdt.Doc()
    late.apply_update(host.doc.get_update())
    from board.document.edits import ScenarioDocument
    from board.shared.binder import SharedScenario
    from tests.board.samples import library

    board = SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Cy", "red", library())
    board.receive(late.get_update())
    assert saved(board) == saved(host)


def test_a_game_that_does_not_check_is_refused_and_its_open_rolls_left_alone():
    """A joining board refuses a shared game without sides; it answers none of its dice.

    It used to commit to each open roll, could not read its own commitment back (the board's
    players are its game's sides: none) and committed again, until Python's recursion limit.
    """
    import pycrdt

    from board.document.edits import ScenarioDocument
    from board.shared.binder import SharedScenario
    from board.shared.ydoc import HEAD_KEY, head_text, roots
    from tests.board.samples import library

    _, host, _ = pair(small_scenario())
    host.request_seed("lascannon at the bastion")  # an open roll: red committed
    broken = pycrdt.Doc()
    broken.apply_update(host.doc.get_update())
    r = roots(broken)
    head = json.loads(str(r.head[HEAD_KEY]))
    head["sides"] = []
    with broken.transaction():
        r.head[HEAD_KEY] = head_text(head)
    dice_before = dict(r.dice.items())
    refused: list[str] = []
    joining = SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Cy", "blue", library())
    joining.refused.connect(refused.append)
    sent: list[bytes] = []
    joining.outgoing.connect(sent.append)
    joining.receive(broken.get_update())
    assert len(refused) == 1 and "does not check" in refused[0] and "sides" in refused[0]
    assert joining.document.scenario.units == []  # the board as it was
    assert dict(roots(joining.doc).dice.items()) == dice_before and sent == []
