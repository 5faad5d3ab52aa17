"""Labels that stay where they are, and rooms to choose among: a pure choice over boxes.

Of the label layouts (:mod:`board.game.core.label_layout` places labels that may move round
their anchors), these choose among rectangles given, all ``(left, top, right, bottom)`` in
one unit (:mod:`board.game.core.label_rects`):

- :func:`fit_labels` is the legibility rule of a map for labels that cannot move: the most
  important first, each shown whole if it covers nothing, else in a shorter form that covers
  nothing, else not at all (its name stays on hover). Zoomed out, the board drops the less
  important labels rather than let them overlap; zoomed in, they come back.
- :func:`least_crowded` picks, of a few rooms offered in order of preference, the first that
  meets the fewest obstacles (a building's name label: under it, above it, to one side).
- :func:`first_clear` picks the first room that meets nothing (a building's armour badge
  stepping along its wall).

From :data:`NUMPY_FROM` pairs of boxes on, :func:`fit_labels` files the boxes in a grid and
tests each form against the boxes near it, and the choices of rooms compare them with numpy:
the same answers as the plain loops.

>>> least_crowded([(0, 0, 10, 10), (20, 0, 30, 10)], [(5, 5, 6, 6)])
1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

from board.game.core.label_rects import Rect, intersects, meets

__all__ = ["Fitting", "HIDDEN", "NUMPY_FROM", "fit_labels", "least_crowded", "first_clear"]

#: Pairs of boxes (rooms × obstacles) from which they are compared the quick way (labels
#: against a grid of the boxes; rooms by numpy, imported then); fewer are compared in plain
#: Python, the same comparisons with the same answers (a board's own labels at launch).
NUMPY_FROM = 20_000


def _numpy() -> ModuleType:
    """numpy, imported when first needed (many boxes)."""
    import numpy

    return numpy


#: :func:`fit_labels`' answer for a label shown in none of its forms.
HIDDEN = -1

#: The side of a cell of :class:`_BoxGrid`, in the boxes' unit (a page's pixels: some labels
#: and a few models to a cell).
CELL = 48.0
#: A box across more cells than this (the page's edges, a footprint zoomed in) is kept aside
#: and asked every time rather than filed in each of its cells.
_WIDE = 64


class _BoxGrid:
    """Boxes filed by the cells of a grid they reach: which meets a rectangle, asked many times.

    A box meets a rectangle when they overlap with some area (touching edges do not meet), the
    test :func:`fit_labels` makes; only the boxes filed in the cells the rectangle reaches are
    tested, so the answer is the same as testing every box.

    >>> grid = _BoxGrid([(0, 0, 10, 10)])
    >>> grid.meets_any((10, 0, 20, 10)), grid.meets_any((9, 9, 20, 20))
    (False, True)
    >>> grid.add((100, 100, 120, 110))
    >>> grid.meets_any((110, 105, 111, 106))
    True
    """

    def __init__(self, boxes: Sequence[Rect] = ()) -> None:
        self._cells: dict[tuple[int, int], list[Rect]] = {}
        self._wide: list[Rect] = []
        for box in boxes:
            self.add(box)

    @staticmethod
    def _span(box: Rect) -> tuple[int, int, int, int]:
        return (math.floor(box[0] / CELL), math.floor(box[1] / CELL),
                math.floor(box[2] / CELL), math.floor(box[3] / CELL))

    def add(self, box: Rect) -> None:
        """File ``box`` in every cell it reaches."""
        box = tuple(box)  # type: ignore[assignment]
        i0, j0, i1, j1 = self._span(box)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > _WIDE:
            self._wide.append(box)
            return
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                self._cells.setdefault((i, j), []).append(box)

    def meets_any(self, rect: Rect) -> bool:
        """Whether any box filed meets ``rect`` (overlaps it with some area)."""
        r0, r1, r2, r3 = rect
        if any(b0 < r2 and r0 < b2 and b1 < r3 and r1 < b3 for b0, b1, b2, b3 in self._wide):
            return True
        i0, j0, i1, j1 = self._span(rect)
        cells = self._cells
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                near = cells.get((i, j))
                if near and any(b0 < r2 and r0 < b2 and b1 < r3 and r1 < b3
                                for b0, b1, b2, b3 in near):
                    return True
        return False

    def clear(self, rects: Sequence[Rect]) -> list[bool]:
        """Whether each of ``rects`` meets none of the boxes filed."""
        return [not self.meets_any(rect) for rect in rects]


@dataclass(frozen=True)
class Fitting:
    """A label that stays where it is: the box of each of its forms, longest first.

    ``forms[0]`` is the whole text; each later one a shorter text in the same place (a
    building's name without its stats), or the same texts at other places the label may be
    drawn (a building's name under, above or beside it). ``priority``: higher keeps its
    place first.
    """

    forms: tuple[Rect, ...]
    priority: int = 0


def fit_labels(labels: Sequence[Fitting], obstacles: Sequence[Rect] = ()) -> list[int]:
    """Which form of each label to show so that none covers an obstacle or another label.

    The labels of higher ``priority`` are fitted first (in the order given among equals);
    each takes its first form that meets no obstacle and no label already fitted, else it is
    :data:`HIDDEN`. What is chosen depends only on the boxes, not on what was shown before.

    >>> name = Fitting(((0, 0, 40, 20), (0, 0, 30, 10)), priority=1)
    >>> badge = Fitting(((25, 12, 35, 18),), priority=2)
    >>> fit_labels([name, badge])
    [1, 0]
    >>> fit_labels([name, badge], obstacles=[(0, 0, 5, 5)])
    [-1, 0]
    """
    order = sorted(range(len(labels)), key=lambda k: -labels[k].priority)
    chosen = [HIDDEN] * len(labels)
    if len(labels) * (len(obstacles) + len(labels)) >= NUMPY_FROM:
        return _make_room(labels, obstacles, order, _fit_many(labels, obstacles, order, chosen))
    kept = [tuple(box) for box in obstacles]  # the obstacles, then each label kept
    for k in order:
        for form, rect in enumerate(labels[k].forms):
            r0, r1, r2, r3 = rect
            if not any(b0 < r2 and r0 < b2 and b1 < r3 and r1 < b3
                       for b0, b1, b2, b3 in kept):
                chosen[k] = form
                kept.append(rect)
                break
    return _make_room(labels, obstacles, order, chosen)


def _make_room(labels: Sequence[Fitting], obstacles: Sequence[Rect], order: list[int],
               chosen: list[int]) -> list[int]:
    """Show a hidden label where one shown label, no more important, can step aside for it.

    For each hidden label (the most important first), each of its forms clear of the
    obstacles in turn: if it meets exactly one shown label, of no higher priority, and that
    one has another form clear of the obstacles, of this form and of every other label
    shown, both are shown so (two names drawn rather than one). Only labels with several
    forms gain from it; the answer still depends only on the boxes.

    >>> pinned = Fitting(((0, 0, 10, 10), (0, 20, 10, 30)))  # may go down, below it
    >>> squeezed = Fitting(((0, 0, 10, 10),))  # here or not at all
    >>> fit_labels([pinned, squeezed])
    [1, 0]
    """
    hidden = [k for k in order if chosen[k] == HIDDEN and labels[k].forms]
    if not hidden:
        return chosen
    obstacles_grid = _BoxGrid(obstacles)
    for k in hidden:
        shown = [j for j in range(len(labels)) if chosen[j] != HIDDEN]
        clear = obstacles_grid.clear(labels[k].forms)
        for form, rect in enumerate(labels[k].forms):
            if not clear[form]:
                continue
            blockers = [j for j in shown if intersects(rect, labels[j].forms[chosen[j]])]
            if len(blockers) != 1 or labels[blockers[0]].priority > labels[k].priority:
                continue
            moved = _step_aside(labels, obstacles_grid, chosen, blockers[0], rect)
            if moved is not None:
                chosen[blockers[0]], chosen[k] = moved, form
                break
    return chosen


def _step_aside(labels: Sequence[Fitting], obstacles: _BoxGrid, chosen: list[int],
                j: int, room: Rect) -> int | None:
    """Another form of label ``j`` clear of ``room``, the obstacles and the labels shown."""
    others = [room] + [labels[i].forms[chosen[i]] for i in range(len(labels))
                       if chosen[i] != HIDDEN and i != j]
    clear = obstacles.clear(labels[j].forms)
    for form, rect in enumerate(labels[j].forms):
        if clear[form] and form != chosen[j] and not any(intersects(rect, o) for o in others):
            return form
    return None


def _fit_many(labels: Sequence[Fitting], obstacles: Sequence[Rect], order: list[int],
              chosen: list[int]) -> list[int]:
    """:func:`fit_labels` for many boxes: each form against the kept boxes near it.

    The obstacles and each label kept are filed in a grid (:class:`_BoxGrid`): a form is
    tested against the boxes of the cells it reaches, not against all 4,000 of a board of
    3,000 models (each such test took numpy some 0.1 ms).
    """
    kept = _BoxGrid(obstacles)  # the obstacles, then each label kept
    for k in order:
        for form, rect in enumerate(labels[k].forms):
            if not kept.meets_any(rect):
                chosen[k] = form
                kept.add(rect)
                break
    return chosen


def least_crowded(rooms: Sequence[Rect], obstacles: Sequence[Rect]) -> int:
    """The index of the first of ``rooms`` that meets the fewest ``obstacles``."""
    if len(rooms) * len(obstacles) >= NUMPY_FROM:
        counts = meets(rooms, obstacles).sum(axis=1)
        return int(_numpy().argmin(counts)) if len(counts) else 0
    counts_ = [sum(1 for box in obstacles if intersects(room, box)) for room in rooms]
    return counts_.index(min(counts_)) if counts_ else 0


def first_clear(rooms: Sequence[Rect], obstacles: Sequence[Rect]) -> int:
    """The index of the first of ``rooms`` that meets none of ``obstacles``.

    When every room meets something, the one that meets the least (by area). Each room's area
    is summed over the obstacles in their order, as ``sum`` would, so the least is exactly
    the one a loop over the rooms finds.

    >>> first_clear([(0, 0, 2, 2), (3, 0, 5, 2)], [(1, 1, 3.5, 4)])
    1
    """
    if not len(obstacles):
        return 0
    if len(rooms) * len(obstacles) >= NUMPY_FROM:
        return _first_clear_many(rooms, obstacles)
    for k, (r0, r1, r2, r3) in enumerate(rooms):
        if not any(r0 < b2 and b0 < r2 and r1 < b3 and b1 < r3  # intersects
                   for b0, b1, b2, b3 in obstacles):
            return k
    covered = [_covered_by(room, obstacles) for room in rooms]
    return covered.index(min(covered))


def _covered_by(room: Rect, obstacles: Sequence[Rect]) -> float:
    """The area ``room`` shares with ``obstacles``, summed in their order.

    An obstacle it does not meet adds nothing to ``sum`` (0.0 leaves a sum as it is), so
    only the ones it meets are added.
    """
    r0, r1, r2, r3 = room
    total: float = 0
    for b0, b1, b2, b3 in obstacles:
        w = (r2 if r2 < b2 else b2) - (r0 if r0 > b0 else b0)
        if w > 0:
            h = (r3 if r3 < b3 else b3) - (r1 if r1 > b1 else b1)
            if h > 0:
                total += w * h
    return total


def _first_clear_many(rooms: Sequence[Rect], obstacles: Sequence[Rect]) -> int:
    """:func:`first_clear` for many boxes, every pair at once (numpy)."""
    np = _numpy()
    hit = meets(rooms, obstacles)
    clear = np.flatnonzero(~hit.any(axis=1))
    if len(clear):
        return int(clear[0])
    a = np.asarray(rooms, dtype=float).reshape(-1, 4)
    b = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    w = np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0])
    h = np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1])
    areas = np.where((w > 0) & (h > 0), w * h, 0.0)
    covered = np.cumsum(areas, axis=1)[:, -1]  # left to right, as sum() adds them up
    return int(np.argmin(covered))
