"""A zoom or a scroll in the middle of a drag: the held labels belong to the new page.

While models are dragged each overlay's labels are held (the boxes they had, moved with
their anchors, page pixels), and laid out afresh at the drop. The mouse wheel still zooms
while the button is held: the held boxes then belong to the old page. They are laid out
once for the new page, among the models where the drag has them, and held from there; a
scroll (the middle button pans) only moves the page, and the held boxes move with it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from board.view.items.label_text import measure_label
from board.view.items.obstacles import label_overlaps
from board.view.layout import page_of
from tests.board.qt_helpers import Left
from tests.board.test_backdrop import Shift, crowded
from tests.board.test_held_labels import boxes, open_board, settle

Middle = Qt.MouseButton.MiddleButton


@pytest.fixture
def board(qtbot, library, tmp_path):
    """Twelve units of 20 at whole-table zoom, a line of sight from unit 7 to unit 2."""
    return open_board(qtbot, library, tmp_path, crowded(library), "board")


def wheel(view, at: QPoint, notches: int) -> None:
    """Turn the mouse wheel ``notches`` at ``at`` (viewport pixels), no button pressed."""
    event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def press_and_drag(board, steps: int = 3) -> QPoint:
    """Press on the shooter's first model and drag it ``steps`` moves; where the mouse is."""
    model = board.document.scenario.model("u7-0")[1]
    at = board.view.mapFromScene(QPointF(model.x, model.y))
    viewport = board.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, at + QPoint(2 * k, 9 * k))
        settle(board)
    assert board.scene.dragging
    return at + QPoint(2 * steps, 9 * steps)


def covered(board) -> list[tuple[str, tuple[float, ...]]]:
    """What the line of sight's labels cover on screen: a model or another label."""
    mine = [tuple(round(v, 3) for v in box) for box, _ in boxes(board)]
    found = label_overlaps(board.scene, board.view.viewportTransform())
    return [(kind, other) for kind in ("label/label", "label/model")
            for a, other in found[kind] if tuple(round(v, 3) for v in a) in mine]


def test_a_zoom_in_a_drag_lays_the_labels_out_for_the_new_page_and_holds_them(board):
    view, viewport = board.view, board.view.viewport()
    item = board.shooting.sight.item
    here = press_and_drag(board)
    scale = view.scale_factor
    wheel(view, here, 2)  # the button still held
    settle(board)
    assert view.scale_factor == pytest.approx(scale * 1.25**2)
    assert board.scene.dragging
    page = page_of(view)
    assert item.overlay.page == page and item.overlay.current
    zoomed = boxes(board)
    assert len(zoomed) == 2
    for (left, top, right, bottom), text in zoomed:  # drawn at its size, not the old page's
        _, width, height = measure_label("label", text)
        assert (right - left, bottom - top) == pytest.approx((width, height))
    # laid out among the models where the drag has them, and the board's labels
    assert covered(board) == []
    # held from there: the next moves lay nothing out, the verdict stays, the name follows
    computed = view.label_layout.computed
    QTest.mouseMove(viewport, here + QPoint(4, 3))
    settle(board)
    held = dict((text, box) for box, text in boxes(board))
    for box, text in zoomed:
        if text.startswith("Unit 7"):
            assert (held[text][0] - box[0], held[text][1] - box[1]) == pytest.approx((4, 3))
        else:
            assert held[text] == pytest.approx(box)
    assert view.label_layout.computed == computed
    QTest.mouseMove(viewport, here)
    settle(board)
    QTest.mouseRelease(viewport, Left, Shift, here)  # dropped where it was zoomed
    settle(board)
    assert not board.scene.dragging and view.label_layout.computed > computed
    dropped = boxes(board)  # laid out at rest: what the zoom in the drag showed
    assert [text for _, text in dropped] == [text for _, text in zoomed]
    for (box, _), (was, _) in zip(dropped, zoomed, strict=True):
        assert box == pytest.approx(was, abs=1e-6)


def held_inches(item) -> dict[str, tuple[float, float, float, float]]:
    """The line of sight's labels drawn now, by text: their boxes in table inches."""
    shown = [p.text for p in item.overlay.placed if p.shown]
    return {text: (rect.left(), rect.top(), rect.right(), rect.bottom())
            for text, rect in zip(shown, item.shown_label_rects(), strict=True)}


def test_a_scroll_in_a_drag_moves_the_held_labels_with_the_page(board):
    view, viewport = board.view, board.view.viewport()
    item = board.shooting.sight.item
    view.zoom_by(1.25**2)  # room to scroll
    settle(board)
    here = press_and_drag(board)
    before, page = held_inches(item), page_of(view)
    dragged = board.scene.model_item("u7-0")
    was = dragged.pos()
    computed = view.label_layout.computed
    QTest.mousePress(viewport, Middle, Shift, here)  # the left button still held: a pan
    QTest.mouseMove(viewport, here + QPoint(-40, -30))
    QTest.mouseRelease(viewport, Middle, Shift, here + QPoint(-40, -30))
    settle(board)
    assert board.scene.dragging
    assert page_of(view).transform[:4] == page.transform[:4]  # the same zoom,
    assert page_of(view).transform[4:] != page.transform[4:]  # scrolled
    assert item.overlay.page == page_of(view)
    moved = dragged.pos() - was  # the unit stays under the pointer: it moved on the table
    after = held_inches(item)
    assert after.keys() == before.keys()
    for text, box in before.items():  # the verdict where it was on the table, the name
        dx, dy = (moved.x(), moved.y()) if text.startswith("Unit 7") else (0.0, 0.0)
        assert after[text] == pytest.approx((box[0] + dx, box[1] + dy, box[2] + dx,
                                             box[3] + dy), abs=1e-6)  # with its unit
    assert view.label_layout.computed == computed  # moved with the page, not laid out
