"""The models at rest are drawn by one layer: what the player sees must be what the items show.

Each test acts through the real window (mouse drags, clicks, keys, the wheel; a peer's edit
through the document), then compares the window's own pixels, as its repaints left them, with
the board drawn afresh: a part of the board that a move, a selection or a restyle forgot to
repaint still shows the old picture there. The layer's pictures are checked against the
models' own drawing, and exports against vectors.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem

from board.document.changes import Change
from board.view.commands import ApplyChangeCommand
from board.view.overview.items import SeenMarksItem
from board.view.window import MainWindow
from tests.board.qt_helpers import Left, NoMod
from tests.board.test_backdrop import (
    differing,
    drawn_again,
    on_screen,
    open_crowded,
    press_unit,
    settle,
)

Shift = Qt.KeyboardModifier.ShiftModifier
Ctrl = Qt.KeyboardModifier.ControlModifier
NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


@pytest.fixture
def board(qtbot, library, tmp_path):
    return open_crowded(qtbot, library, tmp_path)


def as_seen_is_as_drawn(win: MainWindow, what: str) -> None:
    assert differing(on_screen(win), drawn_again(win)) == 0, f"stale pixels after {what}"


def colour_at(image: QImage, win: MainWindow, x: float, y: float) -> QColor:
    return image.pixelColor(win.view.mapFromScene(QPointF(x, y)))


def base_colour(win: MainWindow, image: QImage, model_id: str) -> QColor:
    """The colour a third of the way down from the base's centre (clear of the facing tick)."""
    model = win.document.scenario.model(model_id)[1]
    return colour_at(image, win, model.x, model.y + model.base.length_in / 6)


def test_every_model_at_rest_is_drawn_by_the_layer_in_its_sides_colour(board):
    scene = board.scene
    items = scene.model_items()
    assert len(scene.model_layer) == len(items) == 240
    assert all(item.flags() & NO_CONTENTS for item in items.values())
    seen = on_screen(board)
    for model_id in ("u0-0", "u1-7", "u6-19", "u11-12"):
        colour = base_colour(board, seen, model_id)
        red = model_id.split("-")[0] in ("u0", "u6")
        assert (colour.red() > 150 and colour.blue() < 100) if red else (
            colour.blue() > 150 and colour.red() < 100), (model_id, colour.name())
    # The models drawing themselves show the same colours at the same places.
    for item in items.values():
        item.set_layer(None)
    settle()
    assert len(scene.model_layer) == 0
    own = drawn_again(board)
    for model_id in items:
        assert base_colour(board, own, model_id) == base_colour(board, seen, model_id)


def test_a_unit_dragged_then_undone_and_redone_leaves_no_trace(board):
    start_y = board.document.scenario.model("u7-0")[1].y
    at = press_unit(board, "u7-0")
    for k in range(1, 6):
        QTest.mouseMove(board.view.viewport(), at + QPoint(3 * k, 12 * k))
    QTest.mouseRelease(board.view.viewport(), Left, Shift, at + QPoint(15, 60))
    settle()
    moved = board.document.scenario.model("u7-0")[1]
    assert moved.y > start_y + 2.0
    # The unit chosen, the rings of who it sees are drawn too, only where repainted.
    marks = next(i for i in board.scene.items() if isinstance(i, SeenMarksItem))
    assert len(marks.marks) > 20
    as_seen_is_as_drawn(board, "the drop")
    QTest.mouseClick(board.view.viewport(), Left, NoMod, QPoint(4, 4))  # off the table
    settle()
    assert board.scene.model_item("u7-0").drawn_by_layer
    as_seen_is_as_drawn(board, "the selection cleared")
    seen = on_screen(board)
    assert base_colour(board, seen, "u7-0").blue() > 150  # blue where it stands now
    QTest.keyClick(board.view.viewport(), Qt.Key.Key_Z, Ctrl)
    settle()
    assert board.document.scenario.model("u7-0")[1].y == pytest.approx(start_y)
    as_seen_is_as_drawn(board, "the undo")
    QTest.keyClick(board.view.viewport(), Qt.Key.Key_Y, Ctrl)
    settle()
    as_seen_is_as_drawn(board, "the redo")


def test_a_selected_model_draws_itself_and_goes_back_when_let_go(board):
    model = board.document.scenario.model("u2-6")[1]
    before = on_screen(board)
    QTest.mouseClick(board.view.viewport(), Left, NoMod,
                     board.view.mapFromScene(QPointF(model.x, model.y)))
    settle()
    item = board.scene.model_item("u2-6")
    assert item.isSelected() and not item.drawn_by_layer
    assert not item.flags() & NO_CONTENTS
    assert item not in board.scene.model_layer
    as_seen_is_as_drawn(board, "the selection")
    assert differing(before, on_screen(board)) > 0  # its selection ring is drawn
    QTest.mouseClick(board.view.viewport(), Left, NoMod, QPoint(4, 4))
    settle()
    assert item.drawn_by_layer
    as_seen_is_as_drawn(board, "the selection cleared")


