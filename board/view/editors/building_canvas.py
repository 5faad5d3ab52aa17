"""The building editor's drawing board: the datasheet's local frame, clicked on with the mouse.

Inches, origin at the centre, the front up (−y) as in every datasheet. A click is snapped to
:data:`SNAP` inches and handed to the editor with :attr:`BuildingCanvas.clicked`; the editor
decides what it places (a footprint corner, a door, a fire point, a gun, a battlement corner).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

__all__ = ["BuildingCanvas", "SNAP", "HALF_SPAN", "PIXELS_PER_INCH"]

#: Clicks land on multiples of this many inches.
SNAP = 0.25
#: The board shows −HALF_SPAN to +HALF_SPAN inches each way.
HALF_SPAN = 8.0
PIXELS_PER_INCH = 28.0

XY = tuple[float, float]


def _snap(value: float) -> float:
    return round(value / SNAP) * SNAP


class BuildingCanvas(QGraphicsView):
    """Shows the footprint, battlements and points; reports clicks in local inches."""

    clicked = Signal(float, float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = QGraphicsScene(self)
        self.board.setSceneRect(QRectF(-HALF_SPAN, -HALF_SPAN, 2 * HALF_SPAN, 2 * HALF_SPAN))
        self.setScene(self.board)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scale(PIXELS_PER_INCH, PIXELS_PER_INCH)
        side = int(2 * HALF_SPAN * PIXELS_PER_INCH) + 4
        self.setFixedSize(side, side)
        self.show_sheet((), None, [], [], [])

    def view_point(self, x: float, y: float) -> QPointF:
        """The widget pixel of local point (``x``, ``y``)."""
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: D102 - Qt override
        if event.button() != Qt.MouseButton.LeftButton:
            return
        at = self.mapToScene(event.position().toPoint())
        self.clicked.emit(_snap(at.x()), _snap(at.y()))

    def show_sheet(self, footprint: Sequence[XY], battlements: Sequence[XY] | None,
                   doors: Sequence[XY], fire_points: Sequence[XY], guns: Sequence[XY]) -> None:
        """Draw the building as it stands in the editor."""
        board = self.board
        board.clear()
        self._grid()
        front = board.addText("front")
        front.setScale(1 / PIXELS_PER_INCH)
        front.setPos(-0.6, -HALF_SPAN + 0.1)
        thin = QPen(QColor("#5d4037"), 0)
        if len(footprint) >= 3:
            board.addPolygon(_polygon(footprint), thin, QBrush(QColor("#bcaaa4")))
        elif footprint:
            for a, b in zip(footprint, footprint[1:], strict=False):
                board.addLine(a[0], a[1], b[0], b[1], thin)
        if battlements and len(battlements) >= 3:
            dashed = QPen(QColor("#1565c0"), 0, Qt.PenStyle.DashLine)
            board.addPolygon(_polygon(battlements), dashed, QBrush(Qt.BrushStyle.NoBrush))
        for points, colour, r in ((footprint, "#5d4037", 0.12), (doors, "#2e7d32", 0.25),
                                  (fire_points, "#f9a825", 0.2), (guns, "#c62828", 0.3)):
            for x, y in points:
                board.addEllipse(x - r, y - r, 2 * r, 2 * r, QPen(QColor("black"), 0),
                                 QBrush(QColor(colour)))

    def _grid(self) -> None:
        minor, major = QPen(QColor("#e0e0e0"), 0), QPen(QColor("#9e9e9e"), 0)
        span = int(HALF_SPAN)
        for k in range(-span, span + 1):
            pen = major if k == 0 else minor
            self.board.addLine(k, -HALF_SPAN, k, HALF_SPAN, pen)
            self.board.addLine(-HALF_SPAN, k, HALF_SPAN, k, pen)


def _polygon(points: Sequence[XY]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])
