"""The items of the Deploy tools: the zones on the table and the marks on models out of zone.

Items draw what they are given (STYLE.md habit 4): paths and colours in inches, rings with
their text; the controller in :mod:`board.view.deploy.controller` works out what to give.
Pens are cosmetic; the zone names and the "out by" texts are drawn in screen pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from board.game.core.board_layout import (
    LabelRequest,
)
from board.game.core.label_layout import LabelBox, place_labels
from board.view.items.captions import LaidOutCaptions
from board.view.items.label_item import PRIORITY, LabelItem
from board.view.items.label_text import CAPTION_FONT
from board.view.items.obstacles import label_obstacles
from board.view.items.on_table import clip_to_table, table_in
from board.view.items.passive_item import LaysOutLabels, PassiveItem

__all__ = ["ZoneLook", "OutMark", "OutText", "DeploymentZonesItem", "OutOfZoneItem", "OUT_COLOUR"]

#: The colour of the ring around a model out of its zone.
OUT_COLOUR = QColor("#ff1744")
#: The box behind the "out by" text.
OUT_BACK = QColor(120, 0, 16, 215)

#: Below the buildings (z 0) and the models (z 10), above the table (z −100).
ZONES_Z = -50.0
#: Above the models and their labels.
MARKS_Z = 20.0


@dataclass(frozen=True)
class ZoneLook:
    """One zone to draw: its outline in inches, its side's colour and its caption."""

    path: QPainterPath
    colour: QColor
    caption: str
    anchor: QPointF


@dataclass(frozen=True)
class OutMark:
    """A model out of zone: its centre and radius, inches."""

    centre: QPointF
    radius: float


@dataclass(frozen=True)
class OutText:
    """What is written about a unit's models out of zone, centred under ``anchor`` (inches)."""

    anchor: QPointF
    text: str


def _ltrb(box: QRectF) -> tuple[float, float, float, float]:
    return (box.left(), box.top(), box.right(), box.bottom())


class _Overlay(PassiveItem):
    """An overlay that is never under the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptHoverEvents(False)

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override: never under the mouse
        return QPainterPath()


class DeploymentZonesItem(LaidOutCaptions, _Overlay):
    """Each side's deployment zone, tinted in the side's colour with its name on it.

    The names (captions) are placed by the board's layout model
    (:mod:`board.view.layout`), after every other overlay's labels, clear of the models,
    symbols, buildings and labels, inside their zone; one with no clear room is not written.
    """

    labels_under = True  # its captions lie under the models and buildings

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(ZONES_Z)
        self._zones: tuple[ZoneLook, ...] = ()
        self._note: tuple[str, list[str]] | None = None

    def set_note(self, title: str, lines: Sequence[str]) -> None:
        """What an export writes beside the picture for this overlay."""
        self._note = (title, list(lines))

    def summary_note(self) -> tuple[str, list[str]] | None:
        """The overlay's lines for an export's written summary (see docs/disputes.md)."""
        return self._note

    @property
    def zones(self) -> tuple[ZoneLook, ...]:
        """The zones drawn."""
        return self._zones

    def set_zones(self, zones: Sequence[ZoneLook]) -> None:
        """Draw ``zones`` (none: nothing)."""
        self.prepareGeometryChange()
        self._zones = tuple(zones)
        bounds = QRectF()
        for zone in self._zones:
            bounds = bounds.united(zone.path.boundingRect())
        self._bounds = bounds.adjusted(-0.5, -0.5, 0.5, 0.5)
        self.show_captions()
        self.update()

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Each zone's caption, centred on its anchor, inside the zone's box (inches)."""
        return tuple(LabelRequest((zone.anchor.x(), zone.anchor.y()), zone.caption, dy=0.0,
                                  font=CAPTION_FONT, within=_ltrb(zone.path.boundingRect()))
                     for zone in self._zones if not zone.path.isEmpty())

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.save()
        clip_to_table(painter, table_in(self))  # a zone ends at the table's edge
        for zone in self._zones:
            fill = QColor(zone.colour)
            fill.setAlpha(55)
            painter.setBrush(QBrush(fill))
            edge = QPen(zone.colour, 0, Qt.PenStyle.DashLine)
            edge.setCosmetic(True)
            painter.setPen(edge)
            painter.drawPath(zone.path)
        painter.restore()
        self.paint_captions(painter)


