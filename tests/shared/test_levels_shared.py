"""A model's level and the distance rule travel to the other board, checked like a file."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.changes import Change, apply_change
from board.document.datasheets import place_datasheet
from board.document.model import LevelRef
from board.game.core.heights import model_span
from board.game.core.world import WorldCache
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import drag
from tests.board.samples import library, small_scenario
from tests.shared.relay import pair
from tests.shared.servers import free_port
from tests.shared.test_remote_windows import WAIT_MS, activate, make_window


def test_a_model_lifted_onto_the_battlements_stands_there_on_the_other_board():
    relay, host, guest = pair(small_scenario())  # the guest plays blue: squad B is theirs
    unit = copy.deepcopy(guest.document.scenario.unit("squad-b"))
    model = unit.models[0]
    model.x, model.y, model.level = 24.0, 24.0, LevelRef("bastion", "battlements")
    apply_change(guest.document, Change(units={"squad-b": unit}))
    relay.pump()
    there = host.document.scenario.model("b0")[1]
    assert there.level == LevelRef("bastion", "battlements") and (there.x, there.y) == (24, 24)
    world = WorldCache(library()).world_for(host.document.scenario)
    assert model_span(world, "b0").low == 8.0  # the bastion's battlements, 8" up


def test_a_house_rule_is_shared_and_a_bad_one_from_a_peer_is_refused():
    relay, host, guest = pair(small_scenario())
    apply_change(host.document, Change(options={"distance_rule": "across_then_up"}))
    relay.pump()
    assert guest.document.scenario.options["distance_rule"] == "across_then_up"
    with host.doc.transaction():
        host.r.options["distance_rule"] = '"diagonal"'
    relay.pump()
    assert guest.document.scenario.options["distance_rule"] == "across_then_up"


@pytest.mark.slow
def test_the_other_screen_shows_the_level_a_model_is_lifted_to(qtbot, library, tmp_path):
    """Two windows through a real room server on 127.0.0.1: Ann lifts a model with Page Up."""
    scenario = make_scenario(library)
    scenario.terrain += place_datasheet(library, "wh40k_ruins", 14.0, 34.0, piece_id="ruin")
    host = make_window(qtbot, library, tmp_path, "host", scenario)
    guest = make_window(qtbot, library, tmp_path, "guest")
    try:
        link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="levels")
        guest.remote.join("Bob", "blue", link)
        drag(host.view, (10.0, 40.0), (14.0, 32.2))  # r0 onto the upper level (y 31–33.5)
        assert host.scenario.model("r0")[1].y == pytest.approx(32.2, abs=0.2)
        activate(qtbot, host)
        QTest.keyClick(host.view, Qt.Key.Key_PageUp)
        assert host.scenario.model("r0")[1].level == LevelRef("ruin", "upper")
        qtbot.waitUntil(lambda: guest.scenario.model("r0")[1].level == LevelRef("ruin", "upper"),
                        timeout=WAIT_MS)
        qtbot.waitUntil(lambda: guest.scene.model_item("r0").level_badge == '3"',
                        timeout=WAIT_MS)
        host.undo_stack.undo()
        qtbot.waitUntil(lambda: guest.scene.model_item("r0").level_badge == "", timeout=WAIT_MS)
        assert guest.scenario.model("r0")[1].level is None
    finally:
        guest.remote.leave()
        host.remote.leave()
