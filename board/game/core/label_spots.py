"""Costing a label's spots among a board's boxes: the answers of comparing every pair, fast.

:func:`board.game.core.label_layout.place_labels` tries up to 193 spots around each label
and takes the first that covers nothing, else the first that covers the least (the area
shared with the boxes near it, plus ten times the area off the screen). Comparing every spot
with every box near the label (32 spots × some 1,180 boxes on a crowded board, the most
of them far from the spot) took 100–150 ms for a line of sight's 21 labels.

Here the boxes of one layout are sorted once into bands by their tops, each band by their
lefts (:class:`BoxIndex`): a box meets a spot only if its top and left lie in a window a
spot's size and a box's size across, a few runs of that order, so each spot is compared
with the few dozen boxes of its runs. The areas are
the very numbers a comparison of every pair gives; only their sum may differ in the last
bit, being added in another order. So the sums decide only what they decide exactly: a spot
meets nothing or not; of the spots that meet something, the few whose rough cost lies within
a billionth of the least are costed again over every box, as before (:func:`covered`), and
the first of the least of those is the answer. A layout not on a board (a coordinate not
finite) is costed the old way throughout (:func:`cheapest_every`).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BATCH", "ROUGH", "BoxIndex", "Spots", "median", "areas", "covered", "outsides",
           "cheapest_every", "old_way"]

Rect = tuple[float, float, float, float]

#: Found pairs of spots and boxes: the spot's row, the box's, the area they share.
Pairs = tuple["np.ndarray", "np.ndarray", "np.ndarray"]

#: Of each spot: how many boxes it meets, and its rough cost.
Sums = tuple["np.ndarray", "np.ndarray"]

#: Spots costed together the old way.
BATCH = 32

#: Two sums of the same areas in other orders differ by far less than this share of them
#: (some 1e-13 for a thousand areas): a spot whose rough cost lies within it of the least
#: is costed again exactly.
ROUGH = 1e-9


def _np() -> ModuleType:
    """numpy, imported when first needed."""
    import numpy

    return numpy


def median(values: np.ndarray) -> float:
    """The median of a 1-D array, as ``np.median`` gives it (NaN if any value is NaN).

    >>> median(_np().array([3.0, 1.0, 2.0])), median(_np().array([4.0, 1.0, 2.0, 3.0]))
    (2.0, 2.5)

    Not ``np.median``: its check for NaNs imports ``numpy.ma`` the first time (some 2 MB of a
    board's memory, issue 38), for a sort and a middle.
    """
    ordered = _np().sort(values)
    middle = len(ordered) // 2
    if ordered[-1] != ordered[-1]:  # NaN sorts last
        return float("nan")
    if len(ordered) % 2:
        return float(ordered[middle])
    return (float(ordered[middle - 1]) + float(ordered[middle])) / 2.0


def areas(spots: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The area each spot (rows) shares with each box (columns); 0.0 where none."""
    np = _np()
    w = np.minimum(spots[:, None, 2], boxes[None, :, 2]) - \
        np.maximum(spots[:, None, 0], boxes[None, :, 0])
    h = np.minimum(spots[:, None, 3], boxes[None, :, 3]) - \
        np.maximum(spots[:, None, 1], boxes[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0)


def covered(spots: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each spot, the area it shares with ``boxes``, summed over every box."""
    np = _np()
    if len(boxes) == 0:
        return np.zeros(len(spots))
    return areas(spots, boxes).sum(axis=1)


def outsides(spots: np.ndarray, bounds: Rect | None) -> np.ndarray:
    """How much of each spot lies outside ``bounds`` (its area; 0 inside or no bounds)."""
    np = _np()
    if bounds is None:
        return np.zeros(len(spots))
    whole = (spots[:, 2] - spots[:, 0]) * (spots[:, 3] - spots[:, 1])
    w = np.minimum(spots[:, 2], bounds[2]) - np.maximum(spots[:, 0], bounds[0])
    h = np.minimum(spots[:, 3], bounds[3]) - np.maximum(spots[:, 1], bounds[1])
    return whole - np.where((w > 0) & (h > 0), w * h, 0.0)


def cheapest_every(spots: Sequence[Rect], boxes: np.ndarray, off: np.ndarray) -> Rect:
    """The first spot that covers nothing, else the first that covers the least.

    Every spot compared with every box, a batch of :data:`BATCH` at a time; ``off``: ten
    times each spot's area off the screen, added to its cost.
    """
    np = _np()
    best: tuple[float, Rect] | None = None
    every = np.asarray(spots, dtype=float).reshape(-1, 4)
    for start in range(0, len(spots), BATCH):
        costs = covered(every[start:start + BATCH], boxes)
        costs += off[start:start + BATCH]
        clear = np.flatnonzero(costs == 0.0)
        if len(clear):
            return spots[start + int(clear[0])]
        k = int(np.argmin(costs))
        if best is None or costs[k] < best[0]:
            best = (float(costs[k]), spots[start + k])
    assert best is not None
    return best[1]


def _area(a: Rect, b: Rect) -> float:
    """The area two rectangles share (0.0 for none), in Python's floats."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _outside(rect: Rect, bounds: Rect | None) -> float:
    """How much of ``rect`` lies outside ``bounds`` (its area; 0 when inside or no bounds)."""
    if bounds is None:
        return 0.0
    whole = (rect[2] - rect[0]) * (rect[3] - rect[1])
    return whole - _area(rect, bounds)


def old_way(spots: Sequence[Rect], around: np.ndarray, firm: np.ndarray, bounds: Rect | None,
            yielding: bool) -> tuple[Rect, bool]:
    """A label's spot among ``around`` (else ``firm``, if ``yielding``), and whether it covers.

    Every spot compared with every box, as it always was: for labels not on a board (a
    coordinate not finite).
    """
    np = _np()
    off = np.asarray([10.0 * _outside(spot, bounds) for spot in spots])
    rect = cheapest_every(spots, around, off)
    if yielding and covered(np.asarray([rect], dtype=float), around)[0] > 0.0:
        over = cheapest_every(spots, firm, off)  # over a name that gives way, if clear
        if covered(np.asarray([over], dtype=float), firm)[0] == 0.0:
            rect, around = over, firm
    return rect, bool(covered(np.asarray([rect], dtype=float), around)[0] > 0.0)


class BoxIndex:
    """The boxes of one layout in bands by their tops, each band sorted by their lefts.

    A box meets a spot only if its top lies above the spot's bottom and below the spot's
    top less the deepest box, and its left before the spot's right and after the spot's
    left less the widest box: in a few bands, a run of each. So each spot is compared only
    with the boxes of those runs. The few boxes much bigger than most (a model seen close
    up, a long label) are kept apart, in an index of their own (or, a few, compared with
    every spot), so that they do not widen every spot's window.
    """

    def __init__(self, boxes: np.ndarray) -> None:
        np = _np()
        self.boxes = boxes
        self.columns = [np.ascontiguousarray(boxes[:, c]) for c in range(4)]
        heights = boxes[:, 3] - boxes[:, 1]
        widths = boxes[:, 2] - boxes[:, 0]
        big = np.zeros(len(boxes), dtype=bool)
        if len(boxes):
            big = (heights > 4.0 * median(heights)) | (widths > 4.0 * median(widths))
        self.big = np.flatnonzero(big)
        small = np.flatnonzero(~big)
        # Many big ones in an index of their own (fewer than half of these at each depth).
        self.inner = BoxIndex(boxes[self.big]) if len(self.big) > 64 else None
        self.deepest = max(float(heights[small].max()), 0.0) if len(small) else 0.0
        self.widest = max(float(widths[small].max()), 0.0) if len(small) else 0.0
        tops, lefts = boxes[small, 1], boxes[small, 0]
        self.top = float(tops.min()) if len(small) else 0.0
        span = float(tops.max()) - self.top if len(small) else 0.0
        # Bands half the deepest box deep, at most 64 of them (so at most 66 a spot).
        self.band = max(self.deepest / 2.0, span / 64.0, 1e-300)
        self.bands = int(span / self.band) + 1
        by_left = np.argsort(lefts, kind="stable")
        self.lefts = lefts[by_left]  # every small box's left, in order: a box's rank
        rank = np.empty(len(small), dtype=np.int64)
        rank[by_left] = np.arange(len(small))
        self.stride = len(small) + 1
        keys = self._bands(tops) * self.stride + rank
        order = np.argsort(keys, kind="stable")
        self.keys, self.order = keys[order], small[order]

    def _bands(self, tops: np.ndarray) -> np.ndarray:
        """The band of each top: a number that never falls as the top goes down the table."""
        np = _np()
        return np.floor((tops - self.top) / self.band).clip(-1.0, self.bands).astype(np.int64)

    def pairs(self, spots: np.ndarray) -> Pairs:
        """Each spot and box that share some area: the spot's row, the box's, the area.

        Found among the boxes of the spot's runs and the big ones; the area is computed as
        :func:`areas` computes it, to the last bit.
        """
        np = _np()
        k = len(spots)
        s0, s1, s2, s3 = (spots[:, c] for c in range(4))
        # The lowest left and top a meeting box may have, a little lower for the rounding
        # of the subtraction.
        lowest = s0 - self.widest
        lowest -= 1e-9 * (np.abs(s0) + self.widest) + 1e-300
        highest = s1 - self.deepest
        highest -= 1e-9 * (np.abs(s1) + self.deepest) + 1e-300
        after = np.searchsorted(self.lefts, lowest, side="right")  # ranks from here
        before = np.searchsorted(self.lefts, s2, side="left")  # to here
        first, last = self._bands(highest), self._bands(s3)
        rows = max(int((last - first).max(initial=-1)) + 1, 0)
        band = first[:, None] + np.arange(rows)[None, :]
        base = band * self.stride
        start = np.searchsorted(self.keys, base + after[:, None], side="left")
        end = np.searchsorted(self.keys, base + before[:, None], side="left")
        counts = np.where(band <= last[:, None], np.maximum(end - start, 0), 0).ravel()
        spot = np.repeat(np.repeat(np.arange(k), rows), counts)
        step = np.repeat(np.cumsum(counts) - counts - start.ravel(), counts)
        box = self.order[np.arange(len(spot)) - step]
        if len(self.big) and self.inner is None:  # a few: each with every spot
            spot = np.concatenate([spot, np.repeat(np.arange(k), len(self.big))])
            box = np.concatenate([box, np.tile(self.big, k)])
        b0, b1, b2, b3 = (column[box] for column in self.columns)
        w = np.minimum(s2[spot], b2) - np.maximum(s0[spot], b0)
        meet = w > 0
        spot, box, w, b1, b3 = spot[meet], box[meet], w[meet], b1[meet], b3[meet]
        h = np.minimum(s3[spot], b3) - np.maximum(s1[spot], b1)
        meet = h > 0
        spot, box, area = spot[meet], box[meet], w[meet] * h[meet]
        if self.inner is not None:
            more, which, shared = self.inner.pairs(spots)
            spot = np.concatenate([spot, more])
            box = np.concatenate([box, self.big[which]])
            area = np.concatenate([area, shared])
        return spot, box, area


class Spots:
    """One label's spots, costed among the boxes near it and the labels already placed.

    ``rows``: the spots as rows of an array; ``near``: which of the index's boxes are near
    the label (the others are no obstacle to it); ``taken``: the boxes of the labels placed
    before it; ``off``: ten times each spot's area off the screen. Every spot's pairs are
    found at once (a few thousand: cheaper in one pass than in two) and kept for a second
    costing over fewer boxes (``below``: only the index's boxes before this one count, the
    ones that do not give way, and the taken ones).
    """

    def __init__(self, rows: np.ndarray, index: BoxIndex, near: np.ndarray,
                 taken: np.ndarray, off: np.ndarray) -> None:
        np = _np()
        self.rows, self.off = rows, off
        spot, box, area = index.pairs(rows)
        keep = near[box]
        spot, box, area = spot[keep], box[keep], area[keep]
        if len(taken):  # the labels placed before: few, each spot with each
            shared = areas(rows, taken)
            hit_spot, hit_box = np.nonzero(shared > 0)
            spot = np.concatenate([spot, hit_spot])
            box = np.concatenate([box, len(index.boxes) + hit_box])
            area = np.concatenate([area, shared[hit_spot, hit_box]])
        self._pairs = (spot, box, area)
        self._boxes = len(index.boxes)
        self._sums: dict[int | None, Sums] = {}

    def _summed(self, below: int | None) -> Sums:
        """How many boxes each spot meets, and its rough cost (areas in any order, + off)."""
        found = self._sums.get(below)
        if found is None:
            np = _np()
            spot, box, area = self._pairs
            if below is not None:
                keep = (box < below) | (box >= self._boxes)
                spot, area = spot[keep], area[keep]
            count = len(self.rows)
            found = self._sums[below] = (
                np.bincount(spot, minlength=count),
                np.bincount(spot, weights=area, minlength=count) + self.off)
        return found

    def meets(self, k: int, below: int | None = None) -> bool:
        """Whether spot ``k`` shares some area with a box (:func:`covered` above 0)."""
        return bool(self._summed(below)[0][k])

    def cheapest(self, boxes: np.ndarray, below: int | None = None) -> int:
        """The first spot that covers nothing, else the first that covers the least.

        ``boxes``: the boxes costed, as the old way lists them (the near ones of the index,
        then the taken ones). The answer :func:`cheapest_every` gives: the first spot of
        cost 0.0, else the first of the least cost, whatever its batches.
        """
        np = _np()
        meets, rough = self._summed(below)
        clear = np.flatnonzero((meets == 0) & (self.off == 0.0))
        if len(clear):
            return int(clear[0])
        near = np.flatnonzero(rough <= rough.min() * (1.0 + ROUGH) + 1e-300)
        exact = covered(self.rows[near], boxes)
        exact += self.off[near]
        return int(near[int(np.argmin(exact))])

    def cheapest_of(self, options: np.ndarray, boxes: np.ndarray) -> int:
        """The first of the least cost among the spots ``options`` (indices, in order).

        As :meth:`cheapest` costs them: the rough sums pick the few within a billionth of
        the least, which are costed exactly over ``boxes``.
        """
        np = _np()
        rough = self._summed(None)[1][options]
        near = options[rough <= rough.min() * (1.0 + ROUGH) + 1e-300]
        exact = covered(self.rows[near], boxes)
        exact += self.off[near]
        return int(near[int(np.argmin(exact))])
