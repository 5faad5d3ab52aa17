"""Seats: a join link opens one side, bound to a token; a second holder of it only watches.

Through a real server, with a raw y-websocket peer (:mod:`tests.shared.raw_peer`) as the
third client.
"""

from __future__ import annotations

import httpx_ws
import pytest

from board.shared.server import OBSERVER, seat_link
from tests.board.samples import small_scenario
from tests.shared.raw_peer import RawPeer
from tests.shared.servers import player, x_of

pytestmark = pytest.mark.slow


def move(x: float):
    return lambda r: r.pos.__setitem__("r1", f"[{x}, 1, 0]")


def claim(r) -> None:
    """A change the host takes from blue's seat: the bastion claimed by blue."""
    r.pieces["bastion"] = str(r.pieces["bastion"]).replace('"claimed_by":"red"',
                                                           '"claimed_by":"blue"')


def attempt(link: str, write) -> None:
    async def script(peer: RawPeer, socket) -> None:
        await peer.write(socket, write)
        await peer.listen(socket, 0.5)

    RawPeer(link).run(script)


def test_a_seat_link_opens_its_side_only_and_a_second_holder_only_watches(server, players):
    host = player("Ann", "red", server.link(), small_scenario())
    players.append(host)
    host.start(host=True)
    blue = seat_link(server.link(), "blue")
    guest = player("Bob", "blue", blue)
    players.append(guest)
    guest.start(host=False)
    guest.board.document.move_models({"b0": (30.0, 30.0)})  # the seat's holder plays
    assert host.wait_until(lambda: x_of(host, "b0") == 30.0)
    with pytest.raises(httpx_ws.WebSocketUpgradeError):  # blue's token does not open red
        attempt(blue.replace("seat=blue", "seat=red"), move(40.0))
    attempt(blue, claim)  # a third client with Bob's link, while Bob holds the seat
    attempt(seat_link(server.link(), OBSERVER), claim)
    host.wait_until(lambda: False, timeout=1.0)
    assert host.board.document.scenario.piece("bastion").claimed_by == "red"
    guest.board.document.move_models({"b1": (31.0, 31.0)})  # Bob still plays
    assert host.wait_until(lambda: x_of(host, "b1") == 31.0)


def test_a_seat_let_go_is_taken_again_by_its_link(server, players):
    host = player("Ann", "red", server.link(), small_scenario())
    players.append(host)
    host.start(host=True)
    blue = seat_link(server.link(), "blue")
    attempt(blue, claim)  # Bob's seat is free: the link holds it
    assert host.wait_until(lambda: host.board.document.scenario.piece("bastion").claimed_by
                           == "blue")
