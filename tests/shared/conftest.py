"""The shared board's fixtures: the board tests' ones, a real room server, players' sessions."""

import pytest

from tests.board.conftest import close_leftover_windows, library  # noqa: F401
from tests.shared.servers import Server


@pytest.fixture
def server(tmp_path):
    """``battleboard serve`` on 127.0.0.1 in a child process, killed after the test."""
    running = Server(tmp_path / "rooms").start()
    yield running
    running.kill()


@pytest.fixture
def players():
    """The players' sessions a test starts (append them): each stopped after the test."""
    started = []
    yield started
    for session in started:
        session.stop()
