"""Real room servers on 127.0.0.1: join, play, refuse a stranger, drop, restart, catch up.

Every test is bounded (each wait has a timeout) and stops what it started.
"""

from __future__ import annotations

import signal

import pytest

from board.shared.control import SHARED_CONTROL
from tests.board.samples import small_scenario
from tests.shared.servers import player, saved, x_of

pytestmark = pytest.mark.slow


def test_a_client_without_the_room_secret_is_refused(server, players):
    stranger = player("Eve", "blue", server.link(secret="0" * 32))
    with pytest.raises(PermissionError, match="refused the room secret"):
        stranger.start(host=False, timeout=10)
    other_room = player("Eve", "blue", server.link("game", secret=server.link("other")
                                                   .split("secret=")[1]))
    with pytest.raises(PermissionError):
        other_room.start(host=False, timeout=10)


def test_host_and_guest_play_through_the_server(server, players):
    host = player("Ann", "red", server.link(), small_scenario())
    players.append(host)
    host.start(host=True)
    guest = player("Bob", "blue", server.link())
    players.append(guest)
    guest.start(host=False)
    assert saved(guest) == saved(host)
    guest.board.document.move_models({"b0": (30.0, 30.0)})
    assert host.wait_until(lambda: x_of(host, "b0") == 30.0)
    roll_id = host.board.request_seed("Krak grenade")
    assert host.wait_until(lambda: guest.pump() >= 0 and host.board.seed(roll_id) is not None)
    assert guest.wait_until(lambda: guest.board.seed(roll_id) == host.board.seed(roll_id))
    assert guest.wait_until(lambda: saved(guest) == saved(host))


def test_offline_edits_survive_a_server_restart_and_everyone_catches_up(server, players):
    host = player("Ann", "red", server.link(), small_scenario())
    players.append(host)
    host.start(host=True)
    guest = player("Bob", "blue", server.link())
    players.append(guest)
    guest.start(host=False)
    for session in (host, guest):
        session.board.document.scenario.options[SHARED_CONTROL] = True
    host.board.document.move_models({"b1": (40.0, 1.0)})
    assert guest.wait_until(lambda: x_of(guest, "b1") == 40.0)
    server.stop(signal.SIGKILL)  # the server dies: both play on offline
    host.board.document.move_models({"b2": (41.0, 2.0)})
    guest.board.document.move_models({"b3": (42.0, 3.0)})
    server.start()  # same port, same rooms file
    assert host.wait_until(lambda: x_of(host, "b3") == 42.0, timeout=15)
    assert guest.wait_until(lambda: x_of(guest, "b2") == 41.0, timeout=15)
    assert guest.wait_until(lambda: saved(guest) == saved(host))
    # A server restart with nobody connected loses nothing: a late joiner gets it all.
    host.wait_until(lambda: False, timeout=0.5)  # let the server write the last updates
    for session in list(players):
        session.stop()
        players.remove(session)
    server.stop()
    server.start()
    late = player("Cy", "blue", server.link())
    players.append(late)
    late.start(host=False)
    assert x_of(late, "b1") == 40.0 and x_of(late, "b2") == 41.0 and x_of(late, "b3") == 42.0


@pytest.mark.parametrize("attempt", range(5))
def test_a_move_the_server_relayed_is_on_its_disk_before_anyone_hears_of_it(server, players,
                                                                           attempt):
    """kill -9 of the server as soon as the other board has a move, and both players gone
    with it: the restarted server still has the move (it stores what a player sends before
    it relays it), so a player who joins later gets it."""
    host = player("Ann", "red", server.link(), small_scenario())
    players.append(host)
    host.start(host=True)
    guest = player("Bob", "blue", server.link())
    players.append(guest)
    guest.start(host=False)
    guest.board.document.move_models({"b0": (30.0 + attempt, 30.0)})
    assert host.wait_until(lambda: x_of(host, "b0") == 30.0 + attempt, timeout=5)
    server.stop(signal.SIGKILL)
    for session in list(players):  # nobody is left to give the move back
        session.stop()
        players.remove(session)
    server.start()
    late = player("Cy", "blue", server.link())
    players.append(late)
    late.start(host=False)
    assert x_of(late, "b0") == 30.0 + attempt
