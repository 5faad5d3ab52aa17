import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon, box

from geometry import (
    Circle,
    circle_distances,
    circles_to_target,
    closest_points,
    distance,
    farthest_distance,
    format_distance,
    hull,
    round_base,
    to_cm,
    unit_wholly_within,
    unit_within,
    units_wholly_within,
    wholly_within,
    within,
)
from tests.geometry.samples import L_RUIN, SAMPLE_SHAPES, TWO_DOORS

R32 = 32 / 25.4 / 2


def test_two_32mm_bases_six_inches_apart_are_4_740_apart():
    a, b = round_base(0, 0, 32), round_base(6, 0, 32)
    assert distance(a, b) == pytest.approx(4.740157, abs=1e-6)
    assert round(distance(a, b), 3) == 4.740


def test_base_edge_exactly_six_inches_from_a_point_is_within_six():
    base = round_base(0, 0, 32)
    door = Point(6.0 + R32, 0)
    assert within(base, door, 6)
    assert not within(base, Point(6.001 + R32, 0), 6)


def test_within_boundary_on_a_diagonal():
    base = round_base(0, 0, 32)
    d = (6.0 + R32) / math.sqrt(2)
    assert within(base, Point(d, d), 6)
    d2 = (6.001 + R32) / math.sqrt(2)
    assert not within(base, Point(d2, d2), 6)


def test_circle_to_polygon_is_exact_against_the_analytic_answer():
    # a 40 mm base 3" right of a square's edge, level with its middle
    square = box(0, 0, 4, 4)
    base = round_base(4 + 3 + 20 / 25.4, 2, 40)
    assert distance(base, square) == pytest.approx(3.0, abs=1e-12)
    # polygonised base agrees within the 0.001" the design allows
    assert abs(square.distance(base.polygon()) - 3.0) < 0.001
    # to a corner: centre (7, 7), corner (4, 4)
    corner_base = Circle(7, 7, 0.5)
    assert distance(corner_base, square) == pytest.approx(math.hypot(3, 3) - 0.5)


def test_overlapping_and_touching_bases_are_zero_apart():
    assert distance(Circle(0, 0, 1), Circle(1, 0, 1)) == 0.0
    assert distance(Circle(0, 0, 1), Circle(2, 0, 1)) == 0.0


def test_closest_points_between_bases_and_to_a_building():
    p, q = closest_points(Circle(0, 0, 1), Circle(0, 10, 2))
    assert p == pytest.approx((0, 1)) and q == pytest.approx((0, 8))
    p, q = closest_points(Circle(10, 2, 1), box(0, 0, 4, 4))
    assert p == pytest.approx((9, 2)) and q == pytest.approx((4, 2))
    p, q = closest_points(box(0, 0, 4, 4), Circle(10, 2, 1))
    assert p == pytest.approx((4, 2)) and q == pytest.approx((9, 2))
    p, q = closest_points(Point(0, 0), Point(3, 4))
    assert (p, q) == ((0, 0), (3, 4))


def test_closest_points_of_overlapping_bases_coincide():
    p, q = closest_points(Circle(0, 0, 1), Circle(1.5, 0, 1))
    assert p == pytest.approx(q)


def test_wholly_within_a_point_is_centre_distance_plus_radius():
    base = Circle(0, 0, 0.5)
    assert farthest_distance(base, Point(5.5, 0)) == pytest.approx(6.0)
    assert wholly_within(base, Point(5.5, 0), 6)
    assert not wholly_within(base, Point(5.501, 0), 6)


def test_wholly_within_a_building_footprint():
    footprint = box(0, 0, 3, 3)
    assert farthest_distance(Circle(14.5, 1.5, 0.5), footprint) == pytest.approx(12.0)
    assert wholly_within(Circle(14.5, 1.5, 0.5), footprint, 12)
    assert not wholly_within(Circle(14.6, 1.5, 0.5), footprint, 12)
    # a base standing over the footprint: wholly within 0 only if it does not stick out
    assert farthest_distance(Circle(1.5, 1.5, 0.5), footprint) == 0.0
    assert farthest_distance(Circle(2.8, 1.5, 0.5), footprint) == pytest.approx(0.3)


def test_hull_wholly_within_uses_its_far_corner():
    rhino = hull(10, 0, 4, 2, 0)  # corners at x 9..11, y -2..2
    assert farthest_distance(rhino, Point(0, 0)) == pytest.approx(math.hypot(11, 2))