class OutOfZoneItem(_Overlay):
    """A red ring around every model out of its zone, with how far it sticks out."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(MARKS_Z)
        self._marks: tuple[OutMark, ...] = ()
        self._texts: tuple[OutText, ...] = ()
        self._labels: list[LabelItem] = []

    @property
    def marks(self) -> tuple[OutMark, ...]:
        """The marks drawn."""
        return self._marks

    @property
    def texts(self) -> tuple[OutText, ...]:
        """The texts written."""
        return self._texts

    def set_marks(self, marks: Sequence[OutMark], texts: Sequence[OutText] = ()) -> None:
        """Ring these models and write ``texts`` (none: nothing)."""
        self.prepareGeometryChange()
        self._marks = tuple(marks)
        self._texts = tuple(texts)
        bounds = QRectF()
        for mark in self._marks:
            r = mark.radius + 1.5  # room for the ring and the text's anchor
            bounds = bounds.united(QRectF(mark.centre.x() - r, mark.centre.y() - r, 2 * r, 2 * r))
        self._bounds = bounds
        self._place_labels()
        self.update()

    def label_texts(self) -> list[str]:
        """The texts written beside the marks, in order."""
        return [label.text for label in self._labels if label.isVisible()]

    def _place_labels(self) -> None:
        while len(self._labels) < len(self._texts):
            label = LabelItem("", self, background=OUT_BACK, point_size=8.0, bold=True)
            label.priority = PRIORITY["verdict"]
            label.set_pixel_offset(0.0, 14.0)
            self._labels.append(label)
        for k, label in enumerate(self._labels):
            label.setVisible(k < len(self._texts))
            if k < len(self._texts):
                label.set_text(self._texts[k].text)
                label.setPos(self._texts[k].anchor)
        if self._texts:
            QTimer.singleShot(0, self._settle_labels)  # once the scene has its other labels

    def _settle_labels(self) -> None:
        """Move each text off models, symbols and the board's labels (one layout pass, pixels)."""
        scene = self.scene()
        views = scene.views() if scene is not None and isValid(self) else []
        shown = [label for label in self._labels if isValid(label) and label.isVisible()]
        if not views or not shown:
            return
        view = views[0].viewportTransform()
        asked = []
        for label in shown:
            at = view.map(label.scenePos())
            box = label.boundingRect().translated(-label.pixel_offset())
            asked.append(LabelBox((at.x(), at.y()), box.width(), box.height(), dy=14.0))
        area = QRectF()
        for label in shown:
            area = area.united(QRectF(label.scenePos(), label.scenePos()))
        pad = 40.0 / max(view.m11(), 1e-9)
        # Not the overlays' labels as last painted (what a paint left is no fact of the board:
        # it made the result depend on how many paints had run); the layout model keeps the
        # overlays' labels off these texts instead.
        painted = [item for item in scene.items() if isinstance(item, LaysOutLabels)]
        obstacles = label_obstacles(scene, area.adjusted(-pad, -pad, pad, pad), view,
                                    skip=[self, *self._labels, *painted])
        for label, request, placed in zip(shown, asked, place_labels(asked, obstacles),
                                          strict=True):
            left, top, right, bottom = placed.rect
            dx = (left + right) / 2 - request.anchor[0]
            dy = (top + bottom) / 2 - request.anchor[1]
            if (label.pixel_offset().x(), label.pixel_offset().y()) != (dx, dy):
                label.set_pixel_offset(dx, dy)

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(OUT_COLOUR, 2.5)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for mark in self._marks:
            r = mark.radius + 0.15
            painter.drawEllipse(mark.centre, r, r)
