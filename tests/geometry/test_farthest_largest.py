"""The largest distance by group, found without measuring every point, is the plain reduction's.

:meth:`geometry.farthest_features.Features.largest` skips squares of points whose bound cannot
beat what is found. The reference kept here is the code it replaced: every point measured
exactly, then the largest taken per group (``np.maximum.at`` over ``distance``).
"""

from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon, box

from geometry import farthest_features
from geometry.farthest import _features

#: Edges × points in a block during these tests: small, so that a few thousand points already
#: take the squares' way (the code's own 1,048,576 would need half a million per example).
SMALL_BLOCK = 4096

L_RUIN = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
ZONE = Polygon([(0, 0), (72, 0), (0, 48)]).difference(Point(36, 24).buffer(12.0, quad_segs=87))
HOLE = box(0, 0, 72, 48).difference(Point(36, 24).buffer(12.0, quad_segs=45))
WALL = LineString([(0, 0), (4, 0), (4, 4), (9, 1)])
TARGETS = {"l-ruin": L_RUIN, "cut zone": ZONE, "round hole": HOLE, "wall": WALL}


def every_point(features, points, groups, count):
    """The replaced code: every point measured, the largest kept per group (0 when none)."""
    found = np.zeros(count)
    np.maximum.at(found, groups, features.distance(points))
    return found


def enough_points(features) -> int:
    """More points than one block holds against this footprint: the squares are used."""
    return 3 * max(1, SMALL_BLOCK // len(features.normals)) + 7


def small_blocks():
    return mock.patch.object(farthest_features, "BLOCK", SMALL_BLOCK)


@settings(max_examples=60)
@given(target=st.sampled_from(sorted(TARGETS)), seed=st.integers(0, 2**32 - 1),
       count=st.integers(1, 5), spread=st.sampled_from([0.01, 1.0, 30.0]),
       shape=st.sampled_from(["scatter", "ring", "clusters"]))
def test_the_same_largest_as_measuring_every_point(target, seed, count, spread, shape):
    features = _features(TARGETS[target])
    rng = np.random.default_rng(seed)
    n = enough_points(features)
    centre = rng.uniform([0, 0], [72, 48], size=(count, 2))
    groups = rng.integers(0, count, n)
    if shape == "ring":  # as a circle's candidates lie: on its outline
        angle = rng.uniform(0, 2 * np.pi, n)
        points = centre[groups] + spread * np.stack([np.cos(angle), np.sin(angle)], axis=1)
    elif shape == "clusters":  # the same few points over and over, and one far away
        points = centre[groups] + spread * rng.integers(0, 3, (n, 2))
        points[-1] = (100.0, -50.0)
    else:
        points = centre[groups] + rng.normal(0, spread, (n, 2))
    with small_blocks():
        quick = features.largest(points, groups, count)
    slow = every_point(features, points, groups, count)
    assert np.array_equal(quick, slow), np.abs(quick - slow).max()


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_a_group_without_points_is_0_and_no_points_at_all_too(target):
    features = _features(TARGETS[target])
    n = enough_points(features)
    points = np.column_stack([np.linspace(30, 40, n), np.linspace(20, 28, n)])
    groups = np.full(n, 2)
    with small_blocks():
        found = features.largest(points, groups, 4)
        assert features.largest(np.zeros((0, 2))).tolist() == [0.0]
    assert found[[0, 1, 3]].tolist() == [0.0, 0.0, 0.0]
    assert found[2] == every_point(features, points, groups, 4)[2]


def test_one_point_repeated_beyond_a_block_is_measured_once_as_a_whole():
    features = _features(ZONE)
    points = np.tile([[36.0, 24.0]], (enough_points(features), 1))
    with small_blocks():
        assert features.largest(points)[0] == features.distance(points[:1])[0]