def test_wholly_within_a_multi_point_counts_one_point():
    base = Circle(5, 0, 1)  # 6" from each door at its far edge
    assert farthest_distance(base, TWO_DOORS) == pytest.approx(6.0)
    # it straddles: nearest parts of two doors would be closer, but one door must hold it
    assert not wholly_within(base, TWO_DOORS, 5.5)


def test_non_convex_target_is_sampled_finely():
    # a base in the crook of the L: centre (3, 3), radius 0.5, 1" from both arms. Its
    # farthest point from the L lies on the diagonal away from the inner corner (2, 2),
    # 1 + 0.5/sqrt(2) from each arm; the convex formula (1 + 0.5) would overstate it.
    base = Circle(3, 3, 0.5)
    expected = 1 + 0.5 / math.sqrt(2)
    assert farthest_distance(base, L_RUIN) == pytest.approx(expected, abs=0.001)


def test_circle_distances_matrix_matches_pairwise():
    a = [Circle(0, 0, 0.5), Circle(3, 4, 1)]
    b = [Circle(10, 0, 0.5), Circle(3, 4, 0.2), Circle(0, 20, 1)]
    matrix = circle_distances(np.array([c.centre for c in a]), np.array([c.radius for c in a]),
                              np.array([c.centre for c in b]), np.array([c.radius for c in b]))
    for i, ca in enumerate(a):
        for j, cb in enumerate(b):
            assert matrix[i, j] == pytest.approx(distance(ca, cb))


@given(st.integers(0, 2**32 - 1))
def test_circle_distances_are_the_plain_formula_to_the_last_bit(seed):
    rng = np.random.default_rng(seed)
    ca, cb = rng.uniform(-40, 40, (7, 2)), rng.uniform(-40, 40, (5, 2))
    cb[0] = ca[0]  # one pair on the same spot
    ra, rb = rng.uniform(0, 3, 7), rng.uniform(0, 3, 5)
    want = np.array([[max(0.0, float(np.hypot(*(a - b))) - r - s)
                      for b, s in zip(cb, rb, strict=True)]
                     for a, r in zip(ca, ra, strict=True)])
    assert np.array_equal(circle_distances(ca, ra, cb, rb), want)


def test_circles_to_target_matches_single_calls():
    footprint = box(0, 0, 3, 3)
    circles = [Circle(1, 1, 0.5), Circle(5, 1, 0.5), Circle(2.8, 2.8, 0.5), Circle(-4, -4, 1)]
    centres, radii = np.array([c.centre for c in circles]), np.array([c.radius for c in circles])
    near = circles_to_target(centres, radii, footprint)
    far = circles_to_target(centres, radii, footprint, wholly=True)
    for c, n, f in zip(circles, near, far, strict=True):
        assert n == pytest.approx(distance(c, footprint))
        assert f == pytest.approx(farthest_distance(c, footprint))


def test_many_units_at_once_are_the_units_one_by_one():
    # units_wholly_within makes its UnitChecks field by field (no dataclass __init__): every
    # field is there, with the values unit_wholly_within gives unit by unit
    import dataclasses

    generator = Polygon([(0, 0), (4, 0), (5, 3), (1, 4)])
    units = [[("a1", Circle(0, 12, 0.5)), ("a2", Circle(3, 15.4, 0.63))],
             [("b1", Circle(-8, -8, 1.0))], [], [("c1", hull(9, 9, 4, 2, 30))]]
    many = units_wholly_within(units, generator, 12.0)
    names = {f.name for f in dataclasses.fields(many[0])}
    for unit, check in zip(units, many, strict=True):
        one = unit_wholly_within(unit, generator, 12.0)
        assert set(vars(check)) == names
        assert check.model_ids == one.model_ids and check.ok == one.ok
        assert check.distances.tolist() == one.distances.tolist()
        assert (check.limit, check.wholly, check.every) == (one.limit, one.wholly, one.every)
        assert [v.explain() for v in check.verdicts] == [v.explain() for v in one.verdicts]


