"""Where a building's name label and armour badges go: pure choices among rectangles.

A building writes its name (with its stats, its holder, who is inside) beside its footprint,
and each facing's armour on a badge along that wall. Both are drawn in screen pixels, so
where they go depends on the zoom; what they must keep off is given here as rectangles in
table inches at that zoom (the Qt part, :class:`~board.view.items.BuildingItem`, gathers
them when the building is placed, edited, or the zoom changes; nothing here reads a scene).

- :func:`name_rooms` is the table area the name label covers at each of :data:`NAME_SPOTS`
  (under the footprint, above it, pushed to one end, or beside it);
- :func:`rank_name_spots` orders those spots, the least crowded first (ties in the order of
  :data:`NAME_SPOTS`), leaving out those over another piece; the board's layout model
  (:func:`board.game.core.board_layout.lay_out`) then shows the name at the first spot of that
  order where it covers nothing on the page, whole or in a shorter form;
- :func:`first_clear_spot` steps a badge along its wall to the first spot clear of what is
  near, looking at a few spots at a time (a wall has hundreds, and the first is nearly always
  clear).

>>> rooms = name_rooms((0.0, 0.0, 4.0, 2.0), (2.0, 1.0), 0.25)
>>> rooms[0], rooms[1]
((1.0, 2.25, 3.0, 3.25), (1.0, -1.25, 3.0, -0.25))
>>> rank_name_spots(rooms, [(1.5, 2.5, 2.0, 3.0)])  # a model under its middle
(1, 2, 4, 5, 6, 7, 0, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from board.game.core.label_fitting import first_clear
from board.game.core.label_layout import Rect

__all__ = ["NAME_SPOTS", "name_rooms", "rank_name_spots", "name_offsets", "first_clear_spot",
           "union", "meets"]

#: Where a name label may go, in order of preference: (which side of the piece, where along
#: it: 0 centred, 1 from the right (or bottom) edge, 2 from the left (or top) edge).
NAME_SPOTS: tuple[tuple[str, int], ...] = (
    ("under", 0),
    ("above", 0),
    ("under", 1),
    ("under", 2),
    ("above", 1),
    ("above", 2),
    ("right", 0),
    ("left", 0),
)

#: How many of a badge's spots are looked at first when looking for a clear one.
FIRST_SPOTS = 4


def meets(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share area (as :func:`board.game.core.label_rects.meets`)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def union(boxes: Sequence[Rect]) -> Rect:
    """The bounding rectangle of ``boxes`` (not empty).

    >>> union([(0, 0, 1, 1), (2, -1, 3, 0)])
    (0, -1, 3, 1)
    """
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def name_rooms(footprint: Rect, size: tuple[float, float], gap: float) -> list[Rect]:
    """The table area a name label of ``size`` covers at each of :data:`NAME_SPOTS`.

    ``footprint`` is the footprint's box as the table shows it (whatever its rotation);
    ``size`` the label's width and height and ``gap`` the room left between it and the
    footprint, all in table inches at the zoom judged.

    >>> name_rooms((0.0, 0.0, 4.0, 2.0), (6.0, 1.0), 0.5)[2:4]
    [(-2.0, 2.5, 4.0, 3.5), (0.0, 2.5, 6.0, 3.5)]
    """
    left, top, right, bottom = footprint
    width, height = size
    rooms: list[Rect] = []
    for side, align in NAME_SPOTS:
        if side in ("under", "above"):
            y = top - gap - height if side == "above" else bottom + gap
            x = ((left + right - width) / 2, right - width, left)[align]
        else:
            x = right + gap if side == "right" else left - gap - width
            y = ((top + bottom - height) / 2, bottom - height, top)[align]
        rooms.append((x, y, x + width, y + height))
    return rooms


def rank_name_spots(rooms: Sequence[Rect], crowd: Sequence[Rect],
                    over: Sequence[bool] | None = None) -> tuple[int, ...]:
    """The rooms' indices, the one meeting the fewest of ``crowd`` first (ties: in order).

    ``over[k]``: room ``k`` lies over another piece, where its name would be read as that
    piece's. Such rooms are left out, unless every room is such (a packed table: all are
    ranked). The first is then :func:`~board.game.core.label_fitting.least_crowded`'s choice.

    >>> rank_name_spots([(0, 0, 2, 1), (0, 2, 2, 3), (0, 4, 2, 5)], [(1, 0, 3, 3)])
    (2, 0, 1)
    >>> rank_name_spots([(0, 0, 2, 1), (0, 2, 2, 3), (0, 4, 2, 5)], [(1, 0, 3, 3)],
    ...                 over=[False, False, True])
    (0, 1)
    """
    offered = [k for k in range(len(rooms)) if not (over and over[k])] or list(range(len(rooms)))
    counts = {k: sum(1 for box in crowd if meets(rooms[k], box)) for k in offered}
    return tuple(sorted(offered, key=lambda k: (counts[k], k)))


def name_offsets(rooms: Sequence[Rect], anchor: tuple[float, float], scale: float,
                 ) -> tuple[tuple[float, float], ...]:
    """Each room's centre from ``anchor``, in pixels at ``scale`` pixels to the inch.

    >>> name_offsets([(1.0, 2.0, 3.0, 3.0)], (2.0, 1.0), 10.0)
    ((0.0, 15.0),)
    """
    x, y = anchor
    return tuple((((r[0] + r[2]) / 2 - x) * scale, ((r[1] + r[3]) / 2 - y) * scale)
                 for r in rooms)


def first_clear_spot(boxes_of: Callable[[int, int], list[Rect]], count: int,
                     fixed: Sequence[Rect], near: Callable[[Rect], list[Rect]],
                     first: int = FIRST_SPOTS) -> tuple[int, Rect]:
    """The first of ``count`` spots whose box covers nothing, and that box.

    ``boxes_of(start, stop)`` gives the boxes of spots ``start`` to ``stop``; covering
    nothing means meeting none of ``fixed`` nor of ``near(area)``, the other boxes that meet
    ``area``. The spots are tried a few at a time, in order, each batch against what meets
    its own area: a box that meets a spot's box meets the batch's area, so the spot found is
    the one :func:`~board.game.core.label_fitting.first_clear` finds over all of them. When
    none is clear, the one covering the least, judged over all the spots at once.

    >>> boxes = [(0, 0, 1, 1), (2, 0, 3, 1), (4, 0, 5, 1)]
    >>> first_clear_spot(lambda a, b: boxes[a:b], 3, [(0, 0, 3, 1)], lambda area: [])
    (2, (4, 0, 5, 1))
    """
    start, size = 0, first
    while start < count:
        boxes = boxes_of(start, min(start + size, count))
        obstacles = list(fixed) + near(union(boxes))
        for k, box in enumerate(boxes):
            if not any(meets(box, other) for other in obstacles):
                return start + k, box
        start, size = start + size, size * 4
    boxes = boxes_of(0, count)
    best = first_clear(boxes, list(fixed) + near(union(boxes)))
    return best, boxes[best]
