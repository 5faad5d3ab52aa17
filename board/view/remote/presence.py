"""The other players on this board: each one's cursor, name and what they are dragging.

A :class:`PresenceItem` is given a name, a colour, a point and a line of text, and draws a
small arrow with the name beside it, at a constant size on screen. It sits above the models
(it is the other player's hand over the table) but is small and leaves the point itself
clear: the arrow's tip is the point, the label is below and to the right.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

__all__ = ["PresenceItem", "PRESENCE_Z"]

#: Above models (10) and their labels: another player's hand over the table.
PRESENCE_Z = 50.0
_ARROW = 14.0


class PresenceItem(QGraphicsItem):
    """Another player's cursor (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(PRESENCE_Z)
        self._colour = QColor("#808080")
        self._lines: list[str] = []
        self._font = QFont()
        self._font.setPointSizeF(9.0)

    def set_player(self, name: str, colour: str, doing: str) -> None:
        """Who the player is, their side's colour and what they are doing (may be empty)."""
        lines = [name] + ([doing] if doing else [])
        colour_ = QColor(colour) if QColor.isValidColorName(colour) else QColor("#808080")
        if lines != self._lines or colour_ != self._colour:
            self.prepareGeometryChange()
            self._lines, self._colour = lines, colour_
            self.update()

    @property
    def lines(self) -> list[str]:
        """The label's lines: the name, then what the player is doing."""
        return list(self._lines)

    def _label_rect(self) -> QRectF:
        metrics = QFontMetricsF(self._font)
        width = max((metrics.horizontalAdvance(line) for line in self._lines), default=0.0)
        return QRectF(_ARROW * 0.8, _ARROW, width + 8.0, metrics.height() * len(self._lines) + 4)

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return QRectF(-1.0, -1.0, _ARROW + 2.0, _ARROW + 2.0).united(self._label_rect())

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        arrow = QPainterPath(QPointF(0.0, 0.0))
        arrow.lineTo(QPointF(0.0, _ARROW))
        arrow.lineTo(QPointF(_ARROW * 0.35, _ARROW * 0.72))
        arrow.lineTo(QPointF(_ARROW * 0.75, _ARROW * 0.75))
        arrow.closeSubpath()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("white"), 1.0))
        painter.setBrush(QBrush(self._colour))
        painter.drawPath(arrow)
        box = self._label_rect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(255, 255, 255, 215)))
        painter.drawRoundedRect(box, 3.0, 3.0)
        painter.setFont(self._font)
        painter.setPen(QPen(self._colour.darker(130)))
        metrics = QFontMetricsF(self._font)
        for number, line in enumerate(self._lines):
            painter.drawText(QPointF(box.left() + 4.0, box.top() + 2.0 + metrics.ascent()
                                     + number * metrics.height()), line)
