"""A text label that stays the same size on screen at any zoom."""

from __future__ import annotations

import math
from collections.abc import Iterator

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from board.view import style

__all__ = ["LabelItem", "LabelledScene", "LabelRegistry", "PRIORITY"]

#: How much each kind of label matters when the board is crowded (higher keeps its place
#: first; :mod:`board.view.items.legibility`): a model's name while the pointer is on it, the
#: verdicts written on the board, the armour badges, the buildings' names.
PRIORITY = {"hovered": 40, "verdict": 30, "armour": 20, "name": 10}

_PAD = 3.0

_Change = QGraphicsItem.GraphicsItemChange
#: The changes of a label the board's layout reads (its place; shown or hidden).
_TOUCHING = (_Change.ItemPositionHasChanged, _Change.ItemVisibleHasChanged)


class LabelRegistry:
    """The labels on one scene, in the order they came (the board's layout reads this list).

    ``version`` counts the labels that came and went: a reader that keeps them in another
    order (the order they are stacked) orders them again only when it changed. ``changes``
    counts what the layout reads of them that changed: a text, a place, a label shown or
    hidden, its importance (not its parent moving: the board's edits say so).
    """

    def __init__(self) -> None:
        self._items: dict[LabelItem, None] = {}
        self.version = 0
        self.changes = 0

    def __iter__(self) -> Iterator[LabelItem]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def add(self, item: LabelItem) -> None:
        """``item`` came onto the scene."""
        self._items[item] = None
        self.version += 1

    def remove(self, item: LabelItem) -> None:
        """``item`` left the scene."""
        if self._items.pop(item, False) is None:
            self.version += 1

    def touched(self) -> None:
        """What the layout reads of a label changed."""
        self.changes += 1


class LabelledScene:
    """A scene that keeps the list of its labels (put it before the Qt class in the bases).

    A board of 3,000 models has some 4,000 items, of which a few hundred are labels: the
    layout reads this list before every paint rather than every item of the scene.
    """

    labels: LabelRegistry


