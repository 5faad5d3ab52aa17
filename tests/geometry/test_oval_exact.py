"""Oval bases measured as exact ellipses (geometry.ellipse), against hand-computed cases.

The 60×35 mm oval has semi-axes ``a = 30/25.4`` (along its facing) and ``b = 17.5/25.4``
inches. Turned by ``θ`` clockwise, its length axis points along ``(−sin θ, cos θ)`` and its
width axis along ``(cos θ, sin θ)``, so its reach from the centre along +x (the support
function ``h(n) = √((b·n_w)² + (a·n_l)²)`` for ``n = (1, 0)``) is

    h(θ) = √(b² cos² θ + a² sin² θ), with a² = 1.395003, b² = 0.474688:
    h(30°) = √(0.75 b² + 0.25 a²) = √0.704767 = 0.839504…",
    h(45°) = √((a² + b²) / 2)    = √0.934846 = 0.966874…".

Its rightmost point is ``cx + h``, its leftmost ``cx − h``. The polygon ``oval_base`` draws has
its corners on the ellipse and, turned like this, no corner at the rightmost point: the
polygon alone stops short of the true outline there (checked below), which a "wholly
within" read from the polygon would accept.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon, box

from geometry import (
    EnemyUnit,
    TerrainIndex,
    distance,
    farthest_distance,
    model_footprint,
    nearest_enemy,
    oval_base,
    place_footprint,
    wholly_within,
    wholly_within_zone,
    within,
)
from geometry.ellipse import ellipse_of

A = 30 / 25.4
B = 17.5 / 25.4
GAP = 0.0002
RUIN_POINTS = json.loads((Path(__file__).parents[2] / "resources" / "datasheets"
                          / "wh40k_ruins.json").read_text())["footprint"]
L_RUIN = place_footprint(RUIN_POINTS, 10, 10, 0)


def reach_x(turn: float) -> float:
    """The oval's reach along +x from its centre, turned ``turn`` degrees (see above)."""
    t = math.radians(turn)
    return math.sqrt((B * math.cos(t)) ** 2 + (A * math.sin(t)) ** 2)


def test_reach_by_hand():
    assert reach_x(30) == pytest.approx(math.sqrt(0.75 * B * B + 0.25 * A * A), abs=1e-15)
    assert reach_x(30) == pytest.approx(0.839504, abs=1e-6)
    assert reach_x(45) == pytest.approx(0.966874, abs=1e-6)


@pytest.mark.parametrize("turn", [30.0, 45.0])
@pytest.mark.parametrize("gap", [GAP, -GAP])
def test_wholly_inside_a_square_footprint(turn, gap):
    # the square runs to x = 10; the oval's rightmost point is 10 − gap: in for +0.0002",
    # sticking out by 0.0002" for −0.0002"
    square = box(0, 0, 10, 10)
    oval = oval_base(10 - reach_x(turn) - gap, 5, 60, 35, turn)
    assert farthest_distance(oval, square) == pytest.approx(max(0.0, -gap), abs=1e-9)
    assert wholly_within(oval, square, 0.0) is (gap > 0)
    assert wholly_within_zone([("o", oval)], square).ok is (gap > 0)
    # the polygon alone stops short of the outline: it would read "inside" both ways
    assert oval.bounds[2] < 10 - gap - 1e-6


@pytest.mark.parametrize("turn", [30.0, 45.0])
@pytest.mark.parametrize("gap", [GAP, -GAP])
def test_within_and_wholly_within_of_a_straight_edge(turn, gap):
    # a wall along x = 20: the oval's nearest point is 20 − (cx + h) away, its farthest
    # 20 − (cx − h). "Within 3": nearest = 3 − gap. "Wholly within 6": farthest = 6 − gap.
    wall = LineString([(20, -50), (20, 50)])
    h = reach_x(turn)
    near = oval_base(20 - h - 3 + gap, 0, 60, 35, turn)
    assert distance(near, wall) == pytest.approx(3 - gap, abs=1e-9)
    assert within(near, wall, 3) is (gap > 0)
    far = oval_base(14 + h + gap, 0, 60, 35, turn)
    assert farthest_distance(far, wall) == pytest.approx(6 - gap, abs=1e-9)
    assert wholly_within(far, wall, 6) is (gap > 0)
    # the same against the edge as a footprint's side (a building to the right)
    building = box(20, -50, 30, 50)
    assert within(near, building, 3) is (gap > 0)
    assert wholly_within(far, building, 6) is (gap > 0)


def dense(oval: Polygon, count: int = 1_000_001) -> np.ndarray:
    """Points of the parametric ellipse, ``count`` of them (the slow, obvious way)."""
    e = ellipse_of(oval)
    assert e is not None
    return e.point_at(np.linspace(0.0, 2.0 * math.pi, count))


