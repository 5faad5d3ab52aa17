"""A hostile peer on a real room server, speaking the raw y-websocket protocol.

The peer (:class:`tests.shared.raw_peer.RawPeer`) joins with the guest's link and writes
bad values and deletions (:mod:`tests.shared.hostile`). The host's board refuses each and
heals the room; the server is killed and restarted (its rooms file kept what everyone
wrote); a player who joins afterwards gets the host's game with nothing left out.
"""

from __future__ import annotations

import signal

import pytest

from board.document.changes import Change, apply_change
from board.document.model import LogEntry
from tests.board.samples import small_scenario
from tests.shared.hostile import KINDS
from tests.shared.raw_peer import UPDATE, RawPeer, sync_message
from tests.shared.servers import player, saved

pytestmark = pytest.mark.slow

#: One transaction each, sent one after the other by the same raw peer.
SENT = ("unit with no models", "position 1e308", "head removed", "log entry not an object",
        "red unit renamed and given to blue", "option NaN", "log entry removed",
        "fair roll with a reveal that does not match", "terrain removed")


def test_a_raw_hostile_peer_cannot_poison_the_room_even_across_a_server_restart(server,
                                                                                players):
    host = player("Ann", "red", server.link(), small_scenario())
    players.append(host)
    host.start(host=True)
    said: list[str] = []
    host.board.refused.connect(said.append)
    apply_change(host.board.document, Change(log=[LogEntry("Ann shoots")]))
    before = saved(host)
    peer = RawPeer(server.link())

    async def attack(self: RawPeer, socket) -> None:
        await self.present(socket, "Eve", "blue")
        await socket.send_bytes(sync_message(UPDATE, b"\x07not an update"))  # never stored
        await self.listen(socket, 0.3)
        for kind in SENT:
            await self.write(socket, KINDS[kind])
            await self.listen(socket, 0.05)
        await self.listen(socket, 0.5)  # the host's repairs come back through the room

    peer.run(attack)
    assert host.wait_until(lambda: len(said) >= len(SENT), timeout=10), said
    assert host.wait_until(lambda: saved(host) == before)
    assert all(m.startswith("refused a change from Eve (Blue): ") for m in said), said
    host.wait_until(lambda: False, timeout=0.5)  # the server stores the repairs
    server.stop(signal.SIGKILL)
    server.start()  # the rooms file holds the peer's values and the host's repairs
    host.wait_until(lambda: host.wire.synced.is_set() and host.wire.online.is_set(), 10)
    late = player("Cy", "blue", server.link())
    players.append(late)
    told: list[str] = []
    late.board.refused.connect(told.append)
    late.start(host=False)
    assert told == []
    assert saved(late) == before
