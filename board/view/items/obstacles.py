"""What a label must not cover, as screen rectangles: models, doors, fire points, weapons, labels.

The pure layout (:mod:`board.game.label_layout`) places labels among rectangles; this turns
the scene's items in a part of the table into those rectangles, in the pixels of a view
(``view_transform``, scene to device). Symbols and labels that ignore the zoom are measured
as drawn, in pixels.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from board.game.label_layout import Rect
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem

__all__ = ["OBSTACLE_KINDS", "device_rect", "label_obstacles", "is_obstacle"]

#: The kinds of item a label must not cover.
OBSTACLE_KINDS = (ModelItem, AccessPointMarker, FirePointMarker, WeaponMarker, LabelItem)


def device_rect(item: QGraphicsItem, view_transform: QTransform) -> Rect:
    """The item's bounds in the view's pixels (``left, top, right, bottom``)."""
    box = item.deviceTransform(view_transform).mapRect(item.boundingRect())
    return (box.left(), box.top(), box.right(), box.bottom())


def is_obstacle(item: QGraphicsItem) -> bool:
    """Whether a label must keep off ``item`` (a shown model, symbol or label with text)."""
    if not isinstance(item, OBSTACLE_KINDS) or not item.isVisible():
        return False
    return not isinstance(item, LabelItem) or bool(item.text)


def label_obstacles(scene: QGraphicsScene, area: QRectF, view_transform: QTransform,
                    skip: Iterable[QGraphicsItem] = ()) -> list[Rect]:
    """Every model, symbol and label in ``area`` (scene inches) as a rectangle in pixels."""
    left_out = set(map(id, skip))
    found = scene.items(area, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                        Qt.SortOrder.DescendingOrder, view_transform)
    return [device_rect(item, view_transform) for item in found
            if id(item) not in left_out and is_obstacle(item)]
