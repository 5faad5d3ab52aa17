"""The label layouts (board.game.core.label_layout, label_fitting, label_rects): labels clear of
models, doors and each other."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import given, settings
from hypothesis import strategies as st

from board.game.core import label_fitting
from board.game.core.label_fitting import HIDDEN, Fitting, first_clear, fit_labels, least_crowded
from board.game.core.label_layout import LabelBox, place_labels
from board.game.core.label_rects import intersects, overlaps


def test_a_clear_preferred_spot_is_kept_and_needs_no_leader():
    (placed,) = place_labels([LabelBox((100, 100), 60, 14, dy=-20)])
    assert placed.rect == (70.0, 73.0, 130.0, 87.0) and not placed.leader


def test_ten_labels_on_one_anchor_do_not_stack_into_one_pile():
    labels = [LabelBox((200, 200), 80, 14) for _ in range(10)]
    placed = place_labels(labels)
    assert overlaps([p.rect for p in placed]) == []
    assert sum(p.leader for p in placed) >= 1  # those pushed out point back to the anchor


def test_the_higher_priority_label_keeps_its_spot():
    low, high = LabelBox((50, 50), 40, 10, priority=0), LabelBox((50, 50), 40, 10, priority=5)
    first, second = place_labels([low, high])
    assert second.rect == (30.0, 45.0, 70.0, 55.0)  # centred on the anchor: its own spot
    assert not intersects(first.rect, second.rect)


def test_models_and_doors_are_kept_clear():
    models = [(90 + 20 * k, 90, 106 + 20 * k, 106) for k in range(5)]
    door = (95, 110, 105, 120)
    labels = [LabelBox((98 + 20 * k, 98), 50, 12, dy=-14) for k in range(5)]
    placed = [p.rect for p in place_labels(labels, [*models, door])]
    assert overlaps(placed) == [] and overlaps(placed, [*models, door]) == []


def test_rooms_for_a_building_name():
    rooms = [(0, 10, 10, 12), (0, -2, 10, 0), (5, 10, 15, 12)]
    assert least_crowded(rooms, [(1, 10.5, 2, 11)]) == 1
    assert least_crowded(rooms, []) == 0
    assert first_clear(rooms, [(0, 10, 4, 12), (0, -1, 1, 0)]) == 2
    assert first_clear(rooms, [(-100, -100, 100, 100)]) == 0  # all covered alike: the first
    assert first_clear(rooms, [(-1, 9, 12, 13), (0, -2, 10, 0)]) == 2  # the least covered


boxes = st.tuples(st.floats(0, 400), st.floats(0, 300), st.floats(10, 60), st.floats(8, 16))


@settings(max_examples=60, deadline=None)
@given(st.lists(boxes, min_size=1, max_size=12), st.lists(boxes, max_size=8))
def test_on_an_open_table_no_label_covers_another_or_an_obstacle(labels, things):
    obstacles = [(x, y, x + w, y + h) for x, y, w, h in things]
    asked = [LabelBox((x, y), w * 2, h) for x, y, w, h in labels]
    placed = [p.rect for p in place_labels(asked, obstacles, rings=30)]
    assert overlaps(placed) == []
    assert overlaps(placed, obstacles) == []


# -- the legibility rule: priority, then shorter, then hidden ---------------------------------
NAME_WHOLE, NAME_SHORT = (0.0, 0.0, 120.0, 40.0), (30.0, 0.0, 90.0, 10.0)
BADGE = (50.0, 20.0, 70.0, 34.0)  # under the whole name, clear of its short form


def test_a_name_over_a_badge_shortens_the_badge_keeps_its_place():
    name, badge = Fitting((NAME_WHOLE, NAME_SHORT), 10), Fitting((BADGE,), 20)
    assert fit_labels([name, badge]) == [1, 0]


def test_equal_priorities_the_first_given_keeps_its_place():
    one, two = Fitting(((0, 0, 10, 10),)), Fitting(((5, 5, 15, 15),))
    assert fit_labels([one, two]) == [0, HIDDEN]
    assert fit_labels([two, one]) == [0, HIDDEN]


def test_a_label_on_a_model_in_every_form_is_hidden_and_touching_is_not_covering():
    name = Fitting((NAME_WHOLE, NAME_SHORT), 10)
    assert fit_labels([name], obstacles=[(40.0, 2.0, 44.0, 6.0)]) == [HIDDEN]
    assert fit_labels([name], obstacles=[(120.0, 0.0, 130.0, 40.0)]) == [0]  # edge to edge


def test_what_is_shown_depends_on_the_boxes_only():
    labels = [Fitting(((k * 7.0, 0.0, k * 7.0 + 10.0, 10.0),), k % 3) for k in range(12)]
    assert fit_labels(labels) == fit_labels(list(labels))


def test_an_optional_label_with_nowhere_clear_is_dropped_not_laid_over():
    walls = [(-1000.0, -1000.0, 1000.0, 1000.0)]
    (kept,) = place_labels([LabelBox((0, 0), 40, 10)], walls, rings=2)
    (dropped,) = place_labels([LabelBox((0, 0), 40, 10, optional=True)], walls, rings=2)
    assert kept.shown and not dropped.shown


def test_a_verdict_with_no_clear_spot_sits_over_a_name_that_gives_way():
    # Models above and below the anchor leave one row, where a building's name lies.
    models = [(0.0, 0.0, 100.0, 20.0), (0.0, 40.0, 100.0, 60.0)]
    name = (0.0, 20.0, 100.0, 40.0)
    (alone,) = place_labels([LabelBox((50, 30), 40, 10)], models + [name], rings=1)
    (over,) = place_labels([LabelBox((50, 30), 40, 10)], models, rings=1, yielding=[name])
    assert over.rect == (30.0, 25.0, 70.0, 35.0) and over.shown
    assert all(not intersects(over.rect, m) for m in models)
    assert alone.rect != over.rect or intersects(alone.rect, name)


def _first_clear_by_loop(rooms, obstacles):
    """first_clear as it was written before numpy: a loop, Python's sum of the areas."""
    for k, room in enumerate(rooms):
        if not any(intersects(room, o) for o in obstacles):
            return k

    def area(a, b):
        w = min(a[2], b[2]) - max(a[0], b[0])
        h = min(a[3], b[3]) - max(a[1], b[1])
        return w * h if w > 0 and h > 0 else 0.0

    covered = [sum(area(room, o) for o in obstacles) for room in rooms]
    return covered.index(min(covered))


