import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point, Polygon

from geometry import (
    POLYGON_TOLERANCE,
    Circle,
    hull,
    model_footprint,
    oval_base,
    place,
    place_footprint,
    place_points,
    round_base,
)
from tests.geometry.samples import BASTION, BASTION_LOCAL, BUNKER_DOOR_LOCAL, BUNKER_LOCAL

coord = st.floats(-100, 100, allow_nan=False)
angle = st.floats(-720, 720, allow_nan=False)


def test_round_base_radius_is_half_the_diameter_in_inches():
    assert round_base(1, 2, 25.4).radius == pytest.approx(0.5)
    assert round_base(1, 2, 32).radius == pytest.approx(32 / 25.4 / 2)


@pytest.mark.parametrize("diameter", [0, -1, float("nan")])
def test_round_base_refuses_bad_diameter(diameter):
    with pytest.raises(ValueError, match="diameter > 0 mm"):
        round_base(0, 0, diameter)


@pytest.mark.parametrize("radius", [0.3, 0.63, 2.5, 12.0])
def test_circle_polygon_stays_within_tolerance_of_the_circle(radius):
    poly = Circle(3, 4, radius).polygon()
    ring = poly.exterior
    # vertices on the circle, and the midpoint of every edge no deeper than the tolerance
    xy = list(ring.coords)
    for (x0, y0), (x1, y1) in zip(xy, xy[1:], strict=False):
        assert math.hypot(x0 - 3, y0 - 4) == pytest.approx(radius, abs=1e-9)
        mid = math.hypot((x0 + x1) / 2 - 3, (y0 + y1) / 2 - 4)
        assert radius - mid < POLYGON_TOLERANCE + 1e-12


def test_hull_length_runs_along_the_facing():
    assert hull(10, 10, 4, 2, 0).bounds == (9, 8, 11, 12)
    minx, miny, maxx, maxy = hull(10, 10, 4, 2, 90).bounds
    assert (minx, miny, maxx, maxy) == pytest.approx((8, 9, 12, 11))


def test_oval_base_length_along_facing_and_width_across():
    oval = oval_base(0, 0, 60, 35, 0)
    minx, miny, maxx, maxy = oval.bounds
    assert maxy - miny == pytest.approx(60 / 25.4, abs=1e-9)
    assert maxx - minx == pytest.approx(35 / 25.4, abs=1e-9)
    turned = oval_base(0, 0, 60, 35, 90)
    minx, miny, maxx, maxy = turned.bounds
    assert maxx - minx == pytest.approx(60 / 25.4, abs=1e-9)


def test_oval_area_close_to_ellipse():
    oval = oval_base(0, 0, 60, 35, 17)
    a, b = 30 / 25.4, 17.5 / 25.4
    assert oval.area == pytest.approx(math.pi * a * b, rel=2e-3)


def test_place_footprint_moves_the_local_origin():
    assert BASTION.bounds == (27.0, 21.0, 33.0, 27.0)


def test_front_door_faces_right_after_a_quarter_turn():
    (door,) = place_points([BUNKER_DOOR_LOCAL], 20, 20, 90)
    assert door == pytest.approx((21.5, 20.0))
    footprint = place_footprint(BUNKER_LOCAL, 20, 20, 90)
    assert footprint.bounds == pytest.approx((18.5, 18.0, 21.5, 22.0))


def test_place_footprint_refuses_a_bow_tie():
    with pytest.raises(ValueError, match="do not make a simple polygon"):
        place_footprint([(0, 0), (2, 2), (2, 0), (0, 2)], 0, 0, 0)


@given(coord, coord, coord, coord, angle)
def test_place_points_matches_shapely_rotate_then_translate(px, py, x, y, rotation):
    expected = affinity.translate(affinity.rotate(Point(px, py), rotation, origin=(0, 0)), x, y)
    (got,) = place_points([(px, py)], x, y, rotation)
    assert got == pytest.approx((expected.x, expected.y), abs=1e-9)


@given(coord, coord, angle)
def test_place_keeps_area(x, y, rotation):
    square = Polygon(BASTION_LOCAL)
    assert place(square, x, y, rotation).area == pytest.approx(36.0)


def test_model_footprint_from_document_fields():
    assert isinstance(model_footprint("round", 32, 32, 1, 1), Circle)
    assert model_footprint("oval", 60, 35, 0, 0, 0).area == pytest.approx(
        oval_base(0, 0, 60, 35, 0).area)
    assert model_footprint("hull", 4.5, 2.75, 0, 0).area == pytest.approx(4.5 * 2.75)
    with pytest.raises(ValueError, match="length and width > 0"):
        model_footprint("hull", 0, 2, 0, 0)
