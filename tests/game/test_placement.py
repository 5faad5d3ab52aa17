"""New units go in free table space near the wanted point, in their system's formation."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.game.placement import LOOSE_GAP, NoRoomError, formation_offsets, free_formation

TABLE = (72.0, 48.0)


def test_ranked_bases_touch_in_ranks_of_five() -> None:
    spots = free_formation(10, 1.0, 1.0, (36.0, 24.0), TABLE, ranked=True, per_rank=5)
    assert spots[:5] == [(34.0, 23.5), (35.0, 23.5), (36.0, 23.5), (37.0, 23.5), (38.0, 23.5)]
    assert spots[5:] == [(34.0, 24.5), (35.0, 24.5), (36.0, 24.5), (37.0, 24.5), (38.0, 24.5)]


def test_a_loose_group_is_square_with_an_inch_between_bases() -> None:
    offsets = formation_offsets(9, 1.0, 1.0, ranked=False)
    xs = sorted({x for x, _ in offsets})
    assert len(xs) == 3 and xs[1] - xs[0] == pytest.approx(1.0 + LOOSE_GAP)


def test_it_steps_off_a_building_at_the_centre() -> None:
    bastion = (33.0, 21.0, 39.0, 27.0)
    spots = free_formation(5, 1.0, 1.0, (36.0, 24.0), TABLE, [bastion], ranked=True)
    # Every base an inch clear of the bastion (CLEARANCE), and the unit right beside it.
    assert all(not (33.0 - 1.5 < x < 39.0 + 1.5 and 21.0 - 1.5 < y < 27.0 + 1.5)
               for x, y in spots)
    centre = (sum(x for x, _ in spots) / 5, sum(y for _, y in spots) / 5)
    assert math.dist(centre, (36.0, 24.0)) <= 5.0


def test_a_centre_off_the_table_is_brought_onto_it() -> None:
    spots = free_formation(5, 1.0, 1.0, (-10.0, 100.0), TABLE, ranked=True)
    assert spots[0] == (0.5, 47.5)


def test_no_room_says_the_size() -> None:
    with pytest.raises(NoRoomError, match=r"no free room of 5\.0×1\.0 in for 5 models"):
        free_formation(5, 1.0, 1.0, (3.0, 3.0), (6.0, 6.0), [(0.0, 0.0, 6.0, 6.0)], ranked=True)


boxes = st.lists(st.tuples(st.floats(0, 70), st.floats(0, 46), st.floats(0.5, 8),
                           st.floats(0.5, 8)).map(lambda t: (t[0], t[1], t[0] + t[2],
                                                             t[1] + t[3])), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 20), st.floats(0.5, 3), st.floats(0.5, 3), st.floats(0, 72),
       st.floats(0, 48), boxes, st.booleans())
def test_the_units_bases_never_overlap_the_table_edge_or_anything_there(
        count: int, length: float, width: float, x: float, y: float,
        blocked: list[tuple[float, float, float, float]], ranked: bool) -> None:
    try:
        spots = free_formation(count, length, width, (x, y), TABLE, blocked, ranked=ranked)
    except NoRoomError:
        return
    assert len(spots) == count
    for sx, sy in spots:
        box = (sx - width / 2, sy - length / 2, sx + width / 2, sy + length / 2)
        assert box[0] >= -1e-6 and box[1] >= -1e-6
        assert box[2] <= TABLE[0] + 1e-6 and box[3] <= TABLE[1] + 1e-6
        for b in blocked:
            assert not (box[0] < b[2] - 1e-6 and b[0] < box[2] - 1e-6
                        and box[1] < b[3] - 1e-6 and b[1] < box[3] - 1e-6)
