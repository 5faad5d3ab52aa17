"""A model on the table: its base in its side's colour, with a tick showing its facing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from board.view import style
from board.view.items.label_item import PRIORITY, LabelItem

if TYPE_CHECKING:
    from board.view.items.model_layer import ModelLayer

__all__ = ["ModelItem"]

#: Extra room around the base for the outline and selection ring, inches.
_MARGIN = 0.12
#: A model's colour until the scene gives it its side's (a value: copied where it changes).
_GREY = QColor("#808080")
_PENS: list[QPen] = []
_Change = QGraphicsItem.GraphicsItemChange
_SELECTED_HAS_CHANGED = _Change.ItemSelectedHasChanged
#: The changes after which a model in its board's layer is drawn elsewhere.
_MOVED = (_Change.ItemPositionHasChanged, _Change.ItemRotationHasChanged)
#: The changes after which a model may leave or join its board's layer.
_FOLLOW = (_Change.ItemVisibleHasChanged, _Change.ItemSceneHasChanged)
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
#: Told of its moves while its layer draws it (not while it draws itself: a dragged model
#: would pay two calls into Python a move for nothing).
_SENDS_MOVES = QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges


def _level_pen(wrong: bool) -> QPen:
    """The badge's pen: white, or red for a model off its level or over its capacity."""
    pen = QPen(QColor("#ff3030") if wrong else QColor("#ffffff"), 1.5)
    pen.setCosmetic(True)
    return pen


_BADGES: dict[str, QPainterPath] = {}


def _badge_path(text: str) -> QPainterPath:
    """The badge's text as a path (made once a text): glyphs a font cannot draw an inch high."""
    path = _BADGES.get(text)
    if path is None:
        font = QFont()
        font.setPixelSize(20)
        font.setBold(True)
        path = _BADGES[text] = QPainterPath()
        path.addText(0.0, 0.0, font, text)
    return path


def _pens() -> list[QPen]:
    """The outline's pens (plain, selected) and the facing tick's, made once for every model."""
    if not _PENS:
        for colour, width in ((QColor("#101010"), 1.0), (style.SELECTION, 2.5),
                              (QColor("#ffffff"), 2.0), (QColor("#ff8c00"), 2.0)):
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            _PENS.append(pen)
        _PENS[3].setStyle(Qt.PenStyle.DashLine)  # a guessed base (an imported army list)
    return _PENS


