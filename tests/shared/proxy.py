"""The club recipe on loopback: ``battleboard serve`` processes behind HAProxy.

:class:`Club` starts N servers (each its own rooms folder, all with one server key, so every
link is valid on every process) and HAProxy with ``docs/club-haproxy.cfg``, its ports
replaced by free ones. Used by ``tests/shared/test_proxy.py`` and
``benchmarks/club_bench.py --proxy``.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

from board.shared.server import KEY_FILE, ROOMS_FILE, room_link, room_secret, server_key
from tests.shared.servers import HOST, ROOT, Server, free_port

CONFIG = ROOT / "docs" / "club-haproxy.cfg"


def haproxy_config(front: int, backends: list[int]) -> str:
    """``docs/club-haproxy.cfg`` with its ports replaced (the players', the processes')."""
    text = CONFIG.read_text().replace(f"bind {HOST}:8765", f"bind {HOST}:{front}")
    text = re.sub(r"\n    server rooms-.*", "", text)
    return text.rstrip("\n") + "\n" + "".join(
        f"    server rooms-{n + 1} {HOST}:{port}\n" for n, port in enumerate(backends))


class Club:
    """N ``battleboard serve`` processes and HAProxy in front of them (see the module)."""

    def __init__(self, folder: Path, processes: int = 2) -> None:
        self.folder = folder
        self.port = free_port()
        key = server_key(folder / "rooms-1")
        for n in range(2, processes + 1):
            (folder / f"rooms-{n}").mkdir(parents=True, exist_ok=True)
            shutil.copy(folder / "rooms-1" / KEY_FILE, folder / f"rooms-{n}" / KEY_FILE)
        self.key = key
        self.servers = [Server(folder / f"rooms-{n + 1}") for n in range(processes)]
        self.proxy: subprocess.Popen[bytes] | None = None

    def link(self, room: str) -> str:
        """A room's link through the proxy (the players' port)."""
        return room_link(HOST, self.port, room, room_secret(self.key, room))

    def start(self) -> Club:
        """Start the servers and HAProxy; on any failure stop what started, then raise."""
        try:
            return self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> Club:
        for server in self.servers:
            server.start()
        config = self.folder / "haproxy.cfg"
        config.write_text(haproxy_config(self.port, [s.port for s in self.servers]))
        self.proxy = subprocess.Popen(["haproxy", "-db", "-f", str(config)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                socket.create_connection((HOST, self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise TimeoutError("HAProxy did not start")

    def holder(self, room: str) -> Server | None:
        """The process whose rooms file holds ``room`` (``None``: none yet)."""
        import sqlite3

        for server in self.servers:
            path = server.data / ROOMS_FILE
            if path.exists():
                with sqlite3.connect(path) as db:
                    if db.execute("SELECT 1 FROM yupdates WHERE path = ? LIMIT 1",
                                  (f"/{room}",)).fetchone():
                        return server
        return None

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.kill()
            self.proxy.wait(10)
            self.proxy = None
        for server in self.servers:
            server.kill()
