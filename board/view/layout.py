"""The board's label layout on screen: facts read from the scene, the model's answer handed on.

The layout itself is Qt-free (:func:`board.game.core.board_layout.lay_out`): given what the
board shows (models, symbols, its labels), the overlays' labels and a page, it says where
every label goes and which form of each board label shows. :class:`SceneLayout` reads the
board's facts from a scene's items and the overlays' labels from their Qt-free models (the
scene's :class:`~board.present.presentation.Presentation`), asks the layout for a view's page
and hands each what to draw: a :class:`~board.view.items.label_item.LabelItem` its form, each
overlay's model its labels' boxes. Items only draw.

It is asked synchronously, before the view paints (:meth:`SceneLayout.settle`) and before an
export renders the view; a page already laid out for the same facts is not laid out again.
The models, symbols and footprints are read again only when the document changes or a drag
ends (explicit invalidation); the board's labels (a hovered name, a building's name placed
for the zoom) and the overlays' labels are compared on each settle. While models are dragged
the layout is held (each overlay keeps its boxes, moved with their anchors:
:func:`board.game.core.board_layout.hold`, before the paint, never in it), and laid out
afresh when the drag ends (and once for a new zoom in the drag). While
another player's drag is shown the models are not read again either (their drag ends in an
edit, or with its items put back), so its moves cost a repaint and not a layout.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView
from shiboken6 import isValid

from board.game.core.board_layout import (
    BoardFacts,
    BoardLabel,
    Obstacle,
    Page,
    PageLayout,
    lay_out,
)
from board.game.core.label_layout import Rect
from board.view.items.building_item import BuildingItem
from board.view.items.label_item import LabelItem
from board.view.items.label_text import label_metrics, measure_label
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.scene import BoardScene

__all__ = ["SceneLayout", "page_of", "page_transform", "from_page"]

_SYMBOLS = (AccessPointMarker, FirePointMarker, WeaponMarker)


def page_of(view: QGraphicsView) -> Page:
    """The page a view shows: its transform (scene to viewport pixels) and viewport."""
    t = view.viewportTransform()
    rect = QRectF(view.viewport().rect())
    return Page((t.m11(), t.m12(), t.m21(), t.m22(), t.dx(), t.dy()),
                (rect.left(), rect.top(), rect.right(), rect.bottom()))


def page_transform(page: Page) -> QTransform:
    """The page's transform (table inches to its pixels) as Qt's."""
    m11, m12, m21, m22, dx, dy = page.transform
    return QTransform(m11, m12, m21, m22, dx, dy)


def from_page(page: Page, view: QTransform) -> QTransform:
    """Page pixels to the device ``view`` paints on (the identity on the view's own screen)."""
    back, invertible = page_transform(page).inverted()
    return back * view if invertible else QTransform()


def _ltrb(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def _obstacle(item: QGraphicsItem) -> Obstacle:
    at = item.scenePos()
    if isinstance(item, _SYMBOLS):  # drawn the same size at any zoom: its core, pixels
        box = item.deviceTransform(QTransform()).mapRect(item.core())
        return Obstacle((at.x(), at.y()), pixels=(box.left() - at.x(), box.top() - at.y(),
                                                  box.right() - at.x(), box.bottom() - at.y()),
                        firm=isinstance(item, AccessPointMarker))  # a door is never covered
    return Obstacle((at.x(), at.y()), box=_ltrb(item.sceneBoundingRect()))


class SceneLayout:
    """The label layout of ``scene`` (see the module)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self._obstacles: tuple[tuple[Obstacle, ...], tuple[Rect, ...]] | None = None
        self._last: tuple[object, PageLayout] | None = None
        self._applied: object = None
        #: The board's labels in the order they are stacked, and the scene's count of labels
        #: that came and went when they were ordered (:meth:`_stacked_labels`).
        self._label_order: tuple[int, list[LabelItem]] = (-1, [])
        #: How many times the board was invalidated (:meth:`invalidate`).
        self._invalidated = 0
        #: The board's labels as last read, and when (:meth:`_labels`).
        self._read_labels: tuple[object, tuple[tuple[LabelItem, ...], tuple[BoardLabel, ...]]] \
            = (None, ((), ()))
        #: How many layouts were computed and how many times the board was read (tests).
        self.computed = self.read = 0
        scene.document.changed.connect(self._on_document_changed)
        scene.moved_live.connect(self._on_moved_live)
        scene.drag_moved.connect(self._on_drag_moved)

    def _on_document_changed(self, event: object) -> None:
        if getattr(event, "board_changed", True):
            self.invalidate()

    def _on_drag_moved(self, text: str) -> None:
        if not text:  # the drag ended: its models may stand elsewhere (or back)
            self.invalidate()

    def _on_moved_live(self) -> None:
        """Items moved with no edit: read again, but not during another player's drag.

        As during this player's own drag, the layout is held while theirs goes on (laying
        1,000 models out again on every move of it cost the board 10 to 20 ms a move); it ends
        in their edit (a document change) or with its items put back where they stood.
        """
        if not self.scene.shows_live_drag:
            self.invalidate()

    def invalidate(self) -> None:
        """The models or symbols changed: read them again at the next layout.

        The board's labels too: one whose model or building moved stands elsewhere.
        """
        self._obstacles = None
        self._invalidated += 1

    def _read_obstacles(self) -> tuple[tuple[Obstacle, ...], tuple[Rect, ...]]:
        """The models' bases, the doors, fire points and weapons, the buildings' footprints.

        Read again only when invalidated (the document changed, another player's drag moved
        models, a drag ended): some 1,250 models and symbols cost milliseconds to read, and
        a symbol moves only with its building.
        """
        if self._obstacles is None:
            self.read += 1
            items = self.scene.items()
            items.reverse()  # the order they were added, the bottom of the stack first
            models = [_obstacle(item) for item in items
                      if isinstance(item, ModelItem) and item.isVisible()]
            symbols = [_obstacle(item) for item in items
                       if isinstance(item, _SYMBOLS) and item.isVisible()]
            self._obstacles = (
                tuple(models + symbols),
                tuple(sorted(_ltrb(item.sceneBoundingRect()) for item in items
                             if isinstance(item, BuildingItem) and item.isVisible())))
        return self._obstacles

    def _stacked_labels(self) -> list[LabelItem]:
        """The board's labels, the bottom of the stack first (ordered again when one came or went).

        The layout keeps the earlier of two equal labels first, as the board stacks them. The
        scene's list of labels saves reading its every item before each paint; it is put in
        the order they are stacked only when a label came or went.
        """
        registry = self.scene.labels
        if self._label_order[0] != registry.version:
            items = self.scene.items()
            items.reverse()  # the order they were added, the bottom of the stack first
            self._label_order = (registry.version,
                                 [item for item in items if isinstance(item, LabelItem)])
        return self._label_order[1]

    def _labels(self) -> tuple[tuple[LabelItem, ...], tuple[BoardLabel, ...]]:
        """The board's labels shown and what the layout reads of them, read again if changed.

        A label says when its text, place, importance or showing changed (the scene's
        registry counts it); one whose model or building moved is read again after the
        board's edit or the drag (:meth:`invalidate`).
        """
        registry = self.scene.labels
        when = (registry.version, registry.changes, self._invalidated)
        if self._read_labels[0] != when:
            self._read_labels = (when, self._read_labels_now())
        return self._read_labels[1]

    def _read_labels_now(self) -> tuple[tuple[LabelItem, ...], tuple[BoardLabel, ...]]:
        labels = [item for item in self._stacked_labels() if item.isVisible() and item.forms]
        facts = []
        for item in labels:
            at = item.scenePos()
            facts.append(BoardLabel(id(item), (at.x(), at.y()), item.form_boxes(),
                                    item.priority))
        return tuple(labels), tuple(facts)

    def page_layout(self, page: Page) -> PageLayout:
        """Every label's place on ``page`` (laid out now if anything it reads changed)."""
        return self._lay_out(page)[0]

    def _lay_out(self, page: Page) -> tuple[PageLayout, tuple[LabelItem, ...], bool]:
        labels, facts = self._labels()
        asked = self.scene.presentation.requests()
        obstacles, footprints = self._read_obstacles()
        # The models and symbols by the count of reads, not by ``id``: a new read may be made
        # where the last one was freed, take its ``id`` and pass for unchanged.
        key = (page, self.read, facts, tuple(asked))
        fresh = self._last is None or self._last[0] != key
        if fresh:
            self.computed += 1
            laid = lay_out(page, BoardFacts(obstacles, facts, footprints), asked,
                           measure_label)
            self._last = (key, laid)
        assert self._last is not None
        return self._last[1], labels, fresh

    def settle(self, view: QGraphicsView) -> PageLayout | None:
        """Lay out the labels for ``view``'s page and hand each item what to draw.

        The overlays' readings still due are worked out first. While models are dragged the
        layout is held (each overlay's labels kept where they were, moved with their
        anchors: :meth:`~board.present.presentation.Presentation.hold`); it is laid out when
        the drag ends, and once when the view is zoomed in the drag (the held boxes were the
        old page's: laid out for the new one among the models where they are, then held).
        """
        if not isValid(self.scene):
            return None
        self.scene.readings.now()
        label_metrics()  # the font measured in (kept)
        if self.scene.dragging:
            if not self.scene.presentation.zoomed_from(page_of(view)):
                self.scene.presentation.hold(page_of(view), measure_label)
                self._applied = None  # handed again at rest
                return None
            self.invalidate()  # zoomed in the drag: laid out once, the models where they are
        laid, labels, fresh = self._lay_out(page_of(view))
        if fresh or self._applied is not laid:
            self._applied = laid
            for item in labels:
                item.board_fit = laid.board_fits.get(id(item), 0)
                item.set_fit(laid.fits.get(id(item), 0))
            self.scene.presentation.hand(laid, at_rest=not self.scene.dragging)
        return laid

    @property
    def crowded(self) -> int:
        """How many board labels the last layout shortened or hid."""
        if self._last is None:
            return 0
        return sum(1 for form in self._last[1].fits.values() if form != 0)
