"""Where labels go so that they cover nothing a player needs to see: a pure layout over boxes.

The board writes names, verdicts and distances beside what they are about. A label must not
cover a model, a door, a fire point, an emplaced weapon or another label. This module places
labels among those *obstacles*, all given as rectangles ``(left, top, right, bottom)`` in one
unit (screen pixels for the overlays, table inches for a building's name:
:mod:`board.game.core.label_rects`):

- :func:`place_labels` places many labels in one pass, the most important first: each takes
  its preferred spot if that is clear, else the nearest clear spot in rings around its anchor
  (above, below, right, left, then the corners, each ring one label height further out). A
  label placed away from its anchor is drawn with a leader line back to it.

Labels that cannot move (a building's name, an armour badge) are fitted, and rooms chosen
among, by :mod:`board.game.core.label_fitting`.

A label of :func:`place_labels` may be ``optional``: one that finds no clear spot is dropped
rather than laid over something.

:func:`place_labels` costs each label's spots only against the boxes that may meet them
(:mod:`board.game.core.label_spots`), with the very answers of comparing every spot with every
box: 21 labels among a crowded board's 1,150 boxes take some 15 ms instead of 100–150 ms.

>>> placed = place_labels([LabelBox((50, 50), 40, 10, dy=-10)], obstacles=[(40, 35, 60, 45)])
>>> placed[0].rect, placed[0].leader
((30.0, 53.0, 70.0, 63.0), False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from board.game.core.label_rects import Rect
from board.game.core.label_spots import BoxIndex, Spots, covered, old_way, outsides

if TYPE_CHECKING:
    import numpy as np

# ``Rect`` stays importable from here: the type of this module's answers, which eight modules
# import from here (its home is board.game.core.label_rects).
__all__ = ["Rect", "LabelBox", "Placed", "place_labels", "LEADER_AFTER", "candidate_spots",
           "sized"]

#: A label moved off its preferred spot to further than this from its anchor gets a leader.
LEADER_AFTER = 10.0


def _numpy() -> ModuleType:
    """numpy, imported when first needed (:func:`place_labels`)."""
    import numpy

    return numpy


#: The directions tried around an anchor, in order: above, below, right, left, the corners.
_DIRECTIONS = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))


@dataclass(frozen=True)
class LabelBox:
    """A label to place: its anchor, its size, how much it matters, its preferred offset.

    ``dy`` moves the preferred spot's centre up (negative) or down from the anchor.
    ``priority``: higher is placed first and so keeps its preferred spot.
    ``optional``: dropped (not shown) when no spot is clear, rather than covering something.
    """

    anchor: tuple[float, float]
    width: float
    height: float
    priority: int = 0
    dy: float = 0.0
    optional: bool = False


@dataclass(frozen=True)
class Placed:
    """Where a label went, whether a leader line must join it to its anchor, whether shown.

    A label not ``shown`` (an optional one with no clear spot) is drawn nowhere; ``rect`` is
    then where it would have gone.
    """

    rect: Rect
    leader: bool
    shown: bool = True



#: Of each ring's spots, in order: the direction's steps across and down, and the slide
#: along its row (a wide label above or below its anchor also slides along the row).
_RING = tuple((dx, dy, s) for dx, dy in _DIRECTIONS
              for s in ((0.0, -1 / 3, 1 / 3, -2 / 3, 2 / 3) if dx == 0 else (0.0,)))


def candidate_spots(label: LabelBox, gap: float = 3.0, rings: int = 12) -> list[Rect]:
    """The spots :func:`place_labels` tries for ``label``, nearest rings first.

    >>> candidate_spots(LabelBox((50.0, 50.0), 20.0, 10.0, dy=-14.0), rings=1)[0]
    (40.0, 31.0, 60.0, 41.0)
    """
    return _candidates(label, gap, rings)


def _candidates(label: LabelBox, gap: float, rings: int) -> list[Rect]:
    """The spots tried for ``label``: its preferred one, then rings around the anchor."""
    return _spots(_candidate_rows(label, gap, rings))


def _spots(rows: np.ndarray) -> list[Rect]:
    """Rows of an array as rectangles of Python floats."""
    return [(a, b, c, d) for a, b, c, d in rows.tolist()]


def _candidate_rows(label: LabelBox, gap: float, rings: int) -> np.ndarray:
    """:func:`_candidates` as rows of an array: the same numbers, each worked out alike.

    The ring's centre ``x + dx * (width / 2 + away)`` slid by ``s * width``, and so on, as
    the spots were once worked out one by one in Python (the same IEEE operations); then each
    spot's left and top moved by a rounding at most and its right and bottom made the left
    and top plus the label's size (:func:`sized`, the same operations).
    """
    np = _numpy()
    x, y = label.anchor
    half_w, half_h = label.width / 2, label.height / 2
    dx, dy, slide = (np.asarray(column, dtype=float) for column in zip(*_RING, strict=True))
    away = gap + np.arange(rings, dtype=float)[:, None] * (label.height + gap)
    cx = x + dx * (half_w + away) + slide * label.width
    cy = y + dy * (half_h + away)
    rows = np.empty((1 + cx.size, 4))
    cy0 = y + label.dy
    rows[0, :2] = (x - half_w, cy0 - half_h)
    rows[1:, 0] = (cx - half_w).ravel()
    rows[1:, 1] = (cy - half_h).ravel()
    rows[:, 0] = _rounded_edges(rows[:, 0], label.width)
    rows[:, 1] = _rounded_edges(rows[:, 1], label.height)
    rows[:, 2] = rows[:, 0] + label.width
    rows[:, 3] = rows[:, 1] + label.height
    return rows


def _rounded_edges(edges: np.ndarray, size: float) -> np.ndarray:
    """Each of ``edges`` such that adding ``size`` loses nothing (:func:`sized`)."""
    np = _numpy()
    with np.errstate(invalid="ignore", over="ignore"):
        step = np.spacing(2.0 * (np.abs(edges) + abs(size)))
        fine = np.isfinite(step) & (step > 0.0)
        safe = np.where(fine, step, 1.0)
        return np.where(fine, np.round(edges / safe) * safe, edges)


def _gap(rect: Rect, point: tuple[float, float]) -> float:
    x, y = point
    return math.hypot(max(rect[0] - x, 0.0, x - rect[2]), max(rect[1] - y, 0.0, y - rect[3]))


def _gaps(boxes: np.ndarray, point: tuple[float, float]) -> np.ndarray:
    """:func:`_gap` from ``point`` to each row of ``boxes``."""
    np = _numpy()
    x, y = point
    dx = np.maximum(np.maximum(boxes[:, 0] - x, 0.0), x - boxes[:, 2])
    dy = np.maximum(np.maximum(boxes[:, 1] - y, 0.0), y - boxes[:, 3])
    return np.hypot(dx, dy)


def place_labels(labels: Sequence[LabelBox], obstacles: Sequence[Rect] = (), gap: float = 3.0,
                 rings: int = 12, bounds: Rect | None = None,
                 yielding: Sequence[Rect] = ()) -> list[Placed]:
    """Place every label clear of the obstacles and of each other; in the order given.

    The labels of higher ``priority`` are placed first. A label that finds no clear spot in
    ``rings`` rings takes the first spot clear of all but the ``yielding`` obstacles (less
    important labels, which then give way:
    :func:`~board.game.core.label_fitting.fit_labels`), else the spot that covers
    the least among those that cover no label placed before it, if there are any (over a
    model a label can still be read; over another label neither can). Each label's own
    anchor area is not an obstacle to it unless listed. With
    ``bounds`` (the screen), a spot partly off it counts as covering what lies off it, ten
    times over.

    >>> name = (0.0, 20.0, 100.0, 40.0)
    >>> placed = place_labels([LabelBox((50, 30), 40, 10)], [(0, 0, 100, 20), (0, 40, 100, 60)],
    ...                       rings=1, yielding=[name])
    >>> placed[0].rect, placed[0].shown
    ((30.0, 25.0, 70.0, 35.0), True)
    """
    np = _numpy()
    order = sorted(range(len(labels)), key=lambda k: -labels[k].priority)
    placed: dict[int, Placed] = {}
    taken: list[Rect] = []
    hard = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    boxes = np.concatenate([hard, np.asarray(yielding, dtype=float).reshape(-1, 4)])
    index = BoxIndex(boxes) if np.isfinite(boxes).all() else None
    for k in order:
        label = labels[k]
        reach = label.width + (rings + 1) * (label.height + gap)
        close = _gaps(boxes, label.anchor) < reach
        rows = _candidate_rows(label, gap, rings)
        spots = _spots(rows)
        mine = np.asarray(taken).reshape(-1, 4)
        around = np.concatenate([boxes[close], mine])
        off = 10.0 * outsides(rows, bounds)  # what covering the screen's edge costs
        if index is not None and np.isfinite(rows).all() and np.isfinite(off).all() \
                and (off >= 0.0).all():  # a board's labels (else costed the old way)
            fast = Spots(rows, index, close, mine, off)
            best = fast.cheapest(around)
            rect, covers = spots[best], fast.meets(best)
            if len(yielding) and covers:  # over a name that gives way, if clear
                firm = np.concatenate([hard[close[:len(hard)]], mine])
                over = fast.cheapest(firm, below=len(hard))
                if not fast.meets(over, below=len(hard)):
                    rect, covers = spots[over], False
        else:
            fast = None
            firm = np.concatenate([hard[close[:len(hard)]], mine])
            rect, covers = old_way(spots, around, firm, bounds, bool(len(yielding)))
        options = (_clear_of_mine(rows, spots.index(rect), mine)
                   if covers and not label.optional and len(mine) else None)
        if options is not None:  # rather over a model than over another label
            rect = spots[fast.cheapest_of(options, around) if fast is not None else int(
                options[int(np.argmin(covered(rows[options], around) + off[options]))])]
        moved = rect != spots[0] and _gap(rect, label.anchor) > LEADER_AFTER
        if label.optional and covers:
            placed[k] = Placed(rect, False, shown=False)  # nowhere clear: not shown at all
            continue
        taken.append(rect)
        placed[k] = Placed(rect, moved)
    return [placed[k] for k in range(len(labels))]


def sized(rect: Rect, label: LabelBox) -> Rect:
    """``rect`` moved by a rounding at most so that it has the label's size (how spots are made).

    A spot is worked out as its centre less and plus half the label's size, so its width
    was the label's only to within a rounding that depended on where it went; a label's
    kept picture, centred in its box's width, then drew a few letters a shade differently
    depending on where the label was first laid out (one board, two images:
    ``docs/paint.md``). Here the left and top go to the nearest multiple of the spacing of
    floats twice as far out as the box reaches, and the right and bottom are the left and
    top plus the width and height: exact whenever those are multiples of that spacing, as a
    font's measures (64ths of a pixel) are. Every spot tried is made so
    (:func:`_candidate_rows`), before any is chosen: what a label is clear of is judged on the
    box it gets. The box moves by at most a rounding of its own edges (~1e-13 of a pixel).

    >>> sized((1 / 3, 0.0, 1 / 3 + 0.25, 2.0), LabelBox((0.0, 0.0), 0.25, 2.0))
    (0.33333333333333326, 0.0, 0.5833333333333333, 2.0)
    >>> left, _, right, _ = sized((368.0198958333333, 0.0, 572.379270833333, 2.0),
    ...                           LabelBox((0.0, 0.0), 204.359375, 2.0))
    >>> right - left
    204.359375
    """
    left, top = _rounded(rect[0], label.width), _rounded(rect[1], label.height)
    left = rect[0] if left is None else left
    top = rect[1] if top is None else top
    return (left, top, left + label.width, top + label.height)


def _rounded(edge: float, size: float) -> float | None:
    """``edge`` such that ``edge + size`` loses nothing (``None``: not finite, left as is)."""
    reach = 2.0 * (abs(edge) + abs(size))
    if not math.isfinite(reach):
        return None
    step = math.ulp(reach)
    return round(edge / step) * step


def _clear_of_mine(rows: np.ndarray, chosen: int, mine: np.ndarray) -> np.ndarray | None:
    """Nowhere is clear: the spots that cover none of the labels placed before, in order.

    Over a model or a symbol a label can still be read, and what it covers shows round it;
    two labels over each other cannot be read. ``None`` when the ``chosen`` spot covers none
    of ``mine`` already, or when every spot covers one.
    """
    np = _numpy()
    meets = ((rows[:, None, 0] < mine[None, :, 2]) & (mine[None, :, 0] < rows[:, None, 2])
             & (rows[:, None, 1] < mine[None, :, 3]) & (mine[None, :, 1] < rows[:, None, 3]))
    clear = np.flatnonzero(~np.any(meets, axis=1))
    if not len(clear) or chosen in clear:
        return None
    return clear
