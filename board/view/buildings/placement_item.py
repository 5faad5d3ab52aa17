"""The disembark overlay: the legal zone and the unit's models, green when legal, red with why.

The item draws what it is given (STYLE.md habit 4): the tool hands it a
:class:`PlacementPicture` when the models moved (:meth:`PlacementItem.set_picture`), checked
then, never while painting.

The zone stays as it is while the models are placed: a child item draws it and Qt keeps its
picture as a pixmap. The models may be dragged anywhere on the table, so the item's bounds
cover it; a paint draws only the models (and their reasons) in the part repainted, and
:meth:`PlacementItem.models_area` says where they are, so that moving some repaints them
alone, not the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.view import style
from board.view.items.on_table import clip_to_table, table_in
from board.view.items.passive_item import PassiveItem

__all__ = ["PlacedModel", "PlacementPicture", "PlacementItem", "LEGAL", "ILLEGAL"]

LEGAL = style.LEGAL
ILLEGAL = style.ILLEGAL
ZONE_FILL = QColor(46, 204, 64, 55)
ZONE_EDGE = QColor("#1b8a2a")
NORMAL_EDGE = QColor("#f5f5f5")
FACING = QColor("#ffffff")
#: Room around the drawing for the labels, inches (they are drawn in pixels).
LABEL_MARGIN = 8.0


@dataclass(frozen=True)
class PlacedModel:
    """One model's base where it stands now, and what is wrong with it ("" when legal)."""

    model_id: str
    base: QPainterPath
    centre: QPointF
    problem: str = ""
    facing: float = 0.0


@dataclass(frozen=True)
class PlacementPicture:
    """Everything the overlay draws: the zone in force, the normal zone, the models."""

    zone: QPainterPath
    normal_zone: QPainterPath | None = None
    models: tuple[PlacedModel, ...] = field(default=())


class _ZoneItem(QGraphicsItem):
    """The zone in force and, in an emergency, the normal one dashed: kept as a pixmap.

    A zone of several parts (one per door: a model must stand wholly within one door's
    reach) has each part filled and outlined on its own, so where two parts overlap both
    outlines show and a base straddling them is seen to lie in neither.
    """

    def __init__(self, parent: QGraphicsItem, zone: QPainterPath,
                 normal: QPainterPath | None,
                 parts: tuple[QPainterPath, ...] = ()) -> None:
        super().__init__(parent)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self.zone, self.normal = zone, normal
        self.parts = parts if len(parts) > 1 else ()
        rect = zone.boundingRect()
        if normal is not None:
            rect = rect.united(normal.boundingRect())
        self._bounds = rect.adjusted(-0.5, -0.5, 0.5, 0.5)  # the pens are a pixel wide

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        clip_to_table(painter, table_in(self))  # the zone ends at the table's edge
        if self.normal is not None:
            painter.setPen(QPen(NORMAL_EDGE, 0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.normal)
        painter.setPen(QPen(ZONE_EDGE, 0))
        painter.setBrush(ZONE_FILL)
        for part in self.parts or (self.zone,):  # each door's own zone filled and outlined apart
            painter.drawPath(part)
        painter.restore()


class PlacementItem(PassiveItem):
    """Draws the :class:`PlacementPicture` it was last handed (:meth:`set_picture`).

    Its bounds (:meth:`set_bounds`) cover the zone and wherever a model may be dragged; the
    zone (``zone``, and ``normal`` in an emergency) is its child's to draw.
    """

    def __init__(self, picture: PlacementPicture, bounds: QRectF,
                 zone: QPainterPath, normal: QPainterPath | None = None,
                 parts: tuple[QPainterPath, ...] = ()) -> None:
        super().__init__(z=50.0, margin=LABEL_MARGIN)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # exposedRect
        # Kept as a picture in screen pixels: a drag of other models repaints the board
        # around them on every move, and the models placed here stay as they are.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_bounds(bounds)
        self._picture = picture
        self._font = style.label_font(8.0, True)
        self._pixel = 0.1  # one screen pixel at the last paint, inches
        self._kept_areas: tuple[tuple[int, float], list[tuple[PlacedModel, QRectF]],
                                PlacementPicture | None] = ((0, 0.0), [], None)
        self.zone_item = _ZoneItem(self, zone, normal, parts)

    def set_picture(self, picture: PlacementPicture) -> None:
        """Draw ``picture`` from now on (the caller repaints where it changed)."""
        self._picture = picture

    def models_area(self, picture: PlacementPicture) -> QRectF:
        """Where ``picture``'s models and reasons are drawn (at the last paint's zoom)."""
        area = QRectF()
        for _, rect in self._areas(picture):
            area = area.united(rect)
        return area

    def _areas(self, picture: PlacementPicture) -> list[tuple[PlacedModel, QRectF]]:
        """Each model of ``picture`` with where it is drawn (kept for the picture and zoom)."""
        key = (id(picture), self._pixel)
        if self._kept_areas[0] != key or self._kept_areas[2] is not picture:
            metrics = QFontMetricsF(self._font)
            found = [(m, self._model_area(m, metrics)) for m in picture.models]
            self._kept_areas = (key, found, picture)
        return self._kept_areas[1]

    def _model_area(self, model: PlacedModel, metrics: QFontMetricsF) -> QRectF:
        px = self._pixel
        rect = model.base.boundingRect().adjusted(-2 * px, -2 * px, 2 * px, 2 * px)
        if model.problem:  # the label: 12 px right of the centre, 8 px up (see below)
            size = metrics.size(0, model.problem)
            corner = model.centre + QPointF(9.0 * px, -10.0 * px)
            rect = rect.united(QRectF(corner.x(), corner.y(), (size.width() + 8.0) * px,
                                      (size.height() + 6.0) * px))
        return rect

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        scale = math.hypot(painter.worldTransform().m11(), painter.worldTransform().m12())
        self._pixel = 1.0 / max(scale, 1e-9)
        exposed = option.exposedRect
        shown = tuple(m for m, rect in self._areas(self._picture) if exposed.intersects(rect))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for model in shown:
            colour = ILLEGAL if model.problem else LEGAL
            painter.setPen(QPen(colour.darker(160), 0))
            painter.setBrush(colour)
            painter.drawPath(model.base)
            self._paint_facing(painter, model)
        self._paint_labels(painter, shown)

    @staticmethod
    def _paint_facing(painter: QPainter, model: PlacedModel) -> None:
        """A white tick from the centre to the front of the base, as the board's models have."""
        reach = min(model.base.boundingRect().width(), model.base.boundingRect().height()) / 2
        angle = math.radians(model.facing)
        tip = model.centre + QPointF(math.sin(angle) * reach, -math.cos(angle) * reach)
        painter.setPen(QPen(FACING, 0))
        painter.drawLine(model.centre, tip)

    def _paint_labels(self, painter: QPainter, models: tuple[PlacedModel, ...]) -> None:
        """The reasons beside the red models, in screen pixels so they stay readable."""
        to_screen = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        for model in models:
            if not model.problem:
                continue
            anchor = to_screen.map(model.centre) + QPointF(12.0, -8.0)
            text = model.problem
            box = QRectF(anchor, metrics.size(0, text)).adjusted(-3, -2, 3, 2)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3.0, 3.0)
            painter.setPen(ILLEGAL.lighter(150))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()
