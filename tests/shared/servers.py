"""Real room servers on 127.0.0.1 for the loopback tests: started, waited for, killed."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pycrdt

from board.document.edits import ScenarioDocument
from board.document.io import scenario_to_dict
from board.document.model import Scenario
from board.shared.binder import SharedScenario
from board.shared.server import room_link, room_secret, server_key
from board.shared.session import GameSession
from tests.board.samples import library

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"  # loopback only


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Server:
    """``battleboard serve`` in a child process (bounded start, always stopped)."""

    def __init__(self, data: Path, port: int | None = None) -> None:
        self.data, self.port = data, port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def link(self, room: str = "game", secret: str | None = None) -> str:
        return room_link(HOST, self.port, room,
                         secret if secret is not None else room_secret(server_key(self.data),
                                                                       room))

    def start(self, timeout: float = 20.0) -> Server:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "board.main", "serve", "--host", HOST, "--port",
             str(self.port), "--data", str(self.data)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "the server stopped at start"
            try:
                socket.create_connection((HOST, self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise TimeoutError(f"no server on {HOST}:{self.port} after {timeout} s")

    def stop(self, how: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None


def player(name: str, side: str, link: str, scenario: Scenario | None = None) -> GameSession:
    """A player's board and session (not started)."""
    board = SharedScenario(ScenarioDocument(scenario), pycrdt.Doc(), name, side, library())
    return GameSession(board, link)


def saved(session: GameSession) -> dict:
    """A player's board as its saved file would hold it."""
    return scenario_to_dict(session.board.document.scenario)


def x_of(session: GameSession, model_id: str) -> float:
    """Where a model stands across the table on a player's board."""
    return session.board.document.scenario.model(model_id)[1].x
