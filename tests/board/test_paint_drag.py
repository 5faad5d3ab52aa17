"""A drag released where it was pressed leaves every item where the document has it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtTest import QTest

from tests.board.qt_helpers import Left, NoMod


def test_a_drag_released_at_its_press_point_puts_the_models_back(window):
    view, document = window.view, window.document
    undo_before = window.undo_stack.count()
    model = document.scenario.model("r0")[1]
    start = view.mapFromScene(QPointF(model.x, model.y))
    viewport = view.viewport()
    QTest.mousePress(viewport, Left, NoMod, start)
    QTest.mouseMove(viewport, start + QPoint(30, 10))
    item = window.scene.model_item("r0")
    assert item.pos().x() > model.x + 1.0  # the preview moved it
    QTest.mouseRelease(viewport, Left, NoMod, start)  # no move back first
    assert (item.pos().x(), item.pos().y()) == (model.x, model.y)
    assert window.undo_stack.count() == undo_before  # and nothing was recorded
