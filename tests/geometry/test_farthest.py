"""Exact "wholly within" a non-convex footprint: hand-computed cases and a brute-force check."""

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from geometry import (
    Circle,
    farthest_distance,
    hull,
    oval_base,
    rectangular_base,
    unit_wholly_within,
    wholly_within,
)
from geometry.farthest import farthest_distances

L_RUIN = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
U_RUIN = Polygon([(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)])


def test_a_base_in_the_notch_of_an_l_ruin():
    # both inner walls are 1" from the centre; the farthest point is at 45°: 1 + r/√2
    far = 1 + 0.5 / math.sqrt(2)
    assert farthest_distance(Circle(3, 3, 0.5), L_RUIN) == pytest.approx(far, abs=1e-12)
    assert wholly_within(Circle(3, 3, 0.5), L_RUIN, far)
    assert not wholly_within(Circle(3, 3, 0.5), L_RUIN, far - 1e-6)


def test_beyond_the_corners_on_their_bisector():
    # (8, 8) is as far from (6, 2) as from (2, 6): the farthest point lies on the bisector
    p = 8 + 1 / math.sqrt(2)
    far = math.hypot(p - 6, p - 2)
    assert farthest_distance(Circle(8, 8, 1), L_RUIN) == pytest.approx(far, abs=1e-12)


@pytest.mark.parametrize(("reach", "ok"), [(0.9999, False), (1.0, True)])
def test_a_hull_square_in_the_notch(reach, ok):
    # a 1" x 1" square hull over (2.5, 2.5)-(3.5, 3.5): its far corner is 1.5" from both
    # inner walls, so it is wholly within 1.5" of the ruin and not within 1.4999"
    square = hull(3, 3, 1, 1, 0)
    assert farthest_distance(square, L_RUIN) == pytest.approx(1.5, abs=1e-12)
    assert wholly_within(square, L_RUIN, reach + 0.5) is ok


def test_a_base_in_the_channel_of_a_u_ruin():
    # the channel is 2" wide (x 2..4): a 0.5" base centred in it reaches 1.5" from a wall
    assert farthest_distance(Circle(3, 4, 0.5), U_RUIN) == pytest.approx(0.5 + 0.5, abs=1e-12)


def test_a_unit_against_the_ruin_is_exact_and_batched():
    models = [("a", Circle(3, 3, 0.5)), ("b", Circle(1, 1, 0.5)),
              ("c", oval_base(8, 3, 60, 35, 30))]
    check = unit_wholly_within(models, L_RUIN, 1.3535)
    assert [v.model_id for v in check.failing] == ["a", "c"]
    assert check.distances[0] == pytest.approx(1 + 0.5 / math.sqrt(2), abs=1e-12)


def _brute(shape, target):
    """The slow, obvious way: the outline every 0.0002" and a fine grid inside."""
    body = shape.polygon(0.00001) if isinstance(shape, Circle) else shape
    outline = shapely.get_coordinates(shapely.segmentize(body.exterior, 0.0002))
    minx, miny, maxx, maxy = body.bounds
    xs, ys = np.meshgrid(np.linspace(minx, maxx, 120), np.linspace(miny, maxy, 120))
    grid = np.c_[xs.ravel(), ys.ravel()]
    grid = grid[shapely.contains_xy(body, grid[:, 0], grid[:, 1])]
    points = np.r_[outline, grid]
    return float(shapely.distance(shapely.points(points), target).max())


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([L_RUIN, U_RUIN]), st.floats(-2, 8), st.floats(-2, 8),
       st.floats(0.3, 1.5), st.integers(0, 2), st.floats(0, 180))
def test_never_below_the_truth_and_close_to_it(ruin, x, y, size, kind, turn):
    shape = [Circle(x, y, size), oval_base(x, y, 60, 35, turn),
             hull(x, y, 2 * size, size, turn)][kind]
    exact = float(farthest_distances([shape], ruin)[0])
    slow = _brute(shape, ruin)
    assert exact >= slow - 1e-9  # never on the accepting side of what any point shows
    assert exact <= slow + 0.002


