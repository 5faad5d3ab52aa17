"""Distances with heights (geometry.heights), each against a hand computation."""

import math

import numpy as np
import pytest
from shapely.geometry import LineString, Point, box

from geometry import (
    GROUND,
    Circle,
    DistanceRule,
    Span,
    circle_distances,
    circle_distances_3d,
    closest_points_3d,
    distance,
    distance_3d,
    farthest_3d,
    ground_reach,
    hull,
    oval_base,
    rectangular_base,
    round_base,
    vertical_gap,
)
from tests.geometry.samples import SAMPLE_SHAPES

MM = 25.4
STRAIGHT, HORIZONTAL, ACROSS_UP = (DistanceRule.STRAIGHT, DistanceRule.HORIZONTAL,
                                   DistanceRule.ACROSS_THEN_UP)


def _raised(shape_name: str, across: float) -> tuple[object, Point]:
    """A base of each shape at (20, 20), and a ground point ``across`` inches right of it.

    The point lies on the base's right-hand axis, so the flat gap is ``across`` exactly.
    """
    bases = {
        "round 32 mm": (round_base(20, 20, 32), 16 / MM),
        "oval 60x35 mm": (oval_base(20, 20, 60, 35, 0.0), 17.5 / MM),  # long axis up
        "hull 4.5x2.75 in": (hull(20, 20, 4.5, 2.75, 0.0), 2.75 / 2),
        "square 25 mm": (rectangular_base(20, 20, 25, 25, 0.0), 12.5 / MM),
        "rectangle 50x25 mm": (rectangular_base(20, 20, 50, 25, 0.0), 12.5 / MM),
    }
    base, half_width = bases[shape_name]
    return base, Point(20 + half_width + across, 20)


SHAPES = ["round 32 mm", "oval 60x35 mm", "hull 4.5x2.75 in", "square 25 mm",
          "rectangle 50x25 mm"]


@pytest.mark.parametrize("shape", SHAPES)
def test_a_raised_base_against_the_ground_splits_into_across_and_up(shape):
    base, point = _raised(shape, 3.0)
    reading = distance_3d(base, Span(4.0, 5.5), point, GROUND)
    assert reading.across == pytest.approx(3.0, abs=1e-9)
    assert reading.up == 4.0
    assert reading.distance == pytest.approx(5.0, abs=1e-9)  # a 3-4-5 triangle
    assert distance_3d(base, Span(4.0, 5.5), point, GROUND, ACROSS_UP).distance == \
        pytest.approx(7.0, abs=1e-9)
    assert distance_3d(base, Span(4.0, 5.5), point, GROUND, HORIZONTAL).distance == \
        pytest.approx(3.0, abs=1e-9)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_raised_base_against_a_grounded_round_base(shape):
    base, point = _raised(shape, 2.0)
    other = Circle(point.x + 0.5, point.y, 0.5)  # its near edge is the point
    reading = distance_3d(base, Span(6.0, 7.5), other, Span(0.0, 1.5))
    assert reading.across == pytest.approx(2.0, abs=1e-9)
    assert reading.up == 4.5  # from the raised foot 6" down to the other's top 1.5"
    assert reading.distance == pytest.approx(math.hypot(2.0, 4.5), abs=1e-9)


THRESHOLDS = [1.0, 3.0, 6.0, 12.0]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("reach", THRESHOLDS)
@pytest.mark.parametrize("rule", list(DistanceRule))
def test_both_sides_of_every_threshold_in_the_rules_distance(shape, reach, rule):
    up = 0.75  # a base on a 0.75" step, measured to the ground
    for offset, expected in ((-0.001, True), (0.001, False)):
        target = reach + offset
        across = {STRAIGHT: math.sqrt(target ** 2 - up ** 2), ACROSS_UP: target - up,
                  HORIZONTAL: target}[rule]
        base, point = _raised(shape, across)
        reading = distance_3d(base, Span(up, up + 1.5), point, GROUND, rule)
        assert reading.distance == pytest.approx(target, abs=1e-9)
        assert reading.within(reach) is expected, (shape, reach, rule, offset)


def test_a_model_on_the_battlements_is_not_within_3_of_an_objective_at_the_wall_foot():
    # the case: 6" up, the objective 1" out from the wall the model stands by
    bastion = box(0, 0, 6, 6)
    on_top = Circle(5.0, 3.0, 16 / MM)
    objective = Point(7.0, 3.0)
    reading = distance_3d(on_top, Span(6.0, 7.5), objective, GROUND)
    assert reading.across == pytest.approx(2.0 - 16 / MM, abs=1e-12)
    assert reading.up == 6.0
    assert not reading.within(3.0)
    assert distance_3d(on_top, Span(6.0, 7.5), objective, GROUND, HORIZONTAL).within(3.0)
    # and the wall itself: the model stands on it, so it touches it
    assert distance_3d(on_top, Span(6.0, 7.5), bastion, Span(0.0, 6.0)).distance == 0.0


