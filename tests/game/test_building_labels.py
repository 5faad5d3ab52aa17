"""A building's name spots and badge spots, and a name stepping aside: pure, over rectangles."""

from __future__ import annotations

import random

import pytest

from board.game.core.building_labels import (
    NAME_SPOTS,
    first_clear_spot,
    name_offsets,
    name_rooms,
    rank_name_spots,
)
from board.game.core.label_fitting import HIDDEN, Fitting, first_clear, fit_labels

FOOTPRINT = (10.0, 20.0, 14.0, 22.0)  # 4" wide, 2" deep


def test_each_spot_touches_its_side_of_the_footprint_with_the_gap():
    rooms = dict(zip(NAME_SPOTS, name_rooms(FOOTPRINT, (6.0, 1.0), 0.5), strict=True))
    assert rooms[("under", 0)] == (9.0, 22.5, 15.0, 23.5)  # centred under it
    assert rooms[("above", 0)] == (9.0, 18.5, 15.0, 19.5)
    assert rooms[("under", 1)] == (8.0, 22.5, 14.0, 23.5)  # its right end at the right edge
    assert rooms[("under", 2)] == (10.0, 22.5, 16.0, 23.5)  # its left end at the left edge
    assert rooms[("right", 0)] == (14.5, 20.5, 20.5, 21.5)  # beside it, level with its middle
    assert rooms[("left", 0)] == (3.5, 20.5, 9.5, 21.5)


def test_the_order_is_the_least_crowded_first_and_the_preferred_among_equals():
    rooms = name_rooms(FOOTPRINT, (1.0, 1.0), 0.25)
    assert rank_name_spots(rooms, []) == tuple(range(len(NAME_SPOTS)))
    under_and_above = [(11.8, 22.5, 12.2, 23.0), (11.8, 19.0, 12.2, 19.5)]
    order = rank_name_spots(rooms, under_and_above)
    assert order[0] == NAME_SPOTS.index(("under", 1))  # both middles taken: to one end
    assert order[-2:] == (0, 1)  # the crowded ones last, still in their order


def test_the_offsets_put_each_rooms_centre_where_the_label_centres_its_box():
    rooms = name_rooms(FOOTPRINT, (2.0, 1.0), 0.25)
    offsets = name_offsets(rooms, (12.0, 21.0), 20.0)
    for (left, top, right, bottom), (dx, dy) in zip(rooms, offsets, strict=True):
        assert ((left + right) / 2, (top + bottom) / 2) == pytest.approx(
            (12.0 + dx / 20.0, 21.0 + dy / 20.0))


@pytest.mark.parametrize("seed", range(40))
def test_a_badge_spot_found_a_few_at_a_time_is_the_first_clear_of_all(seed):
    rng = random.Random(seed)
    lefts = [rng.uniform(0, 30) for _ in range(rng.randint(1, 60))]
    spots = [(x, 0.0, x + 1.0, 1.0) for x in lefts]
    others = [(x, rng.uniform(-1, 1), x + rng.uniform(0.2, 3), 1.5)
              for x in (rng.uniform(0, 30) for _ in range(rng.randint(0, 25)))]
    fixed = others[:3]
    found, box = first_clear_spot(lambda a, b: spots[a:b], len(spots), fixed,
                                  lambda area: [o for o in others[3:]
                                                if o[0] < area[2] and area[0] < o[2]])
    assert found == first_clear(spots, others)
    assert box == spots[found]


def test_a_hidden_name_gets_room_when_one_name_can_step_to_another_of_its_spots():
    wide = Fitting(((0, 0, 10, 2), (0, 10, 10, 12)), priority=10)  # under, or above
    pinned = Fitting(((2, 0, 6, 2),), priority=10)  # only under
    assert fit_labels([wide, pinned]) == [1, 0]
    # the other spot is taken by a model: no room made, the second stays hidden
    assert fit_labels([wide, pinned], obstacles=[(0, 10, 1, 11)]) == [0, HIDDEN]
    # a more important label does not step aside for a less important one
    badge = Fitting(((0, 0, 10, 2), (0, 10, 10, 12)), priority=20)
    assert fit_labels([badge, pinned]) == [0, HIDDEN]
    # two labels in the way: neither moves
    left, right = Fitting(((0, 0, 3, 2), (0, 5, 3, 7))), Fitting(((4, 0, 8, 2), (4, 5, 8, 7)))
    assert fit_labels([left, right, Fitting(((1, 0, 6, 2),))]) == [0, 0, HIDDEN]
