"""The other players on this board: each one's cursor, name and what they are dragging.

A :class:`PresenceItem` is given a name, a colour, a point and a line of text, and draws a
small arrow with the name beside it, at a constant size on screen. It sits above the models
(it is the other player's hand over the table) but is small and leaves the point itself
clear: the arrow's tip is the point, the label is below and to the right.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.document.errors import one_line
from board.document.model import Table
from board.shared.presence import mover_of

__all__ = ["PresenceItem", "PRESENCE_Z", "SHOWN_TEXT", "who", "cursor_on_table"]

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


#: The longest name or line of a presence shown (characters).
SHOWN_TEXT = 40


def who(state: dict[str, Any], sides: Mapping[str, str] | None = None) -> str:
    """"Name (side)" of a presence: the side its seat plays, or "watching" for an onlooker.

    ``sides`` names the scenario's sides by id: a player reads "Ann (Word Bearers)", never the
    side's id.
    """
    name = one_line(str(state.get("name", "?")))[:SHOWN_TEXT]
    side = mover_of(state)
    return f"{name} ({one_line((sides or {}).get(side, side))[:20] or 'watching'})"


def cursor_on_table(table: Table, x: object, y: object) -> tuple[float, float] | None:
    """A cursor's place if it is over the table or its margin (as wide as the table)."""
    if (not isinstance(x, int | float) or not isinstance(y, int | float)
            or isinstance(x, bool) or isinstance(y, bool)):
        return None
    if -table.width <= x <= 2 * table.width and -table.height <= y <= 2 * table.height:
        return float(x), float(y)
    return None
