"""The objectives on the board: each marker in its holder's colour, its range on request.

Items draw what they are given (STYLE.md habit 4): the controller
(:mod:`board.view.objectives.controller`) works out who holds what. A marker is drawn as a
gold disc (40 mm) ringed in the holder's colour (grey and dashed while contested); its
control range (3" from its edge) as a dashed circle when the player asks for it; each
objective's caption ("Objective 1 (centre): Red 10, Blue 0") is placed by the board's
layout model, clear of the models and the other labels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from board.game.core.board_layout import (
    BoardFacts,
    LabelRequest,
    OverlayLabels,
    Page,
    PageLayout,
    PlacedLabel,
    lay_out,
)
from board.view import style
from board.view.items.label_text import CAPTION_FONT, caption_font, measure_label
from board.view.items.passive_item import LaysOutLabels, PassiveItem
from board.view.layout import from_page, page_for, page_transform

__all__ = ["ObjectiveLook", "ObjectivesItem", "MARKER_GOLD", "CONTESTED"]

MARKER_GOLD = QColor("#f2c230")
CONTESTED = QColor("#9e9e9e")
#: Above the buildings (z 0), below the models (z 10): models stand over a marker.
OBJECTIVES_Z = 5.0


@dataclass(frozen=True)
class ObjectiveLook:
    """One objective: its markers' circles (x, y, radius, inches), ring colour, caption."""

    markers: tuple[tuple[float, float, float], ...]
    colour: QColor
    held: bool
    caption: str
    reach: float = 3.0


class ObjectivesItem(PassiveItem, LaysOutLabels):
    """Every objective marker and its caption; ranges drawn when :attr:`ranges_shown`."""

    def __init__(self) -> None:
        super().__init__(OBJECTIVES_Z)
        self.setAcceptHoverEvents(False)
        self._looks: tuple[ObjectiveLook, ...] = ()
        self.ranges_shown = False
        self._given: tuple[Page, list[PlacedLabel]] | None = None
        self._ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]] | None = None

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override: never under the mouse
        return QPainterPath()

    @property
    def looks(self) -> tuple[ObjectiveLook, ...]:
        """The objectives drawn."""
        return self._looks

    def set_looks(self, looks: Sequence[ObjectiveLook]) -> None:
        """Draw ``looks`` (none: nothing)."""
        self.prepareGeometryChange()
        self._looks = tuple(looks)
        bounds = QRectF()
        for look in self._looks:
            for x, y, r in look.markers:
                far = r + look.reach + 0.2
                bounds = bounds.united(QRectF(x - far, y - far, 2 * far, 2 * far))
        self.set_bounds(bounds)
        self.update()

    def set_ranges_shown(self, shown: bool) -> None:
        """Draw each marker's control range, or not."""
        self.ranges_shown = shown
        self.update()

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Each objective's caption, above its first marker."""
        return tuple(LabelRequest((look.markers[0][0], look.markers[0][1]), look.caption,
                                  dy=-16.0, priority=1, font=CAPTION_FONT)
                     for look in self._looks if look.markers)

    def set_layout(self, laid: PageLayout, placed: list[PlacedLabel],
                   ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]]) -> None:
        """Where the captions go on the view's page (:mod:`board.view.layout`)."""
        if self._given is None or self._given[1] != placed:
            self.update()
        self._given = (laid.page, placed)
        self._ask = ask

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for look in self._looks:
            self._paint_markers(painter, look)
        painter.restore()
        self._paint_captions(painter, widget)

    def _paint_markers(self, painter: QPainter, look: ObjectiveLook) -> None:
        ring = QPen(look.colour if look.held else CONTESTED, 3.0,
                    Qt.PenStyle.SolidLine if look.held else Qt.PenStyle.DashLine)
        ring.setCosmetic(True)
        reach = QPen(look.colour if look.held else CONTESTED, 1.5, Qt.PenStyle.DashLine)
        reach.setCosmetic(True)
        for x, y, r in look.markers:
            painter.setPen(ring)
            painter.setBrush(QBrush(MARKER_GOLD))
            painter.drawEllipse(QPointF(x, y), r, r)
            if self.ranges_shown:
                painter.setPen(reach)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(x, y), r + look.reach, r + look.reach)

    def _paint_captions(self, painter: QPainter, widget: QWidget | None) -> None:
        view = painter.worldTransform()
        page, placed = self._placed(view, widget)
        painter.save()
        painter.setWorldTransform(from_page(page, view))
        painter.setFont(caption_font())
        drawn = []
        colours = {look.caption: (look.colour if look.held else CONTESTED) for look in self._looks}
        for spot in placed:
            if not spot.shown:
                continue
            box = QRectF(QPointF(spot.box[0], spot.box[1]), QPointF(spot.box[2], spot.box[3]))
            drawn.append(box)
            painter.setPen(QPen(colours.get(spot.text, CONTESTED), 2.0))
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(style.LABEL_TEXT)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, spot.text)
        painter.restore()
        back, invertible = page_transform(page).inverted()
        self.painted_labels = [back.mapRect(box) for box in drawn] if invertible else []

    def _placed(self, view: QTransform, widget: QWidget | None,
                ) -> tuple[Page, list[PlacedLabel]]:
        """The page and the captions on it: as handed, asked again, or laid out alone."""
        asked = self.label_requests()
        texts = [request.text for request in asked]
        if self._given is None or [p.text for p in self._given[1]] != texts:
            if self._ask is not None:
                laid, placed = self._ask()
                self._given = (laid.page, placed)
        if self._given is not None and [p.text for p in self._given[1]] == texts:
            return self._given
        page = page_for(view, widget)
        laid = lay_out(page, BoardFacts(), [OverlayLabels(id(self), asked)], measure_label)
        return page, laid.overlays[id(self)]
