"""The label layout (board.game.core.label_layout): labels clear of models, doors and each other."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from board.game.core.label_layout import (
    LabelBox,
    first_clear,
    intersects,
    least_crowded,
    overlaps,
    place_labels,
)


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
