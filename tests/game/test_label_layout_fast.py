"""The fast label layout returns exactly what the naive one returned, for every input.

:func:`board.game.core.label_layout.place_labels` costs a label's spots against only the
boxes that may meet them (:mod:`board.game.core.label_spots`); the reference,
:func:`tests.game.naive_label_layout.naive_place_labels`, is the code it replaced, kept
verbatim, comparing every spot with every box. Every answer must be equal: the same spot
for every label, the same leader, the same shown, over random labels, obstacles, yielding
boxes and screens, with ties (many equal boxes and sizes on a coarse grid), touching edges,
boxes of no area, boxes inside out, and a crowded board of a thousand boxes.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.game.core.label_layout import LabelBox, place_labels
from board.game.core.label_spots import BoxIndex, areas
from tests.game.naive_label_layout import naive_place_labels

#: Coordinates on a coarse grid make ties and touching edges common; some are any float.
coordinate = st.one_of(st.integers(-40, 240).map(float),
                       st.integers(-80, 480).map(lambda v: v / 2.0),
                       st.floats(-50.0, 250.0, allow_nan=False, allow_infinity=False))
size = st.one_of(st.integers(0, 60).map(float),
                 st.floats(0.0, 120.0, allow_nan=False, allow_infinity=False))


@st.composite
def rects(draw: st.DrawFn, inside_out: bool = True) -> tuple[float, float, float, float]:
    """A box: its corner and size; now and then inside out (right of its left edge, no)."""
    left, top = draw(coordinate), draw(coordinate)
    width, height = draw(size), draw(size)
    if inside_out and draw(st.integers(0, 20)) == 0:
        return (left + width, top + height, left, top)
    return (left, top, left + width, top + height)


@st.composite
def labels(draw: st.DrawFn) -> LabelBox:
    return LabelBox((draw(coordinate), draw(coordinate)), draw(size), draw(size),
                    priority=draw(st.integers(0, 3)),
                    dy=draw(st.sampled_from([0.0, -14.0, 7.5, -3.0])),
                    optional=draw(st.booleans()))


def _same(labels_: list[LabelBox], obstacles: list, **kw: object) -> None:
    fast = place_labels(labels_, obstacles, **kw)
    naive = naive_place_labels(labels_, obstacles, **kw)
    assert fast == naive


@settings(max_examples=300, deadline=None)
@given(st.lists(labels(), min_size=1, max_size=8), st.lists(rects(), max_size=60),
       st.lists(rects(), max_size=20), st.one_of(st.none(), rects(inside_out=False)),
       st.sampled_from([0.0, 1.0, 3.0]), st.integers(0, 12))
def test_the_fast_layout_gives_the_naive_ones_answers(labels_, obstacles, yielding, bounds,
                                                       gap, rings):
    _same(labels_, obstacles, gap=gap, rings=rings, bounds=bounds, yielding=yielding)


@settings(max_examples=60, deadline=None)
@given(st.lists(labels(), min_size=1, max_size=4),
       st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=40),
       st.integers(1, 20))
def test_equal_boxes_in_a_lattice_give_the_same_answers(labels_, corners, side):
    """Many boxes of one size on a lattice: ties of cost everywhere, edges touching."""
    obstacles = [(x * side, y * side, (x + 1) * side, (y + 1) * side) for x, y in corners]
    _same(labels_, obstacles, bounds=(0.0, 0.0, 13.0 * side, 13.0 * side),
          yielding=obstacles[::3])


@pytest.mark.parametrize("seed", range(6))
def test_a_crowded_board_gives_the_same_answers(seed):
    """The benchmark's kind of case: a thousand small boxes, a few long labels, 21 labels."""
    rng = random.Random(seed)
    boxes = []
    for _ in range(1000):
        x, y = rng.uniform(0, 990), rng.uniform(0, 636)
        w = rng.choice([15.8, 16.2, 16.2, 19.0, 79.0, 136.0])
        boxes.append((x, y, x + w, y + rng.choice([15.8, 16.2, 19.0, 32.0])))
    tall = [(rng.uniform(0, 900), rng.uniform(0, 500), 0.0, 0.0) for _ in range(5)]
    boxes += [(x, y, x + 90.0, y + 300.0) for x, y, _, _ in tall]  # models seen close up
    yielding = boxes[::20]
    labels_ = [LabelBox((rng.uniform(300, 700), rng.uniform(200, 450)), 196.7, 29.6,
                        priority=rng.choice([0, 0, 1]), dy=-14.0) for _ in range(21)]
    _same(labels_, boxes[:950], bounds=(0.0, 0.0, 990.0, 636.0), yielding=yielding)


def test_boxes_not_on_a_board_are_costed_the_old_way_with_the_same_answers():
    infinite = [(0.0, 0.0, float("inf"), 10.0), (5.0, -float("inf"), 9.0, 4.0)]
    _same([LabelBox((5, 5), 8, 4), LabelBox((50, 5), 8, 4, optional=True)],
          infinite + [(20.0, 0.0, 30.0, 10.0)], yielding=[(40.0, 0.0, 60.0, 10.0)])
    _same([LabelBox((5, 5), 8, 4)], [(0.0, 0.0, 10.0, 10.0)],
          bounds=(0.0, 0.0, float("inf"), 100.0))


@settings(max_examples=200, deadline=None)
@given(st.lists(rects(), min_size=1, max_size=80), st.lists(rects(), min_size=1, max_size=40))
def test_the_index_finds_every_pair_that_shares_area_and_its_area_to_the_bit(boxes, spots):
    b = np.asarray(boxes, dtype=float)
    s = np.asarray(spots, dtype=float)
    spot, box, area = BoxIndex(b).pairs(s)
    full = areas(s, b)
    found = np.zeros_like(full)
    found[spot, box] = area
    assert len(set(zip(spot.tolist(), box.tolist(), strict=True))) == len(spot)  # no twice
    assert (found == full).all()


@settings(max_examples=200, deadline=None)
@given(st.lists(rects(inside_out=False), min_size=1, max_size=40), st.data())
def test_the_index_finds_the_slightest_overlaps_at_every_corner(boxes, data):
    """Spots that overlap a box by a sliver at one of its corners, or just touch it."""
    b = np.asarray(boxes, dtype=float)
    spots = []
    for _ in range(data.draw(st.integers(1, 30))):
        x0, y0, x1, y1 = boxes[data.draw(st.integers(0, len(boxes) - 1))]
        w, h = data.draw(size), data.draw(size)
        dx, dy = (data.draw(st.sampled_from([0.0, 1e-9, 0.25, 1.0, 3.0])) for _ in range(2))
        left = data.draw(st.sampled_from([x1 - dx, x0 + dx - w]))
        top = data.draw(st.sampled_from([y1 - dy, y0 + dy - h]))
        spots.append((left, top, left + w, top + h))
    s = np.asarray(spots, dtype=float)
    spot, box, area = BoxIndex(b).pairs(s)
    found = np.zeros((len(s), len(b)))
    found[spot, box] = area
    assert (found == areas(s, b)).all()
