"""Captions an overlay draws where the board's layout model put them (zones, objectives).

:class:`LaidOutCaptions` is the part two overlays share: the item says its captions when they
change (:meth:`LaidOutCaptions.show_captions`, from its ``label_requests``); the board's
layout places them on its Qt-free model; the item draws each shown caption in a rounded box.
It says whether they lie under the models (``labels_under``) and the pen of each box's edge
(:meth:`LaidOutCaptions.caption_pen`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from board.game.core.board_layout import LabelRequest
from board.view import style
from board.view.items.label_text import caption_font
from board.view.items.passive_item import LaysOutLabels
from board.view.layout import from_page

__all__ = ["LaidOutCaptions"]


class LaidOutCaptions(LaysOutLabels):
    """An overlay's captions, placed by the layout model and drawn in boxes."""

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Its captions as the layout model is asked for them (table inches)."""
        raise NotImplementedError

    def show_captions(self) -> None:
        """Its captions changed: laid out again before the next paint."""
        self.show_labels(self.label_requests())

    def caption_pen(self, text: str) -> QPen:
        """The edge of the box of the caption ``text`` (none by default)."""
        return QPen(Qt.PenStyle.NoPen)

    def paint_captions(self, painter: QPainter) -> None:
        """Draw every caption shown where the layout placed it (none before it has)."""
        model = self.overlay
        if model.page is None or not model.current:
            return
        painter.save()
        painter.setWorldTransform(from_page(model.page, painter.worldTransform()))
        painter.setFont(caption_font())
        for spot in model.placed:
            if not spot.shown:
                continue
            box = QRectF(QPointF(spot.box[0], spot.box[1]), QPointF(spot.box[2], spot.box[3]))
            painter.setPen(self.caption_pen(spot.text))
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(style.LABEL_TEXT)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, spot.text)
        painter.restore()
