"""A restarted room server gets its port back; a port another server listens on is refused.

A stopped server leaves its closed connections in TIME_WAIT on the port for a minute. The server
binds with SO_REUSEADDR (hypercorn does), so those do not hold the port; the check made before
starting must judge the port the same way, or a restart waits and then says "in use".
"""

from __future__ import annotations

import socket

import pytest

from board.shared.hosting import BackgroundServer
from tests.shared.servers import HOST


def _time_wait_port() -> int:
    """A port whose only socket is a connection in TIME_WAIT (closed first by the listener)."""
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((HOST, 0))
        listener.listen()
        port = int(listener.getsockname()[1])
        client = socket.create_connection((HOST, port))
        accepted, _ = listener.accept()
        accepted.close()  # the server's side closes first: it is the one left in TIME_WAIT
        client.recv(1)
        client.close()
    return port


def test_a_port_left_in_time_wait_by_a_stopped_server_is_served_again(tmp_path):
    port = _time_wait_port()
    with socket.socket() as plain, pytest.raises(OSError):
        plain.bind((HOST, port))  # what the old check did: "in use" for a minute
    server = BackgroundServer(tmp_path / "rooms", port)
    try:
        server.start(timeout=10.0)
        socket.create_connection((HOST, port), 1.0).close()
    finally:
        server.stop()


def test_a_port_another_server_listens_on_is_refused(tmp_path):
    with socket.socket() as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        other.bind((HOST, 0))
        other.listen()
        port = int(other.getsockname()[1])
        with pytest.raises(OSError, match=f"port {port} on {HOST} is in use"):
            BackgroundServer(tmp_path / "rooms", port).start(timeout=0.3)