class LabelItem(QGraphicsRectItem):
    """Text in a rounded box, drawn in screen pixels, centred on its position.

    It ignores the view's zoom and its parent's rotation, so armour values and names stay
    upright and readable when the whole table is on screen. Zoomed out, where it would cover
    a model, a symbol or a more important label, the board's legibility pass
    (:mod:`board.view.items.legibility`) shows one of its ``shorter`` texts instead, or hides
    it (:meth:`set_fit`); ``priority`` says how important it is. A label may also be given
    other spots to be drawn at (:meth:`set_spots`, a building's name: under its footprint,
    above it, beside it): the layout then shows it at the first spot where it fits. Its
    picture is kept as a pixmap in screen pixels (a board shows some 250 of them; a
    translucent rounded box costs about 0.08 ms to draw); every setter that changes the
    picture asks for it again. Its bounds are the stock rectangle item's (no pen): Qt asks
    C++ for them, not Python.
    """

    def __init__(
        self,
        text: str = "",
        parent: QGraphicsItem | None = None,
        *,
        background: QColor = style.LABEL_BACK,
        point_size: float = 8.0,
        bold: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setPen(Qt.PenStyle.NoPen)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)  # its registry
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._font = style.label_font(point_size, bold)
        self._background = QColor(background)
        self._offset = QPointF(0.0, 0.0)
        self._text = ""
        self._shorter: tuple[str, ...] = ()
        self._fit = 0
        #: Where the label may be drawn, pixels from its offset, in order (the first: its own
        #: place): each choice of the layout is a form at a spot (:meth:`form_boxes`).
        self._spots: tuple[tuple[float, float], ...] = ((0.0, 0.0),)
        #: The form shown on the board alone, its overlays' labels left out (the legibility
        #: pass's first fit): what an overlay's labels keep off (``len(forms)``: none).
        self.board_fit = 0
        self._priority = 0
        self._rect = QRectF()
        scene = self.scene()  # made on a parent already on a board: Qt told no override
        if isinstance(scene, LabelledScene):
            scene.labels.add(self)
        self.set_text(text)

    @property
    def priority(self) -> int:
        """How much the label matters when the board is crowded: higher keeps its place."""
        return self._priority

    @priority.setter
    def priority(self, priority: int) -> None:
        if priority != self._priority:
            self._priority = priority
            self._touched()

    def _touched(self) -> None:
        """What the board's layout reads of it changed (its scene's registry counts it)."""
        scene = self.scene()
        if isinstance(scene, LabelledScene):
            scene.labels.touched()

    @property
    def text(self) -> str:
        """The label's whole text."""
        return self._text

    @property
    def shown_text(self) -> str:
        """What is drawn: the whole text, a shorter one, or nothing (hidden: crowded out)."""
        form = self.fit
        return self.forms[form] if form < len(self.forms) else ""

    @property
    def forms(self) -> tuple[str, ...]:
        """The whole text, then each shorter text (none when the label is empty)."""
        return (self._text, *self._shorter) if self._text else ()

    def set_text(self, text: str, shorter: tuple[str, ...] = ()) -> None:
        """Show ``text`` (several lines allowed); ``shorter``: forms for a crowded board."""
        self._text = text
        self._shorter = tuple(shorter)
        self._form_boxes: tuple[tuple[float, float, float, float], ...] | None = None
        self._redo_box()
        self._touched()
        scene = self.scene()  # the board judges its labels again (board.view.items.legibility)
        for view in scene.views() if scene is not None else ():
            legibility = getattr(view, "legibility", None)
            if legibility is not None:
                legibility.schedule()

    def form_boxes(self) -> tuple[tuple[float, float, float, float], ...]:
        """Each choice's box (pixels from the anchor: left, top, right, bottom), kept.

        A choice is a form at a spot: the whole text at each spot in turn, then the first
        shorter text at each spot, and so on (one spot: the forms' boxes).
        """
        if self._form_boxes is None:
            self._form_boxes = tuple(
                (box.left(), box.top(), box.right(), box.bottom())
                for box in (self._box_at(choice) for choice in range(self._choices())))
        return self._form_boxes

    def _choices(self) -> int:
        return len(self.forms) * len(self._spots)

    def _box_at(self, choice: int) -> QRectF:
        """The box of choice ``choice`` of :meth:`form_boxes` (empty past the last)."""
        if choice >= self._choices():
            return QRectF()
        form, spot = divmod(choice, len(self._spots))
        return self.box_of(self.forms[form], spot)

    def _redo_box(self) -> None:
        self.prepareGeometryChange()
        self._rect = self._box_at(self._fit)
        self.setRect(self._rect)
        self.update()  # a kept picture of the old text must not survive a same-sized new one

    def box_of(self, text: str, spot: int = 0) -> QRectF:
        """The box ``text`` is drawn in at spot ``spot`` (pixels from the anchor; empty for none).

        In whole pixels, as it is drawn (:meth:`paint`): its kept picture is then the same
        whatever fraction of a pixel the label stood at when it was drawn.
        """
        if not text:
            return QRectF()
        metrics = QFontMetricsF(self._font)
        lines = text.split("\n")
        width = math.ceil(max(metrics.horizontalAdvance(line) for line in lines) + 2 * _PAD)
        height = math.ceil(metrics.height() * len(lines) + 2 * _PAD)
        dx, dy = self._spots[spot]
        left = math.floor(self._offset.x() + dx - width / 2 + 0.5)
        top = math.floor(self._offset.y() + dy - height / 2 + 0.5)
        return QRectF(left, top, width, height)

    @property
    def fit(self) -> int:
        """Which form is shown: 0 the whole text, 1… a shorter one, ``len(forms)`` none."""
        return min(self._fit // len(self._spots), len(self.forms))

    @property
    def spot(self) -> int:
        """At which of its spots (:meth:`set_spots`) the label is drawn."""
        return self._fit % len(self._spots)

    def board_box(self) -> QRectF:
        """The box of the choice the board alone shows (:attr:`board_fit`; empty for none)."""
        return self._box_at(self.board_fit)

    def set_fit(self, choice: int) -> None:
        """Show choice ``choice`` of :meth:`form_boxes` (past the last: nothing).

        With one spot, a choice is a form of :attr:`forms`.
        """
        if choice != self._fit:
            self._fit = choice
            self._redo_box()

    def set_spots(self, spots: tuple[tuple[float, float], ...]) -> None:
        """Offer the layout ``spots`` (pixels from the offset, in order of preference).

        Each is a place the label may be drawn at; the layout shows it at the first where a
        form of it fits (:meth:`form_boxes`). The label is shown at the first until then.
        """
        spots = tuple(spots) or ((0.0, 0.0),)
        if spots != self._spots:
            self._spots = spots
            self._fit = 0
            self.set_text(self._text, self._shorter)

    def set_pixel_offset(self, dx: float, dy: float) -> None:
        """Shift the box by ``(dx, dy)`` screen pixels from its anchor."""
        self._offset = QPointF(dx, dy)
        self.set_text(self._text, self._shorter)

    def pixel_offset(self) -> QPointF:
        """Return the box's shift from its anchor, screen pixels."""
        return QPointF(self._offset)

    def set_background(self, colour: QColor) -> None:
        """Fill the box with ``colour``."""
        self._background = QColor(colour)
        self.update()

    def itemChange(  # noqa: D102 - Qt override
        self, change: QGraphicsItem.GraphicsItemChange, value: object
    ) -> object:
        if change is _Change.ItemSceneChange:  # leaving its scene (for another, or none)
            scene = self.scene()
            if isinstance(scene, LabelledScene):
                scene.labels.remove(self)
        elif change is _Change.ItemSceneHasChanged and isinstance(value, LabelledScene):
            value.labels.add(self)
        elif change in _TOUCHING:
            self._touched()
        return value

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        text = self.shown_text
        if not text:
            return
        # At whole pixels: the picture Qt keeps (DeviceCoordinateCache) is drawn again at
        # whole pixels after a scroll or zoom, so one drawn at a fraction of a pixel would
        # show the label a little differently depending on where it was first drawn.
        at = painter.worldTransform()
        if at.isAffine() and at.m11() == at.m22() == 1.0 and at.m12() == at.m21() == 0.0:
            painter.setWorldTransform(at * QTransform.fromTranslate(
                round(at.dx()) - at.dx(), round(at.dy()) - at.dy()))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._background)
        painter.drawRoundedRect(self._rect, 3.0, 3.0)
        painter.setPen(QPen(style.LABEL_TEXT))
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, text)
