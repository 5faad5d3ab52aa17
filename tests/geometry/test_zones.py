import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from geometry import (
    Circle,
    Obstacles,
    Problem,
    check_disembark,
    check_embark,
    check_garrison_exit,
    disembark_zone,
    emergency_disembark_zone,
    garrison_exit_zone,
    reach_area,
)

BUNKER = box(10, 10, 14, 14)
DOOR = [("door", Point(12, 10))]
ROCK = box(20, 4, 22, 6)
ENEMY = ("e1", Circle(12, 3, 0.5))
OBSTACLES = Obstacles([("bunker", BUNKER), ("rock", ROCK)], [ENEMY])


def problems(verdict):
    return [kind for kind, _ in verdict.problems]


def test_model_exactly_six_inches_out_is_legal_and_a_thousandth_more_is_not():
    # farthest edge of the base: 5.5 + 0.5 = 6.000" from the door, and clear of the enemy
    (ok,) = check_disembark([("m", Circle(17.5, 10, 0.5))], DOOR, OBSTACLES)
    assert ok.legal and ok.reach_distance == pytest.approx(6.0)
    (far,) = check_disembark([("m", Circle(17.501, 10, 0.5))], DOOR, OBSTACLES)
    assert problems(far) == [Problem.TOO_FAR]
    assert '6.001"' in far.explain()


def test_model_inside_the_building_or_rock_is_refused():
    (v,) = check_disembark([("m", Circle(12, 11, 0.5))], DOOR, OBSTACLES)
    assert problems(v) == [Problem.IN_TERRAIN] and "bunker" in v.explain()
    (v,) = check_disembark([("m", Circle(12, 9.5, 0.5))], DOOR, OBSTACLES)  # touches the wall
    assert v.legal


def test_model_within_an_inch_of_an_enemy_is_refused_with_the_gap():
    # 5.5" - 0.5 below the door... centre (12, 4.5): 1.5 between centres, 0.5" between bases
    (v,) = check_disembark([("m", Circle(12, 4.5, 0.5))], DOOR, OBSTACLES)
    assert problems(v) == [Problem.NEAR_ENEMY]
    assert 'enemy e1 (0.50" away)' in v.explain()
    # bases exactly 1" apart are within 1": refused; 1.001" is fine
    (v,) = check_disembark([("m", Circle(12, 5.0, 0.5))], DOOR, OBSTACLES)
    assert problems(v) == [Problem.NEAR_ENEMY]
    (v,) = check_disembark([("m", Circle(12, 5.001, 0.5))], DOOR, OBSTACLES)
    assert v.legal


def test_tremor_cuts_the_reach_to_three_inches():
    (v,) = check_disembark([("m", Circle(12, 7.5, 0.5))], DOOR, OBSTACLES, reach=3)
    assert v.legal
    (v,) = check_disembark([("m", Circle(12, 7.4, 0.5))], DOOR, OBSTACLES, reach=3)
    assert problems(v) == [Problem.TOO_FAR]


def test_battlements_count_as_an_access_point_and_may_be_stood_on():
    battlements = BUNKER
    access = DOOR + [("battlements", battlements)]
    (v,) = check_disembark([("m", Circle(12, 12, 0.5))], access, OBSTACLES,
                           battlements=battlements)
    assert v.legal and v.measured_from == "battlements"
    zone = disembark_zone(access, OBSTACLES, battlements=battlements)
    assert zone.contains(Point(12, 12))
    assert not disembark_zone(DOOR, OBSTACLES).contains(Point(12, 12))


def test_off_table_models_are_refused():
    (v,) = check_disembark([("m", Circle(0.3, 10, 0.5))], [("door", Point(2, 10))], OBSTACLES,
                           table=(72, 48))
    assert problems(v) == [Problem.OFF_TABLE] and '0.20"' in v.explain()


def test_several_problems_are_all_reported():
    (v,) = check_disembark([("m", Circle(21, 5, 0.5))], DOOR, OBSTACLES)
    assert set(problems(v)) == {Problem.TOO_FAR, Problem.IN_TERRAIN}


def test_disembark_zone_leaves_out_building_rock_and_enemy_gap():
    zone = disembark_zone(DOOR, OBSTACLES)
    assert zone.contains(Point(12, 6))
    assert not zone.contains(Point(12, 12))  # inside the bunker
    assert not zone.contains(Point(12, 4.4))  # within 1" of the enemy base (edge at 3.5)
    assert zone.contains(Point(12, 7.6))
    assert not zone.contains(Point(12, 3.9))
    assert not zone.contains(Point(18.1, 10))  # beyond 6"


def test_disembark_zone_without_access_is_empty():
    assert disembark_zone([], OBSTACLES).is_empty


def test_emergency_zone_is_measured_from_the_footprint():
    zone = emergency_disembark_zone(BUNKER, OBSTACLES)
    assert zone.contains(Point(19.9, 12))  # 5.9" from the far wall, door is irrelevant
    assert not zone.contains(Point(20.1, 12))
    assert not zone.contains(Point(12, 12))
    footprint_access = [("footprint", BUNKER)]
    (v,) = check_disembark([("m", Circle(19.5, 12, 0.5))], footprint_access, OBSTACLES)
    assert v.legal


