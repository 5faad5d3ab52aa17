"""The items of the Deploy tools: the zones on the table and the marks on models out of zone.

Items draw what they are given (STYLE.md habit 4): paths and colours in inches, rings with
their text; the controller in :mod:`board.view.deploy.controller` works out what to give.
Pens are cosmetic; the zone names and the "out by" texts are drawn in screen pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from board.game.core.board_layout import (
    LabelRequest,
)
from board.view.items.captions import LaidOutCaptions
from board.view.items.label_item import PRIORITY
from board.view.items.label_text import CAPTION_FONT
from board.view.items.on_table import clip_to_table, table_in
from board.view.items.passive_item import PassiveItem
from board.view.measure.handed_labels import HandedLabels

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


class OutOfZoneItem(HandedLabels, _Overlay):
    """A red ring around every model out of its zone, with how far it sticks out.

    The texts are placed by the board's layout model under their units (clear of the models,
    symbols and labels; a leader line to one moved far) and held in a drag
    (:mod:`board.view.measure.handed_labels`); the item draws what it is handed.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(MARKS_Z)
        self._marks: tuple[OutMark, ...] = ()
        self._texts: tuple[OutText, ...] = ()
        self._asked: tuple[LabelRequest, ...] = ()
        self._rings = QRectF()  # the marks' box, inches
        self.init_labels()

    @property
    def marks(self) -> tuple[OutMark, ...]:
        """The marks drawn."""
        return self._marks

    @property
    def texts(self) -> tuple[OutText, ...]:
        """The texts asked for (:meth:`label_texts`: those drawn)."""
        return self._texts

    def set_marks(self, marks: Sequence[OutMark], texts: Sequence[OutText] = (),
                  shorter: Sequence[str] = ()) -> None:
        """Ring these models and write ``texts`` (none: nothing).

        ``shorter`` are the texts' shorter forms, in order, for where the whole text covers
        something near its unit (:class:`~board.game.core.board_layout.LabelRequest`).
        """
        self.prepareGeometryChange()
        self._marks = tuple(marks)
        self._texts = tuple(texts)
        bounds = QRectF()
        for mark in self._marks:
            r = mark.radius + 1.5  # room for the ring and the text's anchor
            bounds = bounds.united(QRectF(mark.centre.x() - r, mark.centre.y() - r, 2 * r, 2 * r))
        self._rings = bounds
        self._bounds = bounds.united(self.labels_area())
        forms = [(form,) for form in shorter] + [()] * (len(self._texts) - len(shorter))
        self._asked = tuple(LabelRequest((text.anchor.x(), text.anchor.y()), text.text, dy=14.0,
                                         priority=PRIORITY["verdict"], shorter=form)
                            for text, form in zip(self._texts, forms, strict=False))
        self.labels_changed()
        self.update()

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Each unit's text, 14 pixels under its anchor (under the unit)."""
        return self._asked

    def label_colours(self) -> list[QColor]:
        """The texts' box: dark red."""
        return [OUT_BACK] * len(self._asked)

    def labels_moved(self, area: QRectF) -> None:
        """The texts are drawn in ``area`` (scene inches): the bounds hold it."""
        if not self._bounds.contains(area):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(area)

    def paint(  # noqa: D102 - Qt override
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.paint_rings(painter)
        self.paint_labels(painter, widget)

    def paint_rings(self, painter: QPainter) -> None:
        """A solid red ring round each model out of its zone."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(OUT_COLOUR, 2.5)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for mark in self._marks:
            r = mark.radius + 0.15
            painter.drawEllipse(mark.centre, r, r)
