"""Driving the real viewport with QTest mouse events (shared by the view tests)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.view.view import BoardView

NoMod = Qt.KeyboardModifier.NoModifier
Left = Qt.MouseButton.LeftButton


def drag(
    view: BoardView,
    start: tuple[float, float],
    end: tuple[float, float],
    modifier: Qt.KeyboardModifier = NoMod,
    steps: int = 3,
) -> QPointF:
    """Press at ``start`` (inches), move through ``steps`` points, release at ``end``.

    Returns the table distance the mouse really travelled (pixels rounded by mapFromScene).
    """
    viewport = view.viewport()
    p0 = view.mapFromScene(QPointF(*start))
    p1 = view.mapFromScene(QPointF(*end))
    QTest.mousePress(viewport, Left, modifier, p0)
    for i in range(1, steps + 1):
        at = p0 + (p1 - p0) * (i / steps)
        QTest.mouseMove(viewport, QPoint(round(at.x()), round(at.y())))
    QTest.mouseRelease(viewport, Left, modifier, p1)
    return view.mapToScene(p1) - view.mapToScene(p0)


def click(view: BoardView, at: tuple[float, float], modifier: Qt.KeyboardModifier = NoMod) -> None:
    """Click the left button at ``at`` inches."""
    QTest.mouseClick(view.viewport(), Left, modifier, view.mapFromScene(QPointF(*at)))


def positions(document, ids):
    """The document's ``(x, y)`` of each model id."""
    return {
        mid: (document.scenario.model(mid)[1].x, document.scenario.model(mid)[1].y) for mid in ids
    }


def drag_until(
    view: BoardView,
    start: tuple[float, float],
    end: tuple[float, float],
    lands_well: object,
    modifier: Qt.KeyboardModifier = NoMod,
) -> QPointF:
    """Drag from ``start`` to the pixel near ``end`` whose table offset ``lands_well(dx, dy)``.

    A player nudges a base into contact by eye; the test picks, among the pixels around
    ``end``, the first whose real offset (what the drag will move by) the predicate accepts,
    then makes that one real drag.
    """
    p0 = view.mapFromScene(QPointF(*start))
    p1 = view.mapFromScene(QPointF(*end))
    for ddx in (0, -1, 1, -2, 2, -3, 3):
        for ddy in (0, -1, 1):
            p = QPoint(p1.x() + ddx, p1.y() + ddy)
            moved = view.mapToScene(p) - view.mapToScene(p0)
            if lands_well(moved.x(), moved.y()):  # type: ignore[operator]
                at = view.mapToScene(p)
                return drag(view, start, (at.x(), at.y()), modifier)
    raise AssertionError(f"no pixel near {end} lands the drag as wanted")
