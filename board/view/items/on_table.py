"""A player's table ends at its edge: the clip the overlays' filled areas are drawn in.

A range ring around a unit near the edge, a void shield's 12" around a generator in a corner,
a "within N" reach: each is measured in full, but the part past the table's edge is nothing
a player can use, and shaded over the grey outside the table it read as more table. The
overlays that draw an area (rings, zones, deployment areas, disembark zones, void-shield
areas, the measuring tools' reaches) draw it inside :func:`clip_to_table`; their labels are
drawn after the clip is lifted and are laid out on screen as before.

The scene's table is read through :class:`HasTable` (``BoardScene.table_rect``), a protocol,
so that items need not import the scene that imports them.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

__all__ = ["HasTable", "table_in", "clip_to_table"]


@runtime_checkable
class HasTable(Protocol):
    """A scene that knows its table's rectangle, inches (the board's scene)."""

    def table_rect(self) -> QRectF:
        """The table, scene coordinates (inches)."""
        ...


def table_in(item: QGraphicsItem, shift: QPointF | None = None) -> QRectF | None:
    """The table's rectangle in ``item``'s coordinates, less ``shift`` (``None``: no table).

    ``shift`` is how far the painter was moved before drawing (a drag preview's offset):
    the table stays where it is while what is drawn moves.
    """
    scene = item.scene()
    if not isinstance(scene, HasTable):
        return None
    table = item.mapRectFromScene(scene.table_rect())
    if table.isEmpty():
        return None
    return table if shift is None else table.translated(-shift)


def clip_to_table(painter: QPainter, table: QRectF | None) -> None:
    """Clip what ``painter`` draws next to ``table`` (painter coordinates; ``None``: no clip).

    Intersected with any clip already set; the caller saves and restores the painter.
    """
    if table is not None:
        painter.setClipRect(table, Qt.ClipOperation.IntersectClip)
