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
from board.view.items.label_item import PRIORITY, LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.passive_item import LaysOutLabels

__all__ = ["OBSTACLE_KINDS", "device_rect", "device_rect_of", "label_obstacles", "is_obstacle",
           "label_overlaps"]

_SYMBOLS = (AccessPointMarker, FirePointMarker, WeaponMarker)

#: How far (pixels) from its anchor a label, symbol or model may reach.
_REACH_PX = 400.0

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
    return not isinstance(item, LabelItem) or bool(item.shown_text)


def label_obstacles(scene: QGraphicsScene, area: QRectF, view_transform: QTransform,
                    skip: Iterable[QGraphicsItem] = (), *,
                    yielding: list[Rect] | None = None,
                    overlays: list[QGraphicsItem] | None = None) -> list[Rect]:
    """Every model, symbol and label in ``area`` (scene inches) as a rectangle in pixels.

    Labels an overlay painted itself count too; ``skip`` are items to leave out (the one
    laying out its labels). Every item is looked at, not only those Qt's index finds there:
    the index leaves out fully transparent items, and a drag draws the still board from a
    picture with its items made transparent; the labels must not move because of that.
    With ``yielding``, the labels that give way to a verdict (a building's name, an armour
    badge: :data:`~board.view.items.label_item.PRIORITY` below ``verdict``) go there instead.

    What is read never depends on which was laid out first, so the layout at rest is the
    same whatever order the paints ran in: a label counts in the form the board alone shows
    (:meth:`LabelItem.board_box`, set by the layout model: :mod:`board.view.layout`), not
    the form shown under the overlays' labels; an overlay laying out its labels (a skipped
    one) keeps off the labels of the overlays stacked below it, not above.
    The rectangles come sorted: the same boxes are the same list. With ``overlays``, the
    items that paint labels themselves (the skipped ones left out) go there.
    """
    left_out = set(map(id, skip))
    box = view_transform.mapRect(area)
    bounds = (box.left(), box.top(), box.right(), box.bottom())
    pad = _REACH_PX / max(abs(view_transform.m11()), 1e-9)  # a label or symbol's own size
    near = area.adjusted(-pad, -pad, pad, pad)
    rects: list[Rect] = []
    above = False  # past the overlay laying out: the overlays from here keep off it
    for item in scene.items(Qt.SortOrder.AscendingOrder):
        if id(item) in left_out:
            above = above or isinstance(item, LaysOutLabels)
            continue
        if isinstance(item, LabelItem):
            if not item.isVisible() or not near.contains(item.scenePos()):
                continue
            shown = item.board_box()
            if shown.isEmpty():
                continue
            found = [device_rect_of(shown, item.deviceTransform(view_transform))]
            if yielding is not None and item.priority < PRIORITY["verdict"]:
                yielding += [r for r in found if _meets(r, bounds)]
                continue
        elif isinstance(item, OBSTACLE_KINDS):
            if not near.contains(item.scenePos()) or not is_obstacle(item):
                continue  # far off: not worth mapping to pixels
            found = [device_rect(item, view_transform)]
        elif isinstance(item, LaysOutLabels):
            if overlays is not None:
                overlays.append(item)
            if not item.isVisible() or above:
                continue
            found = [device_rect_of(b, view_transform) for b in item.shown_label_rects()]
        else:
            continue
        rects += [r for r in found if _meets(r, bounds)]
    if yielding is not None:
        yielding.sort()
    return sorted(rects)  # in one order, whatever order the items were stacked in


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
