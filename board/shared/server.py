"""The room server: pycrdt-websocket's y-websocket rooms under hypercorn, kept on disk.

Each game is a *room* (the URL path). Every update a player sends is kept in an SQLite file
through pycrdt-store before the server forgets it, so a restarted server gives the next
player who joins the whole game. A room is joined with its *room secret* (``?secret=`` in the
URL): an HMAC of the room's name under the server's key (kept in ``server.key`` beside the
rooms), so the host can hand out a link for a new room without telling the server, and a
client without the secret is refused before the WebSocket opens (HTTP 403).

The server relays and stores; it does not judge moves. Each player's board checks what it
receives (:mod:`board.shared.incoming`). What a player sends is **on disk before it is
relayed** (:class:`DurableStore`): a kill -9 of the server at any moment loses nothing any
other player was told about. Bytes that are not a Yjs update are neither kept nor relayed.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import anyio
from hypercorn.asyncio import serve as hypercorn_serve
from hypercorn.config import Config
from pycrdt import read_message
from pycrdt.store import YDocNotFound
from pycrdt.websocket import ASGIServer, WebsocketServer, YRoom, exception_logger

from board.shared.desk import Link, PresenceDesk
from board.shared.door import Door
from board.shared.journal import CHECKPOINT_EVERY, DurableStore, Journal
from board.shared.presence import OBSERVER_SEAT, OWNER_SEAT

__all__ = [
    "OWNER",
    "OBSERVER",
    "seat_token",
    "seat_link",
    "seat_in_link",
    "link_query",
    "DurableStore",
    "RoomServer",
    "room_secret",
    "room_link",
    "parse_link",
    "server_key",
    "make_app",
    "serve",
    "KEY_FILE",
    "ROOMS_FILE",
]

KEY_FILE = "server.key"
ROOMS_FILE = "rooms.sqlite"
_log = logging.getLogger("battleboard.serve")


def server_key(data_dir: Path) -> bytes:
    """The server's key, made (random, readable only by its owner) on the first run."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / KEY_FILE
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text().strip())


