"""The words test on a shared board: two windows through a real room server on 127.0.0.1.

The sides' ids look like ids (``seat-1``) and the units' names are plural, so a text that
names a side by its id, or a plural unit with a singular verb, is caught. Both windows are
read after each step (status bar, docks, the other player's presence labels): hosting,
joining, the other player's cursor, a drag of the other side's models refused, a model
moved while away given back, and a player leaving.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from tests.board.conftest import make_scenario
from tests.board.qt_helpers import drag
from tests.board.words import visible_texts
from tests.game.plain_words import faults
from tests.shared.servers import free_port
from tests.shared.test_remote_windows import WAIT_MS, make_window

pytestmark = pytest.mark.slow
SEATS = {"red": ("seat-1", "Ultramarines"), "blue": ("seat-2", "Word Bearers")}


def seated_scenario(library):
    """The shared sample with id-like side ids, named sides and plural unit names."""
    scenario = make_scenario(library)
    for side in scenario.sides:
        side.id, side.name = SEATS[side.id]
    for unit in scenario.units:
        unit.side = SEATS[unit.side][0]
        unit.name = {"Tactical Squad": "Tactical Marines", "Guard Squad": "Guardsmen"}.get(
            unit.name, unit.name)
    for piece in scenario.terrain:
        if piece.claimed_by in SEATS:
            piece.claimed_by = SEATS[piece.claimed_by][0]
    return scenario


class Reader:
    """Reads both windows after each step."""

    def __init__(self, *windows) -> None:
        self.windows, self.faults = windows, []

    def read(self, step: str) -> None:
        for window in self.windows:
            texts = visible_texts(window)
            texts += [line for item in window.remote.presence.values() for line in item.lines]
            self.faults += [f"{step}: {f}" for f in faults(texts, window.scenario)]


@pytest.fixture
def seated(qtbot, library, tmp_path):
    host = make_window(qtbot, library, tmp_path, "host", seated_scenario(library))
    guest = make_window(qtbot, library, tmp_path, "guest")
    yield host, guest
    guest.remote.leave()
    host.remote.leave()


def test_a_shared_game_says_sides_and_players_by_name(qtbot, seated, tmp_path):
    host, guest = seated
    reader = Reader(host, guest)
    said: list[str] = []
    host.remote.status.connect(said.append)
    guest.remote.status.connect(said.append)
    link = host.remote.host("Ann", "seat-1", free_port(), tmp_path / "rooms", room="words")
    reader.read("hosting")
    guest.remote.join("Bob", "seat-2", link)
    reader.read("joining")
    host.view.viewport().setFocus()
    from PySide6.QtTest import QTest

    QTest.mouseMove(host.view.viewport(), host.view.mapFromScene(QPointF(30.0, 10.0)))
    qtbot.waitUntil(lambda: len(guest.remote.presence) == 1, timeout=WAIT_MS)
    reader.read("the other player's cursor")
    drag(guest.view, (10.0, 40.0), (14.0, 44.0))  # Ann's model: refused
    assert "not your side's models" in guest.statusBar().currentMessage()
    reader.read("a drag of the other side's models")
    guest.remote.leave()
    qtbot.waitUntil(lambda: any("left the game" in s for s in said), timeout=WAIT_MS)
    reader.read("Bob leaves")
    scenario = host.scenario
    wrong = reader.faults + [f"said: {f}" for f in faults(said, scenario)]
    assert any("Ann" in s for s in said) and any("Bob" in s for s in said), said
    assert not wrong, "\n".join(wrong)
