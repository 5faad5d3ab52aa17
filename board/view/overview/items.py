"""Quiet marks of who sees whom: a thin ring on each enemy model the chosen unit sees.

Green: seen in the open; amber: seen, in cover; violet: borderline (within 0.5 points of
25% hidden). A model out of sight is left unmarked. Thin cosmetic lines, under the models'
labels: the board stays readable, the marks only say where to look.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.view.items.model_layer import ScreenPixels, blank_picture, screen_pixels
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
        #: Each ring's picture, by radius, kind and device pixels per inch (a view's rings
        #: are copied onto its pixels: 300 rings drawn took 2 ms of a repaint).
        self._pictures: dict[tuple[float, str, float, float], QPixmap] = {}

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
        exposed = option.exposedRect
        left, top = exposed.left() - 0.3, exposed.top() - 0.3  # a ring's pen reaches past r
        right, bottom = exposed.right() + 0.3, exposed.bottom() + 0.3
        shown = [(x, y, r, k) for x, y, r, k in self.marks
                 if x + r >= left and x - r <= right and y + r >= top and y - r <= bottom]
        pixels = screen_pixels(painter, widget)
        if pixels is not None:
            self._copy_rings(painter, shown, pixels)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for kind, colour in MARK_COLOURS.items():
            painter.setPen(_pen(colour))
            for x, y, r, k in shown:
                if k == kind:
                    painter.drawEllipse(QPointF(x, y), r + 0.15, r + 0.15)

    def _copy_rings(self, painter: QPainter, shown: list[SeenMark], pixels: ScreenPixels) -> None:
        """Copy each ring's picture onto the view's pixels, in whole pixels."""
        view = painter.worldTransform()
        scale, dx, dy, ratio = pixels
        painter.resetTransform()
        for x, y, r, kind in shown:
            picture = self._picture(r, kind, scale, ratio)
            left = x * scale - picture.width() / 2 + dx
            top = y * scale - picture.height() / 2 + dy
            if ratio == 1.0:
                painter.drawPixmap(int(left), int(top), picture)
            else:
                painter.drawPixmap(QPointF(int(left) / ratio, int(top) / ratio), picture)
        painter.setWorldTransform(view)

    def _picture(self, radius: float, kind: str, scale: float, ratio: float) -> QPixmap:
        key = (radius, kind, scale, ratio)
        picture = self._pictures.get(key)
        if picture is None:
            if len(self._pictures) > 64 or any(k[2:] != key[2:] for k in self._pictures):
                self._pictures.clear()  # another zoom's pictures: let go (megabytes up close)
            across = 2 * (radius + 0.15) * scale / ratio + 3  # logical pixels, the pen's room
            picture = self._pictures[key] = blank_picture(across, across, ratio)
            painter = QPainter(picture)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(_pen(MARK_COLOURS[kind]))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            centre = picture.width() / ratio / 2
            painter.drawEllipse(QPointF(centre, centre), (radius + 0.15) * scale / ratio,
                                (radius + 0.15) * scale / ratio)
            painter.end()
        return picture


def _pen(colour: QColor) -> QPen:
    pen = QPen(colour, 1.5)
    pen.setCosmetic(True)
    return pen
