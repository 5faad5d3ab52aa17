import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, box

from geometry import (
    Blocker,
    Circle,
    SightRule,
    TerrainIndex,
    battlement_observer,
    building_los_value,
    fire_point_observer,
    garrison_los_value,
    garrison_observer,
    model_observer,
    rays_blocked,
    sight_matrix,
    visible_fraction,
    visible_fractions,
)

WALL = Blocker("wall", box(4, 0, 5, 5), 3.0)
INDEX = TerrainIndex([WALL])


def ray(index, start, end, h0, h1, rule=SightRule.TRUE_LINE, ignore=frozenset()):
    blocked = rays_blocked(index, np.array([start], float), np.array([end], float), h0, h1,
                           rule, ignore)
    return bool(blocked[0])


def test_a_wall_taller_than_both_ends_blocks():
    assert ray(INDEX, (0, 1), (10, 1), 1.0, 1.0)
    assert not ray(INDEX, (0, 6), (10, 6), 1.0, 1.0)


def test_a_wall_lower_than_both_ends_never_blocks():
    assert not ray(INDEX, (0, 1), (10, 1), 3.5, 4.0)


def test_true_line_over_a_wall_from_a_high_eye():
    # eye 8" up at x=0, target top 1" up at x=10: the line is 5.2" up at x=4, 4.5" at x=5
    assert not ray(INDEX, (0, 1), (10, 1), 8.0, 1.0)
    # target right behind the wall at x=6: the line is 2.17" up at x=5, below the 3" wall
    assert ray(INDEX, (0, 1), (6, 1), 8.0, 1.0)


def test_los_values_compare_with_both_observer_and_target():
    # Warhammer Fantasy: the wall (value 3) hides unless one side's value is higher
    assert ray(INDEX, (0, 1), (6, 1), 3.0, 1.0, SightRule.LOS_VALUES)
    assert not ray(INDEX, (0, 1), (6, 1), 4.0, 1.0, SightRule.LOS_VALUES)
    assert not ray(INDEX, (0, 1), (6, 1), 1.0, 4.0, SightRule.LOS_VALUES)


def test_warhammer_fantasy_values():
    assert building_los_value(3) == 15
    assert garrison_los_value(2, 2) == 7


def test_sight_matrix_centre_to_centre():
    shooters = np.array([[0.0, 1.0], [0.0, 8.0]])
    targets = np.array([[10.0, 1.0], [10.0, 12.0], [10.0, 2.0]])
    clear = sight_matrix(INDEX, shooters, 1.0, targets, 1.0)
    assert clear.tolist() == [[False, True, False], [False, True, False]]
    # (0, 8) to (10, 2) passes x=4..5 at y 5.6..5.0: it touches the wall's corner (5, 5)


def test_visible_fraction_of_a_base_half_behind_the_wall_edge():
    seen = visible_fraction(INDEX, model_observer(0, 0, 1), Circle(10, 0, 1), 1)
    assert seen.visible == pytest.approx(0.5, abs=1e-12) and seen.obscured and seen.clear
    assert len(seen.rays) == 16 and sum(r.blocked for r in seen.rays) == 8


@pytest.mark.parametrize(("edge", "hidden"), [(0.24, 0.26), (0.25, 0.25), (0.26, 0.24),
                                              (0.28, 0.22), (0.27, 0.23), (0.2, 0.3)])
def test_cover_needs_a_quarter_hidden(edge, hidden):
    # a tall wall over y >= edge at x 4..5; the 2" wide face 10" away at x=10. Its nearest
    # corner in angle is (5, edge), drawn at 10 * edge / 5 across the face: hidden (1 - 2 edge)/2
    wall = TerrainIndex([Blocker("w", box(4, edge, 5, 5), 3.0)])
    face = LineString([(10, -1), (10, 1)])
    seen = visible_fraction(wall, model_observer(0, 0, 1), face, 1)
    assert seen.hidden == pytest.approx(hidden, abs=1e-9)
    assert seen.obscured is (hidden >= 0.25)
    assert seen.borderline is (abs(hidden - 0.25) < 0.005)


def test_wholly_hidden_target_is_not_clear():
    seen = visible_fraction(INDEX, model_observer(0, 2.5, 1), Circle(10, 2.5, 0.5), 1)
    assert seen.visible == 0 and not seen.clear and not seen.obscured


def test_visible_fractions_vectorised_agree_with_single_calls():
    centres = np.array([[10.0, 0.0], [10.0, 2.5], [10.0, 9.0], [3.0, 3.0]])
    radii = np.array([1.0, 0.5, 0.5, 0.6])
    many = visible_fractions(INDEX, (0.0, 0.0), 1.0, centres, radii, 1.0)
    for (x, y), r, frac in zip(centres, radii, many, strict=True):
        single = visible_fraction(INDEX, model_observer(0, 0, 1), Circle(x, y, r), 1)
        assert single.visible == pytest.approx(frac)


def test_fire_point_looks_outwards_only_and_through_its_own_wall():
    bastion = Blocker("bastion", box(-4, -2, 0, 2), 6.0)
    index = TerrainIndex([bastion])
    eye = fire_point_observer(0, 0, 90, 2.0, "bastion")  # in the right wall, facing right
    assert visible_fraction(index, eye, Circle(10, 0, 0.5), 1).visible == 1.0
    assert visible_fraction(index, eye, Circle(-10, 0, 0.5), 1).visible == 0.0
    # a model standing there without ignoring the bastion is still fine: rays go away from it
    assert visible_fraction(index, model_observer(0.01, 0, 2), Circle(10, 0, 0.5), 1).clear


