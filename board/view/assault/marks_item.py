"""The assault's marks on the board: who takes part, and the charge line with its distance.

The item draws what it is given (STYLE.md habit 4): rings around the bases that take part
(green) or are refused (red), and a line from the assaulter to the building with its length
written beside it in screen pixels so it stays readable at any zoom.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.view import style

__all__ = ["Ring", "ChargeLine", "AssaultMarks", "AssaultMarksItem", "TAKING_PART", "REFUSED"]

TAKING_PART = style.LEGAL
REFUSED = style.ILLEGAL
LEFT_OUT = QColor("#bdbdbd")
LINE = QColor("#ffd60a")
#: Room around the drawing for the label, inches.
MARGIN = 12.0


@dataclass(frozen=True)
class Ring:
    """A ring around a base: its centre, radius (inches) and colour."""

    centre: QPointF
    radius: float
    colour: QColor


@dataclass(frozen=True)
class ChargeLine:
    """The line from the assaulter to the building, and the text written beside it."""

    start: QPointF
    end: QPointF
    text: str


@dataclass(frozen=True)
class AssaultMarks:
    """Everything the item draws."""

    rings: tuple[Ring, ...] = field(default=())
    line: ChargeLine | None = None

    def bounds(self) -> QRectF:
        """The scene rectangle the marks cover, with room for the label."""
        rect = QRectF()
        for ring in self.rings:
            r = ring.radius + 0.2
            rect = rect.united(QRectF(ring.centre.x() - r, ring.centre.y() - r, 2 * r, 2 * r))
        if self.line is not None:
            rect = rect.united(QRectF(self.line.start, self.line.end).normalized())
        return rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)


class AssaultMarksItem(QGraphicsItem):
    """Draws :class:`AssaultMarks` above the models; clicks pass through it."""

    def __init__(self, marks: AssaultMarks | None = None) -> None:
        super().__init__()
        self.setZValue(60.0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._marks = marks or AssaultMarks()
        self._font = style.label_font(9.0, True)

    @property
    def marks(self) -> AssaultMarks:
        """What is drawn now."""
        return self._marks

    def set_marks(self, marks: AssaultMarks) -> None:
        """Draw ``marks`` instead."""
        self.prepareGeometryChange()
        self._marks = marks
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._marks.bounds()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for ring in self._marks.rings:
            pen = QPen(ring.colour, 3)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawEllipse(ring.centre, ring.radius + 0.08, ring.radius + 0.08)
        line = self._marks.line
        if line is not None:
            pen = QPen(LINE, 2, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLine(QLineF(line.start, line.end))
            self._paint_label(painter, line)

    def _paint_label(self, painter: QPainter, line: ChargeLine) -> None:
        # beside the assaulter's end, clear of the building's own label
        anchor = painter.worldTransform().map(line.start) + QPointF(12.0, -28.0)
        painter.save()
        painter.resetTransform()
        painter.setFont(self._font)
        box = QRectF(anchor, QFontMetricsF(self._font).size(0, line.text)).adjusted(-4, -2, 4, 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.LABEL_BACK)
        painter.drawRoundedRect(box, 3.0, 3.0)
        painter.setPen(LINE)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, line.text)
        painter.restore()