def test_a_raised_model_and_a_buildings_wall():
    wall = LineString([(10, 0), (10, 8)])  # a 4" high wall
    ground = Circle(13.0, 4.0, 0.5)  # 2.5" from the wall across
    low = distance_3d(ground, Span(0, 1.5), wall, Span(0, 4.0))
    assert (low.across, low.up, low.distance) == (2.5, 0.0, 2.5)
    above = distance_3d(ground, Span(7.0, 8.5), wall, Span(0, 4.0))  # 3" over the top
    assert (above.across, above.up) == (2.5, 3.0)
    assert above.distance == pytest.approx(math.hypot(2.5, 3.0), abs=1e-12)
    on_floor = distance_3d(ground, Span(3.0, 4.5), wall, Span(0, 4.0))  # a floor below the top
    assert on_floor.up == 0.0 and on_floor.distance == 2.5
    (ax, ay, az), (bx, by, bz) = closest_points_3d(ground, Span(7.0, 8.5), wall, Span(0, 4.0))
    assert (ax, ay, az) == pytest.approx((12.5, 4.0, 7.0)) and (bx, by, bz) == (10.0, 4.0, 4.0)


def test_two_models_on_different_levels_face_to_face():
    upper = Circle(0, 0, 0.5)
    lower = Circle(0, 3, 0.5)  # 2" apart across
    reading = distance_3d(upper, Span(6, 7.5), lower, Span(3, 4.5))
    assert (reading.across, reading.up) == (2.0, 1.5)
    assert reading.distance == 2.5
    assert reading.text() == '2.50" (2.00" across, 1.50" up)'
    assert distance_3d(upper, Span(6, 7.5), lower, Span(3, 4.5), ACROSS_UP).distance == 3.5


@pytest.mark.parametrize("reach,height", [(6.0, 3.0), (12.0, 6.0), (3.0, 2.999), (6.0, 0.0)])
@pytest.mark.parametrize("rule", list(DistanceRule))
def test_a_ring_at_height_meets_the_table_where_the_rule_reads_the_reach(reach, height, rule):
    radius = ground_reach(reach, height, rule)
    hand = {STRAIGHT: math.sqrt(reach ** 2 - height ** 2), ACROSS_UP: reach - height,
            HORIZONTAL: reach}[rule]
    assert radius == pytest.approx(hand, abs=1e-12)
    base = Circle(10, 10, 0.5)
    on_ring = Point(10 + 0.5 + radius, 10)
    assert distance_3d(base, Span(height, height + 1.5), on_ring, GROUND, rule).distance == \
        pytest.approx(reach, abs=1e-9)
    beyond = Point(10 + 0.5 + radius + 0.001, 10)
    assert not distance_3d(base, Span(height, height + 1.5), beyond, GROUND, rule).within(reach)


def test_a_reach_that_does_not_come_down_to_the_table_has_no_ring():
    assert ground_reach(3.0, 6.0) is None
    assert ground_reach(3.0, 6.0, ACROSS_UP) is None
    assert ground_reach(3.0, 6.0, HORIZONTAL) == 3.0


@pytest.mark.parametrize("a", sorted(SAMPLE_SHAPES))
@pytest.mark.parametrize("b", ["base_32", "oval", "hull", "bastion", "l_ruin", "door"])
def test_the_flat_case_is_unchanged(a, b):
    flat = distance(SAMPLE_SHAPES[a], SAMPLE_SHAPES[b])
    for rule in DistanceRule:
        assert distance_3d(SAMPLE_SHAPES[a], GROUND, SAMPLE_SHAPES[b], GROUND, rule).distance \
            == flat
        level = distance_3d(SAMPLE_SHAPES[a], Span(0, 1.5), SAMPLE_SHAPES[b], Span(0, 6), rule)
        assert level.distance == flat and level.up == 0.0


def test_wholly_within_reads_the_base_at_its_height():
    far = farthest_3d(Circle(0, 0, 1), 4.0, Point(2, 0), GROUND)
    assert (far.across, far.up, far.distance) == (3.0, 4.0, 5.0)
    assert far.within(5.0) and not far.within(4.999)
    # on the battlements of the building measured to: no gap up
    on_roof = farthest_3d(Circle(3, 3, 0.5), 6.0, box(0, 0, 6, 6), Span(0, 6))
    assert (on_roof.across, on_roof.up) == (0.0, 0.0)


