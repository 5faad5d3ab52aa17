"""The table: the cloth and its inch grid."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.view import style

__all__ = ["TableItem"]

#: Every this many inches a grid line is drawn stronger.
MAJOR_EVERY = 6


class TableItem(QGraphicsItem):
    """The playing surface, ``width`` × ``height`` inches, origin top-left, with an inch grid."""

    def __init__(self, width: float = 72.0, height: float = 48.0) -> None:
        super().__init__()
        self.setZValue(-100.0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # Kept as a pixmap at the view's scale: every repaint under a moving model copies it
        # instead of drawing the cloth and some 120 grid lines again. Zoomed in, Qt keeps only
        # the part on screen.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = QRectF(0.0, 0.0, width, height)
        self._grid = True
        #: A grid line every this many inches, stronger every :data:`MAJOR_EVERY`th.
        self._step, self._major = 1.0, MAJOR_EVERY

    def set_grid_cm(self, cm: bool) -> None:
        """Draw the grid in centimetres (a line a cm, stronger every 10) or in inches."""
        self._step, self._major = (1 / 2.54, 10) if cm else (1.0, MAJOR_EVERY)
        self.update()

    def set_size(self, width: float, height: float) -> None:
        """Make the table ``width`` × ``height`` inches."""
        self.prepareGeometryChange()
        self._rect = QRectF(0.0, 0.0, width, height)
        self.update()

    def set_grid_visible(self, visible: bool) -> None:
        """Show or hide the inch grid."""
        self._grid = visible
        self.update()

    @property
    def grid_visible(self) -> bool:
        """Whether the inch grid is drawn."""
        return self._grid

    @property
    def rect(self) -> QRectF:
        """The table, inches."""
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._rect

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        edge = QPen(style.CLOTH_EDGE, 2.0)
        edge.setCosmetic(True)
        painter.setPen(edge)
        painter.setBrush(style.CLOTH)
        painter.drawRect(self._rect)
        if self._grid:
            # Axis-aligned hairlines need no antialiasing, which would triple their cost.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            self._paint_grid(painter, option.exposedRect.intersected(self._rect))

    def _paint_grid(self, painter: QPainter, exposed: QRectF) -> None:
        minor: list[QLineF] = []
        major: list[QLineF] = []
        step = self._step
        for k in range(int(exposed.left() / step) + 1, int(exposed.right() / step) + 1):
            x = k * step
            if x < self._rect.right():
                line = QLineF(x, self._rect.top(), x, self._rect.bottom())
                (major if k % self._major == 0 else minor).append(line)
        for k in range(int(exposed.top() / step) + 1, int(exposed.bottom() / step) + 1):
            y = k * step
            if y < self._rect.bottom():
                line = QLineF(self._rect.left(), y, self._rect.right(), y)
                (major if k % self._major == 0 else minor).append(line)
        for colour, lines in ((style.GRID_MINOR, minor), (style.GRID_MAJOR, major)):
            pen = QPen(colour, 0.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines(lines)
