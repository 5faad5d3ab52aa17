"""Two windows play one game through a real room server on 127.0.0.1 (issue 16, "done when").

One drags, the other sees it; a unit disembarks and a building is shot, both boards show each
step and the same log; each player's undo takes back only their own move; the server is
stopped and started again and the two boards end equal (their saved JSON).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.document.io import scenario_to_dict
from board.shared.hosting import BackgroundServer
from board.view.buildings import DisembarkTool
from board.view.window import MainWindow
from tests.board.conftest import make_scenario, park_the_pointer
from tests.board.qt_helpers import click, drag
from tests.board.test_buildings_view import DOOR, RADIUS, controller
from tests.board.test_shooting_dialog import fill_lascannons, open_dialog
from tests.shared.servers import free_port

pytestmark = pytest.mark.slow
WAIT_MS = 8000


def make_window(qtbot, library, tmp_path, name, scenario=None) -> MainWindow:
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(library, settings)
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    if scenario is not None:
        window.show_scenario(scenario)
    window.resize(900, 650)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_table()
    park_the_pointer(window)
    return window


@pytest.fixture
def two_windows(qtbot, library, tmp_path):
    host = make_window(qtbot, library, tmp_path, "host", make_scenario(library))
    guest = make_window(qtbot, library, tmp_path, "guest")
    yield host, guest
    guest.remote.leave()
    host.remote.leave()


def activate(qtbot, window) -> None:
    window.activateWindow()
    window.raise_()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)


def saved(window) -> dict:
    return scenario_to_dict(window.scenario)


def item_at(window, model_id: str) -> tuple[float, float]:
    pos = window.scene.model_item(model_id).pos()
    return round(pos.x(), 6), round(pos.y(), 6)


def doc_at(window, model_id: str) -> tuple[float, float]:
    model = window.scenario.model(model_id)[1]
    return round(model.x, 6), round(model.y, 6)


def test_two_windows_play_a_game_through_the_server(qtbot, two_windows, tmp_path):
    host, guest = two_windows
    port, rooms = free_port(), tmp_path / "rooms"
    link = host.remote.host("Ann", "red", port, rooms, room="friday")
    assert link.startswith(f"ws://127.0.0.1:{port}/friday?seat=blue&token=")
    guest.remote.join("Bob", "blue", link)
    assert saved(guest) == saved(host)

    # Ann drags a red model with the mouse; Bob's scene moves that item.
    drag(host.view, (10.0, 40.0), (14.0, 44.0))
    moved = doc_at(host, "r0")
    assert moved != (10.0, 40.0)
    qtbot.waitUntil(lambda: item_at(guest, "r0") == moved, timeout=WAIT_MS)

    # Ann disembarks the veterans from the bastion: one step on Bob's board too.
    host.view.zoom_by(4.0, host.view.mapFromScene(QPointF(*DOOR)))
    click(host.view, (25.5, 25.5))
    QTest.mouseClick(controller(host).dock.disembark_button, Qt.MouseButton.LeftButton)
    tool = host.scene.tool
    assert isinstance(tool, DisembarkTool)
    drag(host.view, tool.positions["v0"], (DOOR[0], DOOR[1] - 5.0 + RADIUS))
    activate(qtbot, host)  # Enter is the window's shortcut: Ann's window has the keyboard
    QTest.keyClick(host.view.viewport(), Qt.Key.Key_Return)
    assert host.scenario.unit("red-vets").embarked_in is None, (
        controller(host).dock.message.text())
    qtbot.waitUntil(lambda: guest.scenario.unit("red-vets").embarked_in is None,
                    timeout=WAIT_MS)
    assert guest.scene.model_item("v0") is not None
    host.view.fit_table()

    # Bob shoots the bastion with a seeded lascannon; Ann sees the result and the same log.
    dialog = open_dialog(guest)
    fill_lascannons(dialog)
    dialog.seed.setText("16")
    QTest.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    dialog.close()
    shot = guest.scenario.piece("bastion")
    qtbot.waitUntil(lambda: host.scenario.piece("bastion") == shot, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: host.scenario.log == guest.scenario.log, timeout=WAIT_MS)
    assert len(host.scenario.log) == 2

    # Each moves one more model, then undoes: only their own move is taken back.
    drag(guest.view, (40.0, 30.0), (44.0, 26.0))
    bob_moved = doc_at(guest, "b0")
    qtbot.waitUntil(lambda: item_at(host, "b0") == bob_moved, timeout=WAIT_MS)
    drag(host.view, (11.5, 40.0), (16.0, 36.0))
    ann_moved = doc_at(host, "r1")
    qtbot.waitUntil(lambda: doc_at(guest, "r1") == ann_moved, timeout=WAIT_MS)
    host.undo_stack.undo()
    guest.undo_stack.undo()
    qtbot.waitUntil(lambda: doc_at(guest, "r1") == (11.5, 40.0), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: doc_at(host, "b0") == (40.0, 30.0), timeout=WAIT_MS)
    assert doc_at(host, "r0") == moved and doc_at(guest, "r0") == moved  # Ann's first move stays

    # The server goes down; Bob moves on, offline; the server comes back on the same rooms.
    host.remote.server.stop()
    drag(guest.view, (42.0, 30.0), (42.0, 34.0))
    offline = doc_at(guest, "b1")
    assert offline != (42.0, 30.0)
    host.remote.server = BackgroundServer(rooms, port)
    host.remote.server.start()
    qtbot.waitUntil(lambda: doc_at(host, "b1") == offline, timeout=WAIT_MS * 4)
    qtbot.waitUntil(lambda: saved(host) == saved(guest), timeout=WAIT_MS)
    assert guest.remote.messages == [] and host.remote.messages == []


def test_the_other_players_cursor_and_drag_are_drawn(qtbot, two_windows, tmp_path):
    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="cursor")
    guest.remote.join("Bob", "blue", link)
    QTest.mouseMove(host.view.viewport(), host.view.mapFromScene(QPointF(30.0, 10.0)))
    qtbot.waitUntil(lambda: len(guest.remote.presence) == 1, timeout=WAIT_MS)
    item = next(iter(guest.remote.presence.values()))
    qtbot.waitUntil(lambda: abs(item.pos().x() - 30.0) < 0.2 and abs(item.pos().y() - 10.0) < 0.2,
                    timeout=WAIT_MS)
    assert item.lines == ["Ann"]
    viewport = host.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     host.view.mapFromScene(QPointF(10.0, 40.0)))
    QTest.mouseMove(viewport, host.view.mapFromScene(QPointF(12.0, 41.0)))
    qtbot.waitUntil(lambda: len(item.lines) == 2, timeout=WAIT_MS)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       host.view.mapFromScene(QPointF(12.0, 41.0)))


def test_a_wrong_link_is_refused_and_the_board_kept(qtbot, two_windows, tmp_path):
    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="secret")
    before = saved(guest)
    wrong = link.replace("token=", "token=0")
    with pytest.raises(PermissionError):
        guest.remote.join("Eve", "blue", wrong)
    assert saved(guest) == before and not guest.remote.active


def test_a_fair_seed_agreed_from_the_menu_fills_the_shot_and_reverifies(qtbot, two_windows,
                                                                        tmp_path):
    from board.shared.dice import verify_scenario_dice

    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="dice")
    guest.remote.join("Bob", "blue", link)
    dialog = open_dialog(guest)
    fill_lascannons(dialog)
    action = next(a for a in guest.menu("&Game").actions() if "Fair Seed" in a.text())
    action.trigger()
    qtbot.waitUntil(lambda: dialog.seed.text() != "", timeout=WAIT_MS)
    seed = int(dialog.seed.text())
    assert guest.remote.last_seed == seed
    QTest.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    dialog.close()
    qtbot.waitUntil(lambda: bool(host.scenario.log) and host.scenario.log == guest.scenario.log,
                    timeout=WAIT_MS)
    for window in (host, guest):
        lines = verify_scenario_dice(window.scenario.options, window.scenario.log)
        assert lines and lines[0].startswith(f"log entry 1: seed {seed} fixed by blue and red")


def test_the_other_player_sees_the_models_move_during_the_drag(qtbot, two_windows, tmp_path):
    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="live")
    guest.remote.join("Bob", "blue", link)
    viewport, before = host.view.viewport(), doc_at(guest, "r0")
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     host.view.mapFromScene(QPointF(10.0, 40.0)))
    for at in ((11.0, 40.5), (12.0, 41.0), (13.0, 41.5)):
        QTest.mouseMove(viewport, host.view.mapFromScene(QPointF(*at)))
        live = item_at(host, "r0")  # where Ann's own preview has it now
        assert live != before
        qtbot.waitUntil(lambda live=live: item_at(guest, "r0") == live, timeout=WAIT_MS)
        assert doc_at(guest, "r0") == before  # a preview: no edit until the release
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       host.view.mapFromScene(QPointF(14.0, 42.0)))
    released = doc_at(host, "r0")
    qtbot.waitUntil(lambda: doc_at(guest, "r0") == released, timeout=WAIT_MS)
    assert item_at(guest, "r0") == released  # it ends exactly where Ann let go
    qtbot.waitUntil(lambda: guest.remote.live.shown == {}, timeout=WAIT_MS)
    assert saved(guest) == saved(host) and guest.remote.messages == []


def test_a_drag_of_my_models_by_the_other_player_is_not_shown_and_put_back(
        qtbot, two_windows, tmp_path, monkeypatch):
    from board.view.remote import live

    monkeypatch.setattr(live, "SETTLE_MS", 50)  # how soon a cancelled preview is put back
    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="theirs")
    guest.remote.join("Bob", "blue", link)
    before = item_at(guest, "b0")
    # Ann's window says, as a forged presence would, that she drags Bob's b0 and her own r0.
    host.remote.session.set_presence({"name": "Ann", "side": "red", "colour": "#c02020",
                                      "x": 1.0, "y": 1.0, "doing": "",
                                      "drag": {"b0": [1.0, 1.0], "r0": [5.0, 5.0]}})
    qtbot.waitUntil(lambda: item_at(guest, "r0") == (5.0, 5.0), timeout=WAIT_MS)
    assert item_at(guest, "b0") == before  # blue's model: not Ann's to move
    # The drag ends with no edit (cancelled): r0 goes back where the document has it.
    host.remote.session.set_presence({"name": "Ann", "side": "red", "colour": "#c02020",
                                      "x": 1.0, "y": 1.0, "doing": "", "drag": {}})
    qtbot.waitUntil(lambda: item_at(guest, "r0") == doc_at(guest, "r0"), timeout=WAIT_MS)
    assert doc_at(guest, "r0") == doc_at(host, "r0")


def test_a_board_that_left_the_game_hears_its_edits_as_before(qtbot, two_windows, tmp_path):
    host, guest = two_windows
    listeners = list(host.document.changed._slots)  # the single-seat board's own
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="left")
    guest.remote.join("Bob", "blue", link)
    assert len(host.document.changed._slots) > len(listeners)
    host.remote.leave()
    assert host.document.changed._slots == listeners  # nothing of the game is left on it
    drag(host.view, (10.0, 40.0), (14.0, 44.0))  # and a drag is a single-seat edit again
    assert doc_at(host, "r0") != (10.0, 40.0) and doc_at(guest, "r0") == (10.0, 40.0)


def test_a_drag_of_the_other_sides_model_is_refused_before_it_begins(qtbot, two_windows,
                                                                     tmp_path):
    """Bob (blue) drags Ann's red model: nothing moves, no edit, no undo step, and the status
    bar says why (it used to move, be journalled and drawn, then be put back)."""
    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="mine")
    guest.remote.join("Bob", "blue", link)
    before, steps = saved(guest), guest.undo_stack.count()
    drag(guest.view, (10.0, 40.0), (14.0, 44.0))
    assert saved(guest) == before and guest.undo_stack.count() == steps
    assert item_at(guest, "r0") == (10.0, 40.0)
    assert guest.statusBar().currentMessage().startswith(
        "Tactical Squad: not your side's models")
    drag(guest.view, (40.0, 30.0), (42.0, 32.0))  # Bob's own model still moves
    assert doc_at(guest, "b0") != (40.0, 30.0)


def test_moves_made_after_leaving_are_given_back_on_rejoining(qtbot, two_windows, tmp_path):
    """Bob leaves, drags his model on his own board, joins the same room again: the move is
    made in the game (it used to be dropped without a word when his board became the game)."""
    host, guest = two_windows
    link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="back")
    guest.remote.join("Bob", "blue", link)
    guest.remote.leave()
    drag(guest.view, (40.0, 30.0), (43.0, 33.0))  # offline, on his own board
    moved = doc_at(guest, "b0")
    assert moved != (40.0, 30.0)
    said: list[str] = []
    guest.remote.status.connect(said.append)
    guest.remote.join("Bob", "blue", link)
    assert doc_at(guest, "b0") == moved
    qtbot.waitUntil(lambda: doc_at(host, "b0") == moved, timeout=WAIT_MS)
    assert any("1 model you moved while away was moved" in text for text in said), said
