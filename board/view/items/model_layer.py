"""The models at rest, drawn as one layer: one item paints every base that is not moving.

Qt draws a scene item by item: for each it works out where the item is on screen, finds its
cached picture and copies it. A model costs about 3 µs that way, and a table of 3,000 models
took 9 ms of a 13 ms repaint in those copies alone. Yet almost every model looks like many
others: a 25 mm base of one side's colour, facing up.

So the :class:`ModelLayer` of a board draws its models itself. Each model keeps its item
(what the mouse finds, selects and drags, and what carries its name label), but the item has
no contents of its own while it is in the layer; the layer keeps one picture per look (base,
colour, facing, badge, at the zoom shown: :func:`sprite_key`) and copies it once per model,
straight onto the screen, skipping the models outside the part repainted by a grid of cells.
A model selected is drawn by its own item again (its selection ring over the rest) and goes
back into the layer when it is no longer selected.

On a device that is not a screen's pixels (an export to SVG or PDF, a view turned by a
transform) the layer draws each model's vector outline through the item's own ``paint``, so
an export's bases stay shapes.

A model's item tells the layer when it moved, turned or changed its look
(:meth:`ModelLayer.changed`); the layer repaints where the model was and where it is now.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QPaintEngine, QPainter, QPainterPath, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

if TYPE_CHECKING:
    from board.view.items.model_item import ModelItem

__all__ = ["ModelLayer", "LAYER_Z", "CELL", "sprite_key", "ScreenPixels", "screen_pixels"]

#: The layer's height: just under the models' own (10), so a selected model, drawn by its
#: item, lies over the models at rest, and with them under everything drawn above models.
LAYER_Z = 9.99

#: The side of a cell of the layer's grid, inches: a repaint of a few inches asks for the
#: models of a few cells, not of the whole table.
CELL = 6.0

#: Pictures kept at most (each look at each zoom); more and they are made afresh.
MAX_SPRITES = 1024

#: Up to this many pixels an inch (the whole table in view, thousands of models) the models
#: of a cell are copied as one picture of the cell; closer in, each model's own is copied.
TILE_SCALE = 16.0

#: The paint engines whose pixels the layer copies pictures onto; any other (SVG, PDF, a
#: printer) is given each base's outline.
_RASTER = (QPaintEngine.Type.Raster, QPaintEngine.Type.OpenGL2)

_Cell = tuple[int, int]


def sprite_key(item: ModelItem, scale: float) -> tuple[object, ...]:
    """What a model's picture shows at ``scale`` pixels per inch (equal keys, equal pictures)."""
    return (*item.look(), scale)


class ScreenPixels(NamedTuple):
    """Where a painter draws on a view's own pixels: table inches to device pixels."""

    #: Device pixels per inch.
    scale: float
    #: Where the table's origin lies, device pixels (plus half a pixel: rounded by ``int``).
    dx: float
    dy: float
    #: Device pixels per logical pixel (2 on a high-density screen).
    ratio: float


def screen_pixels(painter: QPainter, widget: QWidget | None) -> ScreenPixels | None:
    """How ``painter`` maps inches to a view's pixels; ``None`` where pictures must not be copied.

    Pictures are copied only onto a view's own pixels (its paint event, or a grab of it) under
    a plain zoom: an export (SVG, PDF, or an image) or a turned view gets vectors.
    """
    view = painter.worldTransform()
    engine = painter.paintEngine()
    if (widget is None or painter.device() is not widget or engine is None
            or engine.type() not in _RASTER or view.m12() != 0.0 or view.m21() != 0.0
            or not view.m11() == view.m22() > 0.0):
        return None
    ratio = widget.devicePixelRatioF()
    return ScreenPixels(view.m11() * ratio, view.dx() * ratio + 0.5, view.dy() * ratio + 0.5,
                        ratio)


def blank_picture(width: float, height: float, ratio: float) -> QPixmap:
    """A transparent picture of ``width`` × ``height`` logical pixels, drawn on in them.

    Its sides are whole, even numbers of device pixels, with a pixel to spare each side.
    """
    pixmap = QPixmap(2 * math.ceil(width * ratio / 2) + 2, 2 * math.ceil(height * ratio / 2) + 2)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def _sprite(item: ModelItem, scale: float, ratio: float) -> QPixmap:
    """``item`` at ``scale`` logical pixels per inch, turned to its facing, centred."""
    turned = QTransform().rotate(item.rotation()).scale(scale, scale)
    box = turned.mapRect(item.boundingRect())
    pixmap = blank_picture(box.width(), box.height(), ratio)
    painter = QPainter(pixmap)
    painter.setTransform(turned * QTransform.fromTranslate(pixmap.width() / ratio / 2,
                                                           pixmap.height() / ratio / 2))
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return pixmap


