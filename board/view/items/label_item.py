"""A text label that stays the same size on screen at any zoom."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from board.view import style

__all__ = ["LabelItem"]

_PAD = 3.0


class LabelItem(QGraphicsRectItem):
    """Text in a rounded box, drawn in screen pixels, centred on its position.

    It ignores the view's zoom and its parent's rotation, so armour values and names stay
    upright and readable when the whole table is on screen. Its picture is kept as a pixmap
    in screen pixels (a board shows some 250 of them; a translucent rounded box costs about
    0.08 ms to draw); every setter that changes the picture asks for it again. Its bounds
    are the stock rectangle item's (no pen): Qt asks C++ for them, not Python.
    """

    def __init__(
        self,
        text: str = "",
        parent: QGraphicsItem | None = None,
        *,
        background: QColor = style.LABEL_BACK,
        point_size: float = 8.0,
        bold: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setPen(Qt.PenStyle.NoPen)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._font = style.label_font(point_size, bold)
        self._background = QColor(background)
        self._offset = QPointF(0.0, 0.0)
        self._text = ""
        self._rect = QRectF()
        self.set_text(text)

    @property
    def text(self) -> str:
        """The label's text."""
        return self._text

    def set_text(self, text: str) -> None:
        """Show ``text`` (several lines allowed)."""
        self.prepareGeometryChange()
        self._text = text
        metrics = QFontMetricsF(self._font)
        lines = text.split("\n") if text else []
        width = max((metrics.horizontalAdvance(line) for line in lines), default=0.0)
        height = metrics.height() * len(lines)
        self._rect = QRectF(
            -width / 2 - _PAD, -height / 2 - _PAD, width + 2 * _PAD, height + 2 * _PAD
        ).translated(self._offset)
        self.setRect(self._rect)
        self.update()  # a kept picture of the old text must not survive a same-sized new one

    def set_pixel_offset(self, dx: float, dy: float) -> None:
        """Shift the box by ``(dx, dy)`` screen pixels from its anchor."""
        self._offset = QPointF(dx, dy)
        self.set_text(self._text)

    def pixel_offset(self) -> QPointF:
        """Return the box's shift from its anchor, screen pixels."""
        return QPointF(self._offset)

    def set_background(self, colour: QColor) -> None:
        """Fill the box with ``colour``."""
        self._background = QColor(colour)
        self.update()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if not self._text:
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._background)
        painter.drawRoundedRect(self._rect, 3.0, 3.0)
        painter.setPen(QPen(style.LABEL_TEXT))
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._text)
