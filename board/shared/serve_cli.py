"""``battleboard serve``: run the room server headless (a club's machine, a small VPS).

Usage::

    battleboard serve [--host 127.0.0.1] [--port 8765] [--data DIR] [--room NAME] [--link-only]

It prints the join link of the room (a new random room name unless ``--room`` is given) and
serves until stopped (Ctrl+C, or SIGTERM). Rooms are kept in ``DIR/rooms.sqlite``: a restart
loses nothing, and links stay valid (the server's key is in ``DIR/server.key``).
``--link-only`` prints the link and serves nothing (a room of a server already running on
the same folder). A port in use, a data folder that cannot be used: one line on stderr,
exit status 2, before any link is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import gc
import secrets
import signal
import socket
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_data_dir

from board.shared.server import ROOMS_FILE, room_link, room_secret, serve, server_key

__all__ = ["main", "DEFAULT_PORT", "default_data_dir"]

DEFAULT_PORT = 8765


def default_data_dir() -> Path:
    """Where rooms are kept when ``--data`` is not given."""
    return Path(user_data_dir("battleboard")) / "rooms"


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="battleboard serve",
                                     description="Serve shared games (y-websocket rooms).")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default 8765)")
    parser.add_argument("--data", type=Path, default=None, help="folder the rooms are kept in")
    parser.add_argument("--room", default=None, help="print the link of this room")
    parser.add_argument("--link-only", action="store_true",
                        help="print the room's link and exit (a server already runs)")
    return parser.parse_args(list(argv))


class _Refused(Exception):
    """Why the server cannot start (one line)."""


def _key(data: Path) -> bytes:
    """The server's key in ``data``, and its rooms file readable (or :class:`_Refused`)."""
    if data.exists() and not data.is_dir():
        raise _Refused(f"cannot use {data} as the rooms folder: it is a file")
    try:
        key = server_key(data)
    except OSError as error:
        raise _Refused(f"cannot use {data} as the rooms folder: {error.strerror or error}"
                       ) from error
    except ValueError:
        key = b""
    if len(key) < 16:
        raise _Refused(f"{data / 'server.key'} does not hold the server's key (64 hex digits)")
    rooms = data / ROOMS_FILE
    if rooms.exists():
        try:
            with contextlib.closing(sqlite3.connect(f"file:{rooms}?mode=ro", uri=True)) as db:
                db.execute("PRAGMA schema_version").fetchone()
        except sqlite3.Error as error:
            raise _Refused(f"cannot read the rooms file {rooms}: {error}") from error
    return key


def _port_free(host: str, port: int) -> None:
    """Raise :class:`_Refused` if another program listens on ``host:port``."""
    try:
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise _Refused(f"port {port} on {host} is in use (a server already running "
                           "there? `--link-only` prints a room's link without serving)"
                           ) from error
        raise _Refused(f"cannot listen on {host}:{port}: {error.strerror}") from error


def main(argv: Sequence[str]) -> int:
    """Run the server until interrupted; return the exit status."""
    args = _parse(argv)
    data = args.data if args.data is not None else default_data_dir()
    room = args.room or f"game-{secrets.token_hex(4)}"
    try:
        key = _key(data)
        if not args.link_only:
            _port_free(args.host, args.port)
    except _Refused as refusal:
        print(f"battleboard serve: {refusal}", file=sys.stderr)
        return 2
    link = room_link(args.host, args.port, room, room_secret(key, room))
    if args.link_only:
        print(link, flush=True)
        return 0
    print(f"battleboard: serving rooms from {data} on {args.host}:{args.port}", flush=True)
    print(f"battleboard: join link: {link}", flush=True)
    # What the program loaded lives as long as the server: out of the collector's way, a full
    # collection with 100 rooms took 12 ms instead of 41 (every room waited meanwhile).
    gc.collect()
    gc.freeze()

    async def run() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if task is not None:
            for number in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(number, task.cancel)
                except NotImplementedError:  # Windows' event loops: Ctrl+C still interrupts
                    break
        await serve(data, args.host, args.port)

    try:
        asyncio.run(run())
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    except (OSError, BaseExceptionGroup) as error:  # the port taken meanwhile, the disk
        print(f"battleboard serve: {_first(error)}", file=sys.stderr)
        return 2
    return 0


def _first(error: BaseException) -> str:
    """The first error inside task groups' error groups, as one line."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return f"{type(error).__name__}: {error}".splitlines()[0]
