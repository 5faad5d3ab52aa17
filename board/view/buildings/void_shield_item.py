"""The void-shield overlay: each generator's 12" zone and every unit's standing against it.

The item draws what its ``source`` gives it at paint time (computed once per repaint while
the board changes, never per mouse move): the zones, and beside each unit a label saying
covered, partly in (not covered) or out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from board.game.core.board_layout import (
    BoardFacts,
    LabelRequest,
    OverlayLabels,
    Page,
    PageLayout,
    PlacedLabel,
    lay_out,
)
from board.view import style
from board.view.items.label_text import SHIELD_FONT, measure_label
from board.view.items.on_table import clip_to_table, table_in
from board.view.items.passive_item import LaysOutLabels, PassiveItem
from board.view.layout import from_page, page_for, page_transform

__all__ = ["UnitMark", "ShieldPicture", "VoidShieldItem", "STATUS_COLOURS"]

SHIELD_FILL = QColor(80, 170, 255, 40)
SHIELD_EDGE = QColor("#4aa3ff")
#: Label colour by coverage status.
STATUS_COLOURS = {
    "covered": QColor("#8fd0ff"),
    "partly in (not covered)": QColor("#ffb300"),
    "out": QColor("#bdbdbd"),
}
ZONE_MARGIN = 14.0


@dataclass(frozen=True)
class UnitMark:
    """A unit's label: where (the unit's centre, inches), the words, the status, the unit."""

    at: QPointF
    text: str
    status: str
    unit_id: str = ""


@dataclass(frozen=True)
class ShieldPicture:
    """The zones (one path) and the unit labels."""

    zones: QPainterPath = field(default_factory=QPainterPath)
    marks: tuple[UnitMark, ...] = ()


class VoidShieldItem(PassiveItem, LaysOutLabels):
    """Draws a :class:`ShieldPicture` taken from ``source`` when painting."""

    def __init__(self, source: Callable[[], ShieldPicture], bounds: QRectF) -> None:
        super().__init__(z=40.0, margin=ZONE_MARGIN)
        self.set_bounds(bounds)
        self._source = source
        self._font = style.label_font(8.0, True)
        self._given: tuple[Page, list[PlacedLabel]] | None = None
        self._ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]] | None = None

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        picture = self._source()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        clip_to_table(painter, table_in(self))  # the shields' area ends at the table's edge
        painter.setPen(QPen(SHIELD_EDGE, 0, Qt.PenStyle.DashLine))
        painter.setBrush(SHIELD_FILL)
        painter.drawPath(picture.zones)
        painter.restore()
        view = painter.worldTransform()  # the item stands at the origin: scene to device
        placed = self._placed(picture.marks, view, widget)
        painter.save()
        painter.setWorldTransform(from_page(placed[0], view))
        painter.setFont(self._font)
        boxes = []
        shown = [(mark, spot, QRectF(QPointF(spot.box[0], spot.box[1]),
                                     QPointF(spot.box[2], spot.box[3])))
                 for mark, spot in zip(picture.marks, placed[1], strict=True) if spot.shown]
        for mark, spot, box in shown:  # the lines first: every label is drawn over them
            if spot.leader:  # moved away from its unit: a line says whose it is
                _draw_leader(painter, QPointF(*spot.at), box,
                             STATUS_COLOURS.get(mark.status, style.LABEL_TEXT))
        for mark, _spot, box in shown:
            boxes.append(box)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3.0, 3.0)
            painter.setPen(STATUS_COLOURS.get(mark.status, style.LABEL_TEXT))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark.text)
        painter.restore()
        back, invertible = page_transform(placed[0]).inverted()
        self.painted_labels = [back.mapRect(box) for box in boxes] if invertible else []

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Each unit's mark, below its unit (the layout model places it: no Qt in the way)."""
        height = QFontMetricsF(self._font).height()
        return tuple(LabelRequest((mark.at.x(), mark.at.y()), mark.text,
                                  dy=14.0 + height / 2 + 2, font=SHIELD_FONT)
                     for mark in self._source().marks)

    def set_layout(self, laid: PageLayout, placed: list[PlacedLabel],
                   ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]]) -> None:
        """Where the marks go on the view's page (:mod:`board.view.layout`)."""
        if self._given is None or self._given[1] != placed:
            self.update()
        self._given = (laid.page, placed)
        self._ask = ask

    def _placed(self, marks: tuple[UnitMark, ...], view: QTransform, widget: QWidget | None,
                ) -> tuple[Page, list[PlacedLabel]]:
        """The page and the marks placed on it: as handed, asked again, or laid out alone."""
        asked = self.label_requests()
        if self._given is None or len(self._given[1]) != len(marks) or \
                [p.text for p in self._given[1]] != [m.text for m in asked]:
            if self._ask is not None:
                laid, placed = self._ask()
                self._given = (laid.page, placed)
        if self._given is not None and len(self._given[1]) == len(marks):
            return self._given
        page = page_for(view, widget)
        laid = lay_out(page, BoardFacts(), [OverlayLabels(id(self), asked)], measure_label)
        return page, laid.overlays[id(self)]


def _draw_leader(painter: QPainter, at: QPointF, box: QRectF, colour: QColor) -> None:
    """A thin line from a unit's mark's anchor to the nearest point of its label."""
    end = QPointF(min(max(at.x(), box.left()), box.right()),
                  min(max(at.y(), box.top()), box.bottom()))
    painter.setPen(QPen(QColor(0, 0, 0, 160), 3.0))
    painter.drawLine(at, end)
    painter.setPen(QPen(colour, 1.5))
    painter.drawLine(at, end)
