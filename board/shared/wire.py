"""The y-websocket client: one Yjs document kept in step with a room, on a background thread.

:class:`WireClient` runs an asyncio loop on its own thread. It holds its own copy of the
shared document (the *wire* document), so that after a dropped connection the standard sync
steps exchange exactly what each side lacks: the edits made offline go up, the others' come
down. The board's thread hands it local updates with :meth:`WireClient.send`; remote updates
come back through ``on_update`` **on the client's thread** (the caller moves them to its
own). Presence (name, side, cursor, what is dragged) travels as Yjs awareness states; the
others' are input from another machine: each entry is checked field by field
(:mod:`board.shared.presence`) and one that fails is dropped with one line in the log, never
the connection. The Yjs awareness timeout runs here: a client silent for
:data:`PRESENCE_TIMEOUT_S` is gone (its cursor and its drag with it), and this client renews
its own state every half of that, as the Yjs reference client does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import pycrdt
from httpx_ws import WebSocketUpgradeError, aconnect_ws
from pycrdt import (
    Awareness,
    YMessageType,
    YSyncMessageType,
    create_awareness_message,
    create_sync_message,
    create_update_message,
    handle_sync_message,
    read_message,
)

from board.shared.presence import (
    MAX_CLIENTS,
    PresenceError,
    Refusals,
    checked_state,
    encode_update,
    read_update,
    state_text,
)
from board.shared.server import link_query, parse_link

__all__ = ["WireClient", "RECONNECT_S", "PRESENCE_TIMEOUT_S"]

#: Seconds between attempts to reach the server again.
RECONNECT_S = 0.3
#: A client whose presence is not renewed for this long is gone (Yjs: 30 s).
PRESENCE_TIMEOUT_S = 30.0
_log = logging.getLogger("battleboard.shared")


class WireClient:
    """A room's y-websocket connection with reconnects (see the module).

    ``on_update(bytes)``, ``on_status(state, message)`` (``"online"``, ``"offline"``,
    ``"refused"``) and ``on_presence({client_id: state})`` are called on the client's thread.
    """

    def __init__(self, link: str, on_update: Callable[[bytes], None],
                 on_status: Callable[[str, str], None] | None = None,
                 on_presence: Callable[[dict[int, dict[str, Any]]], None] | None = None,
                 reconnect_s: float = RECONNECT_S,
                 presence_timeout_s: float = PRESENCE_TIMEOUT_S) -> None:
        server, room, _ = parse_link(link)
        self.url = f"{server}/{room}?{link_query(link)}"
        self.on_update, self.on_status, self.on_presence = on_update, on_status, on_presence
        self.reconnect_s = reconnect_s
        self.presence_timeout_s = presence_timeout_s
        self.wire: pycrdt.Doc[Any] = pycrdt.Doc()
        self.awareness = Awareness(self.wire, outdated_timeout=int(presence_timeout_s * 1000))
        #: Presence refused from the room, by kind (said in the log once, then counted).
        self.refusals = Refusals()
        self.synced = threading.Event()
        self.online = threading.Event()
        self.refused = threading.Event()
        self._local = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._socket: Any = None
        self._lock = asyncio.Lock()
        self._thread: threading.Thread | None = None
        self.wire.observe(self._on_wire_transaction)

    # -- the board's thread -----------------------------------------------------------------
    def start(self) -> None:
        """Start the client's thread; it connects, and reconnects until :meth:`stop`."""
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True,
                                        name="battleboard-wire")
        self._thread.start()
        started.wait(5.0)

    def send(self, update: bytes) -> None:
        """Send a local update (kept, and sent on reconnect, while offline)."""
        self._call(self._local_update, update)

    def set_presence(self, state: dict[str, Any] | None, wait_s: float = 0.0) -> None:
        """Tell the room who this player is, where the cursor is, what is being dragged.

        ``wait_s``: wait at most that long for the client's thread to have handed it to the
        connection (a drag's place: the window's own work after it would otherwise keep the
        client's thread waiting for its turn).
        """
        if wait_s <= 0.0:
            self._call(self._set_presence, state)
            return
        handed = threading.Event()
        self._call(self._set_presence, state, handed)
        handed.wait(wait_s)

    def stop(self, timeout: float = 5.0) -> None:
        """Close the connection and end the thread (waits at most ``timeout`` seconds)."""
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def _call(self, function: Callable[..., None], *args: Any) -> None:
        if self._loop is None:
            raise RuntimeError("the wire client is not started")
        self._loop.call_soon_threadsafe(function, *args)

    # -- the client's thread ----------------------------------------------------------------
    def _run(self, started: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._stop = asyncio.Event()
        started.set()
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    def _status(self, state: str, message: str = "") -> None:
        if self.on_status is not None:
            self.on_status(state, message)

    async def _main(self) -> None:
        assert self._stop is not None
        ticking = asyncio.ensure_future(self._presence_clock())
        try:
            await self._connect_until_stopped()
        finally:
            ticking.cancel()

    async def _connect_until_stopped(self) -> None:
        assert self._stop is not None
        while not self._stop.is_set():
            try:
                connection: Any = aconnect_ws(self.url, keepalive_ping_interval_seconds=5.0,
                                              keepalive_ping_timeout_seconds=5.0)
                async with connection as socket:
                    await self._session(socket)
            except WebSocketUpgradeError as error:
                if error.response.status_code == 403:
                    self.refused.set()
                    self._status("refused", "the server refused the room secret")
                    return
            except Exception as error:  # noqa: BLE001 - any network fault: try again
                self._status("offline", f"{type(error).__name__}: {error}")
            self._socket = None
            self.online.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), self.reconnect_s)

    async def _session(self, socket: Any) -> None:
        assert self._stop is not None
        self._socket = socket
        self._lock = asyncio.Lock()
        self.online.set()
        self._status("online")
        await self._send(create_sync_message(self.wire))
        if self.awareness.get_local_state() is not None:
            # A new clock: the room said this client left when the last connection closed.
            self.awareness.set_local_state(self.awareness.get_local_state())
            await self._send_presence()
        receiving = asyncio.ensure_future(self._receive(socket))
        stopping = asyncio.ensure_future(self._stop.wait())
        try:
            await asyncio.wait({receiving, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if stopping.done() and self.awareness.get_local_state() is not None:
                self.awareness.set_local_state(None)  # the others see this player leave
                await asyncio.wait_for(self._send_presence(), 1.0)
        finally:
            for task in (receiving, stopping):
                task.cancel()
            if receiving.done() and not receiving.cancelled() and receiving.exception():
                raise receiving.exception()  # type: ignore[misc]

    async def _receive(self, socket: Any) -> None:
        while True:
            message = bytes(await socket.receive_bytes())
            if message[0] == YMessageType.SYNC:
                reply = handle_sync_message(message[1:], self.wire)
                if message[1] == YSyncMessageType.SYNC_STEP2:
                    self.synced.set()
                if reply is not None:
                    await self._send(reply)
            elif message[0] == YMessageType.AWARENESS:
                await self._take_presence(message)

    async def _take_presence(self, message: bytes) -> None:
        """The others' presence: checked entry by entry, the rest dropped (see the module)."""
        known = set(self.awareness.states)
        kept = []
        try:
            entries = read_update(read_message(message[1:]))
        except (PresenceError, ValueError, IndexError) as error:
            self._refuse("unreadable", str(error) or "an awareness message cut short")
            return
        for client, clock, text in entries:
            if client == self.awareness.client_id:
                continue  # this client's own state is this client's to say
            if client not in known and len(known) >= MAX_CLIENTS + 1:
                self._refuse("full", f"more than {MAX_CLIENTS} players and onlookers")
                continue
            state, why = checked_state(text)
            if why:
                self._refuse("state", why)
                continue
            known.add(client)
            kept.append((client, clock, text if state is None else state_text(state)))
        if not kept:
            return
        before = set(self.awareness.states)
        self.awareness.apply_awareness_update(encode_update(kept), "remote")
        if (set(self.awareness.states) - before
                and self.awareness.get_local_state() is not None):
            await self._send_presence()  # a newcomer: tell them who is here
        self._tell_presence()

    def _refuse(self, kind: str, why: str) -> None:
        line = self.refusals.say(kind, why)
        if line:
            _log.warning("presence from the room dropped: %s", line)

    def _tell_presence(self) -> None:
        if self.on_presence is not None:
            mine = self.awareness.client_id
            self.on_presence({k: dict(v) for k, v in self.awareness.states.items()
                              if k != mine})

    async def _presence_clock(self) -> None:
        """The Yjs awareness timeout: renew this client's state, forget silent clients."""
        period = self.presence_timeout_s / 10
        while True:
            await asyncio.sleep(period)
            now = time.time() * 1000
            timeout = self.presence_timeout_s * 1000
            meta = self.awareness.meta
            mine = self.awareness.client_id
            if (self.awareness.get_local_state() is not None
                    and now - meta[mine]["lastUpdated"] >= timeout / 2):
                self.awareness.set_local_state(self.awareness.get_local_state())
                if self._socket is not None:
                    await self._send_presence()
            silent = [c for c in self.awareness.states
                      if c != mine and now - meta[c]["lastUpdated"] >= timeout]
            if silent:
                self.awareness.remove_awareness_states(silent, "timeout")
                self._tell_presence()

    def _on_wire_transaction(self, event: Any) -> None:
        if not self._local:
            self.on_update(bytes(event.update))

    def _local_update(self, update: bytes) -> None:
        self._local = True
        try:
            self.wire.apply_update(update)
        finally:
            self._local = False
        if self._socket is not None:
            asyncio.ensure_future(self._send(create_update_message(update)))

    async def _send(self, message: bytes) -> None:
        if self._socket is None:
            return  # the sync steps of the next connection carry it
        async with self._lock:
            with contextlib.suppress(Exception):
                await self._socket.send_bytes(message)

    def _set_presence(self, state: dict[str, Any] | None,
                      handed: threading.Event | None = None) -> None:
        self.awareness.set_local_state(state)
        if self._socket is not None:
            asyncio.ensure_future(self._send_presence(handed))
        elif handed is not None:
            handed.set()

    async def _send_presence(self, handed: threading.Event | None = None) -> None:
        update = self.awareness.encode_awareness_update([self.awareness.client_id])
        try:
            await self._send(create_awareness_message(update))
        finally:
            if handed is not None:
                handed.set()

