"""How an overlay's labels are measured, wrapped, pictured and drawn (screen pixels).

Where they go is laid out by :func:`board.game.core.label_layout.place_labels` (from the
:class:`~board.view.measure.overlay_item.OverlayItem`); here they are sized in their font,
their long lines broken between words, drawn (a rounded box of the label's colour, the text
in it, a leader line from a moved label's anchor) and kept as pictures for a drag to draw
again.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPen, QPixmap

from board.game.core.label_layout import LabelBox
from board.view import style
from board.view.items.label_text import (
    WRAP_PX,
    _size,
    label_metrics,
    measure_label,
)
from board.view.items.label_text import _wrapped as _wrapped  # (where they were found)
from board.view.items.label_text import _wrapped_text as _wrapped_text
from board.view.measure.sketch import HALO, Label, _pen

__all__ = ["WRAP_PX", "LABEL_PICTURES", "label_metrics", "label_boxes", "measure_label"]


def _request(metrics: QFontMetricsF, at: QPointF, label: Label) -> LabelBox:
    width, height = _size(metrics, label.text)
    return LabelBox((at.x(), at.y()), width, height, label.priority, label.dy)


def _draw_leaders(painter: QPainter, labels: list[tuple[QPointF, Label]], boxes: list[QRectF],
                  leaders: list[bool]) -> None:
    """A thin line from each moved label's anchor to the nearest point of its box."""
    for (at, label), box, leader in zip(labels, boxes, leaders, strict=True):
        if not leader:
            continue
        end = QPointF(min(max(at.x(), box.left()), box.right()),
                      min(max(at.y(), box.top()), box.bottom()))
        painter.setPen(_pen(HALO, 3.0))
        painter.drawLine(at, end)
        painter.setPen(_pen(label.colour.lighter(180), 1.5))
        painter.drawLine(at, end)


#: Labels drawn on screen are kept as pictures, this many at most: drawing a kept picture
#: costs a fifth of laying out and drawing the text again (the line-of-sight labels of a unit
#: of 20 are drawn again on every move of a drag).
LABEL_PICTURES = 512


_pictures: OrderedDict[tuple[str, int, float, float, float], QPixmap] = OrderedDict()


def _label_picture(label: Label, box: QRectF, ratio: float) -> QPixmap:
    """``label`` drawn in a box of ``box``'s size, kept for the next time it is asked for."""
    key = (label.text, label.colour.rgba(), round(box.width(), 2), round(box.height(), 2),
           ratio)
    found = _pictures.get(key)
    if found is not None:
        _pictures.move_to_end(key)
        return found
    pixmap = QPixmap(math.ceil(box.width() * ratio), math.ceil(box.height() * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    drawing = QPainter(pixmap)
    drawing.setRenderHints(QPainter.RenderHint.Antialiasing
                           | QPainter.RenderHint.TextAntialiasing)
    _draw_label(drawing, QRectF(0.0, 0.0, box.width(), box.height()), label)
    drawing.end()
    _pictures[key] = pixmap
    if len(_pictures) > LABEL_PICTURES:
        _pictures.popitem(last=False)
    return pixmap


def _draw_label(painter: QPainter, box: QRectF, label: Label) -> None:
    painter.setFont(style.label_font(8.5, bold=True))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(label.colour)
    painter.drawRoundedRect(box, 3.0, 3.0)
    painter.setPen(QPen(style.LABEL_TEXT))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label.text)


def _draw_labels(painter: QPainter, labels: list[tuple[QPointF, Label]],
                 boxes: list[QRectF], exposed: QRectF | None = None, kept: bool = False,
                 ) -> list[tuple[QRectF, Label]]:
    """Draw each label in its box (device pixels); return the boxes with their labels.

    Only the labels that meet ``exposed`` (device pixels) are drawn: the rest would be
    clipped away, after laying out their text. ``kept``: draw kept pictures of the labels,
    at whole pixels (on screen; an export draws the text itself).
    """
    ratio = painter.device().devicePixelRatioF() if kept else 1.0
    for box, (_, label) in zip(boxes, labels, strict=True):
        if exposed is not None and not exposed.intersects(box):
            continue
        if kept:
            painter.drawPixmap(QPointF(round(box.x()), round(box.y())),
                               _label_picture(label, box, ratio))
        else:
            _draw_label(painter, box, label)
    return [(box, label) for box, (_, label) in zip(boxes, labels, strict=True)]


def label_boxes(metrics: QFontMetricsF, labels: list[tuple[QPointF, Label]],
                placed: list[QRectF] | None = None) -> list[QRectF]:
    """Each label's box in screen pixels; a box that would cover an earlier one moves up above it.

    ``placed`` are the boxes of labels before these (returned first). A box only moves up, so
    only the earlier boxes it overlaps sideways can ever be in its way.
    """
    placed = list(placed or [])
    for at, label in labels:
        lines = label.text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 8.0
        height = metrics.height() * len(lines) + 4.0
        box = QRectF(at.x() - width / 2, at.y() + label.dy - height / 2, width, height)
        column = [o for o in placed if o.left() < box.right() and o.right() > box.left()]
        hits = [o for o in column if box.intersects(o)]
        while hits:
            box.moveBottom(min(o.top() for o in hits) - 1.0)
            hits = [o for o in column if box.intersects(o)]
        placed.append(box)
    return placed