def test_zoom_and_scroll_draw_the_layer_at_the_new_scale(board):
    viewport = board.view.viewport()
    model = board.document.scenario.model("u4-10")[1]
    at = board.view.mapFromScene(QPointF(model.x, model.y))
    QTest.mouseClick(viewport, Left, Shift, at)  # the unit chosen: the rings of who it sees
    settle()
    marks = next(i for i in board.scene.items() if isinstance(i, SeenMarksItem))
    assert len(marks.marks) > 20
    for _ in range(3):
        QTest.mouseMove(viewport, at)
        board.view.zoom_by(1.25, at)
    settle()
    as_seen_is_as_drawn(board, "zooming in")
    board.view.verticalScrollBar().setValue(board.view.verticalScrollBar().value() + 37)
    board.view.horizontalScrollBar().setValue(board.view.horizontalScrollBar().value() - 23)
    settle()
    as_seen_is_as_drawn(board, "scrolling")
    assert base_colour(board, on_screen(board), "u4-10").red() > 150



def test_a_few_pixels_repainted_across_a_ring_draw_its_part_there(board):
    # The layer and the rings of who sees whom draw only what reaches into the part of the
    # view repainted (a name or a tooltip gone from over it): a ring or a base cut by its
    # edge is drawn there all the same.
    viewport = board.view.viewport()
    model = board.document.scenario.model("u4-10")[1]
    QTest.mouseClick(viewport, Left, Shift, board.view.mapFromScene(QPointF(model.x, model.y)))
    settle()
    marks = next(i for i in board.scene.items() if isinstance(i, SeenMarksItem))
    assert len(marks.marks) > 20
    on_screen(board)
    for x, y, r, _ in marks.marks[::7]:
        rim = board.view.mapFromScene(QPointF(x + r + 0.15, y))
        viewport.repaint(QRect(rim.x() - 3, rim.y() - 5, 7, 10))
        base = board.view.mapFromScene(QPointF(x + r * 0.5, y + r * 0.5))
        viewport.repaint(QRect(base.x(), base.y(), 6, 6))
    as_seen_is_as_drawn(board, "repaints across rings and bases")

def test_a_deleted_model_leaves_the_table_and_comes_back_on_undo(board):
    model = board.document.scenario.model("u5-9")[1]
    QTest.mouseClick(board.view.viewport(), Left, NoMod,
                     board.view.mapFromScene(QPointF(model.x, model.y)))
    settle()
    QTest.keyClick(board.view.viewport(), Qt.Key.Key_Delete)
    settle()
    assert not any(m.id == "u5-9" for u in board.document.scenario.units for m in u.models)
    as_seen_is_as_drawn(board, "the deletion")
    colour = colour_at(on_screen(board), board, model.x, model.y + model.base.length_in / 6)
    assert not (colour.blue() > 150 and colour.red() < 100)  # the table shows there
    QTest.keyClick(board.view.viewport(), Qt.Key.Key_Z, Ctrl)
    settle()
    assert board.scene.model_item("u5-9") in board.scene.model_layer
    as_seen_is_as_drawn(board, "the undo")


def test_a_peers_edit_of_a_units_side_repaints_its_models_in_the_new_colour(board):
    # Another player's edit arrives as a document change: the items are restyled, and the
    # layer must repaint them though none of them was touched by this player's mouse.
    unit = next(u for u in board.document.scenario.units if u.id == "unit-3")
    assert unit.side == "blue"
    board.undo_stack.push(ApplyChangeCommand(
        board.document, Change(units={unit.id: dataclasses.replace(unit, side="red")}),
        "Change side"))
    settle()
    assert base_colour(board, on_screen(board), "u3-0").red() > 150
    as_seen_is_as_drawn(board, "the change of side")


def test_exports_draw_every_base_as_a_shape_not_a_picture(board, tmp_path):
    out = tmp_path / "board.svg"
    board.exporter.export_to(out)
    text = out.read_text(encoding="utf-8")
    assert "<image" not in text
    # Each red base is filled with its side's colour (Qt writes one fill per shape).
    assert len(re.findall(r'fill="#c62828"', text)) >= 120



def largest_difference(first: QImage, second: QImage) -> int:
    """The largest difference of a colour channel between the two pictures' pixels."""
    worst = 0
    for x in range(first.width()):
        for y in range(first.height()):
            if first.pixel(x, y) != second.pixel(x, y):
                a, b = QColor(first.pixel(x, y)), QColor(second.pixel(x, y))
                worst = max(worst, abs(a.red() - b.red()), abs(a.green() - b.green()),
                            abs(a.blue() - b.blue()))
    return worst


def test_zoomed_out_a_cells_models_copied_as_one_picture_look_as_copied_one_by_one(
        board, monkeypatch):
    from board.view.items import model_layer

    assert board.view.scale_factor <= model_layer.TILE_SCALE  # the whole table in view
    tiles = drawn_again(board)
    monkeypatch.setattr(model_layer, "TILE_SCALE", 0.0)
    one_by_one = drawn_again(board)
    assert differing(tiles, one_by_one) > 0  # the two ways were both taken
    assert largest_difference(tiles, one_by_one) <= 1  # blended twice, not once: rounding


def test_the_layer_keeps_only_the_pictures_of_the_zoom_shown(board):
    # Zoomed in close a hull's picture takes megabytes: each zoom lets go of the last one's.
    layer = board.scene.model_layer
    for step in (1.6, 1.6, 1.6, 1 / 1.6, 1 / 1.6):
        board.view.zoom_by(step)
        drawn_again(board)
    scale = board.view.scale_factor * board.view.viewport().devicePixelRatioF()
    made = {key[-2] for key in layer._sprites}  # noqa: SLF001 - what the layer holds
    assert len(made) == 1 and made.pop() == pytest.approx(scale)
