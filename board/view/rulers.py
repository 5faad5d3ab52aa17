"""Rulers along the top and left edges of the board, in inches, following zoom and scroll."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGridLayout, QWidget

from board.view import style
from board.view.view import BoardView

__all__ = ["RulerWidget", "BoardWidget", "tick_steps"]

RULER_PX = 22


def tick_steps(pixels_per_inch: float) -> tuple[float, float]:
    """Return the ruler's minor tick and numbered tick spacing (inches) for a zoom.

    Numbers are at least about 40 pixels apart, minor ticks at least about 6.

    >>> tick_steps(10.0)
    (1.0, 6.0)
    >>> tick_steps(100.0)
    (0.125, 1.0)
    >>> tick_steps(2.0)
    (6.0, 24.0)
    """
    numbered = next(s for s in (1.0, 2.0, 6.0, 12.0, 24.0, 48.0) if s * pixels_per_inch >= 40)
    minor = next(s for s in (0.125, 0.25, 0.5, 1.0, 2.0, 6.0, 12.0) if s * pixels_per_inch >= 6)
    return min(minor, numbered), numbered


class RulerWidget(QWidget):
    """An edge ruler for ``view``: ``horizontal`` along the top, else down the left side."""

    def __init__(self, view: BoardView, horizontal: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view = view
        self._horizontal = horizontal
        if horizontal:
            self.setFixedHeight(RULER_PX)
        else:
            self.setFixedWidth(RULER_PX)
        view.zoom_changed.connect(self.update)
        view.horizontalScrollBar().valueChanged.connect(self.update)
        view.verticalScrollBar().valueChanged.connect(self.update)

    def sizeHint(self) -> QSize:  # noqa: D102 - Qt override
        return QSize(RULER_PX, RULER_PX)

    def ticks(self) -> list[tuple[float, int, bool]]:
        """Return the ticks on screen: ``(inch, pixel along the ruler, numbered)``.

        Only the table's own inches are marked, from 0 to its width (or height).
        """
        minor, numbered = tick_steps(max(self._view.scale_factor, 1e-6))
        first, last = self._visible_inches()
        table = self._view.board_scene().table_rect()
        limit = table.width() if self._horizontal else table.height()
        start = max(0.0, math.floor(first / minor) * minor)
        steps = int((min(last, limit) - start) / minor + 1e-9) + 1
        found = []
        for i in range(max(0, steps)):
            inch = start + i * minor
            pixel = self._view.mapFromScene(QPointF(inch, inch))
            at = (pixel.x() if self._horizontal else pixel.y()) + self._offset()
            found.append((inch, at, abs(inch / numbered - round(inch / numbered)) < 1e-6))
        return found

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: D102 - Qt override
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#2b2b2b"))
        painter.setPen(QPen(QColor("#d0d0d0")))
        painter.setFont(style.label_font(7.0))
        for inch, at, numbered in self.ticks():
            self._tick(painter, inch, at, numbered)
        painter.end()

    def _visible_inches(self) -> tuple[float, float]:
        rect = self._view.viewport().rect()
        top_left = self._view.mapToScene(rect.topLeft())
        bottom_right = self._view.mapToScene(rect.bottomRight())
        if self._horizontal:
            return top_left.x(), bottom_right.x()
        return top_left.y(), bottom_right.y()

    def _tick(self, painter: QPainter, inch: float, at: int, is_number: bool) -> None:
        length = RULER_PX * (0.55 if is_number else 0.25)
        if self._horizontal:
            painter.drawLine(at, RULER_PX, at, int(RULER_PX - length))
            if is_number:
                painter.drawText(
                    QRect(at + 2, 0, 40, RULER_PX // 2 + 2), Qt.AlignmentFlag.AlignLeft, f"{inch:g}"
                )
        else:
            painter.drawLine(RULER_PX, at, int(RULER_PX - length), at)
            if is_number:
                painter.drawText(
                    QRect(1, at + 1, RULER_PX - 2, 14), Qt.AlignmentFlag.AlignLeft, f"{inch:g}"
                )

    def _offset(self) -> int:
        # The viewport starts at the view's frame; the ruler starts where the view starts.
        return (
            self._view.viewport().geometry().left()
            if self._horizontal
            else self._view.viewport().geometry().top()
        )


class BoardWidget(QWidget):
    """The view with its two rulers: what the window shows and the screenshot captures."""

    def __init__(self, view: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        corner = QWidget(self)
        corner.setFixedSize(RULER_PX, RULER_PX)
        corner.setStyleSheet("background: #2b2b2b")
        self.top_ruler = RulerWidget(view, True, self)
        self.left_ruler = RulerWidget(view, False, self)
        layout.addWidget(corner, 0, 0)
        layout.addWidget(self.top_ruler, 0, 1)
        layout.addWidget(self.left_ruler, 1, 0)
        layout.addWidget(view, 1, 1)
