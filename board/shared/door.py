"""The door of one connection to a room: what it sends is checked and paced before the room.

:class:`Door` stands between a connection's ASGI ``receive`` and the room
(:func:`board.shared.server.make_app`). A reader takes the connection's messages as they
come; the room is handed them in order, except that

- **presence** passes the desk (:meth:`board.shared.desk.Link.admit`: checked, bound to its
  seat); a presence with a newer one of the same connection queued behind it is skipped (the
  latest state replaces an older one);
- **document updates** are paced by a token bucket per connection (a seat is held by one
  connection): :data:`UPDATES_PER_S` a second, bursts of :data:`BURST`. The updates queued
  meanwhile are **merged** into one (``pycrdt.merge_updates``: one check, one disk write, one
  relay for all of them). A flooding client's own moves arrive late; every other connection,
  at its table and at every other, is served on time. It is said once in the log;
- a sync step 1 (asking for what the asker lacks: the room answers with up to its whole
  state) takes a token of the same bucket, and one queued behind another replaces it;
- a read-only connection's document updates are dropped;
- when the connection closes, the message that removes its presence goes to the room first.

The reader stops reading while more than :data:`QUEUED_BYTES` wait (the ASGI server then
stops reading the socket: the sender is held back by TCP itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter, deque
from typing import Any

import pycrdt
from pycrdt import YMessageType, YSyncMessageType, create_update_message, read_message

from board.shared.desk import Link

__all__ = ["Door", "Bucket", "UPDATES_PER_S", "BURST", "PRESENCE_PER_S", "QUEUED_BYTES"]

#: Document updates a connection may have relayed a second, on average (a player sends one
#: per edit: a drag's release, a shot; fair dice a few).
UPDATES_PER_S = 50.0
#: ... and in a burst (a reconnecting board sends what it did offline as one).
BURST = 100.0
#: Presence messages a connection may have relayed a second (a drag sends one per mouse
#: move, the cursor one per 30 ms); of those sent faster only the latest is relayed.
PRESENCE_PER_S = 120.0
#: Bytes of a connection's messages held waiting, at most, before its socket is not read.
QUEUED_BYTES = 8 * 2**20
#: Updates merged into one, at most (bytes).
MERGED_BYTES = 2 * 2**20
_WRITES = (YSyncMessageType.SYNC_STEP2, YSyncMessageType.SYNC_UPDATE)
_log = logging.getLogger("battleboard.serve")


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` held."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._tokens, self._at = burst, time.monotonic()

    def wait_s(self) -> float:
        """How long until a token is there (0: now)."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        return 0.0 if self._tokens >= 1.0 else (1.0 - self._tokens) / self.rate

    async def take(self) -> None:
        """Wait for a token, and take it."""
        wait = self.wait_s()
        if wait:
            await asyncio.sleep(wait)
            self.wait_s()
        self._tokens -= 1.0

    def give_back(self) -> None:
        """A token taken and not used."""
        self._tokens = min(self.burst, self._tokens + 1.0)


def _kind(message: dict[str, Any]) -> str:
    """What a message is: ``presence``, ``update``, ``write``, ``ask`` or ``other``.

    ``update``: a sync update; ``write``: a sync step 2; ``ask``: a sync step 1 (the room
    answers with all the asker lacks).
    """
    data = message.get("bytes") if message.get("type") == "websocket.receive" else None
    if not data:
        return "other"
    if data[0] == YMessageType.AWARENESS:
        return "presence"
    if len(data) > 1 and data[0] == YMessageType.SYNC:
        if data[1] == YSyncMessageType.SYNC_UPDATE:
            return "update"
        if data[1] == YSyncMessageType.SYNC_STEP2:
            return "write"
        if data[1] == YSyncMessageType.SYNC_STEP1:
            return "ask"
    return "other"