def test_battlement_observer_sees_over_a_lower_wall():
    bastion = Blocker("bastion", box(-4, -2, 0, 2), 6.0)
    index = TerrainIndex([bastion, WALL])
    eye = battlement_observer(-2, 0, 7.0, "bastion")
    # from 7" up at x=-2 to a 1" target at x=10, the line is 4.5" up at x=4: over the wall;
    # the line to its foot passes the wall's far top edge (x=5, 7" from the eye) 3" up, so the
    # foot is hidden: on a face 12" away the edge is drawn 7 - 4 * 12/7 = 1/7" up
    face = LineString([(10, 0.5), (10, 1.5)])
    assert visible_fraction(index, eye, face, 1).hidden == pytest.approx(1 / 7, abs=1e-12)
    seen = visible_fraction(index, eye, Circle(10, 1, 0.5), 1)
    # the solid base reaches 0.5" nearer, where its foot is drawn lower still: more is hidden
    assert 1 / 7 < seen.hidden < 0.3
    assert not any(r.blocked for r in seen.rays) and any(r.partly for r in seen.rays)


def test_garrison_sees_from_any_point_of_its_building():
    hut = box(0, 10, 4, 14)
    screen = Blocker("screen", box(6, 13, 7, 20), 20.0)
    index = TerrainIndex([Blocker("hut", hut, 10.0), screen])
    target = Circle(10, 15, 0.5)
    # from the hut's centre the screen hides it; from the hut's top-right corner it is seen
    assert visible_fraction(index, model_observer(2, 12, 10), target, 2,
                            SightRule.LOS_VALUES, ignore=("hut",)).visible == 0
    seen = visible_fraction(index, garrison_observer(hut, 10, "hut"), target, 2,
                            SightRule.LOS_VALUES)
    assert seen.clear and seen.eye[1] == pytest.approx(10)


def test_facing_visible_along_its_edge():
    front = LineString([(10, -2), (10, 2)])
    seen = visible_fraction(INDEX, model_observer(0, 0, 1), front, 1, ignore=())
    assert seen.visible == 0.5


def test_polygon_target_silhouette():
    tank = box(9, -1, 11, 1)
    seen = visible_fraction(INDEX, model_observer(0, 0, 1), tank, 1, ignore=("tank",))
    assert seen.visible == pytest.approx(0.5)


@settings(max_examples=150, deadline=None)
@given(st.floats(-30, -2), st.floats(-6, 6), st.floats(0, 0.999), st.floats(0.3, 1.5),
       st.floats(-1.5, 1.5))
def test_moving_a_shooter_up_behind_a_building_never_increases_the_visible_fraction(
        sx, sy, t, radius, ty):
    # a tall building between shooter and target; the shooter moves toward the target's
    # centre, staying behind the building (before the point where its line enters it)
    building = box(0, -2, 3, 2)
    index = TerrainIndex([Blocker("b", building, 10.0)])
    target = Circle(8, ty, radius)
    line = LineString([(sx, sy), target.centre])
    crossing = line.intersection(building)
    assume(not crossing.is_empty)
    entry = min(crossing.coords, key=lambda p: Point(p).distance(Point(sx, sy)))
    closer = (sx + t * (entry[0] - sx), sy + t * (entry[1] - sy))
    far = visible_fraction(index, model_observer(sx, sy, 1), target, 1)
    near = visible_fraction(index, model_observer(*closer, 1), target, 1)
    assert near.visible <= far.visible + 1e-9


def test_many_target_heights_share_few_unions_and_agree_with_single_rays():
    rng = np.random.default_rng(7)
    index = TerrainIndex([WALL, Blocker("tower", box(4, -6, 5, -1), 9.0)])
    targets = rng.uniform([8, -8], [12, 8], (60, 2))
    heights = rng.uniform(0.5, 10.0, 60)
    for rule in SightRule:
        clear = sight_matrix(index, np.array([[0.0, 0.0]]), 1.0, targets, heights, rule)[0]
        for (x, y), h, c in zip(targets, heights, clear, strict=True):
            assert c == (not ray(index, (0, 0), (x, y), 1.0, h, rule))
    assert len(index._unions) <= 3


def brute_blocked(start, end, h0, h1, footprint, height, slack):
    """Walk the ray in 4001 steps: blocked where it is over the footprint and not above it."""
    t = np.linspace(0, 1, 4001)
    xs = start[0] + (end[0] - start[0]) * t
    ys = start[1] + (end[1] - start[1]) * t
    zone = footprint.buffer(slack, join_style="mitre") if slack else footprint
    inside = shapely.intersects_xy(zone, xs, ys)
    return bool((inside & (h0 + (h1 - h0) * t <= height + slack)).any())


coords = st.floats(-10, 10)


@settings(max_examples=120, deadline=None)
@given(coords, coords, coords, coords, st.floats(0, 10), st.floats(0, 10), st.floats(0.5, 8))
def test_true_line_agrees_with_walking_the_ray(x0, y0, x1, y1, h0, h1, height):
    assume(np.hypot(x1 - x0, y1 - y0) > 0.5)
    footprint = box(-2, -1, 2, 3)
    index = TerrainIndex([Blocker("b", footprint, height)])
    got = ray(index, (x0, y0), (x1, y1), h0, h1)
    if brute_blocked((x0, y0), (x1, y1), h0, h1, footprint, height, -0.01):
        assert got
    if not brute_blocked((x0, y0), (x1, y1), h0, h1, footprint, height, 0.01):
        assert not got
