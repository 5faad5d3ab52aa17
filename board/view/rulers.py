"""Rulers along the top and left edges of the board, following zoom and scroll.

They count inches, or centimetres for a rule system that measures in them (Epic 40,000).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget
from shiboken6 import isValid

from board.document.model import Scenario
from board.game.core.units import display_unit, to_inches
from board.view import style
from board.view.view import BoardView

__all__ = ["RulerWidget", "BoardWidget", "tick_steps", "UNIT_INCHES"]

RULER_PX = 22


#: Numbered and minor tick spacings a ruler chooses from, in its own unit.
_STEPS = {
    "in": ((1.0, 2.0, 6.0, 12.0, 24.0, 48.0, 96.0), (0.125, 0.25, 0.5, 1.0, 2.0, 6.0, 12.0)),
    "cm": ((1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0), (0.5, 1.0, 2.0, 5.0, 10.0, 50.0)),
}
#: Inches per unit.
UNIT_INCHES = {unit: to_inches(1.0, unit) for unit in ("in", "cm")}


def tick_steps(pixels_per_unit: float, unit: str = "in") -> tuple[float, float]:
    """Return the ruler's minor tick and numbered tick spacing (in ``unit``) for a zoom.

    Numbers are at least about 40 pixels apart, minor ticks at least about 6.

    >>> tick_steps(10.0)
    (1.0, 6.0)
    >>> tick_steps(100.0)
    (0.125, 1.0)
    >>> tick_steps(2.0)
    (6.0, 24.0)
    >>> tick_steps(10.0 / 2.54, "cm")  # Epic 40,000 measures in centimetres
    (2.0, 20.0)
    """
    numbers, minors = _STEPS[unit]
    numbered = next((s for s in numbers if s * pixels_per_unit >= 40), numbers[-1])
    minor = next((s for s in minors if s * pixels_per_unit >= 6), minors[-1])
    return min(minor, numbered), numbered


class RulerWidget(QWidget):
    """An edge ruler for ``view``: ``horizontal`` along the top, else down the left side."""

    def __init__(self, view: BoardView, horizontal: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view = view
        self._horizontal = horizontal
        self.unit = "in"
        if horizontal:
            self.setFixedHeight(RULER_PX)
        else:
            self.setFixedWidth(RULER_PX)
        view.zoom_changed.connect(self.update)
        view.horizontalScrollBar().valueChanged.connect(self.update)
        view.verticalScrollBar().valueChanged.connect(self.update)

    def sizeHint(self) -> QSize:  # noqa: D102 - Qt override
        return QSize(RULER_PX, RULER_PX)

    def set_unit(self, unit: str) -> None:
        """Count in ``"in"`` (inches) or ``"cm"`` (Epic 40,000)."""
        self.unit = unit
        self.update()

    def ticks(self) -> list[tuple[float, int, bool]]:
        """Return the ticks on screen: ``(value in the ruler's unit, pixel, numbered)``.

        Only the table itself is marked, from 0 to its width (or height).
        """
        per_unit = UNIT_INCHES[self.unit]
        minor, numbered = tick_steps(max(self._view.scale_factor * per_unit, 1e-6), self.unit)
        first, last = (v / per_unit for v in self._visible_inches())
        table = self._view.board_scene().table_rect()
        limit = (table.width() if self._horizontal else table.height()) / per_unit
        start = max(0.0, math.floor(first / minor) * minor)
        steps = int((min(last, limit) - start) / minor + 1e-9) + 1
        found = []
        for i in range(max(0, steps)):
            value = start + i * minor
            inch = value * per_unit
            pixel = self._view.mapFromScene(QPointF(inch, inch))
            at = (pixel.x() if self._horizontal else pixel.y()) + self._offset()
            found.append((value, at, abs(value / numbered - round(value / numbered)) < 1e-6))
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
    """The view with its two rulers: what the window shows and the screenshot captures.

    The rulers count centimetres when the scenario's rule system measures in them.
    """

    def __init__(self, view: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.corner = QLabel(self)
        self.corner.setFixedSize(RULER_PX, RULER_PX)
        self.corner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.corner.setStyleSheet("background: #2b2b2b; color: #d0d0d0; font-size: 7pt")
        self.top_ruler = RulerWidget(view, True, self)
        self.left_ruler = RulerWidget(view, False, self)
        layout.addWidget(self.corner, 0, 0)
        layout.addWidget(self.top_ruler, 0, 1)
        layout.addWidget(self.left_ruler, 1, 0)
        layout.addWidget(view, 1, 1)
        document = view.board_scene().document
        document.changed.connect(
            lambda event: self._on_replaced(document.scenario) if event.replaced else None)
        self._on_replaced(document.scenario)

    def _on_replaced(self, scenario: Scenario) -> None:
        if not isValid(self):
            return
        unit = display_unit(scenario.rule_system)
        self.corner.setText(unit)
        self.top_ruler.set_unit(unit)
        self.left_ruler.set_unit(unit)
