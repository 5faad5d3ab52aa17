import pytest
from hypothesis import given
from hypothesis import strategies as st

from geometry import FACINGS, armour_value, building_facing, facing_edge, hull_facing
from tests.geometry.samples import BASTION_LOCAL

RECT = ((-3.0, -1.0), (3.0, -1.0), (3.0, 1.0), (-3.0, 1.0))  # 6 wide, 2 deep


def test_diagonals_through_the_corners_make_the_arcs():
    # the front-right corner of RECT at (3, -1): the diagonal is |x| / 3 == |y| / 1
    assert building_facing((2.9, -10), RECT, 0, 0, 0) == "front"
    assert building_facing((10, -3.2), RECT, 0, 0, 0) == "right"
    assert building_facing((10, -3.4), RECT, 0, 0, 0) == "front"
    assert building_facing((-10, 3.2), RECT, 0, 0, 0) == "left"
    assert building_facing((0, 0.5), RECT, 0, 0, 0) == "rear"


def test_on_the_diagonal_goes_to_front_or_rear():
    assert building_facing((6, -2), RECT, 0, 0, 0) == "front"
    assert building_facing((6, 2), RECT, 0, 0, 0) == "rear"


def test_rotation_turns_the_arcs():
    assert building_facing((20, 0), RECT, 0, 0, 90) == "front"
    assert building_facing((-20, 0), RECT, 0, 0, 90) == "rear"
    assert building_facing((0, 20), RECT, 0, 0, 90) == "right"


def test_hull_facing_for_a_rhino():
    assert hull_facing((0, -10), 0, 0, 4.5, 2.75, 0) == "front"
    assert hull_facing((0, 10), 0, 0, 4.5, 2.75, 0) == "rear"
    assert hull_facing((10, 0), 0, 0, 4.5, 2.75, 0) == "right"
    assert hull_facing((10, -10), 0, 0, 4.5, 2.75, 45) == "front"


@given(st.floats(-50, 50), st.floats(-50, 50))
def test_a_bastion_with_one_armour_value_uses_it_from_every_side(x, y):
    facing = building_facing((x, y), BASTION_LOCAL, 0, 0, 0)
    assert facing in FACINGS
    assert armour_value(14, facing) == 14
    assert armour_value(dict.fromkeys(FACINGS, 14), facing) == 14


def test_armour_per_facing():
    av = {"front": 14, "right": 13, "rear": 10, "left": 13}
    assert armour_value(av, building_facing((0, 10), BASTION_LOCAL, 0, 0, 0)) == 10
    with pytest.raises(KeyError, match="rear facing"):
        armour_value({"front": 14}, "rear")


def test_facing_edges_of_a_placed_building():
    edge = facing_edge(BASTION_LOCAL, 30, 24, 90, "front")
    assert [tuple(round(v, 9) for v in p) for p in edge.coords] == [(33, 21), (33, 27)]
