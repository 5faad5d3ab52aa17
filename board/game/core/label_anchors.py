"""Which of a label's anchors it stands at: the first clear spot along what it labels.

Some labels belong to a line rather than a point: a range ring's distance may be written
anywhere on the ring's edge. Such a label offers its anchors in order of preference (the
ring's top, bottom, sides, corners) and a *room* it should be read in (the table on the
page: a ring cut by the table's edge is written where the player sees it). Its box at each
anchor is tried in turn; :func:`first_spot` picks the first that lies in the room and meets
nothing. The layout (:func:`board.game.core.board_layout.lay_out`) then places the label
round the anchor chosen, as any other.

>>> first_spot([(50.0, 0.0), (50.0, 100.0)], 40.0, 10.0, 0.0, (0.0, 0.0, 200.0, 200.0), [])
1
"""

from __future__ import annotations

from collections.abc import Sequence

from board.game.core.label_fitting import first_clear
from board.game.core.label_layout import Rect

__all__ = ["spot_box", "first_spot"]

XY = tuple[float, float]


def spot_box(at: XY, width: float, height: float, dy: float) -> Rect:
    """The box of a label of ``width`` by ``height`` centred ``dy`` below ``at``.

    >>> spot_box((10.0, 20.0), 8.0, 4.0, -6.0)
    (6.0, 12.0, 14.0, 16.0)
    """
    x, y = at[0], at[1] + dy
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def _inside(box: Rect, room: Rect) -> bool:
    return room[0] <= box[0] and room[1] <= box[1] and box[2] <= room[2] and box[3] <= room[3]


def _holds(room: Rect, x: float, y: float) -> bool:
    return room[0] <= x <= room[2] and room[1] <= y <= room[3]


def first_spot(anchors: Sequence[XY], width: float, height: float, dy: float, room: Rect,
               around: Sequence[Rect]) -> int:
    """The index of the anchor whose box is first clear of ``around`` and read in ``room``.

    The anchors tried are those whose box lies wholly in ``room``; if none does, those whose
    box's centre is in it; if none is, those standing in it; else all. Of those, the first
    whose box meets nothing in ``around`` (:func:`~board.game.core.label_fitting.first_clear`);
    when each meets something, the one that covers the least.

    A ring whose top is past the table's edge is written at its bottom:

    >>> table = (0.0, 0.0, 100.0, 100.0)
    >>> first_spot([(50.0, -5.0), (50.0, 60.0)], 30.0, 10.0, 0.0, table, [])
    1

    Its bottom covered by a model: on its side; everything covered: the least covered:

    >>> first_spot([(50.0, -5.0), (50.0, 60.0), (80.0, 30.0)], 30.0, 10.0, 0.0, table,
    ...            [(45.0, 55.0, 55.0, 65.0)])
    2
    >>> first_spot([(50.0, 60.0), (80.0, 30.0)], 30.0, 10.0, 0.0, table,
    ...            [(35.0, 55.0, 40.0, 65.0), (70.0, 20.0, 95.0, 40.0)])
    0

    Nothing in the room at all (a ring whose every spot is off the page): the first clear.

    >>> first_spot([(-50.0, 0.0), (-80.0, 0.0)], 10.0, 10.0, 0.0, table,
    ...            [(-55.0, -5.0, -45.0, 5.0)])
    1
    """
    boxes = [spot_box(at, width, height, dy) for at in anchors]
    every = list(range(len(anchors)))
    tried = ([k for k in every if _inside(boxes[k], room)]
             or [k for k in every if _holds(room, (boxes[k][0] + boxes[k][2]) / 2,
                                            (boxes[k][1] + boxes[k][3]) / 2)]
             or [k for k in every if _holds(room, *anchors[k])]
             or every)
    return tried[first_clear([boxes[k] for k in tried], around)]
