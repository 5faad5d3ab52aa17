"""Rooms spread over two ``battleboard serve`` processes behind HAProxy (docs/club-haproxy.cfg).

Two games, each in a room that lands on a different process, played through the proxy's one
port. One process is killed (kill -9) mid-game: the other game goes on; the killed one's
players leave, and when the process is started again its room comes back from its disk with
everything that had been relayed (no board is there to send it again): a late joiner through
the proxy gets the whole game. Skipped where HAProxy is not installed (``apt install
haproxy``).
"""

from __future__ import annotations

import shutil
import signal

import pytest

from board.shared.server import seat_link
from tests.board.samples import small_scenario
from tests.shared.proxy import Club
from tests.shared.servers import player, saved, x_of

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("haproxy") is None, reason="needs haproxy")]


def _game(club: Club, room: str, players: list) -> tuple:
    host = player("Ann", "red", club.link(room), small_scenario())
    players.append(host)
    host.start(host=True)
    guest = player("Bob", "blue", seat_link(club.link(room), "blue"))
    players.append(guest)
    guest.start(host=False)
    return host, guest


def _move(session, model_id: str, x: float) -> None:
    y = session.board.document.scenario.model(model_id)[1].y
    session.board.document.move_models({model_id: (x, y)})
    session.board.flush()


def test_two_processes_behind_haproxy_one_killed_loses_nothing(tmp_path, players):
    club = Club(tmp_path, processes=2).start()
    try:
        games = {}
        for number in range(12):  # rooms until the two games are on different processes
            room = f"table-{number}"
            games[room] = _game(club, room, players)
            holders = {club.holder(r) for r in games}
            if len(holders) == 2 and None not in holders:
                break
        killed_room, other_room = list(games)[0], next(
            r for r in games if club.holder(r) is not club.holder(list(games)[0]))
        host, guest = games[killed_room]
        _move(guest, "b0", 21.0)  # relayed: on the killed process's disk before Ann had it
        assert host.wait_until(lambda: x_of(host, "b0") == 21.0)
        killed = club.holder(killed_room)
        killed.stop(signal.SIGKILL)
        other_host, other_guest = games[other_room]
        _move(other_guest, "b1", 12.5)  # the other process's room plays on
        assert other_host.wait_until(lambda: x_of(other_host, "b1") == 12.5)
        for session in (host, guest):  # nobody left who could send the room what it lacks
            players.remove(session)
            session.stop()
        killed.start()
        late = player("Cy", "blue", seat_link(club.link(killed_room), "blue"))
        players.append(late)
        late.start(host=False)
        assert saved(late) == saved(host)
        assert x_of(late, "b0") == 21.0
    finally:
        club.stop()
