"""An overlay holds its label layout while models are dragged, and lays it out exactly at rest.

During a drag an overlay's labels keep the boxes they had, moved with their anchors, and are
not laid out among the board's items on every move (board/view/measure/held_labels.py). Once
the drag ends every label must be exactly where a fresh layout puts it: the same boxes as
before a drag released where it started, and the same boxes as a new window showing the
dragged result.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from board.document.model import Scenario
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from board.view.window import MainWindow
from tests.board.qt_helpers import Left
from tests.board.test_backdrop import Shift, crowded

SHOOTER, TARGET = "unit-7", "unit-2"


def open_board(qtbot, library, tmp_path, scenario: Scenario, name: str) -> MainWindow:
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings)
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(scenario)
    win.resize(1200, 850)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    win.shooting.sight.set(Shooter(ShooterKind.UNIT, SHOOTER), UnitTarget(TARGET))
    assert win.shooting.sight.reading is not None
    settle(win)
    return win


def settle(win: MainWindow) -> None:
    """Paint until the labels painted outside the first paint's part are painted too.

    The legibility pass waits for the board to settle (a short timer) and may hide or move
    labels the overlays lay out around: it runs first, then the board is painted again.
    """
    for _ in range(3):
        win.view.viewport().repaint()
        QApplication.processEvents()
    for _ in range(500):
        if not win.view.legibility.pending:
            break
        QTest.qWait(10)
    assert not win.view.legibility.pending
    for _ in range(3):
        win.view.viewport().repaint()
        QApplication.processEvents()


def boxes(win: MainWindow) -> list[tuple[tuple[float, float, float, float], str]]:
    """Where the line of sight's labels are drawn (page pixels), with their texts."""
    item = win.shooting.sight.item
    return sorted((p.box, p.text) for p in item.overlay.placed if p.shown)


@pytest.fixture
def board(qtbot, library, tmp_path):
    return open_board(qtbot, library, tmp_path, crowded(library), "board")


def test_a_drag_holds_the_layout_and_the_rest_lays_it_out_as_before(board, monkeypatch):
    before = boxes(board)
    assert len(before) == 2  # the target unit's verdict and the shooter's name
    layout = board.view.label_layout
    read, computed = layout.read, layout.computed
    model = board.document.scenario.model("u7-0")[1]
    at = board.view.mapFromScene(QPointF(model.x, model.y))
    viewport = board.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at)
    for k in range(1, 8):
        QTest.mouseMove(viewport, at + QPoint(2 * k, 9 * k))
        settle(board)
    assert board.scene.dragging
    # held: the board's items were not read, nothing was laid out, on any move
    assert (layout.read, layout.computed) == (read, computed)
    verdict = [entry for entry in before if not entry[1].startswith("Unit 7")]
    assert [entry for entry in boxes(board) if entry in verdict] == verdict  # held in place
    QTest.mouseRelease(viewport, Left, Shift, at)  # back where it started: no edit
    settle(board)
    assert not board.scene.dragging
    assert layout.read > read and layout.computed > computed  # at rest: laid out again
    assert boxes(board) == before


def test_after_a_drag_the_labels_are_where_a_fresh_window_puts_them(board, qtbot, library,
                                                                     tmp_path):
    model = board.document.scenario.model("u7-0")[1]
    start = (model.x, model.y)
    at = board.view.mapFromScene(QPointF(*start))
    viewport = board.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at)
    for k in range(1, 8):
        QTest.mouseMove(viewport, at + QPoint(2 * k, 9 * k))
        settle(board)
    QTest.mouseRelease(viewport, Left, Shift, at + QPoint(14, 63))
    settle(board)
    moved = board.document.scenario.model("u7-0")[1]
    assert (moved.x, moved.y) != start
    fresh = open_board(qtbot, library, tmp_path, board.document.scenario, "fresh")
    fresh.scene.select_unit_of("u7-0")  # as the drag left it: selected, its name shown
    settle(fresh)
    assert fresh.scene.selected_model_ids() == board.scene.selected_model_ids()
    assert boxes(board) == boxes(fresh)
    assert board.shooting.sight.reading == fresh.shooting.sight.reading


def test_on_a_small_board_the_end_of_a_drag_lays_the_labels_out_again(window, qtbot):
    """No picture under the drag (too few items): the overlay asks for its own repaint."""
    sight = window.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget("blue-guard"))
    window.scene.select_unit_of("r0")  # as the press will: its name shown
    settle(window)
    before = boxes(window)
    r0 = window.document.scenario.model("r0")[1]
    at = window.view.mapFromScene(QPointF(r0.x, r0.y))
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at)
    for k in range(1, 6):
        QTest.mouseMove(viewport, at + QPoint(12 * k, 3 * k))
        settle(window)
    assert not window.view.backdrop.active
    assert boxes(window) != before  # the shooter's name went with the drag
    QTest.mouseRelease(viewport, Left, Shift, at)  # back where it started: no edit
    qtbot.waitUntil(lambda: boxes(window) == before, timeout=3000)
