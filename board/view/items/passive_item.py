"""The base of the tools' overlays: an item that takes no clicks and is told its bounds."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem

from board.game.core.board_layout import LabelRequest, PageLayout, PlacedLabel

__all__ = ["PassiveItem", "PaintsLabels", "LaysOutLabels"]


class PaintsLabels:
    """An item that paints its own labels; ``painted_labels`` is where (scene inches).

    Other labels keep off them (:mod:`board.view.items.obstacles`).
    """

    painted_labels: list[QRectF]


class LaysOutLabels(PaintsLabels):
    """An item whose labels the board's layout model places (:mod:`board.view.layout`).

    It says what labels it has (:meth:`label_requests`) and is handed where they go
    (:meth:`set_layout`); it only draws them.
    """

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Its labels as the layout model is asked for them (table inches)."""
        raise NotImplementedError

    def set_layout(self, laid: PageLayout, placed: list[PlacedLabel],
                   ask: Callable[[], tuple[PageLayout, list[PlacedLabel]]]) -> None:
        """Where its labels go on the view's page; ``ask`` lays out again."""
        raise NotImplementedError


class PassiveItem(QGraphicsItem, PaintsLabels):
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
        #: The labels it last painted, scene inches (what other labels must keep off).
        self.painted_labels: list[QRectF] = []

    def set_bounds(self, bounds: QRectF) -> None:
        """Cover ``bounds`` (inches) plus the margin."""
        self.prepareGeometryChange()
        m = self._margin
        self._bounds = QRectF(bounds).adjusted(-m, -m, m, m)

    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds
