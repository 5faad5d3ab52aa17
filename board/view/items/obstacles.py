"""What a label must not cover, as screen rectangles: models, doors, fire points, weapons, labels.

The pure layout (:mod:`board.game.core.label_layout`) places labels among rectangles; this turns
the scene's items in a part of the table into those rectangles, in the pixels of a view
(``view_transform``, scene to device). Symbols and labels that ignore the zoom are measured
as drawn, in pixels.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from board.game.core.label_layout import Rect, overlaps
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.passive_item import PaintsLabels

__all__ = ["OBSTACLE_KINDS", "device_rect", "device_rect_of", "label_obstacles", "is_obstacle",
           "label_overlaps"]

_SYMBOLS = (AccessPointMarker, FirePointMarker, WeaponMarker)

#: The kinds of item a label must not cover.
OBSTACLE_KINDS = (ModelItem, AccessPointMarker, FirePointMarker, WeaponMarker, LabelItem)


def device_rect(item: QGraphicsItem, view_transform: QTransform) -> Rect:
    """The item's bounds in the view's pixels (``left, top, right, bottom``).

    A door, fire point or weapon symbol is its core (where it is), not its arc of fire.
    """
    core = item.core() if isinstance(item, _SYMBOLS) else item.boundingRect()
    box = item.deviceTransform(view_transform).mapRect(core)
    return (box.left(), box.top(), box.right(), box.bottom())


def is_obstacle(item: QGraphicsItem) -> bool:
    """Whether a label must keep off ``item`` (a shown model, symbol or label with text)."""
    if not isinstance(item, OBSTACLE_KINDS) or not item.isVisible():
        return False
    return not isinstance(item, LabelItem) or bool(item.text)


def label_obstacles(scene: QGraphicsScene, area: QRectF, view_transform: QTransform,
                    skip: Iterable[QGraphicsItem] = ()) -> list[Rect]:
    """Every model, symbol and label in ``area`` (scene inches) as a rectangle in pixels.

    Labels an overlay painted itself count too; ``skip`` are items to leave out (the one
    laying out its labels).
    """
    left_out = set(map(id, skip))
    found = scene.items(area, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                        Qt.SortOrder.DescendingOrder, view_transform)
    rects = [device_rect(item, view_transform) for item in found
             if id(item) not in left_out and is_obstacle(item)]
    for item in found:  # the labels other overlays painted themselves
        if id(item) not in left_out and item.isVisible():
            rects += [device_rect_of(box, view_transform) for box in painted_labels(item)]
    return rects


def painted_labels(item: QGraphicsItem) -> list[QRectF]:
    """The labels an overlay item painted itself (scene inches); none for other items."""
    return list(item.painted_labels) if isinstance(item, PaintsLabels) else []


def _visible_labels(scene: QGraphicsScene, view_transform: QTransform) -> list[Rect]:
    """Every label shown on ``scene`` (a name, a badge, an overlay's label), in pixels."""
    found: list[Rect] = []
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, LabelItem) and item.text:
            found.append(device_rect(item, view_transform))
        else:
            found += [device_rect_of(box, view_transform) for box in painted_labels(item)]
    return found


def device_rect_of(rect: QRectF, view_transform: QTransform) -> Rect:
    """A scene rectangle in the view's pixels."""
    box = view_transform.mapRect(rect)
    return (box.left(), box.top(), box.right(), box.bottom())


def label_overlaps(scene: QGraphicsScene, view_transform: QTransform,
                   ) -> dict[str, list[tuple[Rect, Rect]]]:
    """Every label that covers another label, a model, or a door, fire point or weapon.

    By kind of overlap (``label/label``, ``label/model``, ``label/symbol``), each as the two
    rectangles (pixels). What the board promises players is that all three are empty.
    """
    labels = _visible_labels(scene, view_transform)
    models = [device_rect(i, view_transform) for i in scene.items()
              if isinstance(i, ModelItem) and i.isVisible()]
    symbols = [device_rect(i, view_transform) for i in scene.items()
               if isinstance(i, AccessPointMarker | FirePointMarker | WeaponMarker)
               and i.isVisible()]
    return {
        "label/label": [(labels[i], labels[j]) for i, j in overlaps(labels)],
        "label/model": [(labels[i], models[j]) for i, j in overlaps(labels, models)],
        "label/symbol": [(labels[i], symbols[j]) for i, j in overlaps(labels, symbols)],
    }
