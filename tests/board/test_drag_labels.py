"""An overlay's labels during a drag: kept from paint to paint, drawn as at rest.

While models are dragged an overlay holds its label layout (``test_held_labels.py``). It keeps
each label from one paint to the next and redraws only what changed: the leader lines of the
labels that stood still from one picture, a moving label's line from a picture of it alone
(board/view/measure/held_labels.py). These tests check both against the plain way: the
layout against :func:`held_layout` label for label, and the window's pixels after every move
of a real drag against the same labels drawn one by one, leader lines first, as at rest.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtTest import QTest

from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from board.view.measure.held_labels import HeldLabels, held_layout
from board.view.measure.overlay_item import Label
from board.view.sight import overlay as sight_overlay
from tests.board.qt_helpers import Left
from tests.board.test_backdrop import Shift, board, crowded, drawn_again, on_screen  # noqa: F401

SHOOTER, TARGET = "unit-7", "unit-2"


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(),
                                                                    image.bytesPerLine())
    return rows[:, :image.width() * 4].reshape(image.height(), image.width(), 4).astype(int)


def _one_by_one(win) -> QImage:
    """The board drawn afresh with the overlay's leader lines drawn one by one, no pictures."""
    still = win.shooting.sight.item._still  # noqa: SLF001
    still.kept = False
    try:
        return drawn_again(win)
    finally:
        still.kept = True


def test_every_move_of_a_drag_draws_the_labels_as_one_by_one(board, monkeypatch):  # noqa: F811
    sight = board.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, SHOOTER), UnitTarget(TARGET))
    now = [100.0]
    sight.clock = lambda: now[0]  # a new reading only where the test says,
    monkeypatch.setattr(sight_overlay, "REST_S", 3600.0)  # not when the mouse rests
    board.view.zoom_by(0.6)  # crowded: the shooter's name is pushed off its model
    on_screen(board)
    item = sight.item
    model = board.document.scenario.model("u7-0")[1]
    at = board.view.mapFromScene(QPointF(model.x, model.y))
    viewport = board.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at)
    for k in range(1, 15):
        if k in (6, 11):
            now[0] += 1.0  # the line of sight is read again at this move
        QTest.mouseMove(viewport, at + QPoint(4 * k, 9 * k))
        seen = _pixels(on_screen(board))
        shooter = item._held_labels.labels[-1]  # noqa: SLF001
        assert shooter.shown.text == "Unit 7" and shooter.leader  # a moving leader line
        apart = np.abs(seen - _pixels(_one_by_one(board))).max(axis=2)
        # A picture of lines blended in one step rounds a channel by one or two where they
        # were drawn over each other, and by more at a few pixels of their antialiased edges
        # (a faint pixel of a picture keeps little of its colour): a line or a label missing,
        # moved or stale is hundreds of pixels.
        assert (apart > 2).sum() <= 8, f"move {k}: {int((apart > 2).sum())} pixels differ"
    still = item._still  # noqa: SLF001
    assert board.view.backdrop.active
    assert still.drawn <= 3  # made once, and again only where a reading changed a label
    assert 1 <= still.moving_drawn <= 4  # the moving one's picture, kept while it moves
    QTest.mouseRelease(viewport, Left, Shift, at)


def _label(text: str, x: float, y: float) -> Label:
    return Label(QPointF(x, y), text, QColor(20, 20, 20, 200), -14.0)


