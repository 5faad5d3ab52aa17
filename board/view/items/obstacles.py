"""What is drawn where, as screen rectangles: the check that no label covers another, or a model.

The board's labels are laid out by one Qt-free model (:mod:`board.view.layout`); this reads
what the board shows, in the pixels of a view (``view_transform``, scene to device): the
labels shown (a name, a badge, each overlay's labels as its model placed them), the models'
bases and the doors, fire points and weapons (their cores, drawn the same size at any zoom),
for the tests and checks that promise players no label covers another, a model or a symbol.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from board.game.core.label_layout import Rect
from board.game.core.label_rects import overlaps
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.passive_item import LaysOutLabels

__all__ = ["device_rect", "device_rect_of", "label_overlaps"]

_SYMBOLS = (AccessPointMarker, FirePointMarker, WeaponMarker)


def device_rect(item: QGraphicsItem, view_transform: QTransform) -> Rect:
    """The item's bounds in the view's pixels (``left, top, right, bottom``).

    A door, fire point or weapon symbol is its core (where it is), not its arc of fire.
    """
    core = item.core() if isinstance(item, _SYMBOLS) else item.boundingRect()
    box = item.deviceTransform(view_transform).mapRect(core)
    return (box.left(), box.top(), box.right(), box.bottom())


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlay_labels(item: QGraphicsItem) -> list[QRectF]:
    """Where an overlay's labels are drawn (scene inches: as placed); none for other items."""
    return item.shown_label_rects() if isinstance(item, LaysOutLabels) else []


def _visible_labels(scene: QGraphicsScene, view_transform: QTransform) -> list[Rect]:
    """Every label shown on ``scene`` (a name, a badge, an overlay's label), in pixels."""
    found: list[Rect] = []
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, LabelItem) and item.shown_text:
            found.append(device_rect(item, view_transform))
        else:
            found += [device_rect_of(box, view_transform) for box in overlay_labels(item)]
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
    shapes = [(device_rect(i, view_transform), i.deviceTransform(view_transform).map(i.shape()))
              for i in scene.items() if isinstance(i, ModelItem) and i.isVisible()]
    on_model = [(a, m) for a in labels for m, path in shapes  # a base is round: its outline
                if _meets(a, m) and path.intersects(QRectF(a[0], a[1], a[2] - a[0], a[3] - a[1]))]
    symbols = [device_rect(i, view_transform) for i in scene.items()
               if isinstance(i, AccessPointMarker | FirePointMarker | WeaponMarker)
               and i.isVisible()]
    return {
        "label/label": [(labels[i], labels[j]) for i, j in overlaps(labels)],
        "label/model": on_model,
        "label/symbol": [(labels[i], symbols[j]) for i, j in overlaps(labels, symbols)],
    }
