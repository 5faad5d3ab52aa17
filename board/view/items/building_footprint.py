"""A building's footprint and battlements: an item of their own, under every building's symbols.

Two parts of one building may share a wall (the Fortress of Redemption's tower and its
walkway): drawn with its own part, a door on that wall was half under the other part's fill.
So each building's footprint is drawn by a companion item at :data:`FOOTPRINT_Z`, under every
building's symbols and labels; it stands where its building stands and follows it
(:meth:`BuildingFootprint.follow`), and is drawn from what its building tells it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from board.document.datasheet import TerrainKind
from board.view import style
from board.view.building_look import BuildingLook
from board.view.convert import to_colour

__all__ = ["BuildingFootprint", "FOOTPRINT_Z", "FOOTPRINT_FOLLOWS"]

_KIND_FILL = {
    TerrainKind.RUINS: QColor("#7a6a55"),
    TerrainKind.CRATER: QColor("#4a3f33"),
    TerrainKind.IMPASSABLE: QColor("#5a5650"),
    TerrainKind.AREA: QColor("#3f6b35"),
}

#: The changes a building passes on to its footprint (it is told of hundreds more as its
#: symbols and labels are made and placed).
FOOTPRINT_FOLLOWS = frozenset({
    QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemRotationHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemOpacityHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged,
})

#: How high the footprints lie: under every building's symbols and labels (the buildings are at
#: 0), so that two parts of one building sharing a wall do not hide each other's doors.
FOOTPRINT_Z = -1.0


class BuildingFootprint(QGraphicsRectItem):
    """A building's footprint and battlements, drawn under every building's symbols.

    It stands where its building stands (the building moves it) and is drawn from the
    building's look, its claim (:meth:`set_claim`) and whether it is selected; Qt keeps its
    picture as a pixmap at the view's scale. Never under the mouse: clicks go to the
    building, whose shape is the footprint.
    """

    def __init__(self, building: QGraphicsItem, look: BuildingLook, footprint: QPainterPath,
                 battlements: QPainterPath) -> None:
        super().__init__(building.boundingRect())
        self.building = building
        self._look = look
        self._footprint = footprint
        self._battlements = battlements
        self._claim: QColor | None = None
        self.setPen(Qt.PenStyle.NoPen)
        self.setZValue(FOOTPRINT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_claim(self, colour: QColor | None) -> None:
        """Edge the footprint in the claiming side's ``colour`` (``None``: unclaimed)."""
        self._claim = colour
        self.update()

    def follow(self, change: QGraphicsItem.GraphicsItemChange) -> None:
        """Take on its building's ``change`` (one of :data:`FOOTPRINT_FOLLOWS`)."""
        changed = QGraphicsItem.GraphicsItemChange
        building = self.building
        if change == changed.ItemPositionHasChanged:
            self.setPos(building.pos())
        elif change == changed.ItemRotationHasChanged:
            self.setRotation(building.rotation())
        elif change in (changed.ItemSelectedHasChanged, changed.ItemOpacityHasChanged):
            self.setOpacity(building.opacity())
            self.update()
        elif change == changed.ItemVisibleHasChanged:
            self.setVisible(building.isVisible())
        elif change == changed.ItemSceneHasChanged:
            self._follow_to_scene()

    def _follow_to_scene(self) -> None:
        """Go onto its building's scene (or off the scene with it)."""
        old, new = self.scene(), self.building.scene()
        if old is new:
            return
        if old is not None:
            old.removeItem(self)
        if new is not None:
            new.addItem(self)
            self.setPos(self.building.pos())
            self.setRotation(self.building.rotation())

    # -- Qt overrides -------------------------------------------------------------------
    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override
        return QPainterPath()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # The footprint, its edge (claim colour, selection) and the battlements.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = _KIND_FILL.get(self._look.kind, style.BUILDING_FILL)
        painter.setBrush(fill.darker(130) if self._look.impassable else fill)
        painter.setPen(self._edge_pen())
        painter.drawPath(self._footprint)
        if self._look.impassable:
            painter.setBrush(QBrush(QColor(0, 0, 0, 90), Qt.BrushStyle.BDiagPattern))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPath(self._footprint)
        if not self._battlements.isEmpty():
            # Over the claim colour: a coloured wall with pale crenels still reads as both.
            self._paint_battlements(painter)
        if self.building.isSelected():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(self._edge_pen())
            painter.drawPath(self._footprint)

    def _edge_pen(self) -> QPen:
        if self.building.isSelected():
            pen = QPen(style.SELECTION, 3.0, Qt.PenStyle.DashLine)
        elif self._claim is not None:
            pen = QPen(to_colour(self._claim.name()), 4.0)
        else:
            pen = QPen(style.BUILDING_EDGE, 1.5)
        pen.setCosmetic(True)
        return pen

    def _paint_battlements(self, painter: QPainter) -> None:
        painter.setBrush(
            QColor(
                style.BATTLEMENTS.red(), style.BATTLEMENTS.green(), style.BATTLEMENTS.blue(), 110
            )
        )
        crenels = QPen(style.BATTLEMENTS, 5.0)
        crenels.setCosmetic(True)
        crenels.setCapStyle(Qt.PenCapStyle.FlatCap)
        crenels.setDashPattern([1.0, 1.0])
        painter.setPen(crenels)
        painter.drawPath(self._battlements)
