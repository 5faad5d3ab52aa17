"""Captions an overlay draws where the board's layout model put them (zones, objectives).

:class:`LaidOutCaptions` is the part two overlays shared word for word: it keeps the page and
places it was handed (:meth:`set_layout`), asks again when its captions changed, lays them out
alone when nobody handed it a layout, and draws each shown caption in a rounded box. The item
says what its captions are (``label_requests``), whether they lie under the models
(``labels_under``) and the pen of each box's edge (:meth:`caption_pen`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen, QTransform
from PySide6.QtWidgets import QWidget

from board.game.core.board_layout import (
    BoardFacts,
    OverlayLabels,
    Page,
    PageLayout,
    PlacedLabel,
    lay_out,
)
from board.view import style
from board.view.items.label_text import caption_font, measure_label
from board.view.items.passive_item import LaysOutLabels
from board.view.layout import from_page, page_for, page_transform

__all__ = ["LaidOutCaptions"]


class LaidOutCaptions(LaysOutLabels):
    """An overlay's captions, placed by the layout model and drawn in boxes."""

    #: Whether its captions lie under the models and buildings (see :class:`OverlayLabels`).
    labels_under = False
    _given: tuple[Page, list[PlacedLabel]] | None = None
    _ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]] | None = None

    update: Callable[[], None]  # the item's own (QGraphicsItem.update)

    def caption_pen(self, text: str) -> QPen:
        """The edge of the box of the caption ``text`` (none by default)."""
        return QPen(Qt.PenStyle.NoPen)

    def set_layout(self, laid: PageLayout, placed: list[PlacedLabel],
                   ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]]) -> None:
        """Where the captions go on the view's page (:mod:`board.view.layout`)."""
        if self._given is None or self._given[1] != placed:
            self.update()
        self._given = (laid.page, placed)
        self._ask = ask

    def paint_captions(self, painter: QPainter, widget: QWidget | None) -> None:
        """Draw every shown caption; note where (``painted_labels``, scene inches)."""
        view = painter.worldTransform()  # the item stands at the origin: scene to device
        page, placed = self._placed(view, widget)
        painter.save()
        painter.setWorldTransform(from_page(page, view))
        painter.setFont(caption_font())
        drawn = []
        for spot in placed:
            if not spot.shown:
                continue
            box = QRectF(QPointF(spot.box[0], spot.box[1]), QPointF(spot.box[2], spot.box[3]))
            drawn.append(box)
            painter.setPen(self.caption_pen(spot.text))
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(style.LABEL_TEXT)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, spot.text)
        painter.restore()
        back, invertible = page_transform(page).inverted()
        self.painted_labels = [back.mapRect(box) for box in drawn] if invertible else []

    def _placed(self, view: QTransform, widget: QWidget | None,
                ) -> tuple[Page, list[PlacedLabel]]:
        """The page and the captions on it: as handed, asked again, or laid out alone."""
        asked = self.label_requests()
        texts = [request.text for request in asked]
        if self._given is None or [p.text for p in self._given[1]] != texts:
            if self._ask is not None:
                laid, placed = self._ask()
                self._given = (laid.page, placed)
        if self._given is not None and [p.text for p in self._given[1]] == texts:
            return self._given
        page = page_for(view, widget)
        laid = lay_out(page, BoardFacts(),
                       [OverlayLabels(id(self), asked, under=self.labels_under)], measure_label)
        return page, laid.overlays[id(self)]
