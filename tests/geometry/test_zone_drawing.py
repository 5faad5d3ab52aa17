"""What is drawn says yes exactly where the check does: each door's zone apart, property-tested."""

import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from geometry import Circle, Obstacles, check_disembark, disembark_zone, disembark_zones, hull
from geometry.measure import distance, farthest_distance

BUNKER = box(10, 10, 14, 14)
MARGIN = 0.002  # the zones' arcs are polygons within 0.0005" of the true circle


def _inside_a_drawn_part(base, parts):
    body = base.polygon(0.0001) if isinstance(base, Circle) else base
    return any(shapely.covers(zone, body) for _, zone in parts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.floats(10, 14), st.sampled_from([10.0, 14.0])), min_size=1,
                max_size=3, unique=True),
       st.floats(2, 22), st.floats(2, 22), st.floats(0.3, 1.2), st.booleans(),
       st.floats(0, 180), st.tuples(st.floats(0, 24), st.floats(0, 24)))
def test_drawing_and_check_agree(doors_xy, x, y, size, round_base, turn, enemy_xy):
    doors = [(f"d{k}", Point(*p)) for k, p in enumerate(doors_xy)]
    enemy = Circle(*enemy_xy, 0.5)
    obstacles = Obstacles([("bunker", BUNKER)], [("e", enemy)])
    base = Circle(x, y, size) if round_base else hull(x, y, 2 * size, size, turn)
    # keep clear of ties, where a polygonised arc may differ from the true one by 0.0005"
    far = min(farthest_distance(base, door) for _, door in doors)
    assume(abs(far - 6.0) > MARGIN)
    assume(abs(distance(base, enemy) - 1.0) > MARGIN)
    body = base.polygon() if isinstance(base, Circle) else base
    assume(body.boundary.distance(BUNKER.boundary) > MARGIN or body.intersection(BUNKER).area
           > MARGIN)
    for _, door in doors:  # nor where the edge of one door's disc just meets the bunker
        assume(abs(body.distance(door) - 6.0) > MARGIN)
    verdict = check_disembark([("m", base)], doors, obstacles)[0]
    parts = disembark_zones(doors, obstacles)
    assert verdict.legal == _inside_a_drawn_part(base, parts)


def test_a_base_straddling_two_discs_is_drawn_outside_both():
    doors = [("left", Point(0, 0)), ("right", Point(10, 0))]
    obstacles = Obstacles([])
    base = Circle(5, 0, 1.2)
    assert disembark_zone(doors, obstacles).contains(base.polygon())  # the old union says yes
    assert not check_disembark([("m", base)], doors, obstacles)[0].legal
    assert not _inside_a_drawn_part(base, disembark_zones(doors, obstacles))
    # 0.2" nearer the left door it is wholly within 6" of it: legal and drawn inside
    nearer = Circle(4.79, 0, 1.2)
    assert check_disembark([("m", nearer)], doors, obstacles)[0].legal
    assert _inside_a_drawn_part(nearer, disembark_zones(doors, obstacles))


def test_access_given_as_pairs_shapes_or_points_alike():
    obstacles = Obstacles([])
    models = [("m", Circle(2, 0, 0.5))]
    pairs = check_disembark(models, [("door", Point(0, 0))], obstacles)
    bare = check_disembark(models, [Point(0, 0)], obstacles)
    xy = check_disembark(models, [(0.0, 0.0)], obstacles)
    assert pairs[0].legal and bare[0].legal and xy[0].legal
    assert bare[0].reach_distance == pairs[0].reach_distance == xy[0].reach_distance


def test_bad_access_is_named():
    with pytest.raises(TypeError, match="access 1 must be an"):
        check_disembark([("m", Circle(0, 0, 1))], ["door"], Obstacles([]))
