"""The ruler's closest pair, found in order of a lower bound, is the pair every pair would give."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from board.game.core.targets import centre
from board.game.measuring.ruler import _nearest_pair
from geometry import Circle, distance

coord = st.floats(-20, 20, allow_nan=False).map(lambda v: round(v, 1))  # ties happen
shapes = st.one_of(
    st.builds(Circle, coord, coord, st.sampled_from([0.5, 0.63, 1.0])),
    st.builds(Point, coord, coord),
    st.builds(lambda x, y, w: box(x, y, x + w, y + w / 2), coord, coord,
              st.sampled_from([1.0, 2.0, 4.0])),
)
parts = st.lists(shapes, min_size=1, max_size=12).map(
    lambda items: [(f"p{i}", s) for i, s in enumerate(items)])


def every_pair(a, b, centres: bool) -> tuple[int, int, float]:
    best = (0, 0, math.inf)
    for i, (_, sa) in enumerate(a):
        for j, (_, sb) in enumerate(b):
            d = math.dist(centre(sa), centre(sb)) if centres else distance(sa, sb)
            if d < best[2]:
                best = (i, j, d)
    return best


@settings(max_examples=300, deadline=None)
@given(parts, parts, st.booleans())
def test_same_pair_as_measuring_every_pair(a, b, centres: bool) -> None:
    assert _nearest_pair(a, b, centres) == every_pair(a, b, centres)