def _least_crowded_by_loop(rooms, obstacles):
    counts = [sum(intersects(room, o) for o in obstacles) for room in rooms]
    return counts.index(min(counts))


_coord = st.floats(0, 50, allow_nan=False).map(lambda v: round(v * 4) / 4)  # ties and touches
_rect = st.tuples(_coord, _coord, st.sampled_from([0.5, 1.0, 2.5, 7.0]),
                  st.sampled_from([0.25, 1.0, 3.0])).map(lambda r: (r[0], r[1], r[0] + r[2],
                                                                     r[1] + r[3]))


@contextmanager
def numpy_from(pairs: int) -> Iterator[None]:
    """Compare boxes with numpy from ``pairs`` pairs on (0: always; a great many: never)."""
    before = label_fitting.NUMPY_FROM
    label_fitting.NUMPY_FROM = pairs
    try:
        yield
    finally:
        label_fitting.NUMPY_FROM = before


#: Both ways of comparing boxes: plain Python (a board's own labels), numpy (many boxes).
_BOTH_WAYS = (0, 10**9)


@settings(max_examples=300, deadline=None)
@given(st.lists(_rect, min_size=1, max_size=30), st.lists(_rect, max_size=40))
def test_first_clear_and_least_crowded_choose_what_the_loops_chose(rooms, obstacles):
    """The vectorised choices and the plain ones are the loops', ties and float sums included."""
    for pairs in _BOTH_WAYS:
        with numpy_from(pairs):
            assert first_clear(rooms, obstacles) == _first_clear_by_loop(rooms, obstacles)
            assert least_crowded(rooms, obstacles) == _least_crowded_by_loop(rooms, obstacles)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_rect, min_size=1, max_size=3).map(tuple), max_size=25),
       st.lists(st.integers(0, 3), min_size=25, max_size=25), st.lists(_rect, max_size=40))