def test_spans_are_checked():
    with pytest.raises(ValueError, match="low to high"):
        Span(2.0, 1.0)
    with pytest.raises(ValueError, match="low to high"):
        Span(float("nan"), 1.0)
    assert vertical_gap(Span(0, 1), Span(1, 2)) == 0.0


@pytest.mark.parametrize("rule", list(DistanceRule))
def test_the_array_form_agrees_with_pair_by_pair(rule):
    rng = np.random.default_rng(40)
    ca, cb = rng.uniform(0, 40, (30, 2)), rng.uniform(0, 40, (20, 2))
    ra, rb = rng.uniform(0.4, 1.2, 30), rng.uniform(0.4, 1.2, 20)
    lows_a = rng.choice([0.0, 3.0, 6.0], 30)
    lows_b = rng.choice([0.0, 0.0, 3.0], 20)
    sa, sb = np.column_stack([lows_a, lows_a + 1.5]), np.column_stack([lows_b, lows_b + 2.0])
    across, up, got = circle_distances_3d(ca, ra, sa, cb, rb, sb, rule)
    for i in range(30):
        for j in range(20):
            want = distance_3d(Circle(*ca[i], ra[i]), Span(*sa[i]), Circle(*cb[j], rb[j]),
                               Span(*sb[j]), rule)
            assert across[i, j] == pytest.approx(want.across, abs=1e-12)
            assert up[i, j] == want.up
            assert got[i, j] == pytest.approx(want.distance, abs=1e-12)


def test_the_array_form_is_the_flat_array_when_nothing_is_apart():
    ca, ra = np.array([[0.0, 0.0], [3.0, 0.0]]), np.array([0.5, 0.5])
    spans = np.array([[0.0, 1.5], [0.0, 1.5]])
    across, up, got = circle_distances_3d(ca, ra, spans, ca, ra, spans)
    assert got is across and not up.any()
    assert (got == circle_distances(ca, ra, ca, ra)).all()


def _samples(shape, span, count=240, levels=9):
    """Points of a prism's side: its outline at ``levels`` heights (a point: its column)."""
    from geometry import as_geometry

    if isinstance(shape, Point):
        xy = np.array([[shape.x, shape.y]])
    else:
        outline = as_geometry(shape).boundary
        xy = np.array([outline.interpolate(t, normalized=True).coords[0]
                       for t in np.linspace(0, 1, count, endpoint=False)])
    zs = np.linspace(span.low, span.high, levels)
    return np.array([(x, y, z) for x, y in xy for z in zs])


def test_the_exact_3d_distance_is_never_above_a_sampled_one_and_close_to_it():
    """Sampled points of both prisms' sides, pair by pair in 3D, against the exact answer.

    Where the footprints are apart the closest points lie on their sides, so no sampled pair
    may be nearer than the exact distance, and the nearest sampled pair is within the
    sampling's spacing of it.
    """
    compared = 0
    for seed in range(40):
        rng = np.random.default_rng(seed)
        shapes = [Circle(*rng.uniform(0, 20, 2), rng.uniform(0.4, 1.5)),
                  oval_base(*rng.uniform(0, 20, 2), 60, 35, rng.uniform(0, 180)),
                  hull(*rng.uniform(0, 20, 2), 4.5, 2.75, rng.uniform(0, 180)),
                  box(*rng.uniform(0, 5, 2), *rng.uniform(6, 9, 2)),
                  Point(*rng.uniform(0, 20, 2))]
        a, b = rng.choice(len(shapes), 2, replace=False)
        if distance(shapes[a], shapes[b]) == 0.0:
            continue
        lows = rng.choice([0.0, 3.0, 6.0, 8.0], 2)
        span_a = Span(lows[0], lows[0] + rng.uniform(0, 3))
        span_b = Span(lows[1], lows[1] + rng.uniform(0, 3))
        exact = distance_3d(shapes[a], span_a, shapes[b], span_b).distance
        pa, pb = _samples(shapes[a], span_a), _samples(shapes[b], span_b)
        sampled = np.sqrt(((pa[:, None, :] - pb[None, :, :]) ** 2).sum(axis=2)).min()
        assert exact <= sampled + 1e-9, seed
        assert sampled - exact < 0.1, seed  # 240 samples a turn, 9 a span
        compared += 1
    assert compared >= 25
