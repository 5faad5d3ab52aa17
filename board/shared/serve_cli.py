"""``battleboard serve``: run the room server headless (a club's machine, a small VPS).

Usage::

    battleboard serve [--host 127.0.0.1] [--port 8765] [--data DIR] [--room NAME]

It prints the join link of the room (a new random room name unless ``--room`` is given) and
serves until stopped (Ctrl+C, or SIGTERM). Rooms are kept in ``DIR/rooms.sqlite``: a restart
loses nothing, and links stay valid (the server's key is in ``DIR/server.key``).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_data_dir

from board.shared.server import room_link, room_secret, serve, server_key

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
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Run the server until interrupted; return the exit status."""
    args = _parse(argv)
    data = args.data if args.data is not None else default_data_dir()
    room = args.room or f"game-{secrets.token_hex(4)}"
    link = room_link(args.host, args.port, room, room_secret(server_key(data), room))
    print(f"battleboard: serving rooms from {data} on {args.host}:{args.port}", flush=True)
    print(f"battleboard: join link: {link}", flush=True)

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
    except OSError as error:
        print(f"battleboard serve: {error}", file=sys.stderr)
        return 1
    return 0
