"""An overlay's labels during a drag: the layout held by the model, drawn as at rest.

While models are dragged the layout model holds an overlay's labels
(:func:`board.game.core.board_layout.hold`, ``test_held_labels.py`` for the boxes after the
drag): each label asked as before keeps its box, moved with its anchor, and a new one is
placed around them. The item draws them as at rest (leader lines, then labels), with no
bookkeeping of its own. These tests check a real drag's pixels after every move against the
board drawn afresh from every item, and the held layout label for label.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from board.game.core.board_layout import (
    BoardFacts,
    LabelRequest,
    OverlayLabels,
    Page,
    hold,
    lay_out,
)
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from board.view.sight import overlay as sight_overlay
from tests.board.qt_helpers import Left
from tests.board.test_backdrop import Shift, board, crowded, drawn_again, on_screen  # noqa: F401

SHOOTER, TARGET = "unit-7", "unit-2"


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(),
                                                                    image.bytesPerLine())
    return rows[:, :image.width() * 4].reshape(image.height(), image.width(), 4).astype(int)


def test_every_move_of_a_drag_draws_the_held_labels_as_a_fresh_drawing(board, monkeypatch):  # noqa: F811
    sight = board.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, SHOOTER), UnitTarget(TARGET))
    now = [100.0]
    sight.clock = lambda: now[0]  # a new reading only where the test says,
    monkeypatch.setattr(sight_overlay, "REST_S", 3600.0)  # not when the mouse rests
    board.view.zoom_by(0.6)  # crowded: the shooter's name is pushed off its model
    on_screen(board)
    item = sight.item
    rest = {p.text: p for p in item.overlay.placed}
    model = board.document.scenario.model("u7-0")[1]
    at = board.view.mapFromScene(QPointF(model.x, model.y))
    viewport = board.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at)
    for k in range(1, 15):
        if k in (6, 11):
            now[0] += 1.0  # the line of sight is read again at this move
        QTest.mouseMove(viewport, at + QPoint(4 * k, 9 * k))
        apart = np.abs(_pixels(on_screen(board)) - _pixels(drawn_again(board))).max(axis=2)
        assert (apart > 2).sum() == 0, f"move {k}: {int((apart > 2).sum())} pixels differ"
        held = {p.text: p for p in item.overlay.placed}
        shooter = held["Unit 7"]
        before = rest["Unit 7"]
        assert shooter.leader  # moved with its anchor, its leader line with it
        shift = (shooter.at[0] - before.at[0], shooter.at[1] - before.at[1])
        assert shift[1] > 0.0
        assert np.allclose((shooter.box[0] - before.box[0], shooter.box[1] - before.box[1]),
                           shift)
        assert [p.box for t, p in held.items() if t != "Unit 7"] == \
            [p.box for t, p in rest.items() if t != "Unit 7"]  # the targets' verdict stays
    assert board.view.backdrop.active
    QTest.mouseRelease(viewport, Left, Shift, at)


PAGE = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 600.0, 400.0))


def _measure(font: str, text: str) -> tuple[str, float, float]:
    return text, 7.0 * len(text) + 8.0, 18.0


def test_held_labels_keep_their_boxes_moved_with_their_anchors_and_new_ones_go_round():
    asked = (LabelRequest((10.0, 10.0), "Unit 7"), LabelRequest((30.0, 20.0), "verdict"))
    laid = lay_out(PAGE, BoardFacts(), [OverlayLabels("sight", asked)], _measure)
    rest = laid.overlays["sight"]
    moved = (LabelRequest((12.5, 11.0), "Unit 7"), asked[1],
             LabelRequest((12.5, 11.0), "a new one"))
    held = hold(rest, asked, moved, PAGE, _measure)
    assert held[0].box == (rest[0].box[0] + 25.0, rest[0].box[1] + 10.0,
                           rest[0].box[2] + 25.0, rest[0].box[3] + 10.0)
    assert held[1] == rest[1]
    new = held[2].box
    assert not any(new[0] < b[2] and b[0] < new[2] and new[1] < b[3] and b[1] < new[3]
                   for b in (held[0].box, held[1].box))
    again = hold(held, moved, moved, PAGE, _measure)
    assert again == held  # nothing moved: the same layout, the new one kept where it went
    renamed = (LabelRequest((12.5, 11.0), "Unit 7: 3 out"), asked[1])
    assert hold(held, moved, renamed, PAGE, _measure)[0].text == "Unit 7: 3 out"