def test_a_wall_of_several_segments_is_a_target_too():
    # the farthest point of the base is as far from (0, 0) as from (4, 4): on their bisector
    wall = LineString([(0, 0), (4, 0), (4, 4)])
    theta = np.linspace(0, 2 * math.pi, 400001)
    ring = np.c_[np.cos(theta), 4 + np.sin(theta)]
    sampled = float(shapely.distance(shapely.points(ring), wall).max())
    exact = farthest_distance(Circle(0, 4, 1), wall)
    assert sampled - 1e-9 <= exact <= sampled + 1e-6
    assert wholly_within(Circle(0, 4, 1), wall, exact) and not wholly_within(
        Circle(0, 4, 1), wall, exact - 1e-6)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([L_RUIN, U_RUIN, LineString([(0, 0), (4, 0), (4, 4)])]),
       st.integers(0, 2**32 - 1))
def test_circles_settled_by_their_bound_agree_with_every_candidate(target, seed):
    # the shortcut (the bound gap + r reached straight away from the nearest point) against
    # the full candidate search, on circles in, around and straddling the footprint
    from geometry.farthest import _circles_by_candidates, _features, _settled_circles

    rng = np.random.default_rng(seed)
    xyr = np.c_[rng.uniform(-3, 9, (200, 2)), rng.uniform(0.1, 2.5, 200)]
    xyr[:20, :2] = np.round(xyr[:20, :2] * 2) / 2  # some centres on edges and corners
    features = _features(target)
    settled, _ = _settled_circles(xyr, features)
    full = _circles_by_candidates(xyr, features)
    known = ~np.isnan(settled)
    assert known.mean() > 0.5
    assert (settled[known] >= full[known] - 1e-12).all()  # never nearer than a candidate
    assert np.allclose(settled[known], full[known], rtol=0, atol=1e-9)


# --- the few-circle search (geometry.circle_peaks) against the full one and the samples ----

COURTYARD = Polygon([(0, 0), (8, 0), (8, 8), (0, 8)], [[(2, 2), (6, 2), (6, 6), (2, 6)]])
WALL = LineString([(0, 0), (4, 0), (4, 4)])
COMB = Polygon([(0, 0), (7, 0), (7, 5), (6, 5), (6, 1), (5, 1), (5, 5), (4, 5), (4, 1), (3, 1),
                (3, 5), (2, 5), (2, 1), (1, 1), (1, 5), (0, 5)])
STAR = Polygon([(4 + (3 if i % 2 == 0 else 1.3) * math.cos(i * math.pi / 6),
                 4 + (3 if i % 2 == 0 else 1.3) * math.sin(i * math.pi / 6)) for i in range(12)])
TURNED_L = Polygon([(3 + (x - 3) * math.cos(0.6) - (y - 3) * math.sin(0.6),
                     3 + (x - 3) * math.sin(0.6) + (y - 3) * math.cos(0.6))
                    for x, y in L_RUIN.exterior.coords])


def test_a_base_in_a_courtyard_peaks_at_its_centre():
    # the courtyard is 4" square: the base's centre (4, 4) is 2" from every wall, its
    # outline nearer (1" straight towards a wall, 2 − √½ towards a corner): the farthest
    # point is inside the base, where the ruin wraps round it
    base = Circle(4, 4, 1)
    assert farthest_distance(base, COURTYARD) == pytest.approx(2.0, abs=1e-12)
    assert wholly_within(base, COURTYARD, 2.0)
    assert not wholly_within(base, COURTYARD, 2.0 - 1e-6)


def test_the_inner_corner_is_never_the_nearest_point_from_outside():
    # the L's corner (2, 2) has the ruin on three quarters round it: the few-circle search
    # leaves it out; its convex corners and both ends of every edge are kept
    from geometry.farthest import _features

    table = _features(L_RUIN).table
    kept = {table.corners[i] for ends in table.ends for i in ends}
    assert kept == {(0.0, 0.0), (6.0, 0.0), (6.0, 2.0), (2.0, 6.0), (0.0, 6.0)}
    assert _features(WALL).table.corners == [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0)]
    assert _features(COURTYARD).table.inner == [((4.0, 4.0), 2.0)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([L_RUIN, U_RUIN, COURTYARD, WALL, COMB, STAR, TURNED_L]),
       st.integers(0, 2**32 - 1))
