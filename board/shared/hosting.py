"""A room server running inside this program, on a background thread (File ▸ Host game…).

:class:`BackgroundServer` runs :func:`board.shared.server.serve` on its own asyncio loop and
thread, waits (bounded) until the port accepts connections, and stops cleanly.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from pathlib import Path

from board.shared.server import room_link, room_secret, serve, server_key

__all__ = ["BackgroundServer"]


class BackgroundServer:
    """The room server on ``host:port`` with rooms kept in ``data`` (see the module)."""

    def __init__(self, data: Path, port: int, host: str = "127.0.0.1") -> None:
        self.data, self.port, self.host = data, port, host
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None

    def link(self, room: str) -> str:
        """The join link of ``room`` on this server."""
        return room_link(self.host, self.port, room, room_secret(server_key(self.data), room))

    def _port_free(self) -> bool:
        # Bound as the server binds it (hypercorn sets SO_REUSEADDR): the connections a
        # stopped server leaves in TIME_WAIT do not hold the port, a listening server does.
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((self.host, self.port))
            except OSError:
                return False
        return True

    def start(self, timeout: float = 10.0) -> None:
        """Start serving; return once the port accepts connections (``OSError`` if it won't).

        A port still held (a server stopping, another program) is waited for until
        ``timeout``, so that a connection made afterwards is to this server.
        """
        server_key(self.data)
        deadline = time.monotonic() + timeout
        while not self._port_free():
            if time.monotonic() > deadline:
                raise OSError(f"port {self.port} on {self.host} is in use")
            time.sleep(0.05)
        self._thread = threading.Thread(target=self._run, daemon=True, name="battleboard-serve")
        self._thread.start()
        while time.monotonic() < deadline:
            if self.error is not None:
                raise OSError(f"cannot serve on {self.host}:{self.port}: {self.error}")
            try:
                socket.create_connection((self.host, self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise OSError(f"the room server did not start on {self.host}:{self.port} in "
                      f"{timeout:g} s")

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._task = loop.create_task(serve(self.data, self.host, self.port))
        try:
            loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        except BaseException as error:  # noqa: BLE001 - reported to start()
            self.error = error
        finally:
            loop.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop serving and end the thread (waits at most ``timeout`` seconds)."""
        if self._loop is not None and self._task is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._task.cancel)
        if self._thread is not None:
            self._thread.join(timeout)