def room_secret(key: bytes, room: str) -> str:
    """The secret that opens ``room`` on the server with ``key``.

    >>> room_secret(bytes(32), "game") == room_secret(bytes(32), "game")
    True
    >>> room_secret(bytes(32), "game") == room_secret(bytes(32), "other")
    False
    """
    return hmac.new(key, room.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


#: The seat of a connection made with the room's secret (the host's): any side.
OWNER = OWNER_SEAT
#: The seat that writes nothing but presence.
OBSERVER = OBSERVER_SEAT


def seat_token(secret: str, seat: str) -> str:
    """The token of one seat of a room: a keyed hash of the seat under the room's secret.

    The host (who holds the room's secret) issues it; the server, which can work out the
    room's secret from its key, checks it. A seat's token opens that seat only.

    >>> seat_token("ab12", "blue") == seat_token("ab12", "red")
    False
    """
    return hmac.new(secret.encode("utf-8"), f"seat:{seat}".encode(), hashlib.sha256
                    ).hexdigest()[:32]


def seat_link(link: str, seat: str) -> str:
    """The join link of one seat (a side, or :data:`OBSERVER`), made from the host's link.

    >>> seat_link("ws://127.0.0.1:8765/friday?secret=ab12", "blue")  # doctest: +ELLIPSIS
    'ws://127.0.0.1:8765/friday?seat=blue&token=...'
    """
    server, room, secret = parse_link(link)
    return f"{server}/{quote(room)}?seat={quote(seat)}&token={seat_token(secret, seat)}"


def room_link(host: str, port: int, room: str, secret: str) -> str:
    """The join link a player pastes: ``ws://host:port/room?secret=…``.

    >>> room_link("127.0.0.1", 8765, "friday", "ab12")
    'ws://127.0.0.1:8765/friday?secret=ab12'
    """
    return f"ws://{host}:{port}/{quote(room)}?secret={secret}"


def parse_link(link: str) -> tuple[str, str, str]:
    """Split a join link into the server's URL, the room and its secret (a seat's: its query).

    >>> parse_link("ws://127.0.0.1:8765/friday?secret=ab12")
    ('ws://127.0.0.1:8765', 'friday', 'ab12')
    >>> parse_link("http://x/y")
    Traceback (most recent call last):
    ...
    ValueError: a join link looks like ws://HOST:PORT/ROOM?secret=SECRET, not 'http://x/y'
    """
    parts = urlsplit(link.strip())
    query = parse_qs(parts.query)
    secret = query.get("secret", [""])[0]
    room = parts.path.lstrip("/")
    if parts.scheme not in ("ws", "wss") or not parts.netloc or not room or not (
            secret or (query.get("seat") and query.get("token"))):
        raise ValueError(f"a join link looks like ws://HOST:PORT/ROOM?secret=SECRET, not "
                         f"{link!r}")
    return f"{parts.scheme}://{parts.netloc}", room, secret


def link_query(link: str) -> str:
    """What a client sends after the room's path: the secret, or a seat and its token."""
    parts = urlsplit(link.strip())
    query = parse_qs(parts.query)
    if query.get("secret"):
        return f"secret={query['secret'][0]}"
    return f"seat={quote(query['seat'][0])}&token={query['token'][0]}"


def seat_in_link(link: str) -> str:
    """The seat a link opens: a side, :data:`OBSERVER`, or :data:`OWNER` (the room's secret).

    >>> seat_in_link("ws://h:1/g?seat=blue&token=ab"), seat_in_link("ws://h:1/g?secret=ab")
    ('blue', 'owner')
    """
    query = parse_qs(urlsplit(link.strip()).query)
    return OWNER if query.get("secret") else query.get("seat", [""])[0]


class RoomServer(WebsocketServer):
    """A y-websocket server whose rooms are read from and written to one SQLite file."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__(rooms_ready=False, auto_clean_rooms=False,
                         exception_handler=exception_logger, log=_log)
        self.data_dir = data_dir
        # One player at a time gets a room started and read back: pycrdt-websocket holds a
        # room's start lock for the room's whole life, so a second start of a room whose first
        # has not yet said "started" would wait for ever (players reconnecting to a restarted
        # server ask for the same room within a millisecond of each other).
        self._rooms_lock = anyio.Lock()
        #: Every room's updates go to disk through it (started with the first room).
        self.journal: Journal | None = None

    def _store(self, name: str) -> DurableStore:
        if self.journal is None:
            self.journal = Journal(self.data_dir / ROOMS_FILE)
            self.journal.start()
        store = DurableStore(path=name, journal=self.journal)
        store.db_path = str(self.data_dir / ROOMS_FILE)
        store.checkpoint_interval = CHECKPOINT_EVERY
        return store

    async def stop(self) -> None:
        """Stop serving; the journal writes what waits, then closes the file."""
        await super().stop()
        if self.journal is not None:
            self.journal.stop()
            self.journal = None

    async def get_room(self, name: str) -> YRoom:
        """The room ``name``: started, and filled from the disk the first time (once)."""
        async with self._rooms_lock:
            return await self._get_room(name)

    async def _get_room(self, name: str) -> YRoom:
        if name not in self.rooms:
            store = self._store(name)
            room = YRoom(ready=False, ystore=store, exception_handler=exception_logger, log=_log)
            room.on_message = store.keep_first
            self.rooms[name] = room
        room = self.rooms[name]
        await self.start_room(room)
        if not room.ready:
            assert room.ystore is not None
            await room.ystore.started.wait()
            try:
                await room.ystore.apply_updates(room.ydoc)
            except YDocNotFound:
                pass  # a new room
            if isinstance(room.ystore, DurableStore):
                room.ystore.news(room.ydoc.get_update())  # what is stored already
                await room.ystore.loaded()
            room.ready = True
            await room.ydoc_observed.wait()
        return room


def _seat(scope: dict[str, Any], key: bytes) -> str | None:
    """The seat a connection's link opens (``None``: no secret or token of this room)."""
    room = str(scope.get("path", "")).lstrip("/")
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    secret = room_secret(key, room)
    if hmac.compare_digest(query.get("secret", [""])[0], secret):
        return OWNER
    seat, token = query.get("seat", [""])[0], query.get("token", [""])[0]
    if seat and hmac.compare_digest(token, seat_token(secret, seat)):
        return seat
    return None


def make_app(server: RoomServer, key: bytes) -> Any:
    """The ASGI application: refuse a connection without its room's secret, serve the rest.

    A refusal closes the WebSocket before accepting it, which the ASGI server answers with
    HTTP 403 (the client then knows not to try again). A seat's link opens that seat only
    (the side is in the token, not chosen by the client); while one connection holds a seat,
    another with the same link is an observer: the room sends it the game and presence, and
    drops every update it sends. So does the observer's own seat. Each connection's
    presence is checked and bound to its seat (:mod:`board.shared.desk`), its updates paced
    and merged when it floods (:mod:`board.shared.door`).
    """
    rooms = ASGIServer(server)
    held: dict[tuple[str, str], int] = {}
    desk = PresenceDesk()

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await rooms(scope, receive, send)
            return
        seat = _seat(scope, key)
        if seat is None:
            _log.warning("refused a client without the secret of room %s", scope.get("path"))
            await receive()  # the connect message
            await send({"type": "websocket.close", "code": 1008})
            return
        path = str(scope.get("path", ""))
        place = (path, seat)
        holds = seat not in (OWNER, OBSERVER) and not held.get(place)
        if holds:
            held[place] = 1
        shown = seat if holds or seat == OWNER else OBSERVER
        link = desk.link(path, seat, shown)
        door = Door(receive, link, read_only=shown == OBSERVER)
        try:
            await rooms(scope, door.receive, send)
        finally:
            door.close()
            if holds:
                held.pop(place, None)
            await _said_gone(server, path, link)

    return app


async def _said_gone(server: RoomServer, path: str, link: Link) -> None:
    """A connection that ended without its close reaching the room: remove its presence."""
    gone = link.leave()
    room = server.rooms.get(path)
    if gone is None or room is None:
        return
    for client in list(room.clients):
        with contextlib.suppress(Exception):
            await client.send(gone)
    with contextlib.suppress(Exception):
        room.awareness.apply_awareness_update(read_message(gone[1:]), "gone")


async def serve(data_dir: Path, host: str, port: int, ready: Any = None) -> None:
    """Run the room server until cancelled (``ready()`` is called once it listens)."""
    key = server_key(data_dir)
    rooms = RoomServer(data_dir)
    config = Config()
    config.bind = [f"{host}:{port}"]
    config.accesslog = None
    config.loglevel = "WARNING"
    async with rooms:
        stop = anyio.Event()

        async def shutdown() -> None:
            await stop.wait()

        if ready is not None:
            ready()
        try:
            await hypercorn_serve(make_app(rooms, key), config, shutdown_trigger=shutdown)
        finally:
            stop.set()