def test_unit_within_names_failing_models_and_by_how_much():
    models = [("m1", Circle(0, 7, 0.5)), ("m2", Circle(0, 20, 0.5))]
    check = unit_within(models, Point(0, 0), 6)
    assert not check.ok
    assert {v.model_id: round(v.excess, 3) for v in check.failing} == {"m1": 0.5, "m2": 13.5}
    check = unit_within(models, Point(0, 0), 6.5)
    assert check.ok and [v.model_id for v in check.failing] == ["m2"]


def test_unit_wholly_within_needs_every_model():
    models = [("m1", Circle(0, 5, 0.5)), ("m2", Circle(0, 5.6, 0.5))]
    check = unit_wholly_within(models, Point(0, 0), 6)
    assert not check.ok
    (bad,) = check.failing
    assert bad.model_id == "m2" and bad.excess == pytest.approx(0.1)
    assert "0.10\" too far" in bad.explain()


def test_unit_checks_work_for_mixed_shapes():
    models = [("tank", hull(0, 10, 4, 2, 0)), ("man", Circle(3, 3, 0.5))]
    check = unit_wholly_within(models, Point(0, 0), 12)
    assert check.distances[0] == pytest.approx(math.hypot(1, 12))
    assert [v.model_id for v in check.failing] == ["tank"]


def test_epic_measures_in_cm():
    models = [("stand", Circle(0, 10, 0.5))]
    verdict = unit_within(models, Point(0, 0), 9).failing[0]
    assert verdict.distance_cm == pytest.approx(9.5 * 2.54)
    assert "24.13 cm" in verdict.explain(unit="cm")
    assert to_cm(10) == pytest.approx(25.4)


def test_a_miss_is_never_displayed_as_a_hit():
    assert format_distance(6.001, limit=6) == '6.001"'
    assert format_distance(6.0049, limit=6) == '6.005"'
    assert format_distance(6.0, limit=6) == '6.00"'
    assert format_distance(5.996, limit=6) == '6.00"'  # a hit may round up to the limit
    assert format_distance(2.0, unit="cm") == "5.08 cm"


shapes = st.sampled_from(sorted(SAMPLE_SHAPES))
circles = st.builds(Circle, st.floats(-50, 50), st.floats(-50, 50), st.floats(0.2, 3))


@given(shapes, shapes)
def test_distance_is_symmetric_and_never_negative(a, b):
    da = distance(SAMPLE_SHAPES[a], SAMPLE_SHAPES[b])
    db = distance(SAMPLE_SHAPES[b], SAMPLE_SHAPES[a])
    assert da >= 0.0
    assert da == pytest.approx(db, abs=1e-9)


@given(circles, circles)
def test_circle_distance_is_symmetric_and_never_negative(a, b):
    assert distance(a, b) >= 0.0
    assert distance(a, b) == distance(b, a)


@given(circles, shapes)
def test_circle_to_shape_symmetric_and_matches_polygon_within_a_thousandth(circle, name):
    other = SAMPLE_SHAPES[name]
    assert distance(circle, other) == pytest.approx(distance(other, circle), abs=1e-9)
    poly = circle.polygon()
    shapely_answer = poly.distance(other if not isinstance(other, Circle) else other.polygon())
    assert abs(distance(circle, other) - shapely_answer) < 0.001


@given(circles, shapes, st.floats(0, 30))
def test_wholly_within_implies_within(circle, name, reach):
    target = SAMPLE_SHAPES[name]
    if wholly_within(circle, target, reach):
        assert within(circle, target, reach)
    assert farthest_distance(circle, target) + 1e-9 >= distance(circle, target)


@given(st.floats(-20, 20), st.floats(-20, 20), st.floats(0.2, 2), st.floats(0, 20))
def test_analytic_wholly_within_agrees_with_polygon_containment(x, y, r, reach):
    footprint = box(0, 0, 3, 3)
    circle = Circle(x, y, r)
    far = farthest_distance(circle, footprint)
    assume(abs(far - reach) > 0.002)  # away from the polygonisation error
    zone = footprint.buffer(reach, quad_segs=256)
    assert (far <= reach) == zone.buffer(1e-6).contains(circle.polygon())


def test_segment_target():
    assert distance(Circle(3, 2, 1), LineString([(0, 0), (0, 5)])) == pytest.approx(2.0)
    assert farthest_distance(Circle(3, 2, 1), LineString([(0, 0), (0, 5)])) == pytest.approx(4.0)
    assert isinstance(Polygon(), Polygon)