def test_embark_needs_every_model_within_two_inches_of_an_access_point():
    # a: base edge exactly 2" from the door; b: 1.5"; c: 5.5"
    models = [("a", Circle(12, 7.5, 0.5)), ("b", Circle(12, 8, 0.5)), ("c", Circle(6, 10, 0.5))]
    check = check_embark(models, [Point(12, 10)])
    assert not check.ok
    assert [(v.model_id, round(v.excess, 3)) for v in check.failing] == [("c", 3.5)]
    assert check_embark(models[:2], [Point(12, 10)]).ok


def test_garrison_exit_zone_and_check():
    hut = box(0, 0, 4, 4)
    zone = garrison_exit_zone(hut, 4)
    assert zone.contains(Point(2, -1.01)) and not zone.contains(Point(2, -0.99))
    assert zone.contains(Point(2, -7.99)) and not zone.contains(Point(2, -8.01))
    verdicts = check_garrison_exit([("a", Circle(2, -1.5, 0.5)), ("b", Circle(2, -8.5, 0.5)),
                                    ("c", Circle(2, -8.501, 0.5))], hut, 4)
    assert [v.legal for v in verdicts] == [True, True, False]
    assert problems(verdicts[2]) == [Problem.TOO_FAR]


def test_reach_area_of_a_circle_and_a_polygon():
    assert reach_area(Circle(0, 0, 1), 2).contains(Point(2.99, 0))
    assert not reach_area(Circle(0, 0, 1), 2).contains(Point(3.01, 0))
    assert reach_area(box(0, 0, 1, 1), 0).equals(box(0, 0, 1, 1))


reaches = st.floats(0.5, 12)


@settings(max_examples=40, deadline=None)
@given(reaches, reaches)
def test_a_longer_reach_zone_contains_the_shorter(a, b):
    short, long = sorted((a, b))
    inner = disembark_zone(DOOR, OBSTACLES, reach=short)
    outer = disembark_zone(DOOR, OBSTACLES, reach=long)
    assert outer.buffer(1e-6).contains(inner)
    inner = emergency_disembark_zone(BUNKER, OBSTACLES, reach=short)
    outer = emergency_disembark_zone(BUNKER, OBSTACLES, reach=long)
    assert outer.buffer(1e-6).contains(inner)


@settings(max_examples=200, deadline=None)
@given(st.floats(4, 22), st.floats(2, 18), st.floats(0.3, 1.2), st.sampled_from([3.0, 6.0]))
def test_every_model_the_check_accepts_lies_in_the_zone(x, y, r, reach):
    zone = disembark_zone(DOOR, OBSTACLES, reach=reach)
    (verdict,) = check_disembark([("m", Circle(x, y, r))], DOOR, OBSTACLES, reach=reach)
    if verdict.legal:
        # the zone's curved edges are polygons within 0.0005" of the true arcs
        assert zone.buffer(0.001).contains(Circle(x, y, r).polygon())


def test_obstacles_may_be_empty_on_either_side():
    door = [("door", Point(3, 3))]
    full = disembark_zone(door, Obstacles([])).area
    assert full == pytest.approx(3.14159265 * 36, abs=0.02)  # inscribed polygon, 0.0005" sagitta
    assert disembark_zone(door, Obstacles([("b", box(0, 0, 1, 1))])).area == pytest.approx(
        full - 1.0, rel=1e-6)
    enemy_only = disembark_zone(door, Obstacles([], [("e", Circle(5, 5, 0.5))])).area
    assert enemy_only == pytest.approx(full - 3.14159265 * 1.5 ** 2, rel=1e-3)


def test_with_enemies_keeps_terrain_and_takes_the_new_enemies():
    still = Obstacles([("bunker", BUNKER)], [ENEMY])
    before = disembark_zone(DOOR, still)
    moved = still.with_enemies([("e1", Circle(12, 7, 0.5))])
    after = disembark_zone(DOOR, moved)
    assert before.contains(Point(12, 7)) and not after.contains(Point(12, 7))
    assert not after.contains(Point(12, 12)) and after.contains(Point(14, 4.5))
    assert moved._terrain is still._terrain  # the terrain union was reused, not rebuilt


def test_a_zone_cut_from_the_union_s_windows_is_the_zone_cut_from_the_whole_union():
    # zones up to 13.5" across are cut from the window they fall in (Obstacles._window)
    import numpy as np
    import shapely
    from shapely.geometry import Point, box

    from geometry import Circle, Obstacles, disembark_zone
    from geometry.zones import _subtract, reach_area

    rng = np.random.default_rng(3)
    terrain = [(f"b{i}", box(x, y, x + 3, y + 2)) for i, (x, y) in
               enumerate(rng.uniform(0, 60, (12, 2)))]
    enemies = [(f"e{i}", Circle(float(x), float(y), 0.63)) for i, (x, y) in
               enumerate(rng.uniform(0, 64, (150, 2)))]
    obstacles = Obstacles(terrain, enemies)
    parts, tree = obstacles._everything
    for x, y in [*rng.uniform(-2, 66, (25, 2)), (16.0, 16.0), (32.0, 0.0)]:
        door = Point(float(x), float(y))
        zone = disembark_zone([("door", door)], obstacles)
        area = reach_area(door, 6.0)
        whole = _subtract(area, parts[tree.query(area)])
        assert shapely.symmetric_difference(zone, whole).area < 1e-9
