"""A layout's preview drawn with our own painter: table, zones, terrain, objective markers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QPixmap, QPolygonF

from board.game.layouts.preview import LayoutPreview

__all__ = ["paint_preview", "preview_pixmap"]

_TABLE, _AREA, _RUINS, _SOLID = (QColor("#6f8f5a"), QColor("#4e6b3f"), QColor("#8a7558"),
                                 QColor("#4a4742"))
_OBJECTIVE = QColor("#f2c230")


def _polygon(points: Sequence[tuple[float, float]]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def paint_preview(painter: QPainter, rect: QRectF, preview: LayoutPreview,
                  colours: Mapping[str, str]) -> None:
    """Draw ``preview`` fitted into ``rect`` (zones in the sides' ``colours``)."""
    scale = min(rect.width() / preview.width, rect.height() / preview.height)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(rect.center().x() - preview.width * scale / 2,
                      rect.center().y() - preview.height * scale / 2)
    painter.scale(scale, scale)
    painter.setPen(QPen(QColor("#222"), 0))
    painter.setBrush(_TABLE)
    painter.drawRect(QRectF(0, 0, preview.width, preview.height))
    painter.setPen(Qt.PenStyle.NoPen)
    for side, corners in preview.zones:
        tint = QColor(colours.get(side, "#888888"))
        tint.setAlpha(90)
        painter.setBrush(tint)
        painter.drawPolygon(_polygon(corners))
    for brush, shapes in ((_AREA, preview.areas), (_RUINS, preview.ruins),
                          (_SOLID, preview.solid)):
        painter.setPen(QPen(QColor("#1e1e1e"), 0))
        painter.setBrush(QBrush(brush))
        for corners in shapes:
            painter.drawPolygon(_polygon(corners))
    painter.setPen(QPen(QColor("#000"), 0))
    painter.setBrush(_OBJECTIVE)
    for x, y in preview.objectives:
        painter.drawEllipse(QPointF(x, y), 1.0, 1.0)  # 2" across, to be seen in a thumbnail
    painter.restore()


def preview_pixmap(preview: LayoutPreview, colours: Mapping[str, str], width: int,
                   height: int) -> QPixmap:
    """A picture of ``preview`` ``width`` × ``height`` pixels."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_preview(painter, QRectF(1, 1, width - 2, height - 2), preview, colours)
    painter.end()
    return QPixmap.fromImage(image)
