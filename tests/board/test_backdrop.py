"""While models are dragged on a crowded table, the still board is drawn from one picture.

The picture must show exactly what the items would: each test drags with real mouse events
on the real viewport, grabs what the player sees, then makes the view draw every item again
and compares the two, pixel for pixel.
"""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from board.document.datasheets import place_datasheet
from board.document.model import Base, Model, RuleSystem, Scenario, Side, Table, TroopType, Unit
from board.view.backdrop import MIN_ITEMS
from board.view.clash_flags import LIVE_MS
from board.view.window import MainWindow
from tests.board.qt_helpers import Left

Shift = Qt.KeyboardModifier.ShiftModifier


def crowded(library) -> Scenario:
    """A 48×36 table: six buildings along the top, twelve units of 20 below them."""
    terrain = []
    for k in range(6):
        terrain += place_datasheet(library, "wh40k_small_building", 4.0 + 8.0 * k, 4.0,
                                   piece_id=f"hut-{k}")
    units = []
    for k in range(12):
        left, top = 1.0 + 8.0 * (k % 6), 10.0 + 12.0 * (k // 6)
        side = "red" if k % 2 == 0 else "blue"
        models = [Model(f"u{k}-{i}", Base.round_mm(25), left + 1.1 * (i % 5), top + 1.1 * (i // 5))
                  for i in range(20)]
        units.append(Unit(f"unit-{k}", f"Unit {k}", side, TroopType.INFANTRY, models))
    return Scenario(name="Crowded", table=Table(48.0, 36.0), rule_system=RuleSystem.WH40K,
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=terrain, units=units)


@pytest.fixture
def board(qtbot, library, tmp_path):
    return open_crowded(qtbot, library, tmp_path)


def open_crowded(qtbot, library, tmp_path) -> MainWindow:
    """The main window on :func:`crowded`, the whole table in view, settled."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings)
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(crowded(library))
    win.resize(1200, 850)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    settle()
    return win


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def at_rest(win: MainWindow) -> None:
    """Events processed, and the overlap flags' checks run too (none left on a timer).

    The drag's check runs :data:`LIVE_MS` after a move and may ring models: two pictures
    compared must both be taken after it, or one of them has the rings and the other not (on
    a slow machine it fired between them: 958 pixels). A fixed wait of 3 × LIVE_MS was not
    enough either under load (``QTest.qWait`` returns once its time is up, whether the timer
    it waited for has fired or not): wait until no timer of the flags is running.
    """
    timers = win.features.clash_flags.findChildren(QTimer)
    assert timers  # the flags keep their checks on timers of their own
    deadline = time.monotonic() + 30.0
    while any(timer.isActive() for timer in timers):
        assert time.monotonic() < deadline, "the overlap check never ran"
        QTest.qWait(LIVE_MS)
    settle()


def shot(win: MainWindow) -> QImage:
    at_rest(win)
    return win.view.viewport().grab().toImage()


def from_items(win: MainWindow) -> QImage:
    """What the viewport shows drawn from every item (the picture put aside)."""
    backdrop = win.view.backdrop
    faded = backdrop._faded  # noqa: SLF001 - the test restores exactly what it took
    pixmap, where = backdrop._pixmap, backdrop._where  # noqa: SLF001
    backdrop.stop()
    image = shot(win)
    for item, _ in faded:  # the picture back, as it was
        item.setOpacity(0.0)
    backdrop._faded, backdrop._pixmap, backdrop._where = faded, pixmap, where  # noqa: SLF001
    win.view.viewport().update()
    settle()
    return image


def differing(first: QImage, second: QImage) -> int:
    assert first.size() == second.size()
    return sum(first.pixel(x, y) != second.pixel(x, y)
               for x in range(first.width()) for y in range(first.height()))


def press_unit(win: MainWindow, model_id: str) -> QPoint:
    model = win.document.scenario.model(model_id)[1]
    at = win.view.mapFromScene(QPointF(model.x, model.y))
    QTest.mousePress(win.view.viewport(), Left, Shift, at)
    return at


def test_the_crowded_table_is_big_enough_for_a_picture(board):
    still = [i for i in board.scene.items() if i.parentItem() is None and i.zValue() <= 10]
    assert len(still) >= MIN_ITEMS


def test_a_drag_of_a_unit_draws_the_still_board_from_a_picture_that_looks_the_same(board):
    at = press_unit(board, "u7-0")
    for k in range(1, 6):  # down, into the empty strip between the rows of units
        QTest.mouseMove(board.view.viewport(), at + QPoint(3 * k, 12 * k))
    settle()
    backdrop = board.view.backdrop
    assert backdrop.active and backdrop.taken == 1
    assert board.scene.model_item("u0-0").opacity() == 0.0  # in the picture
    assert board.scene.piece_item("hut-0").opacity() == 0.0
    assert board.scene.model_item("u7-0").opacity() == 1.0  # dragged: drawn live
    seen = shot(board)
    assert differing(seen, from_items(board)) == 0
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(15, 60))
    settle()
    assert not backdrop.active
    assert all(item.opacity() == 1.0 for item in board.scene.items())
    moved = board.view.mapToScene(at + QPoint(15, 60)) - board.view.mapToScene(at)
    model = board.document.scenario.model("u7-0")[1]
    assert (model.x, model.y) == pytest.approx((1.0 + 8.0 + moved.x(), 22.0 + moved.y()),
                                               abs=0.02)


def test_a_drag_with_a_ring_and_a_line_of_sight_looks_the_same_from_the_picture(board):
    board.scene.select_unit_of("u7-0")
    assert board.measure.rings_around_selection("6")
    from board.game.core.shooters import Shooter, ShooterKind
    from board.game.core.targets import UnitTarget
    board.shooting.sight.set(Shooter(ShooterKind.UNIT, "unit-7"), UnitTarget("unit-2"))
    settle()
    at = press_unit(board, "u7-0")
    for k in range(1, 8):
        QTest.mouseMove(board.view.viewport(), at + QPoint(2 * k, 9 * k))
    settle()
    assert board.view.backdrop.active
    assert differing(shot(board), from_items(board)) == 0
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(14, 63))


def test_zooming_during_a_drag_takes_a_new_picture(board):
    at = press_unit(board, "u7-0")
    QTest.mouseMove(board.view.viewport(), at + QPoint(4, 20))
    settle()
    backdrop = board.view.backdrop
    assert backdrop.taken == 1
    board.view.zoom_by(1.25)  # what the wheel does; the view replays the mouse at every step
    settle()
    assert not backdrop.active and backdrop.taken == 1  # the old picture was of the old zoom
    QTest.mouseMove(board.view.viewport(), at + QPoint(6, 30))
    settle()
    assert backdrop.active and backdrop.taken == 2  # a new one, at the new zoom
    assert differing(shot(board), from_items(board)) == 0
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(6, 30))
    settle()
    assert all(item.opacity() == 1.0 for item in board.scene.items())


def test_escape_during_a_drag_gives_the_items_back(board):
    at = press_unit(board, "u7-0")
    QTest.mouseMove(board.view.viewport(), at + QPoint(4, 20))
    settle()
    assert board.view.backdrop.active
    QTest.keyClick(board.view.viewport(), Qt.Key.Key_Escape)
    settle()
    assert not board.view.backdrop.active
    assert all(item.opacity() == 1.0 for item in board.scene.items())


def test_dragging_a_building_draws_every_item(board):
    piece = board.document.scenario.piece("hut-2")
    at = board.view.mapFromScene(QPointF(piece.x, piece.y))
    QTest.mousePress(board.view.viewport(), Left, Qt.KeyboardModifier.NoModifier, at)
    QTest.mouseMove(board.view.viewport(), at + QPoint(10, 4))
    settle()
    assert board.scene.selected_piece_ids() == ["hut-2"]
    assert board.view.backdrop.taken == 0  # another building's label may make way for it
    QTest.mouseRelease(board.view.viewport(), Left, Qt.KeyboardModifier.NoModifier,
                       at + QPoint(10, 4))


def test_a_small_board_draws_every_item(window):
    model = window.document.scenario.model("r0")[1]
    at = window.view.mapFromScene(QPointF(model.x, model.y))
    QTest.mousePress(window.view.viewport(), Left, Shift, at)
    QTest.mouseMove(window.view.viewport(), at + QPoint(10, 4))
    settle()
    assert window.view.backdrop.taken == 0
    QTest.mouseRelease(window.view.viewport(), Left, Shift, at + QPoint(10, 4))


def test_releasing_a_unit_over_a_building_offers_it_to_embark_as_without_a_picture(board):
    start = {m.id: (m.x, m.y) for m in board.document.scenario.unit("unit-1").models}
    at = press_unit(board, "u1-0")
    hut = board.document.scenario.piece("hut-1")
    over = board.view.mapFromScene(QPointF(hut.x, hut.y))
    for k in range(1, 5):
        QTest.mouseMove(board.view.viewport(), at + (over - at) * (k / 4))
    settle()
    assert board.view.backdrop.active  # the hut is in the picture, fully transparent
    QTest.mouseRelease(board.view.viewport(), Left, Shift, over)
    settle()
    # The drop was taken as an embark (20 models do not fit: refused), not as a move.
    now = {m.id: (m.x, m.y) for m in board.document.scenario.unit("unit-1").models}
    assert now == start
    assert all(item.opacity() == 1.0 for item in board.scene.items())


def test_an_edit_during_a_drag_gives_the_items_back(board):
    at = press_unit(board, "u7-0")
    QTest.mouseMove(board.view.viewport(), at + QPoint(4, 20))
    settle()
    assert board.view.backdrop.active
    hut = board.document.scenario.piece("hut-3")
    board.document.place_pieces({"hut-3": (hut.x + 1.0, hut.y, hut.rotation)})  # as an undo
    settle()
    assert not board.view.backdrop.active
    assert board.scene.piece_item("hut-3").opacity() == 1.0
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(4, 20))


def on_screen(win: MainWindow) -> QImage:
    """What the player sees of the board: the window's own pixels, as its repaints left them.

    Not a fresh drawing (``grab`` draws every item again): a part a move forgot to repaint
    still shows the old picture here.
    """
    at_rest(win)
    viewport = win.view.viewport()
    at = viewport.mapTo(win, QPoint(0, 0))
    return win.screen().grabWindow(win.winId(), at.x(), at.y(), viewport.width(),
                                   viewport.height()).toImage().convertToFormat(
                                       QImage.Format.Format_RGB32)


def drawn_again(win: MainWindow) -> QImage:
    """The board drawn afresh now, in the same pixel format as :func:`on_screen`."""
    return shot(win).convertToFormat(QImage.Format.Format_RGB32)


def test_every_move_of_a_drag_with_a_ring_leaves_the_board_as_a_fresh_drawing_shows_it(
        board, qtbot):
    # During a drag the view repaints one rectangle round what changed, and a ring asks for
    # one box round its edge: each move must still repaint every pixel that changed.
    mode = board.view.viewportUpdateMode()
    board.scene.select_unit_of("u7-0")
    assert board.measure.rings_around_selection("6")
    settle()
    at = press_unit(board, "u7-0")
    for k in range(1, 7):  # steps wider than the margin round the ring's edge
        QTest.mouseMove(board.view.viewport(), at + QPoint(16 * k, 12 * k))
        assert differing(on_screen(board), drawn_again(board)) == 0, f"move {k}"
    assert board.view.backdrop.active
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(96, 72))
    assert board.view.viewportUpdateMode() == mode  # at rest only what changed is repainted
    # At rest the labels settle over a few paints (timers): the window must come to show what
    # a fresh drawing shows, with nothing of the drag left behind.
    qtbot.waitUntil(lambda: differing(on_screen(board), drawn_again(board)) == 0, timeout=10000)


class _Peer:
    """Where the other player's drag shows their models (what a shared board's presence
    carries: model id -> place), as ``SharedScenario.live_moves`` reads it."""

    def __init__(self) -> None:
        self.moves: dict[str, tuple[float, float]] = {}

    def live_moves(self, drag: object) -> dict[str, tuple[float, float]]:
        return dict(self.moves) if drag else {}


def test_the_other_players_drag_is_seen_while_this_player_drags(board):
    """The backdrop fades the still models out: another player's drag moving them live
    during this player's drag must still be seen, where it is now."""
    from board.view.remote.live import LiveDrags

    peer = _Peer()
    live = LiveDrags(board.scene, lambda: peer)
    at = press_unit(board, "u7-0")
    QTest.mouseMove(board.view.viewport(), at + QPoint(4, 20))
    settle()
    backdrop = board.view.backdrop
    assert backdrop.active
    theirs = board.document.scenario.model("u0-0")[1]
    before = shot(board)
    peer.moves = {"u0-0": (theirs.x + 2.0, theirs.y - 2.5)}
    live.show(7, {"u0-0": [theirs.x + 2.0, theirs.y - 2.5]})
    QTest.mouseMove(board.view.viewport(), at + QPoint(5, 24))
    settle()
    item = board.scene.model_item("u0-0")
    assert item.pos() == QPointF(theirs.x + 2.0, theirs.y - 2.5)
    assert item.opacity() == 1.0  # drawn, not faded into an old picture
    assert not backdrop.active
    seen = shot(board)
    where = board.view.mapFromScene(QPointF(theirs.x + 2.0, theirs.y - 2.5))
    assert seen.pixel(where) != before.pixel(where)  # the model is there now
    assert differing(seen, from_items(board)) == 0
    QTest.mouseMove(board.view.viewport(), at + QPoint(6, 28))
    settle()
    assert not backdrop.active  # not taken again in this drag
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(6, 28))
    settle()