def sampled_gap(ring: np.ndarray, start: tuple[float, float], end: tuple[float, float]) -> float:
    """Least distance from the sampled points to the segment ``start``–``end`` (numpy)."""
    (ax, ay), (bx, by) = start, end
    ex, ey = bx - ax, by - ay
    run = max(ex * ex + ey * ey, 1e-300)
    s = np.clip(((ring[:, 0] - ax) * ex + (ring[:, 1] - ay) * ey) / run, 0.0, 1.0)
    return float(np.hypot(ring[:, 0] - ax - s * ex, ring[:, 1] - ay - s * ey).min())


@pytest.mark.parametrize("turn", [17.0, 30.0, 45.0, 123.0])
def test_distance_from_a_point_and_a_segment_against_a_million_samples(turn):
    # the least distance over a million points of the outline is within ~1e-11" of the
    # exact one (spacing 7e-6", and the distance is flat at its least value)
    oval = oval_base(10, 10, 60, 35, turn)
    ring = dense(oval)
    for start, end in [((13.1, 8.7), (13.1, 8.7)), ((9.2, 12.9), (9.2, 12.9)),
                       ((11.5, 5), (12.5, 15)), ((5, 12.2), (15, 11.6)), ((8, 7), (8.4, 7.3))]:
        target = Point(start) if start == end else LineString([start, end])
        slow = sampled_gap(ring, start, end)
        assert distance(oval, target) == pytest.approx(slow, abs=1e-6)
        assert distance(oval, target) <= slow + 1e-12  # samples are points of the oval


def test_model_footprint_and_nearest_enemy_measure_the_ellipse():
    # an oval 36" range from a mount on its long axis (turned 90°: the long axis along x):
    # nearest point at cx − a
    oval = model_footprint("oval", 60, 35, 36 + A - GAP, 0, 90)
    assert ellipse_of(oval) is not None
    index = TerrainIndex([])
    assert nearest_enemy((0, 0), 1, 36, [EnemyUnit("o", [("o1", oval)])], index) is not None
    out = model_footprint("oval", 60, 35, 36 + A + GAP, 0, 90)
    assert nearest_enemy((0, 0), 1, 36, [EnemyUnit("o", [("o1", out)])], index) is None
    # a turned oval, checked against the sampled outline
    turned = model_footprint("oval", 60, 35, 30, 5, 33)
    true_gap = float(np.hypot(*(dense(turned) - [0, 0]).T).min())
    seen = nearest_enemy((0, 0), 1, 40, [EnemyUnit("o", [("o1", turned)])], index)
    assert seen is not None and seen.distance == pytest.approx(true_gap, abs=1e-6)


def slow_farthest(oval: Polygon, target: Polygon | LineString) -> float:
    """The largest distance from ``target`` over samples of the outline and a fine grid inside."""
    e = ellipse_of(oval)
    assert e is not None
    ring = e.point_at(np.linspace(0.0, 2.0 * math.pi, 100_001))
    minx, miny, maxx, maxy = oval.bounds
    xs, ys = np.meshgrid(np.linspace(minx, maxx, 121), np.linspace(miny, maxy, 121))
    grid = np.c_[xs.ravel(), ys.ravel()]
    grid = grid[e.contains_points(grid)]
    points = np.r_[ring, grid]
    return float(shapely.distance(shapely.points(points), target).max())


U_RUIN = Polygon([(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)])
SIZES = [(60, 35), (75, 42), (90, 52), (105, 70), (120, 92), (170, 109)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["l_ruin", "u_ruin", "square", "convex", "wall"]),
       st.sampled_from(SIZES), st.floats(0, 180), st.floats(-3, 9), st.floats(-3, 9),
       st.integers(0, 2**32 - 1))
def test_fast_is_never_accepting_where_the_slow_refuses(kind, size, turn, x, y, seed):
    rng = np.random.default_rng(seed)
    target = {
        "l_ruin": place_footprint(RUIN_POINTS, 3, 3, float(rng.uniform(0, 360))),
        "u_ruin": U_RUIN,
        "square": box(0, 0, 6, 6),
        "convex": shapely.MultiPoint(rng.uniform(0, 6, (7, 2))).convex_hull,
        "wall": LineString([(0, 0), (4, 0), (4, 4)]),
    }[kind]
    oval = oval_base(x, y, size[0], size[1], turn)
    fast = farthest_distance(oval, target)
    slow = slow_farthest(oval, target)
    # every sample is a point of the oval: the exact farthest is never below any of them,
    # so "wholly within N" is never accepted where a point of the base is beyond N
    assert fast >= slow - 1e-12
    assert fast <= slow + 1e-3
    for reach in (slow - 1e-6, slow - 1e-4):
        assert not wholly_within(oval, target, reach)
    ring = dense(oval, 100_001)
    near = float(shapely.distance(shapely.points(ring), target).min())
    quick = distance(oval, target)
    assert quick <= near + 1e-12
    assert quick == pytest.approx(near, abs=1e-3)
    if quick > 0:  # outside: within exactly at the exact distance, not a hair before
        assert within(oval, target, quick) and not within(oval, target, quick - 1e-6)


