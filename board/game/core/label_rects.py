"""Rectangles as the label layouts take them: whether two meet, which pairs overlap.

Every box a label layout reads (a label, a model's base, a door's symbol, the page's edge) is
a rectangle ``(left, top, right, bottom)`` in one unit: screen pixels for the overlays, table
inches for a building's name. Touching edges do not meet. :func:`meets` compares every
pair at once with numpy, imported then (a board's own labels at launch do without it).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Rect", "intersects", "meets", "overlaps"]

#: A rectangle: left, top, right, bottom.
Rect = tuple[float, float, float, float]


def _numpy() -> ModuleType:
    """numpy, imported when first needed (:func:`meets`)."""
    import numpy

    return numpy


def intersects(a: Rect, b: Rect) -> bool:
    """Whether two rectangles overlap (touching edges do not count).

    >>> intersects((0, 0, 2, 2), (1, 1, 3, 3)), intersects((0, 0, 2, 2), (2, 0, 4, 2))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def meets(rooms: Sequence[Rect], obstacles: Sequence[Rect]) -> np.ndarray:
    """Which rooms meet which obstacles (:func:`intersects` of every pair), rooms by rows.

    A numpy array (numpy is imported for it).

    >>> meets([(0, 0, 2, 2)], [(1, 1, 3, 3), (2, 0, 4, 2)]).tolist()
    [[True, False]]
    """
    np = _numpy()
    a = np.asarray(rooms, dtype=float).reshape(-1, 4)
    b = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    return ((a[:, None, 0] < b[None, :, 2]) & (b[None, :, 0] < a[:, None, 2])
            & (a[:, None, 1] < b[None, :, 3]) & (b[None, :, 1] < a[:, None, 3]))


def overlaps(boxes: Sequence[Rect], others: Sequence[Rect] | None = None) -> list[tuple[int, int]]:
    """The overlapping pairs: among ``boxes`` (``i < j``), or of ``boxes`` with ``others``.

    >>> overlaps([(0, 0, 2, 2), (1, 1, 3, 3), (5, 5, 6, 6)])
    [(0, 1)]
    >>> overlaps([(0, 0, 2, 2)], [(1, 1, 3, 3), (5, 5, 6, 6)])
    [(0, 0)]
    """
    if others is None:
        return [(i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes))
                if intersects(boxes[i], boxes[j])]
    return [(i, j) for i, a in enumerate(boxes) for j, b in enumerate(others)
            if intersects(a, b)]
