"""The room server's presence desk: each connection's presence checked, bound to its seat.

Every awareness message a connection sends passes :meth:`Link.admit` before the room relays
it (:func:`board.shared.server.make_app` wraps the connection's ``receive``):

- each entry's state is checked field by field (:func:`board.shared.presence.checked_state`);
  one that fails is dropped, with one line in the log (the first of a connection, then a
  count now and then), never the connection;
- a client id is **bound** to the first connection that speaks for it: another connection's
  entry for that id (a forged id: speaking, or leaving, in another's name) is dropped; a
  connection speaks for one client id; a room shows at most :data:`MAX_CLIENTS` clients;
- the server writes the connection's seat into its state (``seat``: its side, ``owner`` for
  the room's secret, ``observer`` for an onlooker or a second holder of a seat's link), so a
  board knows what the sender may move whatever the state claims;
- when the connection closes, :meth:`Link.leave` gives the message that removes its client's
  presence (as the y-websocket reference server does): a client killed mid-drag disappears
  with its cursor and its drag at once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from pycrdt import create_awareness_message, read_message

from board.shared.presence import (
    MAX_CLIENTS,
    PresenceError,
    Refusals,
    checked_state,
    encode_update,
    read_update,
    state_text,
)

__all__ = ["PresenceDesk", "Link"]

_log = logging.getLogger("battleboard.serve")


@dataclass
class _Room:
    """Who speaks for each client id of a room's presence, and its last clock."""

    owners: dict[int, Link] = field(default_factory=dict)
    clocks: dict[int, int] = field(default_factory=dict)


class PresenceDesk:
    """The server's presence bookkeeping for all rooms (see the module)."""

    def __init__(self) -> None:
        self.rooms: dict[str, _Room] = {}

    def link(self, room: str, seat: str, shown_seat: str) -> Link:
        """A new connection to ``room`` with the link of ``seat``, shown as ``shown_seat``."""
        return Link(self, room, seat, shown_seat)


class Link:
    """One connection's presence (see the module)."""

    def __init__(self, desk: PresenceDesk, room: str, seat: str, shown_seat: str) -> None:
        self.desk, self.room, self.seat, self.shown_seat = desk, room, seat, shown_seat
        self.client: int | None = None
        self.said = Refusals()

    def _refuse(self, kind: str, why: str) -> None:
        line = self.said.say(kind, why)
        if line:
            _log.warning("room %s, seat %s: presence dropped: %s", self.room, self.shown_seat,
                         line)

    def admit(self, message: bytes) -> bytes | None:
        """The awareness message to relay for ``message`` (``None``: nothing of it passes)."""
        try:
            entries = read_update(read_message(message[1:]))
        except (PresenceError, ValueError, IndexError) as error:
            self._refuse("unreadable", str(error) or "an awareness message cut short")
            return None
        kept = [entry for entry in map(self._entry, entries) if entry is not None]
        if not kept:
            return None
        return create_awareness_message(encode_update(kept))

    def _entry(self, entry: tuple[int, int, str]) -> tuple[int, int, str] | None:
        client, clock, text = entry
        if not self._speaks_for(client):
            return None
        state, why = checked_state(text)
        if why:
            self._refuse("state", why)
            return None
        room = self.desk.rooms[self.room]
        if clock < room.clocks.get(client, 0):
            return None  # older than what the room has: Yjs drops it too
        room.clocks[client] = clock
        if state is not None:
            state["seat"] = self.shown_seat
        return client, clock, state_text(state)

    def _speaks_for(self, client: int) -> bool:
        """Whether this connection may speak for ``client`` (binding it on first use)."""
        room = self.desk.rooms.setdefault(self.room, _Room())
        owner = room.owners.get(client)
        if owner is self:
            return True
        if self.client is not None:
            self._refuse("forged", f"a presence for client {client} beside its own "
                                   f"({self.client}): one client per connection")
            return False
        if owner is not None and owner.seat != self.seat:
            self._refuse("forged", f"client {client} speaks from another seat's connection")
            return False
        if owner is None and len(room.owners) >= MAX_CLIENTS:
            self._refuse("full", f"the room shows {MAX_CLIENTS} clients already")
            return False
        if owner is not None:
            owner.client = None  # the same seat's link again (a reconnect): it takes over
        room.owners[client] = self
        self.client = client
        return True

    def leave(self) -> bytes | None:
        """The connection closed: the message that removes its presence (``None``: none)."""
        room = self.desk.rooms.get(self.room)
        if self.said.count:
            counts = ", ".join(f"{n:,} {k}" for k, n in self.said.count.items())
            _log.warning("room %s, seat %s: presence dropped in all: %s", self.room,
                         self.shown_seat, counts)
        if room is None or self.client is None or room.owners.get(self.client) is not self:
            return None
        client = self.client
        del room.owners[client]
        clock = room.clocks.pop(client, 0)  # the same clock: Yjs takes a removal at it
        if not room.owners:
            del self.desk.rooms[self.room]
        return create_awareness_message(encode_update([(client, clock, "null")]))

