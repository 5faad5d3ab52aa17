"""A hostile peer writes raw values into the room: each refused alone, the room healed.

The peer is a plain pycrdt document (not our board classes) that holds the room's state and
writes what a broken or malicious program would (:mod:`tests.shared.hostile`). The room is a
third document that every update reaches, as the server's is. After each kind:

- the host's board is unchanged and says who sent what and why;
- the host's board writes its valid value back (or removes what nobody can take), so a new
  player who joins the room afterwards gets the host's game, whole, with nothing left out.
"""

from __future__ import annotations

import pycrdt
import pytest

from board.document.changes import Change, apply_change
from board.document.edits import ScenarioDocument
from board.document.io import scenario_to_dict
from board.document.model import LogEntry
from board.shared.binder import SharedScenario
from tests.board.samples import library, small_scenario
from tests.shared.hostile import KINDS
from tests.shared.relay import pair


def saved(board: SharedScenario) -> dict:
    return scenario_to_dict(board.document.scenario)


class Room:
    """The server's copy of the room: every board's updates reach it, as they reach the boards."""

    def __init__(self) -> None:
        self.relay, self.host, self.guest = pair(small_scenario())
        self.doc: pycrdt.Doc = pycrdt.Doc()
        self.doc.apply_update(self.host.doc.get_update())
        for board in (self.host, self.guest):
            board.outgoing.connect(self.doc.apply_update)

    def evil(self) -> pycrdt.Doc:
        """A peer's own document, synced with the room (sync step 1 and 2, by hand)."""
        doc: pycrdt.Doc = pycrdt.Doc()
        doc.apply_update(self.doc.get_update(doc.get_state()))
        return doc

    def send(self, doc: pycrdt.Doc, write) -> bytes:
        """The peer writes in one transaction; the server stores and relays the update."""
        state = doc.get_state()
        with doc.transaction():
            from board.shared.ydoc import roots

            write(roots(doc))
        update = doc.get_update(state)
        self.doc.apply_update(update)
        self.host.receive(update)
        self.guest.receive(update)
        self.relay.pump()
        return update

    def join(self) -> tuple[SharedScenario, list[str]]:
        said: list[str] = []
        board = SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Cy", "blue", library())
        board.refused.connect(said.append)
        board.receive(self.doc.get_update())
        return board, said


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_hostile_value_is_refused_alone_and_the_room_heals(kind):
    room = Room()
    apply_change(room.host.document, Change(log=[LogEntry("Ann shoots")]))
    room.relay.pump()
    before = saved(room.host)
    evil = room.evil()
    room.host.peer_names[evil.client_id] = "Eve (blue)"
    room.send(evil, KINDS[kind])
    assert saved(room.host) == before, kind  # the host's board kept its valid game
    said = room.relay.refusals["Ann"]
    assert said and all(m.startswith("refused a change from Eve (blue): ") for m in said), said
    assert saved(room.guest) == before  # the guest's board too, once the host healed the room
    joiner, told = room.join()
    assert told == [], told  # nothing left out: the room holds a valid game again
    assert saved(joiner) == before


def test_a_valid_item_beside_a_bad_value_is_taken_and_the_owner_keeps_their_models():
    """Item by item, not per transaction: the claim of the bastion, valid, comes through
    beside a NaN position; the move of b1 passes the host's checks (blue may move blue's
    models) but Bob, who plays blue, did not make it: his board puts b1 back, everywhere."""
    room = Room()
    evil = room.evil()

    def write(r):
        r.pos["b0"] = "[NaN, 1, 0]"
        r.pos["b1"] = "[30, 31, 90]"
        r.pieces["bastion"] = r.pieces["bastion"].replace('"claimed_by":"red"',
                                                           '"claimed_by":"blue"')

    room.send(evil, write)
    host = room.host.document.scenario
    assert host.piece("bastion").claimed_by == "blue"
    assert (host.model("b0")[1].x, host.model("b1")[1].x) == (10.0, 11.2)
    assert len(room.relay.refusals["Ann"]) == 1
    assert "Squad B: a model of Blue moved by the other player" in room.relay.refusals["Bob"][-1]
    assert saved(room.guest) == saved(room.host)


def test_a_join_before_the_room_healed_takes_the_valid_game_and_says_what_it_left_out():
    room = Room()
    evil = room.evil()
    with evil.transaction():
        from board.shared.ydoc import roots

        roots(evil).pos["b0"] = "[1e308, 0, 0]"
    lone: pycrdt.Doc = pycrdt.Doc()  # a room no healing board is in: the host is away
    lone.apply_update(evil.get_update())
    said: list[str] = []
    board = SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Cy", "blue", library())
    board.refused.connect(said.append)
    board.receive(lone.get_update())
    assert board.live and [u.id for u in board.document.scenario.units] == ["squad-a"]
    assert said == ["joined without what does not check: unit squad-b: models[0]: a coordinate "
                    "is at most 1,000,000 in size, got [1e+308, 0, 0]"]


def test_two_honest_boards_that_heal_the_same_item_do_not_answer_each_other_for_ever():
    room = Room()
    evil = room.evil()
    room.send(evil, KINDS["unit with no models"])
    assert room.relay.pump() == 0


def test_a_live_drag_shown_only_at_places_a_file_may_hold():
    room = Room()
    assert room.host.live_moves({"b0": [1e308, 0.0], "b1": [float("nan"), 1.0],
                                 "b2": [12.5, 3.0], "a0": [1.0, 1.0]}) == {"b2": (12.5, 3.0)}


def test_a_peer_cannot_overwrite_my_half_of_a_fair_roll():
    room = Room()
    roll_id = room.host.request_seed("lascannon")
    mine = f"{roll_id}/commit/red"
    kept = str(room.host.r.dice[mine])
    evil = room.evil()  # before blue answered: it writes over red's commitment
    room.send(evil, lambda r: r.dice.__setitem__(mine, "0" * 64))
    assert str(room.host.r.dice[mine]) == kept and str(room.doc.get("dice", type=pycrdt.Map)
                                                        [mine]) == kept
    assert any(f"they changed {mine}, which only Ann writes" in m
               for m in room.relay.refusals["Ann"])
    assert room.host.seed(roll_id) is not None  # the roll was still agreed, fairly
    assert room.host.seed(roll_id) == room.guest.seed(roll_id)
