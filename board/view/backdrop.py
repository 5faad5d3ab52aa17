"""While models are dragged, the rest of the board is drawn from one picture.

A drag repaints, on every mouse move, wherever the dragged models and the overlays that follow
them (a range ring, the rays of a line of sight) were and are. Qt then draws every item in
that part of the board again: the table, the buildings with their symbols and badges, and
the hundreds of models that are not moving, each through Python's bindings. On a table of
1,000 models a 12" ring's square alone holds some 400 of them.

None of them change while models are dragged. So when a drag of models begins,
:class:`Backdrop` takes a picture of the board without the dragged models and without the
overlays above the models (what is below them, deployment zones, stays in the picture), and
the view draws that picture as its background (:meth:`BoardView.drawBackground`). The items
in the picture are made fully transparent, which Qt skips without asking them anything;
when the drag ends they get their opacity back and the board is drawn from its items again.

While the picture is drawn the view repaints one rectangle a move, around all that changed
(:attr:`~PySide6.QtWidgets.QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate`),
not the exact region of it: a range ring asks for the squares its edge crosses, some ninety
rectangles a move, and Qt clipped every picture it then copied or blended (the board's, the
ring's, the labels') to that region span by span, which cost several times as much as copying
the larger rectangle whole. Outside a drag the view goes back to repainting only what
changed, where the items are drawn one by one.

A picture stands for one zoom, scroll and document: if any of them changes during the drag,
the board goes back to its items at once. Dragging buildings does not use it: another
building's label may move out of the way of the dragged one. Nor does the rest of a drag
during which another player's drag moves models on this board (shown live,
:mod:`board.view.remote.live`): the picture would hide them where they stood.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, QSize, QTimer
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView
from shiboken6 import isValid

from board.document.events import DocumentChange
from board.view.items.model_item import ModelItem
from board.view.scene import BoardScene

__all__ = ["Backdrop", "STATIC_Z", "MIN_ITEMS"]

#: Items at or below this height (the models' own) go into the picture; the overlays above
#: the models are drawn over it, live.
STATIC_Z = 10.0

#: Fewer items than this in the picture: not worth taking one (the picture costs a full
#: repaint; a small board repaints quickly from its items).
MIN_ITEMS = 150


class Backdrop(QObject):
    """The picture of the board under a drag of models, and the items it stands for."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view
        self._pixmap: QPixmap | None = None
        self._faded: list[tuple[QGraphicsItem, float]] = []
        self._where: tuple[QTransform, int, int, QSize] | None = None
        self._declined = False
        self._held = False
        #: How the view repainted before the picture (it repaints one rectangle meanwhile).
        self._mode: QGraphicsView.ViewportUpdateMode | None = None
        #: Whether drags use a picture at all (the benchmark times both ways).
        self.enabled = True
        #: How many pictures were taken (tests count them against drags).
        self.taken = 0
        scene = view.scene()
        if isinstance(scene, BoardScene):  # an edit during a drag (an undo by key)
            scene.document.changed.connect(self._on_document_changed)
            scene.moved_live.connect(self._on_moved_live)

    def _on_moved_live(self) -> None:
        """Another player's drag moved items the picture shows still: draw every item.

        The picture shows them where they stood and the items are faded out, so their drag
        would not be seen. For the rest of this drag the board is drawn from its items.
        """
        if isValid(self) and self._pixmap is not None:
            self.stop()
            self._declined = True

    def _on_document_changed(self, event: DocumentChange) -> None:
        if isValid(self) and event.board_changed:
            self.stop()

    @property
    def active(self) -> bool:
        """Whether the board is being drawn from the picture."""
        return self._pixmap is not None

    def on_drag_moved(self, text: str) -> None:
        """Follow the select tool's drags: ``text`` while one goes on, ``""`` at its end."""
        if not text:
            self.stop()
            self._declined = False
        elif self._pixmap is None and not self._declined and not self._held and self.enabled:
            self._declined = not self.start()

    @contextmanager
    def held(self) -> Iterator[None]:
        """No picture while the view zooms or scrolls (it replays the mouse at every step)."""
        self.stop()
        self._held = True
        try:
            yield
        finally:
            self._held = False

    def start(self) -> bool:
        """Take the picture for a drag of the selected models (False: not for this drag)."""
        scene = self.view.scene()
        if scene is None or self._pixmap is not None:
            return False
        dragged = scene.selectedItems()
        if not dragged or not all(isinstance(item, ModelItem) for item in dragged):
            return False
        moving = {id(item) for item in dragged}
        still, above = [], []
        for item in scene.items():
            if item.parentItem() is not None or not item.isVisible() or item.opacity() <= 0:
                continue
            if item.zValue() <= STATIC_Z and id(item) not in moving:
                still.append(item)
            else:
                above.append(item)
        if len(still) < MIN_ITEMS:
            return False
        hidden = [(item, item.opacity()) for item in above]
        for item, _ in hidden:
            item.setOpacity(0.0)
        pixmap = self.view.viewport().grab()
        for item, opacity in hidden:
            item.setOpacity(opacity)
        self._faded = [(item, item.opacity()) for item in still]
        for item, _ in self._faded:
            item.setOpacity(0.0)
        self._pixmap = pixmap
        self._where = self._placement()
        self.taken += 1
        self._mode = self.view.viewportUpdateMode()
        self.view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.view.viewport().update()
        return True

    def stop(self) -> None:
        """Draw the board from its items again."""
        if self._pixmap is None:
            return
        self._pixmap, self._where = None, None
        if self._mode is not None:
            self.view.setViewportUpdateMode(self._mode)
            self._mode = None
        for item, opacity in self._faded:
            if isValid(item):
                item.setOpacity(opacity)
        self._faded = []
        self.view.viewport().update()

    def draw(self, painter: QPainter) -> bool:
        """Draw the picture as the background (False: there is none to draw)."""
        if self._pixmap is None:
            return False
        if self._where != self._placement():  # zoomed or scrolled: the picture is wrong
            QTimer.singleShot(0, self.stop)
            return False
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(0, 0, self._pixmap)
        painter.restore()
        return True

    def _placement(self) -> tuple[QTransform, int, int, QSize]:
        view = self.view
        return (view.transform(), view.horizontalScrollBar().value(),
                view.verticalScrollBar().value(), view.viewport().size())
