import pytest
from shapely.geometry import Point

from geometry import (
    Circle,
    intercepting_generators,
    shot_from_outside,
    void_shield_cover,
    void_shield_zone,
)
from tests.geometry.samples import VSG  # box(40, 10, 43, 13)

GENERATORS = [("vsg", VSG)]


def test_unit_with_one_model_half_outside_twelve_inches_is_not_covered():
    # seed 000 FAQ: a unit not entirely within the 12" range gets no projected shield.
    # m3's centre is exactly 12" from the generator's right wall: half its base is outside.
    unit = [("m1", Circle(50, 11.5, 0.5)), ("m2", Circle(52, 11.5, 0.5)),
            ("m3", Circle(55, 11.5, 0.5))]
    cover = void_shield_cover(unit, GENERATORS)
    assert not cover.covered
    (check,) = [c for _, c in cover.checks]
    (bad,) = check.failing
    assert bad.model_id == "m3" and bad.excess == pytest.approx(0.5)


def test_unit_wholly_inside_is_covered_even_at_the_edge():
    unit = [("m1", Circle(54.5, 11.5, 0.5)), ("m2", Circle(41.5, 24.5, 0.5))]  # both at 12.000"
    cover = void_shield_cover(unit, GENERATORS)
    assert cover.covered and cover.covered_by == ("vsg",)


def test_zone_is_twelve_inches_from_any_point_of_the_footprint():
    zone = void_shield_zone(VSG)
    assert zone.contains(Point(54.99, 11.5)) and not zone.contains(Point(55.01, 11.5))
    # the corner is rounded: 12" from the corner (43, 13) along the diagonal
    assert zone.contains(Point(43 + 8.48, 13 + 8.48)) and not zone.contains(Point(52, 22))


def test_only_shots_from_outside_hit_the_shield():
    unit = [("m1", Circle(50, 11.5, 0.5))]
    assert shot_from_outside(Circle(56, 11.5, 0.5), VSG)  # 12.5" away
    assert not shot_from_outside(Circle(55.5, 11.5, 0.5), VSG)  # base edge exactly 12"
    assert intercepting_generators(Circle(70, 11.5, 0.5), unit, GENERATORS) == ("vsg",)
    assert intercepting_generators(Circle(50, 20, 0.5), unit, GENERATORS) == ()


def test_several_generators_are_all_listed():
    gens = GENERATORS + [("vsg2", VSG.buffer(0).envelope)]
    unit = [("m1", Circle(50, 11.5, 0.5))]
    assert intercepting_generators(Circle(70, 11.5, 0.5), unit, gens) == ("vsg", "vsg2")
