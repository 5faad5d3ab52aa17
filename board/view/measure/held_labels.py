"""An overlay's labels while models are dragged: the layout held, still leaders drawn as pictures.

At rest an overlay lays its labels out among every model, symbol and label on the board
(:func:`board.game.core.label_layout.place_labels`). On a crowded table that takes tens of
milliseconds, and a drag repaints on every mouse move. While the select tool drags
(``BoardScene.dragging``) an :class:`~board.view.measure.overlay_item.OverlayItem` therefore
holds its layout (:func:`held_layout`): each label keeps the box it was given, moved as far as
its anchor moved; only a label it has not laid out before is placed, around the held ones. The
leader lines that did not move between two paints are drawn from a picture each
(:class:`StillLabels`): a unit's twenty antialiased leaders cost milliseconds to draw, their
pictures a tenth of that; each label is drawn from its own kept picture.

When the drag ends the item is painted again and lays its labels out among the board's items,
exactly as if there had been no drag (``tests/board/test_held_labels.py`` checks both).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

if TYPE_CHECKING:
    from board.view.measure.overlay_item import Label

__all__ = ["LaidFor", "held_layout", "StillLabels"]

#: What a label was laid out for: its anchor (pixels), text and offset.
LaidFor = tuple[float, float, str, float]

Anchored = Sequence[tuple[QPointF, "Label"]]


def held_layout(last: Sequence[LaidFor], boxes: Sequence[QRectF], leaders: Sequence[bool],
                anchored: Anchored,
                place: Callable[[list[int], list[QRectF]], list[tuple[QRectF, bool]]],
                ) -> tuple[list[QRectF], list[bool]]:
    """The boxes of ``anchored`` during a drag, from the last layout (``last``, ``boxes``).

    A label with the same text and offset as the one laid out at its place in the list keeps
    that box, shifted as far as its anchor moved, and its leader line. ``place(new, kept)``
    lays out the others (their indices) around the kept boxes.

    >>> from board.view.measure.overlay_item import Label
    >>> held, _ = held_layout([(10.0, 10.0, "a", 0.0)], [QRectF(0, 0, 20, 10)], [True],
    ...                       [(QPointF(15, 12), Label(QPointF(), "a", dy=0.0))],
    ...                       lambda new, kept: [])
    >>> held[0].getRect()
    (5.0, 2.0, 20.0, 10.0)
    """
    found: list[QRectF | None] = []
    lines: list[bool] = []
    for k, (at, label) in enumerate(anchored):
        if k < len(last) and last[k][2:] == (label.text, label.dy):
            found.append(boxes[k].translated(at.x() - last[k][0], at.y() - last[k][1]))
            lines.append(leaders[k])
        else:
            found.append(None)
            lines.append(False)
    new = [k for k, box in enumerate(found) if box is None]
    if new:
        for k, (box, leader) in zip(new, place(new, [b for b in found if b is not None]),
                                    strict=True):
            found[k], lines[k] = box, leader
    return [box for box in found if box is not None], lines


#: Draws labels with their boxes and leader flags on a painter (device pixels).
DrawLabels = Callable[[QPainter, list[tuple[QPointF, "Label"]], list[QRectF], list[bool]], None]

#: Draws labels in their boxes (device pixels), those that meet the part given only.
DrawBoxes = Callable[[QPainter, list[tuple[QPointF, "Label"]], list[QRectF], QRectF | None],
                     object]

_Key = tuple[float, float, float, float, float, float, str, int, float, bool]


class StillLabels:
    """Labels in a drag: each leader line that stood still since the last paint from a picture.

    ``draw_leaders(painter, labels, boxes, leaders)`` draws leader lines and
    ``draw_labels(painter, labels, boxes, exposed)`` labels (device pixels; a label is drawn
    from a kept picture of it already). A leader line is antialiased over a dark halo, and
    a unit's twenty of them cost milliseconds a paint: a leader that did not move since the
    last paint is drawn once into a picture of its own, a few pixels around the line, and
    that picture is drawn after. Every leader is drawn before every label, as at rest.
    One picture of all the still labels was tried first: their leaders spread it over half
    the table (865 × 577 pixels), it took 5-27 ms to make twice a drag and 0.5 ms to blend
    on every move.
    """

    def __init__(self, draw_leaders: DrawLabels, draw_labels: DrawBoxes) -> None:
        self._draw_leaders = draw_leaders
        self._draw_labels = draw_labels
        self._last: set[_Key] = set()
        self._pictures: dict[_Key, tuple[QPixmap, QPointF]] = {}
        #: How many leader pictures were drawn (tests count them against paints).
        self.drawn = 0

    def clear(self) -> None:
        """Forget the pictures (the drag ended)."""
        self._last, self._pictures = set(), {}

    def paint(self, painter: QPainter, anchored: Anchored, boxes: list[QRectF],
              leaders: list[bool], exposed: QRectF | None = None) -> None:
        """Draw the leader lines (the still ones from their pictures), then the labels.

        ``exposed`` (device pixels): the part being painted; what lies outside it is not
        drawn.
        """
        keys = [_key(at, label, box, leader)
                for (at, label), box, leader in zip(anchored, boxes, leaders, strict=True)]
        last, self._last = self._last, set(keys)
        pictures = {key: found for key, found in self._pictures.items() if key in self._last}
        for k, key in enumerate(keys):
            if not leaders[k]:
                continue
            if key in last:  # stood still: from its picture
                found = pictures.get(key)
                if found is None:
                    found = pictures[key] = self._take(painter, anchored[k], boxes[k])
                picture, origin = found
                if exposed is None or exposed.intersects(
                        QRectF(origin, picture.deviceIndependentSize())):
                    painter.drawPixmap(origin, picture)
            else:
                self._draw_leaders(painter, [anchored[k]], [boxes[k]], [True])
        self._pictures = pictures
        self._draw_labels(painter, list(anchored), boxes, exposed)

    def _take(self, painter: QPainter, anchored: tuple[QPointF, Label],
              box: QRectF) -> tuple[QPixmap, QPointF]:
        """Draw the picture of one leader line: its box, a few pixels more for the halo."""
        at = anchored[0]
        end = QPointF(min(max(at.x(), box.left()), box.right()),
                      min(max(at.y(), box.top()), box.bottom()))
        area = QRectF(at, end).normalized().adjusted(-4.0, -4.0, 4.0, 4.0)
        left, top = math.floor(area.left()), math.floor(area.top())
        width, height = math.ceil(area.right()) - left, math.ceil(area.bottom()) - top
        ratio = painter.device().devicePixelRatioF()
        picture = QPixmap(max(1, math.ceil(width * ratio)), max(1, math.ceil(height * ratio)))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        drawing = QPainter(picture)
        drawing.setRenderHint(QPainter.RenderHint.Antialiasing)
        drawing.translate(-left, -top)
        self._draw_leaders(drawing, [anchored], [box], [True])
        drawing.end()
        self.drawn += 1
        return picture, QPointF(left, top)


def _key(at: QPointF, label: Label, box: QRectF, leader: bool) -> _Key:
    return (at.x(), at.y(), box.left(), box.top(), box.right(), box.bottom(), label.text,
            label.colour.rgba(), label.dy, leader)
