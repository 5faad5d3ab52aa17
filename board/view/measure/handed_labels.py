"""An overlay's labels as the board's layout model hands them: drawn, and held in a drag.

The overlay says what labels it has (``label_requests``: text anchored at table points) and
their colours (:meth:`HandedLabels.label_colours`), and tells its model when they change
(:meth:`HandedLabels.labels_changed`). The board's layout model
(:func:`board.game.core.board_layout.lay_out`, run by :mod:`board.view.layout` before the
view paints and before an export) places them on the overlay's Qt-free model
(:class:`~board.present.overlay.OverlayModel`) clear of the models, doors, symbols and labels,
with a leader line to one moved far from its anchor. The overlay draws them as placed
(:meth:`HandedLabels.paint_labels`): the leader lines first, then the boxes.

While models are dragged the layout is held: each label keeps its box, moved as far as its
anchor (:meth:`~board.present.overlay.OverlayModel.hold_on`, when the overlay's labels move,
never in a paint); it is laid out again when the drag ends. Nothing here measures or lays out
in a paint.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from board.game.core.board_layout import LabelRequest, Page, PlacedLabel
from board.view.items.passive_item import LaysOutLabels
from board.view.layout import from_page
from board.view.measure.label_drawing import _draw_labels, _draw_leaders
from board.view.measure.sketch import Label

__all__ = ["HandedLabels"]

#: Room round a label and its leader line repainted when it moves, screen pixels.
GROW_PX = 3.0


class HandedLabels(LaysOutLabels):
    """Labels placed by the layout model, held in a drag, drawn as placed (see the module).

    The item calls :meth:`init_labels` once, :meth:`labels_changed` whenever its
    ``label_requests`` change, and :meth:`paint_labels` from its ``paint``.
    """

    def init_labels(self) -> None:
        """Start with no labels placed."""
        self._area = QRectF()  # where they are drawn with their leader lines, scene inches
        self._areas: set[tuple[float, float, float, float]] = set()  # each label's
        self.overlay.on_placed = self._placed_changed

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """The labels as the layout model is asked for them (table inches)."""
        raise NotImplementedError

    def label_colours(self) -> list[QColor]:
        """Each label's box colour, in the order of ``label_requests``."""
        raise NotImplementedError

    def labels_changed(self) -> None:
        """The labels asked changed: to the model (held at once in a drag)."""
        self.show_labels(self.label_requests())

    def _placed_changed(self) -> None:
        """The labels were placed anew: repaint those that moved, where they were and are."""
        item: Any = self
        if not isValid(item):
            return
        areas = set(self.label_areas(GROW_PX))
        old, self._areas = self._areas, areas
        self._area = QRectF()
        for a in areas:
            self._area = self._area.united(QRectF(QPointF(a[0], a[1]), QPointF(a[2], a[3])))
        if item.scene() is None:
            return
        for a in old ^ areas:
            rect = QRectF(QPointF(a[0], a[1]), QPointF(a[2], a[3]))
            self.labels_moved(rect)
            item.update(rect)

    def placed_labels(self) -> tuple[Page, tuple[PlacedLabel, ...]] | None:
        """The page and the labels placed on it as drawn now (``None``: not laid out yet)."""
        model = self.overlay
        if model.page is None or not model.current:
            return None
        return model.page, model.placed

    def label_texts(self) -> list[str]:
        """The texts drawn now (as wrapped), in order."""
        placed = self.placed_labels()
        return [p.text for p in placed[1] if p.shown] if placed is not None else []

    def paint_labels(self, painter: QPainter, widget: QWidget | None) -> None:
        """Draw the leader lines, then the labels, where the layout put them."""
        found = self.placed_labels()
        colours = self.label_colours()
        if found is None or len(found[1]) != len(colours):
            return
        page, placed = found
        shown = [(p, colour) for p, colour in zip(placed, colours, strict=True) if p.shown]
        anchored = [(QPointF(*p.at), Label(QPointF(*p.at), p.text, colour, 0.0))
                    for p, colour in shown]
        boxes = [QRectF(QPointF(p.box[0], p.box[1]), QPointF(p.box[2], p.box[3]))
                 for p, _ in shown]
        view = painter.worldTransform()  # the item stands at the origin: scene to device
        painter.save()
        painter.setWorldTransform(from_page(page, view))
        _draw_leaders(painter, anchored, boxes, [p.leader for p, _ in shown])
        _draw_labels(painter, anchored, boxes, kept=widget is not None)
        painter.restore()

    def labels_area(self) -> QRectF:
        """Where the labels and their leader lines are drawn (scene inches)."""
        return QRectF(self._area)

    def labels_moved(self, area: QRectF) -> None:
        """The labels are drawn in ``area`` (scene inches): the item's bounds must hold it."""
