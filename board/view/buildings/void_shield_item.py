"""The void-shield overlay: each generator's 12" zone and every unit's standing against it.

The item draws what its ``source`` gave it when the board last changed (taken once per turn
of the event loop, never per mouse move, never while painting): the zones, and beside each
unit a label saying covered, partly in (not covered) or out, placed by the board's layout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from board.game.core.board_layout import LabelRequest
from board.view import style
from board.view.items.label_text import SHIELD_FONT
from board.view.items.on_table import clip_to_table, table_in
from board.view.items.passive_item import LaysOutLabels, PassiveItem, read_soon
from board.view.layout import from_page

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


class VoidShieldItem(LaysOutLabels, PassiveItem):
    """Draws the :class:`ShieldPicture` taken from ``source`` when the board changed.

    Told the board changed (:meth:`mark_dirty`), it takes the picture at the next turn of
    the event loop (once, however many changes came: the scene's readings), never while
    painting; its marks go to its model for the board's layout to place.
    """

    def __init__(self, source: Callable[[], ShieldPicture], bounds: QRectF) -> None:
        super().__init__(z=40.0, margin=ZONE_MARGIN)
        self.set_bounds(bounds)
        self._source = source
        self._font = style.label_font(8.0, True)
        self._picture = ShieldPicture()
        self._dirty = True

    @property
    def picture(self) -> ShieldPicture:
        """What is drawn (taken now if the board changed since)."""
        self.refresh()
        return self._picture

    def mark_dirty(self) -> None:
        """The board changed: take the picture again soon."""
        self._dirty = True
        read_soon(self, self.refresh)

    def refresh(self) -> None:
        """Take the picture now if the board changed since it was taken."""
        if not self._dirty or not isValid(self):
            return
        self._dirty = False
        self._picture = self._source()
        height = QFontMetricsF(self._font).height()
        self.show_labels(tuple(LabelRequest((mark.at.x(), mark.at.y()), mark.text,
                                            dy=14.0 + height / 2 + 2, font=SHIELD_FONT)
                               for mark in self._picture.marks))
        self.update()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        picture = self._picture
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        clip_to_table(painter, table_in(self))  # the shields' area ends at the table's edge
        painter.setPen(QPen(SHIELD_EDGE, 0, Qt.PenStyle.DashLine))
        painter.setBrush(SHIELD_FILL)
        painter.drawPath(picture.zones)
        painter.restore()
        model = self.overlay
        if model.page is None or not model.current or len(model.placed) != len(picture.marks):
            return  # not laid out for a view yet: the marks come with the layout
        painter.save()
        painter.setWorldTransform(from_page(model.page, painter.worldTransform()))
        painter.setFont(self._font)
        shown = [(mark, spot, QRectF(QPointF(spot.box[0], spot.box[1]),
                                     QPointF(spot.box[2], spot.box[3])))
                 for mark, spot in zip(picture.marks, model.placed, strict=True) if spot.shown]
        for mark, spot, box in shown:  # the lines first: every label is drawn over them
            if spot.leader:  # moved away from its unit: a line says whose it is
                _draw_leader(painter, QPointF(*spot.at), box,
                             STATUS_COLOURS.get(mark.status, style.LABEL_TEXT))
        for mark, _spot, box in shown:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3.0, 3.0)
            painter.setPen(STATUS_COLOURS.get(mark.status, style.LABEL_TEXT))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark.text)
        painter.restore()


def _draw_leader(painter: QPainter, at: QPointF, box: QRectF, colour: QColor) -> None:
    """A thin line from a unit's mark's anchor to the nearest point of its label."""
    end = QPointF(min(max(at.x(), box.left()), box.right()),
                  min(max(at.y(), box.top()), box.bottom()))
    painter.setPen(QPen(QColor(0, 0, 0, 160), 3.0))
    painter.drawLine(at, end)
    painter.setPen(QPen(colour, 1.5))
    painter.drawLine(at, end)
