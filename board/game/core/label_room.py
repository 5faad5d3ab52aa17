"""The clear room nearest a label anywhere on a page: the last search before covering something.

:func:`board.game.core.label_layout.place_labels` tries spots in rings round a label's anchor.
On a packed board seen whole (the benchmark's table at whole-table zoom: a building's doors
and fire points every few centimetres of screen, a unit of models between them) no spot
within 48 rings is clear, though the page may still have room at its margins.
:func:`clear_room` finds the room nearest the anchor over the whole page: the page is cut
into cells of ``cell`` pixels, every cell an obstacle (grown by ``gap``) touches is taken,
and a summed-area table says in one pass which placements of the label's cells take none.
A cell is taken whenever an obstacle reaches into it, so a room found is clear of every
obstacle by ``gap``, whatever the rounding; a room narrower than a cell more may be missed.

>>> clear_room(20.0, 10.0, (50.0, 50.0), [(0.0, 0.0, 100.0, 80.0)], (0.0, 0.0, 100.0, 100.0))
(40.0, 84.0, 60.0, 94.0)
>>> clear_room(20.0, 10.0, (50.0, 50.0), [(0.0, 0.0, 100.0, 95.0)], (0.0, 0.0, 100.0, 100.0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["clear_room", "CELL_PX"]

Rect = tuple[float, float, float, float]

#: The cells the page is cut into, pixels: a room is found to within this.
CELL_PX = 2.0


def _np() -> ModuleType:
    """numpy, imported when first needed (not before the board's first paint)."""
    import numpy

    return numpy


def clear_room(width: float, height: float, anchor: tuple[float, float],
               obstacles: Sequence[Rect], bounds: Rect, gap: float = 3.0,
               cell: float = CELL_PX) -> Rect | None:
    """The box of ``width`` × ``height`` inside ``bounds`` nearest ``anchor``, clear.

    Clear: it meets none of ``obstacles`` nor comes within ``gap`` of one. ``None`` when
    there is no such box.

    Nearest: the least distance from the anchor to the box (the shortest leader line), then
    from the anchor to the box's centre.
    """
    left, top, right, bottom = bounds
    across, down = int((right - left) // cell), int((bottom - top) // cell)
    wide, deep = math.ceil(width / cell), math.ceil(height / cell)
    if wide > across or deep > down or not (math.isfinite(left) and math.isfinite(top)):
        return None
    np = _np()
    taken = _taken(obstacles, bounds, gap, cell, across, down)
    summed = np.zeros((down + 1, across + 1), dtype=np.int64)
    summed[1:, 1:] = taken.cumsum(axis=0).cumsum(axis=1)
    inside = (summed[deep:, wide:] - summed[:-deep, wide:] - summed[deep:, :-wide]
              + summed[:-deep, :-wide])
    rows, columns = np.nonzero(inside == 0)
    if not len(rows):
        return None
    lefts, tops = left + columns * cell, top + rows * cell
    x, y = anchor
    dx = np.maximum(np.maximum(lefts - x, 0.0), x - (lefts + width))
    dy = np.maximum(np.maximum(tops - y, 0.0), y - (tops + height))
    centred = np.hypot(lefts + width / 2 - x, tops + height / 2 - y)
    best = int(np.lexsort((centred, np.hypot(dx, dy)))[0])
    box_left, box_top = float(lefts[best]), float(tops[best])
    return (box_left, box_top, box_left + width, box_top + height)


def _taken(obstacles: Sequence[Rect], bounds: Rect, gap: float, cell: float, across: int,
           down: int) -> np.ndarray:
    """Which cells (rows down, columns across) an obstacle grown by ``gap`` reaches into."""
    np = _np()
    left, top = bounds[0], bounds[1]
    taken = np.zeros((down, across), dtype=np.int64)
    for x0, y0, x1, y1 in obstacles:
        c0 = max(math.floor((x0 - gap - left) / cell), 0)
        c1 = min(math.ceil((x1 + gap - left) / cell), across)
        r0 = max(math.floor((y0 - gap - top) / cell), 0)
        r1 = min(math.ceil((y1 + gap - top) / cell), down)
        if c0 < c1 and r0 < r1:
            taken[r0:r1, c0:c1] = 1
    return taken
