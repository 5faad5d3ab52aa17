"""The objectives on the board: each marker in its holder's colour, its range on request.

Items draw what they are given (STYLE.md habit 4): the controller
(:mod:`board.view.objectives.controller`) works out who holds what. A marker is drawn as a
gold disc (40 mm) ringed in the holder's colour (grey and dashed while contested); its
control range (3" from its edge) as a dashed circle when the player asks for it; each
objective's caption ("Objective 1 (centre): Red 10, Blue 0") is placed by the board's
layout model, clear of the models and the other labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from board.game.core.board_layout import (
    LabelRequest,
)
from board.view.items.captions import LaidOutCaptions
from board.view.items.label_text import CAPTION_FONT
from board.view.items.passive_item import PassiveItem

__all__ = ["ObjectiveLook", "ObjectivesItem", "MARKER_GOLD", "CONTESTED"]

MARKER_GOLD = QColor("#f2c230")
CONTESTED = QColor("#9e9e9e")
#: Above the buildings (z 0), below the models (z 10): models stand over a marker.
OBJECTIVES_Z = 5.0


@dataclass(frozen=True)
class ObjectiveLook:
    """One objective: its markers' circles (x, y, radius, inches), ring colour, caption."""

    markers: tuple[tuple[float, float, float], ...]
    colour: QColor
    held: bool
    caption: str
    reach: float = 3.0


class ObjectivesItem(LaidOutCaptions, PassiveItem):
    """Every objective marker and its caption; ranges drawn when :attr:`ranges_shown`."""

    def __init__(self) -> None:
        super().__init__(OBJECTIVES_Z)
        self.setAcceptHoverEvents(False)
        self._looks: tuple[ObjectiveLook, ...] = ()
        self.ranges_shown = False

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override: never under the mouse
        return QPainterPath()

    @property
    def looks(self) -> tuple[ObjectiveLook, ...]:
        """The objectives drawn."""
        return self._looks

    def set_looks(self, looks: Sequence[ObjectiveLook]) -> None:
        """Draw ``looks`` (none: nothing)."""
        self.prepareGeometryChange()
        self._looks = tuple(looks)
        bounds = QRectF()
        for look in self._looks:
            for x, y, r in look.markers:
                far = r + look.reach + 0.2
                bounds = bounds.united(QRectF(x - far, y - far, 2 * far, 2 * far))
        self.set_bounds(bounds)
        self.show_captions()
        self.update()

    def set_ranges_shown(self, shown: bool) -> None:
        """Draw each marker's control range, or not."""
        self.ranges_shown = shown
        self.update()

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Each objective's caption, above its first marker."""
        return tuple(LabelRequest((look.markers[0][0], look.markers[0][1]), look.caption,
                                  dy=-16.0, priority=1, font=CAPTION_FONT)
                     for look in self._looks if look.markers)

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for look in self._looks:
            self._paint_markers(painter, look)
        painter.restore()
        self.paint_captions(painter)

    def _paint_markers(self, painter: QPainter, look: ObjectiveLook) -> None:
        ring = QPen(look.colour if look.held else CONTESTED, 3.0,
                    Qt.PenStyle.SolidLine if look.held else Qt.PenStyle.DashLine)
        ring.setCosmetic(True)
        reach = QPen(look.colour if look.held else CONTESTED, 1.5, Qt.PenStyle.DashLine)
        reach.setCosmetic(True)
        for x, y, r in look.markers:
            painter.setPen(ring)
            painter.setBrush(QBrush(MARKER_GOLD))
            painter.drawEllipse(QPointF(x, y), r, r)
            if self.ranges_shown:
                painter.setPen(reach)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(x, y), r + look.reach, r + look.reach)

    def caption_pen(self, text: str) -> QPen:
        """An objective's caption is edged in its holder's colour (grey: contested)."""
        colours = {look.caption: (look.colour if look.held else CONTESTED) for look in self._looks}
        return QPen(colours.get(text, CONTESTED), 2.0)
