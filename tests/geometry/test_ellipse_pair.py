"""Two oval bases' gap (geometry.ellipse_pair) by hand and against the slow obvious way."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.ellipse import Ellipse
from geometry.ellipse_pair import gap_between
from geometry.footprints import oval_base
from geometry.measure import distance, within


def _sampled_gap(a: Ellipse, b: Ellipse, count: int = 20001) -> float:
    """The least exact distance from ``count`` points of ``a``'s outline to ``b`` (slow, obvious).

    Points of ``a`` are on its outline, so this is never below the true gap; where a centre
    lies inside the other oval they meet (0).
    """
    if a.contains_points(np.array([[b.x, b.y]]))[0] or b.contains_points(np.array([[a.x, a.y]]))[0]:
        return 0.0
    points = a.point_at(np.linspace(0.0, 2.0 * math.pi, count))
    return float(b.distances_to_points(points).min())


def test_side_by_side_and_end_to_end_by_hand():
    # Two 4" × 2" ovals (semi-axes 2 along, 1 across), both facing up the table.
    a = Ellipse(0.0, 0.0, 2.0, 1.0, 0.0)
    # Side by side, centres 5" apart across: 5 - 1 - 1 = 3.
    assert abs(gap_between(a, Ellipse(5.0, 0.0, 2.0, 1.0, 0.0)) - 3.0) < 1e-12
    # End to end, centres 7" apart along: 7 - 2 - 2 = 3 (to rounding).
    assert abs(gap_between(a, Ellipse(0.0, 7.0, 2.0, 1.0, 0.0)) - 3.0) < 1e-12
    # The second turned a quarter: it reaches 1" up the table; 6 - 2 - 1 = 3.
    assert abs(gap_between(a, Ellipse(0.0, 6.0, 2.0, 1.0, 90.0)) - 3.0) < 1e-12


def test_touching_and_overlapping_are_nought():
    a = Ellipse(0.0, 0.0, 2.0, 1.0, 0.0)
    assert gap_between(a, Ellipse(2.0, 0.0, 2.0, 1.0, 0.0)) < 1e-12  # touching across
    assert gap_between(a, Ellipse(1.0, 1.0, 2.0, 1.0, 45.0)) == 0.0
    assert gap_between(a, Ellipse(0.0, 0.0, 0.5, 0.25, 30.0)) == 0.0  # one inside the other


def test_two_ovals_turned_either_side_of_three_inches():
    """Two 60×35 mm ovals turned 30°, side by side along their width axis.

    Both have semi-axes 35/2/25.4 = 0.68898" across and 60/2/25.4 = 1.18110" along, and the
    same facing, so along their common width axis they reach 0.68898" each: centres
    3 + 2·0.68898 ± 0.0002" apart along that axis are 3 ± 0.0002" apart.
    """
    across = 35.0 / 2.0 / 25.4
    ux, uy = math.cos(math.radians(30.0)), math.sin(math.radians(30.0))  # the width axis
    for gap in (-0.0002, 0.0002):
        apart = 3.0 + 2.0 * across + gap
        a = oval_base(10.0, 10.0, 60, 35, 30.0)
        b = oval_base(10.0 + apart * ux, 10.0 + apart * uy, 60, 35, 30.0)
        assert abs(distance(a, b) - (3.0 + gap)) < 1e-9
        assert within(a, b, 3.0) == (gap < 0)


ovals = st.builds(
    Ellipse,
    st.floats(-6.0, 6.0), st.floats(-6.0, 6.0),
    st.floats(0.3, 2.5), st.floats(0.2, 1.5), st.floats(0.0, 360.0),
)


@settings(max_examples=60, deadline=None)
@given(ovals, ovals)
def test_never_above_the_samples_and_close_to_them(a, b):
    fast, slow = gap_between(a, b), _sampled_gap(a, b)
    assert fast <= slow + 1e-12  # the samples are points of the outline: never below the truth
    assert fast >= slow - 1e-5  # 20,001 samples fall short of a smooth minimum by far less
