"""Quiet marks of who sees whom: a thin ring on each enemy model the chosen unit sees.

Green: seen in the open; amber: seen, in cover; violet: borderline (within 0.5 points of
25% hidden). A model out of sight is left unmarked. Thin cosmetic lines, under the models'
labels: the board stays readable, the marks only say where to look.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.view.items.passive_item import PassiveItem

__all__ = ["SeenMark", "SeenMarksItem", "MARK_COLOURS"]

#: Each verdict's colour (``ModelSight`` kinds: open, cover, borderline).
MARK_COLOURS = {"open": QColor("#2e7d32"), "cover": QColor("#f9a825"),
                "borderline": QColor("#8e24aa")}
#: Just above the models (z 10), below their labels and the tools' overlays.
MARKS_Z = 11.0

SeenMark = tuple[float, float, float, str]  # x, y, radius (inches), kind


class SeenMarksItem(PassiveItem):
    """The rings; :meth:`set_marks` hands it what to draw."""

    def __init__(self) -> None:
        super().__init__(MARKS_Z)
        self.setAcceptHoverEvents(False)
        # A drag repaints a few inches a move: only the rings there are drawn (exposedRect).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.marks: tuple[SeenMark, ...] = ()

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override: never under the mouse
        return QPainterPath()

    def set_marks(self, marks: Sequence[SeenMark]) -> None:
        """Draw ``marks`` (none: nothing)."""
        self.marks = tuple(marks)
        bounds = QRectF()
        for x, y, r, _ in self.marks:
            bounds = bounds.united(QRectF(x - r - 0.3, y - r - 0.3, 2 * r + 0.6, 2 * r + 0.6))
        self.set_bounds(bounds)
        self.update()

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        exposed = option.exposedRect
        left, top = exposed.left() - 0.3, exposed.top() - 0.3  # a ring's pen reaches past r
        right, bottom = exposed.right() + 0.3, exposed.bottom() + 0.3
        shown = [(x, y, r, k) for x, y, r, k in self.marks
                 if x + r >= left and x - r <= right and y + r >= top and y - r <= bottom]
        for kind, colour in MARK_COLOURS.items():
            pen = QPen(colour, 1.5)
            pen.setCosmetic(True)
            painter.setPen(pen)
            for x, y, r, k in shown:
                if k == kind:
                    painter.drawEllipse(QPointF(x, y), r + 0.15, r + 0.15)