def _copy(painter: QPainter, x: int, y: int, picture: QPixmap, ratio: float) -> None:
    """Copy ``picture`` with its top left corner at device pixel ``(x, y)``."""
    if ratio == 1.0:
        painter.drawPixmap(x, y, picture)
    else:
        painter.drawPixmap(QPointF(x / ratio, y / ratio), picture)


def _cell_of(x: float, y: float) -> _Cell:
    return (math.floor(x / CELL), math.floor(y / CELL))


class ModelLayer(QGraphicsItem):
    """The models at rest of a board, drawn as one item (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(LAYER_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._bounds = QRectF()
        #: The models drawn here, by cell of the grid (in the order they came).
        self._cells: dict[_Cell, dict[ModelItem, None]] = {}
        #: Each model's cell and the box it was last drawn in (inches).
        self._where: dict[ModelItem, tuple[_Cell, QRectF]] = {}
        #: The widest model's half diagonal: how far a base reaches out of its cell.
        self._reach = 0.0
        self._sprites: dict[tuple[object, ...], QPixmap] = {}
        #: Each cell's pictures and their places at one scale: ``(scale, [(x, y, picture)])``,
        #: pixels from the table's origin (made when the cell is first drawn at that scale).
        self._drawn: dict[_Cell, tuple[tuple[float, float],
                                       list[tuple[float, float, QPixmap]]]] = {}
        #: Each cell's models as one picture: the scale, ratio and fractions of a pixel it
        #: was made for, and where its top left corner lies (device pixels, whole).
        self._tiles: dict[_Cell, tuple[tuple[float, ...], int, int, QPixmap]] = {}
        #: The device pixels per inch (and ratio) the pictures above were made for: a new
        #: zoom lets go of them all (zoomed in close, a hull's picture takes megabytes).
        self._made_at: tuple[float, float] = (0.0, 0.0)

    # -- the models in it ----------------------------------------------------------------
    def __contains__(self, item: object) -> bool:
        return item in self._where

    def __len__(self) -> int:
        return len(self._where)

    def add(self, item: ModelItem) -> None:
        """Draw ``item`` here from now on (it is on this layer's scene, not selected)."""
        if item in self._where:
            return
        box = item.sceneBoundingRect()
        cell = _cell_of(item.x(), item.y())
        self._cells.setdefault(cell, {})[item] = None
        self._where[item] = (cell, box)
        self._drawn.pop(cell, None)
        self._tiles.pop(cell, None)
        self._reach = max(self._reach, math.hypot(box.width(), box.height()) / 2)
        if not self._bounds.contains(box):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(box) if self._bounds.isValid() else QRectF(box)
        self.update(box)

    def remove(self, item: ModelItem) -> None:
        """Stop drawing ``item`` here (selected, hidden or gone from the board)."""
        found = self._where.pop(item, None)
        if found is None:
            return
        cell, box = found
        self._cells[cell].pop(item, None)
        if not self._cells[cell]:
            del self._cells[cell]
        self._drawn.pop(cell, None)
        self._tiles.pop(cell, None)
        self.update(box)

    def changed(self, item: ModelItem) -> None:
        """``item`` moved, turned or looks different: drawn afresh, gone from where it was."""
        if item in self._where:
            self.remove(item)
            self.add(item)

    # -- Qt overrides ---------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override: nothing for the mouse to find
        return QPainterPath()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        cells = self._cells_in(option.exposedRect)
        pixels = screen_pixels(painter, widget)
        if pixels is not None:
            self._copy_pictures(painter, cells, pixels)
        else:
            self._draw_outlines(painter, cells, option)

    # -- drawing ------------------------------------------------------------------------------
    def _cells_in(self, exposed: QRectF) -> list[_Cell]:
        """The grid's cells with models that may reach into ``exposed`` (inches), in order."""
        reach = self._reach
        left, top = _cell_of(exposed.left() - reach, exposed.top() - reach)
        right, bottom = _cell_of(exposed.right() + reach, exposed.bottom() + reach)
        if (right - left + 1) * (bottom - top + 1) > len(self._cells):
            return sorted(self._cells)
        return [(i, j) for j in range(top, bottom + 1) for i in range(left, right + 1)
                if (i, j) in self._cells]

    def _copy_pictures(self, painter: QPainter, cells: list[_Cell],
                       pixels: ScreenPixels) -> None:
        """Copy each model's picture onto the screen's pixels, in whole pixels.

        Zoomed out, a cell's models are copied as one picture of the cell, made from theirs
        where each would be copied (the same pixels, one copy instead of some twenty).
        """
        view = painter.worldTransform()
        scale, dx, dy, ratio = pixels
        if (scale, ratio) != self._made_at:
            self._made_at = (scale, ratio)
            self._sprites.clear()
            self._drawn.clear()
            self._tiles.clear()
        painter.resetTransform()
        if scale <= TILE_SCALE * ratio:
            self._copy_tiles(painter, cells, pixels)
        else:
            self._tiles.clear()
            for cell in cells:
                for x, y, picture in self._cell_pictures(cell, scale, ratio):
                    _copy(painter, math.floor(x + dx), math.floor(y + dy), picture, ratio)
        painter.setWorldTransform(view)

    def _copy_tiles(self, painter: QPainter, cells: list[_Cell], pixels: ScreenPixels) -> None:
        scale, dx, dy, ratio = pixels
        left, top = math.floor(dx), math.floor(dy)
        key = (scale, ratio, dx - left, dy - top)
        for cell in cells:
            known = self._tiles.get(cell)
            if known is None or known[0] != key:
                known = self._tiles[cell] = (key, *self._tile(cell, key))
            _, x, y, tile = known
            _copy(painter, x + left, y + top, tile, ratio)

    def _tile(self, cell: _Cell, key: tuple[float, ...]) -> tuple[int, int, QPixmap]:
        """``cell``'s models in one picture, and where its top left corner lies (pixels)."""
        scale, ratio, fx, fy = key
        placed = [(math.floor(x + fx), math.floor(y + fy), picture)
                  for x, y, picture in self._cell_pictures(cell, scale, ratio)]
        left = min(x for x, _, _ in placed)
        top = min(y for _, y, _ in placed)
        right = max(x + picture.width() for x, _, picture in placed)
        bottom = max(y + picture.height() for _, y, picture in placed)
        tile = QPixmap(right - left, bottom - top)
        tile.fill(Qt.GlobalColor.transparent)
        painter = QPainter(tile)
        for x, y, picture in placed:
            painter.drawPixmap(QRect(x - left, y - top, picture.width(), picture.height()),
                               picture)
        painter.end()
        tile.setDevicePixelRatio(ratio)
        return left, top, tile

    def _cell_pictures(self, cell: _Cell, scale: float,
                       ratio: float) -> list[tuple[float, float, QPixmap]]:
        """The pictures of ``cell``'s models at ``scale`` device pixels per inch, and places."""
        known = self._drawn.get(cell)
        if known is not None and known[0] == (scale, ratio):
            return known[1]
        found = []
        for item in self._cells[cell]:
            picture = self._picture(item, scale, ratio)
            width, height = picture.width(), picture.height()
            found.append((item.x() * scale - width / 2, item.y() * scale - height / 2, picture))
        self._drawn[cell] = ((scale, ratio), found)
        return found

    def _picture(self, item: ModelItem, scale: float, ratio: float) -> QPixmap:
        key = (*sprite_key(item, scale), ratio)
        picture = self._sprites.get(key)
        if picture is None:
            if len(self._sprites) >= MAX_SPRITES:
                self._sprites.clear()
            picture = self._sprites[key] = _sprite(item, scale / ratio, ratio)
        return picture

    def _draw_outlines(self, painter: QPainter, cells: list[_Cell],
                       option: QStyleOptionGraphicsItem) -> None:
        """Each model's own drawing, in vectors (an export, a turned view)."""
        view = painter.worldTransform()
        for cell in cells:
            for item in self._cells[cell]:
                painter.setWorldTransform(item.sceneTransform() * view)
                item.paint(painter, option, None)
        painter.setWorldTransform(view)
