"""The label layout as it was before the per-batch filter: the reference the fast one must equal.

A verbatim copy of :func:`board.game.core.label_layout.place_labels` and its helpers as of
commit d6036a2, which compared every spot of a batch with every box near the label (32 spots
× some 1,180 boxes on the benchmark's board: 100–150 ms for 21 labels). Kept for
``tests/game/test_label_layout_fast.py`` and ``benchmarks/layout_bench.py``: the new code
must return exactly what this returns, and the benchmark prints both times.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import ModuleType

import numpy as np

from board.game.core.label_layout import LEADER_AFTER, LabelBox, Placed, Rect, sized

__all__ = ["naive_place_labels"]


def _numpy() -> ModuleType:
    return np


def _area(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


#: The directions tried around an anchor, in order: above, below, right, left, the corners.
_DIRECTIONS = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))


def _box(cx: float, cy: float, label: LabelBox) -> Rect:
    # Changed since d6036a2 as the fast code was: the box has the label's size exactly
    # (label_layout.sized).
    raw = (cx - label.width / 2, cy - label.height / 2, cx + label.width / 2,
           cy + label.height / 2)
    return sized(raw, label)


def _candidates(label: LabelBox, gap: float, rings: int) -> list[Rect]:
    """The spots tried for ``label``: its preferred one, then rings around the anchor."""
    x, y = label.anchor
    spots = [_box(x, y + label.dy, label)]
    slide = (0.0, -1 / 3, 1 / 3, -2 / 3, 2 / 3)  # a wide label also slides along its row
    for ring in range(rings):
        away = gap + ring * (label.height + gap)
        for dx, dy in _DIRECTIONS:
            cx = x + dx * (label.width / 2 + away)
            cy = y + dy * (label.height / 2 + away)
            for s in slide if dx == 0 else (0.0,):
                spots.append(_box(cx + s * label.width, cy, label))
    return spots


def _gap(rect: Rect, point: tuple[float, float]) -> float:
    x, y = point
    return math.hypot(max(rect[0] - x, 0.0, x - rect[2]), max(rect[1] - y, 0.0, y - rect[3]))


def _outside(rect: Rect, bounds: Rect | None) -> float:
    """How much of ``rect`` lies outside ``bounds`` (its area; 0 when inside or no bounds)."""
    if bounds is None:
        return 0.0
    whole = (rect[2] - rect[0]) * (rect[3] - rect[1])
    return whole - _area(rect, bounds)


#: Spots costed together: the first clear one wins, so most labels cost one batch.
_BATCH = 32


def _gaps(boxes: np.ndarray, point: tuple[float, float]) -> np.ndarray:
    """:func:`_gap` from ``point`` to each row of ``boxes``."""
    np = _numpy()
    x, y = point
    dx = np.maximum(np.maximum(boxes[:, 0] - x, 0.0), x - boxes[:, 2])
    dy = np.maximum(np.maximum(boxes[:, 1] - y, 0.0), y - boxes[:, 3])
    return np.hypot(dx, dy)


def _covered(spots: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each spot, the area it shares with ``boxes`` (:func:`_area`, summed)."""
    np = _numpy()
    if len(boxes) == 0:
        return np.zeros(len(spots))
    w = np.minimum(spots[:, None, 2], boxes[None, :, 2]) - \
        np.maximum(spots[:, None, 0], boxes[None, :, 0])
    h = np.minimum(spots[:, None, 3], boxes[None, :, 3]) - \
        np.maximum(spots[:, None, 1], boxes[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0).sum(axis=1)


def _cheapest(spots: Sequence[Rect], boxes: np.ndarray, bounds: Rect | None) -> Rect:
    """The first spot that covers nothing, else the first that covers the least.

    What covers counts: the area shared with ``boxes`` plus ten times the area off
    ``bounds``. Costed a batch at a time, in the order given.
    """
    np = _numpy()
    best: tuple[float, Rect] | None = None
    for start in range(0, len(spots), _BATCH):
        batch = spots[start:start + _BATCH]
        costs = _covered(np.asarray(batch, dtype=float), boxes)
        costs += [10.0 * _outside(spot, bounds) for spot in batch]
        clear = np.flatnonzero(costs == 0.0)
        if len(clear):
            return batch[int(clear[0])]
        k = int(np.argmin(costs))
        if best is None or costs[k] < best[0]:
            best = (float(costs[k]), batch[k])
    assert best is not None
    return best[1]


def naive_place_labels(labels: Sequence[LabelBox], obstacles: Sequence[Rect] = (), gap: float = 3.0,
                 rings: int = 12, bounds: Rect | None = None,
                 yielding: Sequence[Rect] = ()) -> list[Placed]:
    """Place every label clear of the obstacles and of each other; in the order given.

    The labels of higher ``priority`` are placed first. A label that finds no clear spot in
    ``rings`` rings takes the first spot clear of all but the ``yielding`` obstacles (less
    important labels, which then give way: :func:`fit_labels`), else the spot that covers
    the least. Each label's own anchor area is not an obstacle to it unless listed. With
    ``bounds`` (the screen), a spot partly off it counts as covering what lies off it, ten
    times over.

    """
    np = _numpy()
    order = sorted(range(len(labels)), key=lambda k: -labels[k].priority)
    placed: dict[int, Placed] = {}
    taken: list[Rect] = []
    hard = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    boxes = np.concatenate([hard, np.asarray(yielding, dtype=float).reshape(-1, 4)])
    for k in order:
        label = labels[k]
        reach = label.width + (rings + 1) * (label.height + gap)
        near = boxes[_gaps(boxes, label.anchor) < reach]
        spots = _candidates(label, gap, rings)
        around = np.concatenate([near, np.asarray(taken).reshape(-1, 4)])
        rect = _cheapest(spots, around, bounds)
        if len(yielding) and _covered(np.asarray([rect], dtype=float), around)[0] > 0.0:
            firm = hard[_gaps(hard, label.anchor) < reach]
            firm = np.concatenate([firm, np.asarray(taken).reshape(-1, 4)])
            over = _cheapest(spots, firm, bounds)  # over a name that gives way, if clear
            if _covered(np.asarray([over], dtype=float), firm)[0] == 0.0:
                rect, around = over, firm
        if not label.optional and taken \
                and _covered(np.asarray([rect], dtype=float), around)[0] > 0.0:
            rect = _clear_of_mine(rect, spots, around, np.asarray(taken, dtype=float), bounds)
        moved = rect != spots[0] and _gap(rect, label.anchor) > LEADER_AFTER
        if label.optional and _covered(np.asarray([rect], dtype=float), around)[0] > 0.0:
            placed[k] = Placed(rect, False, shown=False)  # nowhere clear: not shown at all
            continue
        taken.append(rect)
        placed[k] = Placed(rect, moved)
    return [placed[k] for k in range(len(labels))]


def _clear_of_mine(rect, spots, around, mine, bounds):
    """The tier added on 2 December to both codes: nowhere clear, then the cheapest spot
    that covers none of the labels placed before (else ``rect``), one spot at a time."""
    rows = np.asarray(spots, dtype=float)
    meets = ((rows[:, None, 0] < mine[None, :, 2]) & (mine[None, :, 0] < rows[:, None, 2])
             & (rows[:, None, 1] < mine[None, :, 3]) & (mine[None, :, 1] < rows[:, None, 3]))
    clear = ~meets.any(axis=1)
    if not clear.any() or clear[spots.index(rect)]:
        return rect
    options = np.flatnonzero(clear)
    costs = _covered(rows[options], around) + np.array(
        [10.0 * _outside(spots[int(k)], bounds) for k in options])
    return spots[int(options[int(np.argmin(costs))])]
