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

from board.game.core.label_layout import LabelBox, place_labels
from board.view import style
from board.view.export.page import label_page
from board.view.items.obstacles import label_obstacles
from board.view.items.on_table import clip_to_table, table_in
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
        painter.save()
        clip_to_table(painter, table_in(self))  # the shields' area ends at the table's edge
        painter.setPen(QPen(SHIELD_EDGE, 0, Qt.PenStyle.DashLine))
        painter.setBrush(SHIELD_FILL)
        painter.drawPath(picture.zones)
        painter.restore()
        to_screen = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self._font)
        screen = label_page(widget)  # an export's picture when there is no widget
        boxes = self._lay_out(picture.marks, to_screen, screen)
        for mark, box in zip(picture.marks, boxes, strict=True):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3.0, 3.0)
            painter.setPen(STATUS_COLOURS.get(mark.status, style.LABEL_TEXT))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark.text)
        painter.restore()
        back, invertible = to_screen.inverted()
        self.painted_labels = [back.mapRect(box) for box in boxes] if invertible else []

    def _lay_out(self, marks: tuple[UnitMark, ...], to_screen: QTransform,
                 screen: QRectF | None = None) -> list[QRectF]:
        """Each unit's label below its unit, moved off models, symbols and labels (pixels).

        ``screen``: the widget painted on; a label keeps on it where it can (not cut off).
        """
        metrics = QFontMetricsF(self._font)
        asked = []
        for mark in marks:
            centre = to_screen.map(mark.at)
            size = metrics.size(0, mark.text)
            asked.append(LabelBox((centre.x(), centre.y()), size.width() + 6,
                                  size.height() + 4, dy=14.0 + size.height() / 2 + 2))
        scene = self.scene()  # the item stands at the origin: its bounds are table inches
        obstacles = [] if scene is None else label_obstacles(
            scene, self.boundingRect(), to_screen, skip=(self,))
        bounds = None if screen is None else (screen.left(), screen.top(), screen.right(),
                                              screen.bottom())
        return [QRectF(QPointF(p.rect[0], p.rect[1]), QPointF(p.rect[2], p.rect[3]))
                for p in place_labels(asked, obstacles, bounds=bounds)]
