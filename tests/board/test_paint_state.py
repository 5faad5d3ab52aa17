"""The view paints its items without saving the painter round each: the same pixels.

Qt saves and restores the painter round every item it paints unless told not to; on a table of
1,400 items that was a tenth of a full repaint. Told not to, an item that left its pen, brush,
transform, font or clip behind would change how the next one is drawn. Each test shows the
board with many kinds of items and overlays and compares the view's picture with the one
Qt's protected painting gives, pixel for pixel.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsView

from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from tests.board.test_backdrop import board, crowded  # noqa: F401 - the crowded board's fixture

Unprotected = QGraphicsView.OptimizationFlag.DontSavePainterState


def _picture(win) -> QImage:
    for _ in range(3):
        QApplication.processEvents()
    return win.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _settled(win) -> QImage:
    """The picture once the labels have settled (they find their places over a few paints)."""
    last = _picture(win)
    for _ in range(20):
        QTest.qWait(50)
        now = _picture(win)
        if now == last:
            return now
        last = now
    raise AssertionError("the board never settled")


def _same_either_way(win) -> None:
    view = win.view
    assert view.optimizationFlags() & Unprotected  # how the board paints
    quick = _settled(win)
    view.setOptimizationFlag(Unprotected, False)  # Qt saving the painter round every item
    try:
        protected = _picture(win)
    finally:
        view.setOptimizationFlag(Unprotected, True)
    assert quick == protected


def test_the_sample_board_with_deployment_zones_rings_and_sight_paints_the_same(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_D,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.deploy.status is not None)
    assert window.deploy.zones_item.isVisible()
    window.scene.select_unit_of("r0")
    assert window.measure.rings_around_selection("6")
    window.shooting.sight.set(Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget("blue-guard"))
    assert window.shooting.sight.reading is not None
    _same_either_way(window)


def test_the_crowded_board_with_a_ring_and_rays_paints_the_same(board):  # noqa: F811
    board.scene.select_unit_of("u7-0")
    assert board.measure.rings_around_selection("6")
    board.shooting.sight.set(Shooter(ShooterKind.UNIT, "unit-7"), UnitTarget("unit-2"))
    assert board.shooting.sight.reading is not None
    _same_either_way(board)