def _place(requests, kept):
    """Lays new labels out in a column at the right of everything (what is placed is beside
    the point: the same for both ways)."""
    right = max((box.right() for box in kept), default=0.0)
    return [(QRectF(right + 10.0 * (k + 1), at.y(), 8.0, 4.0), True)
            for k, (at, _) in enumerate(requests)]


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_held_labels_lay_out_as_held_layout_label_for_label(qapp, zoom):
    view = QTransform.fromScale(10.0, 10.0).translate(3.0, 4.0)
    to_item = view.inverted()[0]
    labels = [_label(f"model {k}", 2.0 * k, 1.0) for k in range(5)]
    last = [(view.map(label.at).x(), view.map(label.at).y(), label.text, label.dy)
            for label in labels]
    boxes = [QRectF(view.map(label.at).x() - 20.0, 0.0, 40.0, 8.0) for label in labels]
    leaders = [k % 2 == 0 for k in range(5)]
    held = HeldLabels()

    def check(labels, transform, last, boxes, leaders):
        anchored = [(transform.map(label.at), label) for label in labels]
        want = held_layout(last, boxes, leaders, anchored,
                           lambda new, kept: _place([anchored[k] for k in new], kept))
        got = held.lay_out(labels, transform, lambda label: label, last, boxes, leaders,
                           _place, to_item)
        assert [h.box.getRect() for h in got] == [b.getRect() for b in want[0]]
        assert [h.leader for h in got] == want[1]
        return got, ([(h.at.x(), h.at.y(), h.shown.text, h.shown.dy) for h in got],
                     [h.box for h in got], [h.leader for h in got])

    first, layout = check(labels, view, last, boxes, leaders)
    # The shooter's name made anew a little further on, a new label, one made anew as it was.
    moved = [*labels[:2], _label("model 2", 4.5, 1.25), labels[3], _label("model 4", 8.0, 1.0),
             _label("new", 1.0, 1.0)]
    second, layout = check(moved, view, *layout)
    assert second[0] is first[0] and second[1] is first[1] and second[3] is first[3]
    assert second[4] is first[4]  # laid out as it was: kept, with its pictures
    assert second[2] is not first[2]  # moved
    zoomed = QTransform(view).scale(zoom, zoom)
    third, _ = check(moved, zoomed, *layout)
    assert (third[0] is second[0]) == (zoom == 1.0)  # another view: every label again


def test_a_moving_leader_line_runs_under_the_still_labels_as_at_rest(qapp):
    from board.view.measure.held_labels import StillLabels
    from board.view.measure.label_drawing import _draw_labels, _draw_leaders, _label_picture

    still_label = Label(QPointF(60.0, 10.0), "a still label\nin the way", QColor(30, 110, 40, 220))
    mover = Label(QPointF(20.0, 70.0), "Unit 7", QColor(20, 20, 20, 200))
    boxes = [QRectF(30.0, 30.0, 120.0, 30.0), QRectF(100.0, 5.0, 50.0, 16.0)]
    held = HeldLabels()
    drawing = StillLabels(_draw_leaders, _label_picture)
    drawing.remember([(QPointF(60.0, 10.0), still_label)], boxes[:1], [False])

    def paint(dx: float) -> tuple[QImage, QImage]:
        """The labels with the mover ``dx`` pixels on, held; and drawn as at rest."""
        labels = [still_label, Label(QPointF(20.0 + dx, 70.0), mover.text, mover.colour)]
        got = held.lay_out(labels, QTransform(), lambda label: label,
                           [(60.0, 10.0, still_label.text, still_label.dy),
                            (20.0 + dx, 70.0, mover.text, mover.dy)],
                           [boxes[0], boxes[1].translated(dx, 0.0)], [False, True], _place,
                           QTransform())
        images = []
        for draw in (lambda p: drawing.paint(p, got),
                     lambda p: (_draw_leaders(p, [(h.at, h.shown) for h in got],
                                              [h.box for h in got], [h.leader for h in got]),
                                _draw_labels(p, [(h.at, h.shown) for h in got],
                                             [h.box for h in got], kept=True))):
            image = QImage(200, 100, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(QColor(90, 120, 90))
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            draw(painter)
            painter.end()
            images.append(image)
        return images[0], images[1]

    for dx in (1.0, 2.0, 3.0):  # the first move draws the line, the next ones its picture
        held_image, at_rest = paint(dx)
        assert np.abs(_pixels(held_image) - _pixels(at_rest)).max() <= 2
    assert drawing.moving_drawn == 1
    # The line crosses the still label's box: drawn over it, that box would look otherwise.
    over = QImage(at_rest)
    painter = QPainter(over)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _draw_leaders(painter, [(QPointF(23.0, 70.0), mover)], [boxes[1].translated(3.0, 0.0)],
                  [True])
    painter.end()
    assert (np.abs(_pixels(over) - _pixels(at_rest)).max(axis=2) > 20).sum() > 20