class Door:
    """One connection's messages, checked and paced (see the module)."""

    def __init__(self, receive: Any, link: Link, read_only: bool,
                 rate: float = UPDATES_PER_S, burst: float = BURST) -> None:
        self._receive, self.link, self.read_only = receive, link, read_only
        self.rate = rate
        self.updates = Bucket(rate, burst)
        self.presence = Bucket(PRESENCE_PER_S, PRESENCE_PER_S / 2)
        self._queue: deque[tuple[str, dict[str, Any]]] = deque()
        self._queued: Counter[str] = Counter()  # of each kind (no scan of a long queue)
        self._bytes = 0
        self._arrived = asyncio.Event()
        self._taken = asyncio.Event()
        self._closing: list[dict[str, Any]] = []
        self._reader: asyncio.Task[None] | None = None
        #: How many updates were merged into others; whether the pacing was said.
        self.merged = 0
        self._said = False

    async def receive(self) -> dict[str, Any]:
        """The next message for the room (the ASGI ``receive`` the room is given)."""
        if self._reader is None:
            self._reader = asyncio.ensure_future(self._read())
        if self._closing:
            return self._closing.pop()
        while True:
            while not self._queue:
                self._arrived.clear()
                await self._arrived.wait()
            kind, message = self._pop()
            passed = await self._pass(kind, message)
            if passed is not None:
                return passed

    def close(self) -> None:
        """The connection is over: stop reading it."""
        if self._reader is not None:
            self._reader.cancel()
        if self.merged:
            _log.warning("room %s, seat %s: %d updates merged in all (it sent faster than "
                         "%g a second)", self.link.room, self.link.shown_seat, self.merged,
                         self.rate)

    async def _read(self) -> None:
        while True:
            while self._bytes > QUEUED_BYTES:
                self._taken.clear()
                await self._taken.wait()
            message = await self._receive()
            kind = _kind(message)
            size = len(message.get("bytes") or b"")
            self._queue.append((kind, message))
            self._queued[kind] += 1
            self._bytes += size
            self._arrived.set()
            if message.get("type") == "websocket.disconnect":
                return

    def _pop(self) -> tuple[str, dict[str, Any]]:
        kind, message = self._queue.popleft()
        self._queued[kind] -= 1
        self._bytes -= len(message.get("bytes") or b"")
        self._taken.set()
        return kind, message

    async def _pass(self, kind: str, message: dict[str, Any]) -> dict[str, Any] | None:
        """What the room gets for ``message`` (``None``: nothing, take the next)."""
        if message.get("type") == "websocket.disconnect":
            gone = self.link.leave()
            if gone is None:
                return message
            self._closing.append(message)
            return {"type": "websocket.receive", "bytes": gone}
        if kind == "presence":
            if self._newer_presence():
                return None  # a newer presence of this connection is queued: it replaces it
            await self.presence.take()
            if self._newer_presence():
                self.presence.give_back()
                return None
            admitted = self.link.admit(bytes(message["bytes"]))
            return None if admitted is None else {"type": "websocket.receive",
                                                  "bytes": admitted}
        if kind == "ask":
            if self._queued["ask"]:
                return None  # asked again behind it: one answer for both
            await self._token()  # each answer is the room's whole state the asker lacks
        if kind in ("update", "write"):
            if self.read_only:
                return None
            await self._token()
            if kind == "update":
                return self._merged(message)
        return message

    def _newer_presence(self) -> bool:
        return self._queued["presence"] > 0

    async def _token(self) -> None:
        """Wait for the updates' bucket to hold a token, and take it."""
        if self.updates.wait_s():
            self._say_paced()
        await self.updates.take()

    def _say_paced(self) -> None:
        """Said once per connection: it sends faster than the room takes its updates."""
        if not self._said:
            self._said = True
            _log.warning("room %s, seat %s: sends faster than the room takes (at most %g "
                         "updates a second): its updates are merged and paced (its own "
                         "moves arrive late, the others' on time)", self.link.room,
                         self.link.shown_seat, self.rate)

    def _merged(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` and the updates queued right behind it, as one update."""
        if not self._queue or self._queue[0][0] != "update":
            return message
        updates = [read_message(bytes(message["bytes"])[2:])]
        size = len(updates[0])
        while self._queue and self._queue[0][0] == "update" and size < MERGED_BYTES:
            _, queued = self._pop()
            with contextlib.suppress(ValueError, IndexError):
                updates.append(read_message(bytes(queued["bytes"])[2:]))
                size += len(updates[-1])
        self.merged += len(updates) - 1
        self._say_paced()
        try:
            merged = pycrdt.merge_updates(*updates)
        except Exception:  # noqa: BLE001 - one is not an update: the room skips them one by one
            for update in reversed(updates[1:]):
                again = create_update_message(update)
                self._queue.appendleft(("update", {"type": "websocket.receive", "bytes": again}))
                self._queued["update"] += 1
                self._bytes += len(again)
            self.merged -= len(updates) - 1
            return message
        return {"type": "websocket.receive", "bytes": create_update_message(merged)}