@pytest.mark.parametrize("turn", [30.0, 45.0])
def test_a_hair_out_is_out_though_the_polygon_is_in(turn):
    # 0.000005" out of the square: the drawn polygon (corners on the ellipse, here about
    # 0.00001" short of the rightmost point) lies inside; the base does not
    square = box(0, 0, 10, 10)
    oval = oval_base(10 - reach_x(turn) + 5e-6, 5, 60, 35, turn)
    assert Polygon(oval.exterior).within(square)  # a plain copy: what was measured before
    assert not wholly_within(oval, square, 0.0)
    assert farthest_distance(oval, square) == pytest.approx(5e-6, abs=1e-9)


@pytest.mark.parametrize("turn", [30.0, 45.0])
@pytest.mark.parametrize("gap", [GAP, -GAP])
def test_disembark_table_edge_terrain_and_enemy_gap(turn, gap):
    # one 60×35 oval checked by check_disembark, its rightmost point ``h`` right of its centre:
    # - table 40" wide: rightmost at 40 − gap (on the table for +0.0002", off for −0.0002");
    # - a building whose wall is x = 30: rightmost at 30 − gap (clear / 0.0002" inside it);
    # - an enemy vehicle whose hull side is x = 20 (4" long, across the oval's height): the
    #   oval's nearest point to it is its rightmost, 1 + gap away when the centre is at
    #   20 − 1 − gap − h (1" is within the enemy gap: clear only for +0.0002").
    from geometry import Obstacles, Problem, check_disembark

    h = reach_x(turn)
    door = [("door", Point(35, 5))]
    clear = Obstacles([], [])
    table = oval_base(40 - h - gap, 5, 60, 35, turn)
    (v,) = check_disembark([("m", table)], door, clear, 12.0, table=(40.0, 10.0))
    assert (Problem.OFF_TABLE in [p for p, _ in v.problems]) is (gap < 0)
    walls = Obstacles([("bunker", box(30, 0, 34, 10))], [])
    inside = oval_base(30 - h - gap, 5, 60, 35, turn)
    (v,) = check_disembark([("m", inside)], door, walls, 12.0)
    assert (Problem.IN_TERRAIN in [p for p, _ in v.problems]) is (gap < 0)
    # the enemy gap: a base 1" away is within it, so clear means farther than 1"
    rhino = box(20, 3, 23.5, 7)
    enemy = Obstacles([], [("e", rhino)])
    near = oval_base(20 - 1 - gap - h, 5, 60, 35, turn)
    assert distance(near, rhino) == pytest.approx(1 + gap, abs=1e-9)
    (v,) = check_disembark([("m", near)], [("door", Point(17, 5))], enemy, 12.0)
    assert (Problem.NEAR_ENEMY in [p for p, _ in v.problems]) is (gap < 0)


def test_a_round_oval_from_its_centre_stops_on_the_safe_side():
    # a 60×60 "oval" is a circle of radius 30/25.4: every point of it is that far from its
    # centre, so no arc can be dropped; the search stops at MAX_ARCS, above the truth
    oval = oval_base(5, 5, 60, 60, 0)
    far = farthest_distance(oval, Point(5, 5))
    assert 30 / 25.4 <= far <= 30 / 25.4 + 1e-6
    assert wholly_within(oval, Point(5, 5), 30 / 25.4 + 1e-6)
    assert not wholly_within(oval, Point(5, 5), 30 / 25.4 - 1e-6)


@pytest.mark.parametrize("turn", [30.0, 45.0])
def test_the_ruler_ends_on_the_ellipse_and_is_as_long_as_the_distance(turn):
    from geometry import Circle, closest_points

    oval = oval_base(10, 10, 60, 35, turn)
    e = ellipse_of(oval)
    assert e is not None
    for target in [Point(13, 8), Circle(13, 8, 0.5), LineString([(12, 5), (13, 15)]),
                   box(12, 0, 20, 30), LineString([(12, 3), (12.5, 4)])]:
        start, end = closest_points(oval, target)
        assert math.dist(start, end) == pytest.approx(distance(oval, target), abs=1e-12)
        u, v = e.local(np.array([start[0]]), np.array([start[1]]))
        assert (u[0] / e.half_width) ** 2 + (v[0] / e.half_length) ** 2 == pytest.approx(1.0)
        assert closest_points(target, oval) == (end, start)