class ModelItem(QGraphicsRectItem):
    """One model's base, drawn in its local frame: centre at the origin, facing up (−y).

    The scene sets its position (the base centre, inches) and rotation (the facing, degrees
    clockwise), its outline (``round``, ``oval`` or ``hull``) and colour; the unit's name shows
    while the cursor is over it and while it is selected. The name's label exists only while
    it shows: Qt looks at every item that ignores the zoom on every repaint, and 1,000 hidden
    labels made even a 2-pixel repaint cost 0.9 ms instead of 0.4 ms.

    Its bounds are the stock rectangle item's (no pen, no brush: exactly the rectangle), so
    Qt asks C++, not Python, for them: a full repaint asks 3,000 times.

    On a board it is drawn by the board's :class:`~board.view.items.model_layer.ModelLayer`
    while it is at rest (not selected): the item then has no contents of its own, and tells
    the layer when it moves, turns or changes its look (:meth:`set_layer`).
    """

    def __init__(self, model_id: str, shape_kind: str = "round", length: float = 1.0,
                 width: float = 1.0) -> None:
        super().__init__()
        #: The board's layer that draws it at rest (:meth:`set_layer`).
        self._layer: ModelLayer | None = None
        self.setPen(Qt.PenStyle.NoPen)
        self.model_id = model_id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(10.0)
        self._shape_kind = "round"
        self._size = (1.0, 1.0)  # length along the facing, width across it (inches)
        self._bounds = QRectF()
        self._path = QPainterPath()
        self.set_base(shape_kind, length, width)  # the scene gives the model's own base
        self._colour = _GREY
        self._hovered = False
        self._detail = ""
        self._name = ""
        self._label: LabelItem | None = None
        self._named_when_selected = True
        self._guessed = False
        self._level = ""
        self._level_wrong = False

    # -- setters the scene calls ---------------------------------------------------------
    def set_base(self, shape_kind: str, length: float, width: float) -> None:
        """Draw a ``round``/``oval`` base or a ``hull`` rectangle, ``length`` × ``width`` in."""
        self.prepareGeometryChange()
        self._shape_kind = shape_kind
        self._size = (length, width)
        self._bounds = self._base_rect().adjusted(-_MARGIN, -_MARGIN, _MARGIN, _MARGIN)
        self.setRect(self._bounds)
        self._path = QPainterPath()
        if shape_kind in ("hull", "square", "rectangle"):
            self._path.addRect(self._base_rect())
        else:
            self._path.addEllipse(self._base_rect())
        self._restyle()

    def set_colour(self, colour: QColor) -> None:
        """Fill the base with its side's ``colour``."""
        self._colour = QColor(colour)
        self._restyle()

    def set_name(self, name: str) -> None:
        """Show the unit's name on hover and when selected, and as the tooltip."""
        self._name = name
        self.setToolTip(f"{name}\n{self._detail}" if self._detail else name)
        if self._label is not None:
            self._label.set_text(name)
        self._update_label()

    def set_guessed(self, guessed: bool) -> None:
        """Outline the base dashed in orange: its size or troop type is a guess to confirm."""
        if guessed != self._guessed:
            self._guessed = guessed
            self._restyle()

    def set_level(self, badge: str, wrong: bool = False) -> None:
        """Show the height it stands at inside its base (``8"``; "": on the table).

        ``wrong``: it is off its level's area or over its capacity (the badge turns red).
        """
        if (badge, wrong) != (self._level, self._level_wrong):
            self._level, self._level_wrong = badge, wrong
            self._restyle()

    def set_layer(self, layer: ModelLayer | None) -> None:
        """Be drawn by ``layer`` while at rest (``None``: always by this item itself)."""
        if layer is not self._layer:
            if self._layer is not None and self in self._layer:
                self._draw_itself()
            self._layer = layer
            self._follow_layer()

    def look(self) -> tuple[object, ...]:
        """Everything its picture at rest shows (the layer keeps one picture per look)."""
        return (self._shape_kind, self._size, self._colour.rgba(), self._guessed, self._level,
                self._level_wrong, self.rotation())

    @property
    def drawn_by_layer(self) -> bool:
        """Whether its board's layer draws it now (else it draws itself)."""
        return self._layer is not None and self in self._layer

    @property
    def level_badge(self) -> str:
        """The height badge shown inside the base ("" on the table)."""
        return self._level

    def set_detail(self, detail: str) -> None:
        """What the tooltip says under the unit's name (a line of sight's verdict; "": none)."""
        if detail != self._detail:
            self._detail = detail
            self.setToolTip(f"{self._name}\n{detail}" if detail else self._name)

    @property
    def detail(self) -> str:
        """What the tooltip says under the unit's name."""
        return self._detail

    def set_named_when_selected(self, named: bool) -> None:
        """Show the name while selected (``False``: another selected model of the unit does)."""
        if named != self._named_when_selected:
            self._named_when_selected = named
            self._update_label()

    def set_placement(self, x: float, y: float, facing: float) -> None:
        """Put the base centre at ``(x, y)`` inches, facing ``facing`` degrees."""
        self.setPos(x, y)
        self.setRotation(facing)

    @property
    def name(self) -> str:
        """The unit name the label shows."""
        return self._name

    @property
    def label_visible(self) -> bool:
        """Whether the name label is showing."""
        return self._label is not None and self._label.isVisible()

    # -- Qt overrides -------------------------------------------------------------------
    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override
        return self._path

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(_pens()[1 if self.isSelected() else 3 if self._guessed else 0])
        painter.setBrush(self._colour)
        painter.drawPath(self._path)
        painter.setPen(_pens()[2])
        length = self._size[0]
        painter.drawLine(QPointF(0.0, 0.0), QPointF(0.0, -length / 2))
        if self._level:
            self._paint_level(painter)

    def itemChange(  # noqa: D102 - Qt override
        self, change: QGraphicsItem.GraphicsItemChange, value: object
    ) -> object:
        if change is _SELECTED_HAS_CHANGED:
            self._update_label()  # the scene then names one model per unit (selectionChanged)
            self._follow_layer()
        elif change in _MOVED:
            if self._layer is not None:
                self._layer.changed(self)
        elif change in _FOLLOW:
            self._follow_layer()
        # Qt's own itemChange returns ``value`` and does nothing else: not asked (a model is
        # told of some ten changes as it is made; the round trip cost a board of 1,000 tens
        # of milliseconds).
        return value

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: D102
        self._hovered = True
        self._update_label()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: D102
        self._hovered = False
        self._update_label()
        super().hoverLeaveEvent(event)

    # -- helpers ----------------------------------------------------------------------------
    def _paint_level(self, painter: QPainter) -> None:
        """The level badge: a chevron over the height, upright whatever the model's facing."""
        length, width = self._size
        size = min(length, width)
        painter.save()
        painter.rotate(-self.rotation())
        painter.setPen(_level_pen(self._level_wrong))
        chevron = size * 0.16
        painter.drawPolyline([QPointF(-chevron, -size * 0.1), QPointF(0.0, -size * 0.26),
                              QPointF(chevron, -size * 0.1)])
        path = _badge_path(self._level)
        box = path.boundingRect()
        scale = size * 0.3 / max(box.height(), 1e-9)
        painter.translate(-box.center().x() * scale, size * 0.12 - box.center().y() * scale)
        painter.scale(scale, scale)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#ff3030") if self._level_wrong else QColor("#ffffff"))
        painter.drawPath(path)
        painter.restore()

    def _restyle(self) -> None:
        """Its look changed: drawn afresh, by its layer or by itself."""
        if self.drawn_by_layer:
            assert self._layer is not None
            self._layer.changed(self)
        else:
            self.update()

    def _follow_layer(self) -> None:
        """Join its layer while at rest on the layer's scene; draw itself otherwise."""
        layer = self._layer
        if layer is None:
            return
        rest = (not self.isSelected() and self.isVisible() and self.scene() is not None
                and self.scene() is layer.scene())
        if rest and self not in layer:
            layer.add(self)
            self.setFlags(self.flags() | _NO_CONTENTS | _SENDS_MOVES)
            self.setCacheMode(QGraphicsItem.CacheMode.NoCache)  # its picture is the layer's
        elif not rest and self in layer:
            self._draw_itself()

    def _draw_itself(self) -> None:
        """Leave its layer and draw itself (selected, hidden, or no longer on the board)."""
        assert self._layer is not None
        self._layer.remove(self)
        self.setFlags(self.flags() & ~(_NO_CONTENTS | _SENDS_MOVES))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.update()

    def _base_rect(self) -> QRectF:
        length, width = self._size
        return QRectF(-width / 2, -length / 2, width, length)

    def _update_label(self) -> None:
        show = bool(self._name) and (self._hovered
                                     or self.isSelected() and self._named_when_selected)
        if show and self._label is None:
            self._label = LabelItem(self._name, self)
            self._label.setZValue(1.0)
            self._label.priority = PRIORITY["hovered"]
            self._label.set_pixel_offset(0.0, -18.0)
        elif not show and self._label is not None:
            label, self._label = self._label, None
            if label.scene() is not None:
                label.scene().removeItem(label)  # and from this item's children
            else:
                label.setVisible(False)  # no scene to take it: it goes with this item
