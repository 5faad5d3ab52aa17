"""The void-shield overlay: each generator's 12" zone and every unit's standing against it.

The item draws what its ``source`` gives it at paint time (computed once per repaint while
the board changes, never per mouse move): the zones, and beside each unit a label saying
covered, partly in (not covered) or out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from board.view import style
from board.view.items.passive_item import PassiveItem

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


class VoidShieldItem(PassiveItem):
    """Draws a :class:`ShieldPicture` taken from ``source`` when painting."""

    def __init__(self, source: Callable[[], ShieldPicture], bounds: QRectF) -> None:
        super().__init__(z=40.0, margin=ZONE_MARGIN)
        self.set_bounds(bounds)
        self._source = source
        self._font = style.label_font(8.0, True)

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        picture = self._source()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(SHIELD_EDGE, 0, Qt.PenStyle.DashLine))
        painter.setBrush(SHIELD_FILL)
        painter.drawPath(picture.zones)
        to_screen = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        for mark in picture.marks:
            centre = to_screen.map(mark.at)
            size = metrics.size(0, mark.text)
            box = QRectF(centre.x() - size.width() / 2, centre.y() + 14.0,
                         size.width(), size.height()).adjusted(-3, -2, 3, 2)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3.0, 3.0)
            painter.setPen(STATUS_COLOURS.get(mark.status, style.LABEL_TEXT))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark.text)
        painter.restore()
