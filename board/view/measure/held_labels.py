"""An overlay's labels while models are dragged: the layout held, still labels drawn as one picture.

At rest an overlay lays its labels out among every model, symbol and label on the board
(:func:`board.game.core.label_layout.place_labels`). On a crowded table that takes tens of
milliseconds, and a drag repaints on every mouse move. While the select tool drags
(``BoardScene.dragging``) an :class:`~board.view.measure.overlay_item.OverlayItem` therefore
holds its layout (:func:`held_layout`): each label keeps the box it was given, moved as far as
its anchor moved; only a label it has not laid out before is placed, around the held ones. The
labels that did not move between two paints, and their leader lines, are drawn from one
picture (:class:`StillLabels`): a unit's twenty labels with their leaders cost milliseconds
to draw, the picture a twentieth of that.

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

_Key = tuple[float, float, float, float, float, float, str, int, float, bool]


class StillLabels:
    """The labels that stood still since the last paint of a drag, drawn as one picture.

    ``draw(painter, labels, boxes, leaders)`` draws leader lines and labels (device pixels);
    it draws the picture once, and each label that moved, every paint.
    """

    def __init__(self, draw: DrawLabels) -> None:
        self._draw = draw
        self._last: set[_Key] = set()
        self._key: tuple[_Key, ...] | None = None
        self._picture: QPixmap | None = None
        self._origin = QPointF()
        #: How many pictures were drawn (tests count them against paints).
        self.drawn = 0

    def clear(self) -> None:
        """Forget the picture (the drag ended)."""
        self._last, self._key, self._picture = set(), None, None

    def remember(self, anchored: Anchored, boxes: list[QRectF], leaders: list[bool]) -> None:
        """The labels as painted at rest: those the first paint of a drag finds unchanged.

        They stood still since that paint, so the first paint of a drag already draws them
        as one picture (which the second blends), instead of drawing them one by one and
        making the picture at the second paint: one costly paint a drag, not two.
        """
        self._last = {_key(at, label, box, leader)
                      for (at, label), box, leader in zip(anchored, boxes, leaders, strict=True)}

    def paint(self, painter: QPainter, anchored: Anchored, boxes: list[QRectF],
              leaders: list[bool], exposed: QRectF | None = None) -> None:
        """Draw the labels: the still ones from the picture, the others one by one.

        ``exposed`` (device pixels): the part being painted; only that part of the picture
        is drawn (blending all of it would cost more than drawing the labels).
        """
        keys = [_key(at, label, box, leader)
                for (at, label), box, leader in zip(anchored, boxes, leaders, strict=True)]
        still = [k for k, key in enumerate(keys) if key in self._last]
        self._last = set(keys)
        if still:
            key = tuple(keys[k] for k in still)
            if key != self._key:
                self._take(painter, [anchored[k] for k in still], [boxes[k] for k in still],
                           [leaders[k] for k in still])
                self._key = key
            assert self._picture is not None
            self._blit(painter, exposed)
        moving = [k for k in range(len(keys)) if k not in set(still)]
        self._draw(painter, [anchored[k] for k in moving], [boxes[k] for k in moving],
                   [leaders[k] for k in moving])

    def _blit(self, painter: QPainter, exposed: QRectF | None) -> None:
        assert self._picture is not None
        ratio = self._picture.devicePixelRatio()
        whole = QRectF(self._origin, self._picture.deviceIndependentSize())
        part = whole if exposed is None else whole.intersected(exposed)
        if part.isEmpty():
            return
        left, top = math.floor(part.left()), math.floor(part.top())
        part = QRectF(left, top, math.ceil(part.right()) - left, math.ceil(part.bottom()) - top)
        source = part.translated(-self._origin.x(), -self._origin.y())
        painter.drawPixmap(part, self._picture, QRectF(source.x() * ratio, source.y() * ratio,
                                                       source.width() * ratio,
                                                       source.height() * ratio))

    def _take(self, painter: QPainter, anchored: Anchored, boxes: list[QRectF],
              leaders: list[bool]) -> None:
        """Draw the picture of the still labels and their leader lines."""
        area = QRectF()
        for (at, _), box, leader in zip(anchored, boxes, leaders, strict=True):
            area = area.united(box)
            if leader:
                area = area.united(QRectF(at, at).adjusted(-1.0, -1.0, 1.0, 1.0))
        area.adjust(-4.0, -4.0, 4.0, 4.0)  # the leaders' halo
        left, top = math.floor(area.left()), math.floor(area.top())
        width, height = math.ceil(area.right()) - left, math.ceil(area.bottom()) - top
        ratio = painter.device().devicePixelRatioF()
        picture = QPixmap(max(1, math.ceil(width * ratio)), max(1, math.ceil(height * ratio)))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        drawing = QPainter(picture)
        drawing.setRenderHint(QPainter.RenderHint.Antialiasing)
        drawing.translate(-left, -top)
        self._draw(drawing, list(anchored), boxes, leaders)
        drawing.end()
        self._picture, self._origin = picture, QPointF(left, top)
        self.drawn += 1


def _key(at: QPointF, label: Label, box: QRectF, leader: bool) -> _Key:
    return (at.x(), at.y(), box.left(), box.top(), box.right(), box.bottom(), label.text,
            label.colour.rgba(), label.dy, leader)
