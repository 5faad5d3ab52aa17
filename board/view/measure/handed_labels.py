"""An overlay's labels as the board's layout model hands them: drawn, and held in a drag.

The overlay says what labels it has (``label_requests``: text anchored at table points) and
their colours (:meth:`HandedLabels.label_colours`). The board's layout model
(:func:`board.game.core.board_layout.lay_out`, run by :mod:`board.view.layout` before the
view paints and before an export) places them clear of the models, doors, symbols and
labels, with a leader line to one moved far from its anchor, and hands them over
(:meth:`HandedLabels.set_layout`). The overlay draws them as handed
(:meth:`HandedLabels.paint_labels`): the leader lines first, then the boxes, so no line
crosses a label's text.

While models are dragged the layout is held: each label keeps its box, moved as far as its
anchor (:func:`board.game.core.board_layout.hold`, from :meth:`HandedLabels.labels_changed`
when the overlay's labels move, never in a paint); it is laid out again when the drag ends.
Nothing here measures or lays out in a paint.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QTransform
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from board.game.core.board_layout import LabelRequest, Page, PageLayout, PlacedLabel, hold
from board.view.items.label_text import measure_label
from board.view.items.passive_item import LaysOutLabels
from board.view.layout import from_page, page_of, page_transform
from board.view.measure.label_drawing import _draw_labels, _draw_leaders
from board.view.measure.sketch import Label
from board.view.scene import BoardScene

__all__ = ["HandedLabels"]

#: Room round a label and its leader line repainted when it moves, screen pixels.
GROW_PX = 3.0


class HandedLabels(LaysOutLabels):
    """Labels placed by the layout model, held in a drag, drawn as handed (see the module).

    The item calls :meth:`init_labels` once, :meth:`labels_changed` whenever its
    ``label_requests`` change, and :meth:`paint_labels` from its ``paint``.
    """

    scene: Callable[[], object]
    update: Callable[..., None]

    def init_labels(self) -> None:
        """Start with no labels handed."""
        #: What the layout model handed: its page, the labels placed, what they were asked as.
        self._given: tuple[Page, list[PlacedLabel], tuple[LabelRequest, ...]] | None = None
        self._ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]] | None = None
        #: The labels held in a drag and what they were held for (``None``: at rest).
        self._held: tuple[list[PlacedLabel], tuple[LabelRequest, ...]] | None = None
        self._waits_for_drag = False
        #: Where the labels are drawn (scene inches): what the checks read.
        self.painted_labels: list[QRectF] = []
        self._area = QRectF()  # where they are drawn with their leader lines, scene inches
        self._back: tuple[Page, QTransform | None] | None = None  # page pixels to inches

    def label_colours(self) -> list[QColor]:
        """Each label's box colour, in the order of ``label_requests``."""
        raise NotImplementedError

    # -- handed and held ----------------------------------------------------------------------
    def set_layout(self, laid: PageLayout, placed: list[PlacedLabel],
                   ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]]) -> None:
        """Where the labels go on the view's page (:mod:`board.view.layout`)."""
        self._ask = ask
        if self._given is not None and self._given[1] == placed and self._held is None:
            self._given = (laid.page, placed, self.label_requests())
            return
        self._repaint_labels()
        self._given, self._held = (laid.page, placed, self.label_requests()), None
        self._placed_changed()
        self._repaint_labels()

    def labels_changed(self) -> None:
        """The labels asked changed: in a drag, hold them; repaint where they were and are."""
        scene = self.scene()
        if not isinstance(scene, BoardScene) or not scene.dragging:
            self._repaint_labels()  # at rest: the next layout places them
            return
        if self._given is None:  # new in the drag (a unit just gone out of its zone)
            views = scene.views()
            if not views:
                return
            self._given = (page_of(views[0]), [], ())  # placed round nothing till the drop
        if not self._waits_for_drag:
            self._waits_for_drag = True
            scene.when_drag_ends(self._after_drag)
        page, placed, asked = self._given
        last, last_asked = self._held if self._held is not None else (placed, asked)
        now = self.label_requests()
        if now == last_asked:
            return
        self._repaint_labels()
        self._held = (hold(last, last_asked, now, page, measure_label), now)
        self._placed_changed()
        self._repaint_labels()

    def _after_drag(self) -> None:
        """The drag is over: the next layout (before the next paint) places the labels."""
        if not isValid(self):
            return
        self._waits_for_drag = False
        if self._held is not None:
            self._repaint_labels()
            self._held = None
            self._placed_changed()
            self._repaint_labels()

    def _placed_changed(self) -> None:
        """Note where the labels are now, scene inches: each box, and the area with the lines.

        Noted when handed or held, not when painted: an item off the view is not painted,
        and what it drew at another zoom is not where its labels are now.
        """
        self.painted_labels, self._area = [], QRectF()
        if self._given is None:
            return
        page = self._given[0]
        if self._back is None or self._back[0] != page:
            inverse, invertible = page_transform(page).inverted()
            self._back = (page, inverse if invertible else None)
        back = self._back[1]
        if back is None:
            return
        area = QRectF()
        for p in self._held[0] if self._held is not None else self._given[1]:
            if p.shown:
                box = QRectF(QPointF(p.box[0], p.box[1]), QPointF(p.box[2], p.box[3]))
                self.painted_labels.append(back.mapRect(box))
                area = area.united(box).united(QRectF(p.at[0] - 1.0, p.at[1] - 1.0, 2.0, 2.0))
        if not area.isEmpty():
            self._area = back.mapRect(area.adjusted(-GROW_PX, -GROW_PX, GROW_PX, GROW_PX))

    # -- drawn ---------------------------------------------------------------------------------
    def placed_labels(self) -> tuple[Page, list[PlacedLabel]] | None:
        """The page and the labels placed on it, as drawn now (held in a drag).

        Labels changed at rest since the last layout was handed are asked for again (the
        board's layout, laid out for the new labels or found already laid out).
        """
        given = self._given
        if given is None:
            return None
        if self._held is not None:
            return given[0], self._held[0]
        if given[2] != self.label_requests() and self._ask is not None:
            laid, placed = self._ask()
            given = self._given = (laid.page, placed, self.label_requests())
            self._placed_changed()
        return given[0], given[1]

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
        """Where the labels and their leader lines were handed or held (scene inches)."""
        return QRectF(self._area)

    def _repaint_labels(self) -> None:
        if not self._area.isEmpty() and self.scene() is not None:
            self.labels_moved(self._area)
            self.update(self._area)

    def labels_moved(self, area: QRectF) -> None:
        """The labels are drawn in ``area`` (scene inches): the item's bounds must hold it."""
