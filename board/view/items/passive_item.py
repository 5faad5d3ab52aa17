"""The base of the tools' overlays: an item that takes no clicks and is told its bounds.

An overlay with labels (:class:`LaysOutLabels`) holds them in a Qt-free model
(:class:`~board.present.overlay.OverlayModel`), put on its board's
:class:`~board.present.presentation.Presentation` while the item is on the scene: the board's
layout places them from there (:mod:`board.view.layout`) and the item draws what it is handed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from board.game.core.board_layout import LabelRequest
from board.present.overlay import OverlayModel
from board.present.presentation import Presentation
from board.view.items.label_text import measure_label
from board.view.layout import page_of
from board.view.scene import BoardScene

__all__ = ["PassiveItem", "LaysOutLabels", "presentation_of", "read_soon"]

_Change = QGraphicsItem.GraphicsItemChange


def presentation_of(scene: QGraphicsScene | None) -> Presentation | None:
    """The overlays' models of a board's scene (``None``: a scene that is no board's)."""
    return scene.presentation if isinstance(scene, BoardScene) else None


def read_soon(item: QGraphicsItem, read: Callable[[], None]) -> None:
    """Have ``read`` run soon for ``item``: by its board's readings, else at the next turn.

    (:class:`~board.view.readings.Readings`: one pass for every overlay at the next turn of
    the event loop, and whatever is still due before the layout.)
    """
    scene = item.scene()
    if isinstance(scene, BoardScene):
        scene.readings.soon(item, read)
    else:
        QTimer.singleShot(0, read)


class LaysOutLabels:
    """An item whose labels the board's layout model places (see the module).

    It says its labels when they change (:meth:`show_labels`) and draws
    ``self.overlay.placed`` on ``self.overlay.page``; told when those change, it repaints.
    Put it before the Qt class among the bases: it follows the item on and off a scene.
    """

    #: Whether its labels lie under the models and buildings (see :class:`OverlayLabels`).
    labels_under = False
    _overlay: OverlayModel | None = None

    @property
    def overlay(self) -> OverlayModel:
        """Its labels and where they go (made at first use)."""
        if self._overlay is None:
            item: Any = self
            self._overlay = OverlayModel(item.zValue(), under=self.labels_under)
            self._overlay.shown = item.isVisible()
            self._overlay.on_placed = item.update
        return self._overlay

    def show_labels(self, labels: tuple[LabelRequest, ...]) -> None:
        """Its labels now (table inches): laid out again before the next paint if changed.

        While models are dragged they are held where they were at once (moved with their
        anchors, :meth:`~board.present.overlay.OverlayModel.hold_on`), so the repaint the
        change asks for draws them where they go. The item repaints what else it changed
        itself; where its labels were and are is repainted when they are placed
        (``overlay.on_placed``), not the whole item (a ring's bounds are the whole table).
        """
        model = self.overlay
        if not model.set_labels(labels):
            return
        item: Any = self
        scene = item.scene()
        if isinstance(scene, BoardScene) and scene.dragging:
            views = scene.views()
            page = model.page or (page_of(views[0]) if views else None)
            if page is not None:  # new in the drag (a unit just out of its zone): this page
                model.hold_on(page, measure_label)

    def _back_to_table(self) -> QTransform | None:
        """Page pixels to table inches for the labels placed now (``None``: none placed)."""
        page = self.overlay.page
        if page is None or not self.overlay.current:
            return None
        m11, m12, m21, m22, dx, dy = page.transform
        back, invertible = QTransform(m11, m12, m21, m22, dx, dy).inverted()
        return back if invertible else None

    def shown_label_rects(self) -> list[QRectF]:
        """Where its labels are drawn (scene inches): the boxes placed for it, shown."""
        back = self._back_to_table()
        if back is None:
            return []
        return [back.mapRect(QRectF(QPointF(p.box[0], p.box[1]), QPointF(p.box[2], p.box[3])))
                for p in self.overlay.placed if p.shown]

    def label_areas(self, grow_px: float = 2.0) -> list[tuple[float, float, float, float]]:
        """Where each shown label is drawn with its leader line (scene inches, l, t, r, b).

        Grown by ``grow_px`` pixels (the box's and the line's antialiased edge): what must be
        repainted where a label was and where it is.
        """
        back = self._back_to_table()
        if back is None:
            return []
        found = []
        for p in self.overlay.placed:
            if not p.shown:
                continue
            left, top, right, bottom = p.box
            if p.leader:
                left, top = min(left, p.at[0]), min(top, p.at[1])
                right, bottom = max(right, p.at[0]), max(bottom, p.at[1])
            area = back.mapRect(QRectF(QPointF(left - grow_px, top - grow_px),
                                       QPointF(right + grow_px, bottom + grow_px)))
            found.append((area.left(), area.top(), area.right(), area.bottom()))
        return found

    def itemChange(self, change: _Change, value: Any) -> Any:  # noqa: N802, D102 - Qt override
        item: Any = self
        if change == _Change.ItemSceneChange:
            old = presentation_of(item.scene())
            if old is not None:
                old.remove(self.overlay)
        elif change == _Change.ItemSceneHasChanged:
            new = presentation_of(value)
            if new is not None:
                new.add(self.overlay)
        elif change == _Change.ItemVisibleHasChanged:
            self.overlay.shown = bool(value)
        elif change == _Change.ItemZValueHasChanged:
            self.overlay.z = float(value)
        return super().itemChange(change, value)  # type: ignore[misc]


class PassiveItem(QGraphicsItem):
    """An overlay item: drawn above the board at ``z``, never taking a mouse button.

    Its bounds are whatever it was last told (:meth:`set_bounds`), grown by ``margin``
    inches on every side to leave room for labels drawn in pixels.
    """

    def __init__(self, z: float = 0.0, margin: float = 0.0) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._margin = margin
        self._bounds = QRectF()

    def set_bounds(self, bounds: QRectF) -> None:
        """Cover ``bounds`` (inches) plus the margin."""
        self.prepareGeometryChange()
        m = self._margin
        self._bounds = QRectF(bounds).adjusted(-m, -m, m, m)

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds
