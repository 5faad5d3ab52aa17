"""Overlap depth and off-the-table distance (geometry/overlap.py), against a brute force."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity

from geometry import Circle, hull, oval_base, rectangular_base
from geometry.overlap import off_table_by, overlap_depth
from tests.geometry.samples import L_RUIN


def _brute_depth(a, b, steps: int = 240) -> float:
    """The least move clearing ``a`` from ``b``: for each direction, bisect the clearing length."""
    geo_a = a.polygon(0.00005) if isinstance(a, Circle) else a
    geo_b = b.polygon(0.00005) if isinstance(b, Circle) else b
    if geo_a.intersection(geo_b).area < 1e-9:
        return 0.0
    best = math.inf
    for k in range(steps):
        angle = 2 * math.pi * k / steps
        lo, hi = 0.0, 20.0
        for _ in range(25):
            mid = (lo + hi) / 2
            moved = affinity.translate(geo_a, mid * math.cos(angle), mid * math.sin(angle))
            lo, hi = (mid, hi) if moved.intersection(geo_b).area > 1e-9 else (lo, mid)
        best = min(best, hi)
    return best


def test_circles_exact() -> None:
    assert overlap_depth(Circle(0, 0, 0.5), Circle(0.3, 0.4, 0.5)) == pytest.approx(0.5)
    assert overlap_depth(Circle(0, 0, 0.5), Circle(1.0005, 0, 0.5)) == 0.0


def test_rhino_on_marines() -> None:
    """A Rhino hull (4.5 × 2.75") dropped with its edge 1.25" over a marine's centre."""
    rhino = hull(10.0, 10.0, 4.5, 2.75, 0.0)  # x 8.625 .. 11.375
    marine = Circle(11.375 - 1.25 + 0.492126, 10.0, 0.492126)
    assert overlap_depth(rhino, marine) == pytest.approx(1.25)
    assert overlap_depth(marine, rhino) == pytest.approx(1.25)


@pytest.mark.parametrize(("a", "b"), [
    (hull(0, 0, 4.5, 2.75, 30), hull(2, 1.5, 4.5, 2.75, 75)),
    (oval_base(0, 0, 60, 35, 20), Circle(1.0, 0.4, 0.6)),
    (oval_base(0, 0, 60, 35, 20), rectangular_base(1.2, 0.3, 50, 25, 0)),
    (Circle(2.5, 2.5, 0.8), L_RUIN),  # in the L's inner corner: concave
    (rectangular_base(2.4, 3.0, 25, 25, 45), L_RUIN),
])
def test_against_brute_force(a, b) -> None:
    assert overlap_depth(a, b) == pytest.approx(_brute_depth(a, b), abs=0.003)


@settings(max_examples=8, deadline=None)
@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(0, 180), st.floats(0, 180))
def test_hulls_property(x, y, turn_a, turn_b) -> None:
    """Two hulls: exact depth (SAT) agrees with the brute force, and moving by it clears."""
    a, b = hull(x, y, 4.0, 2.0, turn_a), hull(0, 0, 3.0, 2.5, turn_b)
    depth = overlap_depth(a, b)
    assert depth >= 0.0
    if depth > 0.01:
        assert depth == pytest.approx(_brute_depth(a, b, 120), abs=0.03)
    else:
        assert a.intersection(b).area < 0.01 * 4.0


def test_off_table() -> None:
    assert off_table_by(Circle(36, -0.1, 0.5), 72, 48) == pytest.approx(0.6)
    assert off_table_by(hull(70, 24, 4.5, 2.75, 90), 72, 48) == pytest.approx(0.25)
    assert off_table_by(Circle(36, 24, 0.5), 72, 48) == 0.0
    assert np.isclose(off_table_by(rectangular_base(0.5, 10, 25.4, 25.4, 0), 72, 48), 0.0)
