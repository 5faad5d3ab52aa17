"""One consistent geometry API: placed geometry, lists and arrays, any base, named errors."""

import numpy as np
import pytest
from shapely.geometry import Point, box

from geometry import (
    Blocker,
    Circle,
    EnemyUnit,
    Obstacles,
    TerrainIndex,
    building_facing,
    check_disembark,
    check_embark,
    disembark_zone,
    model_footprint,
    model_observer,
    nearest_enemy,
    oval_base,
    place_footprint,
    rays_blocked,
    sight_matrix,
    units_wholly_within,
    visible_fraction,
    visible_shares,
)

SQUARE = [(-2, -2), (2, -2), (2, 2), (-2, 2)]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270, 33])
def test_building_facing_takes_the_local_or_the_placed_footprint(rotation):
    placed = place_footprint(SQUARE, 10, 10, rotation)
    for attacker in [(10, 0), (20, 10), (10, 20), (0, 10)]:
        assert building_facing(attacker, SQUARE, 10, 10, rotation) == \
            building_facing(attacker, placed, 10, 10, rotation)


def test_placed_corners_as_a_list_are_refused_by_name():
    with pytest.raises(ValueError, match="look placed"):
        building_facing((10, 0), [(8, 8), (12, 8), (12, 12), (8, 12)], 10, 10, 0)


def test_square_and_rectangular_bases():
    square = model_footprint("square", 25, 25, 5, 5)
    assert square.area == pytest.approx((25 / 25.4) ** 2)
    cavalry = model_footprint("rectangular", 50, 25, 5, 5, 90)
    minx, miny, maxx, maxy = cavalry.bounds
    assert maxx - minx == pytest.approx(50 / 25.4) and maxy - miny == pytest.approx(25 / 25.4)
    with pytest.raises(ValueError, match="expected round, oval, hull, square or rectangular"):
        model_footprint("hex", 1, 1, 0, 0)


def test_nearest_enemy_takes_any_base_and_lists():
    units = [EnemyUnit("o", [("o1", oval_base(10, 0, 60, 35, 90))]),
             EnemyUnit("s", [("s1", model_footprint("square", 25.4, 25.4, 0, 12))])]
    got = nearest_enemy((0, 0), 1.0, 24, units, TerrainIndex([]))
    assert got.unit_id == "o" and got.distance == pytest.approx(10 - 30 / 25.4)
    with pytest.raises(TypeError, match="model o1's base must be"):
        EnemyUnit("o", [("o1", (10, 0))])


def test_check_embark_takes_pairs_like_check_disembark():
    models = [("a", Circle(0, 2.5, 0.5)), ("b", Circle(10, 3, 0.5))]
    bare = check_embark(models, [Point(0, 0), Point(10, 0)])
    pairs = check_embark(models, [("front", Point(0, 0)), ("rear", Point(10, 0))])
    assert bare.distances.tolist() == pairs.distances.tolist()
    assert [v.model_id for v in pairs.failing] == ["b"]


def test_rays_and_the_sight_matrix_take_lists():
    index = TerrainIndex([Blocker("w", box(4, -5, 5, 5), 3.0)])
    listed = rays_blocked(index, [[0.0, 0.0], [0.0, 0.0]], [[10.0, 0.0], [0.0, 9.0]], 1.0, 1.0)
    arrayed = rays_blocked(index, np.array([[0.0, 0.0], [0.0, 0.0]]),
                           np.array([[10.0, 0.0], [0.0, 9.0]]), 1.0, 1.0)
    assert listed.tolist() == arrayed.tolist() == [True, False]
    assert sight_matrix(index, [[0.0, 0.0]], 1.0, [[10.0, 0.0]], 1.0).tolist() == [[False]]
    with pytest.raises(ValueError, match="rays need as many starts as ends"):
        rays_blocked(index, [[0.0, 0.0]], [[1.0, 1.0], [2.0, 2.0]], 1.0, 1.0)
    with pytest.raises(ValueError, match=r"starts must be \(x, y\) pairs"):
        rays_blocked(index, [[0.0, 0.0, 0.0]], [[1.0, 1.0]], 1.0, 1.0)


def test_access_points_as_a_numpy_array_are_points():
    models = [("a", Circle(0, 2.5, 0.5))]
    obstacles = Obstacles([("b", box(20, 20, 22, 22))], [])
    arrayed = check_disembark(models, np.array([[0.0, 0.0]]), obstacles)
    listed = check_disembark(models, [(0.0, 0.0)], obstacles)
    paired = check_disembark(models, [("door", Point(0, 0))], obstacles)
    assert [v.legal for v in arrayed] == [v.legal for v in listed] == [v.legal for v in paired]
    assert check_embark(models, np.array([[0.0, 0.0], [10.0, 0.0]])).ok
    assert disembark_zone(np.array([[0.0, 0.0]]), obstacles).area == pytest.approx(
        disembark_zone([("door", Point(0, 0))], obstacles).area)


def test_models_passed_without_ids_are_refused_by_name():
    with pytest.raises(TypeError, match="models must be .model_id, base. pairs; item 1 is a "
                                        "Circle"):
        check_embark([Circle(0, 2.5, 0.5)], [(0.0, 0.0)])
    with pytest.raises(TypeError, match="item 2 is"):
        check_disembark([("a", Circle(0, 2.5, 0.5)), Circle(1, 2.5, 0.5)], [(0.0, 0.0)],
                        Obstacles([], []))
    with pytest.raises(TypeError, match="item 1 is a Circle"):
        units_wholly_within([[Circle(0, 2.5, 0.5)]], Point(0, 0), 6.0)


@pytest.mark.parametrize("ignore", ["wall", ["wall"], ("wall",), {"wall"}, frozenset({"wall"})])
def test_ignore_takes_one_id_or_any_collection(ignore):
    """A single id given as a string is that id, not the set of its letters."""
    index = TerrainIndex([Blocker("wall", box(4, -5, 5, 5), 3.0)])
    behind = EnemyUnit("u", [("m", Circle(10, 0, 0.5))])
    assert nearest_enemy((0, 0), 1.0, 24, [behind], index) is None
    assert nearest_enemy((0, 0), 1.0, 24, [behind], index, ignore=ignore).unit_id == "u"
    assert visible_shares(index, (0, 0), 1.0, [Circle(10, 0, 0.5)], 1.0,
                          ignore=ignore).tolist() == [1.0]
    assert rays_blocked(index, [[0, 0]], [[10, 0]], 1.0, 1.0, ignore=ignore).tolist() == [False]
    seen = visible_fraction(index, model_observer(0, 0, 1.0), Circle(10, 0, 0.5), 1.0,
                            ignore=ignore)
    assert seen.visible == 1.0


def test_ignore_refuses_what_is_not_an_id():
    index = TerrainIndex([Blocker("wall", box(4, -5, 5, 5), 3.0)])
    with pytest.raises(TypeError, match="ignore must hold blocker ids"):
        visible_shares(index, (0, 0), 1.0, [Circle(10, 0, 0.5)], 1.0, ignore=[3])
