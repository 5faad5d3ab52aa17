"""`battleboard serve` that cannot serve says why in one line and exits with status 2.

A port another server listens on (a second ``serve --room NAME`` beside a running one), a
data folder that is a file, a key file that holds no key, a rooms file that is not a
database: one line on stderr, nothing on stdout (no link of a server that is not there).
``--link-only`` prints the link of a room of the server already running.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from tests.shared.servers import HOST, ROOT


def _serve(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "board.main", "serve", "--host", HOST,
                           *words], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=30)


@pytest.fixture
def taken_port():
    with socket.socket() as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        other.bind((HOST, 0))
        other.listen()
        yield int(other.getsockname()[1])


def _bad_data(tmp_path, kind: str):
    path = tmp_path / "rooms"
    if kind == "a file":
        path.write_text("x")
    elif kind == "a bad key":
        path.mkdir()
        (path / "server.key").write_text("not hex")
    else:
        path.mkdir()
        (path / "rooms.sqlite").write_bytes(b"not a database" * 100)
    return path


def test_a_port_in_use_is_one_line_and_status_2(taken_port, tmp_path):
    done = _serve("--port", str(taken_port), "--data", str(tmp_path / "d"), "--room", "x")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"port {taken_port} on {HOST} is in use" in done.stderr
    linked = _serve("--port", str(taken_port), "--data", str(tmp_path / "d"), "--room", "x",
                    "--link-only")
    assert linked.returncode == 0 and linked.stdout.startswith(f"ws://{HOST}:{taken_port}/x?")


@pytest.mark.parametrize("kind", ["a file", "a bad key", "a bad rooms file"])
def test_a_bad_data_folder_is_one_line_and_status_2(tmp_path, kind):
    done = _serve("--port", "1", "--data", str(_bad_data(tmp_path, kind)))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("battleboard serve: ")
    assert "Traceback" not in done.stderr
