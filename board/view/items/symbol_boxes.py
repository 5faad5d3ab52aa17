"""The table area each building's symbols and labels cover, gathered once per judging pass.

A building judging where its armour badges and name label go asks what other buildings'
symbols (doors, fire points, weapons) and labels lie near each spot. Those are drawn in
pixels (they ignore the zoom), so a scene query in inches cannot find them by place: asked
without the view's transform it returns nearly every one on the table, each then measured
again, for every badge of every building. :class:`SymbolBoxes` measures each building's
symbols once per pass, at the judging zoom, and answers "which meet this area" from those
boxes; a building that moved its own symbols is measured again (:meth:`SymbolBoxes.forget`).

Only the symbols whose box meets the area asked about are returned: the only ones that can
change where a label goes (a spot is chosen by what it meets).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from board.game.core.label_layout import Rect
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker

__all__ = ["SymbolBoxes", "ltrb", "nominal"]


def ltrb(rect: QRectF) -> Rect:
    """A rectangle as ``(left, top, right, bottom)``."""
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def nominal(item: QGraphicsRectItem, at: QPointF, scale: float, core: bool = False) -> QRectF:
    """The table area a pixel-sized symbol or label at ``at`` covers at ``scale`` px/inch.

    With ``core``, a door, fire point or weapon symbol covers only where it is, not its arc.
    """
    if core and isinstance(item, AccessPointMarker | FirePointMarker | WeaponMarker):
        box = item.core()
    elif isinstance(item, LabelItem):  # its whole text: where it goes never hangs on its fit
        box = item.box_of(item.text)
    else:
        box = item.rect()
    return QRectF(at + box.topLeft() / scale, box.size() / scale)


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _descendants(item: QGraphicsItem) -> list[QGraphicsItem]:
    found: list[QGraphicsItem] = []
    stack = list(item.childItems())
    while stack:
        child = stack.pop()
        found.append(child)
        stack.extend(child.childItems())
    return found


class SymbolBoxes:
    """Each building's shown symbols and labels as table boxes at ``scale`` px/inch.

    ``buildings`` are the scene's building items; ``name_label_of(building)`` names the
    building's name label (some questions leave it out).
    """

    def __init__(self, buildings: Sequence[QGraphicsItem], scale: float,
                 name_label_of: Callable[[QGraphicsItem], QGraphicsItem]) -> None:
        self.scale = scale
        self._buildings = buildings
        self._name_label_of = name_label_of
        #: building → (the union of its boxes, [(box, is its name label)]).
        self._of: dict[int, tuple[Rect, list[tuple[Rect, bool]]]] = {}
        #: piece or model → its outline's box on the table (:meth:`outline`).
        self._outlines: dict[int, Rect] = {}

    def outline(self, item: QGraphicsItem) -> Rect:
        """The box of ``item``'s outline (its shape) on the table, measured once per pass.

        A model near several buildings is asked about by each; nothing moves during a pass.
        """
        known = self._outlines.get(id(item))
        if known is None:
            known = self._outlines[id(item)] = ltrb(item.mapToScene(item.shape()).boundingRect())
        return known

    def forget(self, building: QGraphicsItem) -> None:
        """``building``'s symbols moved: measure them again when next asked."""
        self._of.pop(id(building), None)

    def _measure(self, building: QGraphicsItem) -> tuple[Rect, list[tuple[Rect, bool]]]:
        known = self._of.get(id(building))
        if known is not None:
            return known
        label = self._name_label_of(building)
        boxes = [(ltrb(nominal(item, item.scenePos(), self.scale)), item is label)
                 for item in _descendants(building)
                 if isinstance(item, QGraphicsRectItem) and item.isVisible()]
        if boxes:
            union = (min(b[0] for b, _ in boxes), min(b[1] for b, _ in boxes),
                     max(b[2] for b, _ in boxes), max(b[3] for b, _ in boxes))
        else:
            union = (0.0, 0.0, 0.0, 0.0)
        known = self._of[id(building)] = (union, boxes)
        return known

    def meeting(self, area: Rect, besides: QGraphicsItem, name_labels: bool = True,
                ) -> list[Rect]:
        """The boxes of other buildings' symbols (and name labels) that meet ``area``."""
        found: list[Rect] = []
        for building in self._buildings:
            if building is besides:
                continue
            union, boxes = self._measure(building)
            if not boxes or not _meets(union, area):
                continue
            found += [box for box, is_label in boxes
                      if (name_labels or not is_label) and _meets(box, area)]
        return found
