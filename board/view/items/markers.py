"""Symbols for a building's access points, fire points and emplaced weapons.

Each is drawn in screen pixels (it ignores the zoom) so it stays recognisable with the whole
table on screen, and is shaped so that it reads without a legend: a door, a firing wedge
pointing out of the wall, a gun with its barrel.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from board.view import style

__all__ = ["AccessPointMarker", "FirePointMarker", "WeaponMarker"]

_S = style.MARKER_PX
_BOUNDS = QRectF(-_S, -_S, 2 * _S, 2 * _S)


class _Marker(QGraphicsRectItem):
    """A pixel-sized symbol at a point of its parent, pointing at ``angle`` (0 = up).

    Its bounds are the stock rectangle item's (no pen): Qt asks C++ for them, not Python.
    """

    def __init__(self, tooltip: str, angle: float, parent: QGraphicsItem | None) -> None:
        super().__init__(_BOUNDS, parent)
        self.setPen(Qt.PenStyle.NoPen)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # Kept as a pixmap in screen pixels (its size ignores the zoom); set_angle redraws it.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(tooltip)
        self._angle = angle

    def core(self) -> QRectF:
        """Where the symbol is, in its own pixels: what a label must never cover."""
        return QRectF(-_S * 0.45, -_S * 0.45, _S * 0.9, _S * 0.9)

    def set_angle(self, angle: float) -> None:
        """Point the symbol at ``angle`` degrees clockwise on screen (0 = up the table)."""
        self._angle = angle
        self.update()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.rotate(self._angle)
        painter.setPen(QPen(style.BUILDING_EDGE, 1.5))
        self._draw(painter)

    def _draw(self, painter: QPainter) -> None:
        raise NotImplementedError


class AccessPointMarker(_Marker):
    """A door: an arched doorway in green with a step pointing out of the wall."""

    def _draw(self, painter: QPainter) -> None:
        half = _S * 0.6
        door = QPainterPath()
        door.moveTo(-half, half * 0.9)
        door.lineTo(-half, -half * 0.1)
        door.arcTo(QRectF(-half, -half * 1.1, 2 * half, 2 * half), 180.0, -180.0)
        door.lineTo(half, half * 0.9)
        door.closeSubpath()
        painter.setBrush(style.ACCESS_POINT)
        painter.drawPath(door)
        painter.drawLine(QPointF(-half * 0.2, half * 0.2), QPointF(half * 0.2, half * 0.2))


class FirePointMarker(_Marker):
    """A fire point: a dark slit in the wall with a red arc of fire fanning outwards."""

    def __init__(
        self, tooltip: str, angle: float, models: int, parent: QGraphicsItem | None
    ) -> None:
        super().__init__(tooltip, angle, parent)
        self._models = models

    def _draw(self, painter: QPainter) -> None:
        radius = _S * 0.95
        arc = QPainterPath(QPointF(0.0, 0.0))
        arc.arcTo(QRectF(-radius, -radius, 2 * radius, 2 * radius), 55.0, 70.0)
        arc.closeSubpath()
        painter.setBrush(style.FIRE_POINT)
        painter.setPen(QPen(style.FIRE_POINT.darker(150), 1.0))
        painter.drawPath(arc)
        painter.setPen(QPen(style.BUILDING_EDGE, 1.0))
        painter.setBrush(style.BUILDING_EDGE)
        painter.drawRect(QRectF(-_S * 0.3, -_S * 0.12, _S * 0.6, _S * 0.24))


class WeaponMarker(_Marker):
    """An emplaced weapon: an amber turret with its barrel pointing out."""

    def _draw(self, painter: QPainter) -> None:
        painter.setBrush(style.WEAPON)
        painter.drawRect(QRectF(-_S * 0.12, -_S * 0.95, _S * 0.24, _S * 0.7))
        painter.drawEllipse(QPointF(0.0, 0.0), _S * 0.4, _S * 0.4)