def test_the_few_circle_search_agrees_with_the_full_one(target, seed):
    # every circle the bound does not settle, searched among the features near it (plain
    # Python) and among all of them (arrays): the same farthest distance, by ruins with
    # inner corners, pockets and a courtyard, a star, a comb, an L turned off the axes
    # and an open wall
    from geometry.circle_peaks import circle_peaks
    from geometry.farthest import _circles_by_candidates, _features, _settled_circles

    rng = np.random.default_rng(seed)
    xyr = np.c_[rng.uniform(-3, 9, (120, 2)), rng.uniform(0.1, 2.5, 120)]
    xyr[:20, :2] = np.round(xyr[:20, :2] * 2) / 2  # some centres on edges and corners
    features = _features(target)
    settled, bounds = _settled_circles(xyr, features)
    ask = np.isnan(settled)
    few = circle_peaks(xyr[ask], bounds[ask], features.table, features.largest)
    full = _circles_by_candidates(xyr[ask], features)
    assert np.allclose(few, full, rtol=0, atol=1e-9)


def _at_the_inner_corner(kind, dx, dy, size, turn):
    """A base of ``kind`` round the L's inner corner (2, 2), offset (dx, dy)."""
    x, y = 2 + dx, 2 + dy
    return [Circle(x, y, size), oval_base(x, y, 60, 35, turn), hull(x, y, 2 * size, size, turn),
            rectangular_base(x, y, 50, 25, turn), rectangular_base(x, y, 25, 25, turn)][kind]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 4), st.floats(-1.5, 1.5), st.floats(-1.5, 1.5), st.floats(0.2, 1.2),
       st.floats(0, 180))
def test_at_the_inner_corner_never_below_the_samples(kind, dx, dy, size, turn):
    # round, oval, hull, rectangular and square bases, turned any way, over the L's
    # re-entrant corner: never nearer than any sampled point of the base, and close to it;
    # several at once (the batched way) give the same as each alone
    shape = _at_the_inner_corner(kind, dx, dy, size, turn)
    exact = farthest_distance(shape, L_RUIN)
    slow = _brute(shape, L_RUIN)
    assert exact >= slow - 1e-9
    assert exact <= slow + 0.002
    assert wholly_within(shape, L_RUIN, exact)
    assert not wholly_within(shape, L_RUIN, slow - 1e-7)
    twins = farthest_distances([shape, Circle(2 + dx, 2 - dy, size), shape], L_RUIN)
    assert twins[0] == twins[2] == pytest.approx(exact, abs=1e-12)


def test_many_unsettled_circles_take_the_array_search():
    # more than a handful of circles left by the bound: the same answers either way
    from geometry import farthest

    rng = np.random.default_rng(11)
    circles = [Circle(float(x), float(y), 0.6) for x, y in rng.uniform(1.5, 3.5, (40, 2))]
    many = farthest_distances(circles, L_RUIN)
    one_by_one = np.array([farthest_distances([c], L_RUIN)[0] for c in circles])
    assert np.allclose(many, one_by_one, rtol=0, atol=1e-9)
    features = farthest._features(L_RUIN)
    settled, _ = farthest._settled_circles(
        np.array([(c.x, c.y, c.radius) for c in circles]), features)
    assert np.isnan(settled).sum() > farthest._FEW  # the array search was used


def test_quartic_roots_from_the_public_eigvals_are_numpys_roots():
    # the stacked companions' eigenvalues (numpy.linalg.eigvals) are each quartic's roots
    from geometry import circle_peaks

    quartics = [[1.0, -10.0, 35.0, -50.0, 24.0], [2.0, 0.0, -2.0, 0.0, 0.5], [1.0, 0, 0, 0, 1.0]]
    companions = np.array([[-q[1] / q[0], -q[2] / q[0], -q[3] / q[0], -q[4] / q[0],
                            *circle_peaks._SHIFT] for q in quartics]).reshape(-1, 4, 4)
    for q, roots in zip(quartics, circle_peaks._eigenvalues(companions), strict=True):
        assert np.allclose(np.sort_complex(roots), np.sort_complex(np.roots(q)), atol=1e-9)
    assert not hasattr(circle_peaks, "_KERNEL")  # no private numpy module
