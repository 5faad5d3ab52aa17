"""The distances written on kept range rings: anywhere on a ring's edge, on the table.

Each ring's distance may stand anywhere on its edge. The ring says so
(:meth:`RingLabels.label_requests`: at its top first, then its bottom, sides and corners,
read on the table) and the board's layout model chooses the first of those spots clear of
the models, doors, symbols and labels (:func:`board.game.core.label_anchors.first_spot`), or
places the label near it with a leader line. The ring draws what it is handed, in its colour,
and holds it in a drag, moved with the ring (:mod:`board.view.measure.handed_labels`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from board.game.core.board_layout import LabelRequest
from board.view.items.label_item import PRIORITY
from board.view.items.on_table import table_in
from board.view.measure.handed_labels import HandedLabels

__all__ = ["RingLabel", "RingLabels", "edge_spots"]

XY = tuple[float, float]

#: The directions from a ring's middle its distance is tried at, in order: top, bottom,
#: right, left, then the corners (y grows down the table).
_DIRECTIONS = ((0.0, -1.0), (0.0, 1.0), (1.0, 0.0), (-1.0, 0.0),
               (0.7071, -0.7071), (-0.7071, -0.7071), (0.7071, 0.7071), (-0.7071, 0.7071))


@dataclass(frozen=True)
class RingLabel:
    """A ring's distance: the spots on its edge (inches, unshifted), its words and colour."""

    spots: tuple[XY, ...]
    text: str
    colour: QColor


def edge_spots(area: shapely.Geometry) -> tuple[XY, ...]:
    """Points on the outer edge of ``area`` from its box's middle: top, bottom, sides, corners.

    Each is the furthest point of the edge in its direction (a ring round a unit is no
    circle: its corners are where its edge is, not on an ellipse in its box).

    >>> from shapely.geometry import Point
    >>> [tuple(round(v, 2) for v in p) for p in edge_spots(Point(10, 20).buffer(5, 64))[:4]]
    [(10.0, 15.0), (10.0, 25.0), (15.0, 20.0), (5.0, 20.0)]
    >>> edge_spots(Point(0, 0).buffer(0.0))
    ()
    """
    if shapely.is_empty(area):
        return ()
    x0, y0, x1, y1 = (float(v) for v in shapely.bounds(area))
    cx, cy, reach = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) + (y1 - y0) + 1.0
    rays = shapely.linestrings([[(cx, cy), (cx + dx * reach, cy + dy * reach)]
                                for dx, dy in _DIRECTIONS])
    points, index = shapely.get_coordinates(
        shapely.intersection(shapely.boundary(area), rays), return_index=True)
    spots = []
    for k, (dx, dy) in enumerate(_DIRECTIONS):
        mine = points[index == k]
        if not len(mine):  # the middle outside a crescent: on its box's ellipse instead
            spots.append((cx + dx * (x1 - x0) / 2, cy + dy * (y1 - y0) / 2))
            continue
        far = mine[int(np.argmax(np.hypot(mine[:, 0] - cx, mine[:, 1] - cy)))]
        spots.append((float(far[0]), float(far[1])))
    return tuple(spots)


def _ltrb(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


class RingLabels(HandedLabels):
    """The part of :class:`~board.view.measure.ring_item.RingItem` that writes distances.

    The item keeps ``_offset`` (its drag offset, inches) and calls :meth:`set_ring_labels`
    when its rings change and :meth:`labels_changed` when its offset changes.
    """

    _offset: QPointF

    def init_ring_labels(self) -> None:
        """Start with no rings' labels."""
        self.init_labels()
        self._ring_labels: tuple[RingLabel, ...] = ()
        self._within: tuple[float, float, float, float] | None = None
        self._asked: tuple[tuple[float, float], tuple[LabelRequest, ...]] | None = None

    def set_ring_labels(self, labels: Sequence[RingLabel]) -> None:
        """Write ``labels`` (one a ring) from now on."""
        self._ring_labels = tuple(label for label in labels if label.spots)
        self._asked = None
        self.labels_changed()

    def label_requests(self) -> tuple[LabelRequest, ...]:
        """Each ring's distance, at its top or a later spot on its edge, on the table."""
        key = (self._offset.x(), self._offset.y())
        if self._asked is not None and self._asked[0] == key:
            return self._asked[1]
        if self._asked is None:  # new labels: read on the table (read once, not every move)
            table = table_in(self)  # type: ignore[arg-type]  # the item this is part of
            self._within = None if table is None else _ltrb(table)
        dx, dy = key
        within = self._within
        asked = tuple(LabelRequest((label.spots[0][0] + dx, label.spots[0][1] + dy),
                                   label.text, dy=0.0, priority=PRIORITY["verdict"],
                                   within=within,
                                   spots=tuple((x + dx, y + dy) for x, y in label.spots[1:]))
                      for label in self._ring_labels)
        self._asked = (key, asked)
        return asked

    def label_colours(self) -> list[QColor]:
        """Each ring's label's colour: the ring's, darker."""
        return [label.colour for label in self._ring_labels]