def test_labels_are_fitted_alike_with_and_without_numpy(forms, priorities, obstacles):
    labels = [Fitting(f, p) for f, p in zip(forms, priorities, strict=False)]
    chosen = []
    for pairs in _BOTH_WAYS:
        with numpy_from(pairs):
            chosen.append(fit_labels(labels, obstacles))
    assert chosen[0] == chosen[1]


def test_when_every_room_is_covered_the_least_covered_first_one_wins():
    rooms = [(0, 0, 4, 1), (10, 0, 14, 1), (20, 0, 24, 1)]
    obstacles = [(1, 0, 3, 1), (11.5, 0, 12.5, 1), (21.5, 0, 22.5, 1)]
    assert first_clear(rooms, obstacles) == 1  # 2, 1, 1 covered: the first of the least


def test_with_nowhere_clear_a_label_covers_a_model_rather_than_another_label():
    """Two verdicts at one anchor on a board with no clear spot but the first one's.

    The first label takes its preferred spot, the only clear one; every other spot lies on
    a model. Covering the first label would cost the second as much as covering a model (a
    box of its own size), and it came first in the search: the two were drawn one over the
    other, unreadable. Now the second takes the cheapest spot that covers no label.
    """
    from board.game.core.label_layout import LabelBox, place_labels
    from board.game.core.label_rects import intersects

    first, second = LabelBox((50.0, 50.0), 40.0, 10.0), LabelBox((50.0, 50.0), 40.0, 10.0)
    spot = place_labels([first], rings=2)[0].rect  # its preferred spot, (30, 45, 70, 55)
    left, top, right, bottom = spot
    models = [(-500.0, -500.0, 600.0, top), (-500.0, bottom, 600.0, 600.0),  # all round it
              (-500.0, top, left, bottom), (right, top, 600.0, bottom)]
    placed = place_labels([first, second], models, rings=2)
    assert placed[0].rect == spot
    assert not intersects(placed[1].rect, placed[0].rect)
    assert placed[1].shown


sixty_fourths = st.integers(64 * 8, 64 * 300).map(lambda n: n / 64)  # a font's measures, px


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.floats(-50, 1500), st.floats(-50, 900), sixty_fourths,
                          sixty_fourths), min_size=1, max_size=12),
       st.lists(boxes, max_size=8))
def test_every_box_has_exactly_its_labels_size_wherever_it_goes(labels, things):
    """A spot is its centre less and plus half the label's size: the width was the label's to
    within a rounding that depended on the place. A label's kept picture is centred in its
    box's width, and a width an ulp short drew a few letters a shade differently: the same
    board gave two images depending on where each label was first laid out (70 pixels of
    ``Unit 23, model 10`` on the benchmark's board). Every box handed on has the label's
    size exactly.
    """
    obstacles = [(x, y, x + w, y + h) for x, y, w, h in things]
    asked = [LabelBox((x, y), w, h / 4) for x, y, w, h in labels]
    for label, placed in zip(asked, place_labels(asked, obstacles, rings=3), strict=True):
        left, top, right, bottom = placed.rect
        assert (right - left, bottom - top) == (label.width, label.height)


def test_labels_are_fitted_alike_among_boxes_wider_than_the_grid():
    # The page's edges (a million pixels long) and a footprint seen up close lie across
    # thousands of the grid's cells: they are asked every time, with the same answers.
    edges = [(-1e6, -1e6, 1e6, 0.0), (-1e6, 600.0, 1e6, 1e6), (-1e6, 0.0, 0.0, 600.0),
             (900.0, 0.0, 1e6, 600.0)]
    footprint = [(100.0, 100.0, 700.0, 400.0)]
    labels = [Fitting(((x, y, x + 80.0, y + 16.0), (x, y + 20.0, x + 40.0, y + 36.0)), x % 3)
              for x in range(-20, 940, 37) for y in (-8.0, 90.0, 395.0, 590.0)]
    chosen = []
    for pairs in _BOTH_WAYS:
        with numpy_from(pairs):
            chosen.append(fit_labels(labels, edges + footprint))
    assert chosen[0] == chosen[1]
    assert HIDDEN in chosen[0] and any(c == 0 for c in chosen[0])
