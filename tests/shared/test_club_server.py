"""Play from a club's server: `battleboard serve` runs; two windows start a game in a room.

The host hosts into the running server's room (File ▸ Host Game…, its "Room server" link),
or the first player to join an empty room is offered to start the game there; the other
player joins with the seat link shown.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from board.view.remote import join
from tests.board.conftest import make_scenario
from tests.shared.test_remote_windows import make_window, saved

pytestmark = pytest.mark.slow


@pytest.fixture
def club(server):
    """The club's ``battleboard serve`` (a real room server: tests/shared/conftest.py)."""
    return server


@pytest.fixture
def windows(qtbot, library, tmp_path):
    ann = make_window(qtbot, library, tmp_path, "ann", make_scenario(library))
    bob = make_window(qtbot, library, tmp_path, "bob")
    yield ann, bob
    bob.remote.leave()
    ann.remote.leave()


def test_the_host_hosts_into_a_running_server(windows, club):
    ann, bob = windows
    link = ann.remote.host_on(club.link("friday"), "Ann", "red")  # Host Game…, Room server
    assert ann.remote.server is None  # no server of her own started
    assert "seat=blue" in link
    bob.remote.join("Bob", "blue", link)
    assert saved(bob) == saved(ann)


def test_joining_an_empty_room_offers_to_start_the_game_there(windows, club, monkeypatch):
    ann, bob = windows
    asked: list[str] = []

    def yes(_parent, _title, text, *rest):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    join(ann, ann.remote, "Ann", "", club.link("saturday"))  # the link serve printed
    assert asked and asked[0].startswith("The room has no game yet")
    assert ann.remote.active and "seat=blue" in ann.remote.link
    join(bob, bob.remote, "Bob", "blue", ann.remote.link)
    assert saved(bob) == saved(ann)
    errors: list[str] = []
    monkeypatch.setattr(type(bob), "show_error", lambda _self, _t, text: errors.append(text))
    join(bob, bob.remote, "Bob", "blue", club.link("sunday").replace(
        club.link("sunday").split("?")[1], "seat=blue&token=" + "0" * 32))
    assert errors and "refused" in errors[0]


def test_a_player_who_leaves_is_said_to_have_left(qtbot, windows, club):
    ann, bob = windows
    link = ann.remote.host_on(club.link("friday"), "Ann", "red")
    bob.remote.join("Bob", "blue", link)
    # Bob's window shows Ann (not only his board's thread knowing her): a leave that comes
    # before the window has shown her arrival has no one to name.
    qtbot.waitUntil(lambda: list(bob.remote.seen.values()) == ["Ann (Red)"], timeout=8000)
    assert list(bob.remote.session.board.peer_names.values()) == ["Ann (Red)"]
    said: list[str] = []
    bob.remote.status.connect(said.append)
    ann.remote.leave()
    qtbot.waitUntil(lambda: "Shared game: Ann (Red) left the game" in said, timeout=8000)
    assert bob.remote.presence == {} and bob.remote.session.board.peer_names == {}


def test_when_the_hosts_own_server_goes_the_guest_is_told_what_to_do(qtbot, windows, tmp_path):
    from tests.shared.servers import free_port

    ann, bob = windows
    link = ann.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="home")
    bob.remote.join("Bob", "blue", link)
    said: list[str] = []
    bob.remote.status.connect(said.append)
    ann.remote.leave()  # she leaves: the room server her window ran stops with her
    qtbot.waitUntil(lambda: any("does not answer" in text for text in said), timeout=8000)
    assert sum("does not answer" in text for text in said) == 1  # said once, not per retry
    assert "File ▸ Leave Game plays on alone" in next(t for t in said if "does not answer" in t)
