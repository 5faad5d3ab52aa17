import pytest
from shapely.geometry import Point

from geometry import (
    Circle,
    battleline,
    dawn_of_war,
    deployment_map,
    hammer_and_anvil,
    vanguard_strike,
    wholly_within_zone,
)


@pytest.mark.parametrize("width, height", [(72, 48), (48, 48), (44, 30), (48, 72)])
def test_every_map_has_two_disjoint_zones_on_the_table(width, height):
    for key in ("dawn_of_war", "hammer_and_anvil", "vanguard_strike", "battleline"):
        dmap = deployment_map(key, width, height)
        (a, za), (b, zb) = dmap.zones
        assert a != b
        assert za.intersection(zb).area == pytest.approx(0.0)
        for zone in (za, zb):
            minx, miny, maxx, maxy = zone.bounds if not zone.is_empty else (0, 0, 0, 0)
            assert minx >= 0 and miny >= 0 and maxx <= width and maxy <= height


def test_dawn_of_war_on_a_standard_table():
    dow = dawn_of_war(72, 48)
    assert dow.zone("top").bounds == (0, 0, 72, 12)
    assert dow.zone("bottom").area == pytest.approx(72 * 12)


def test_dawn_of_war_on_a_tall_table_uses_the_long_sides():
    assert dawn_of_war(48, 72).zone_names == ("left", "right")


def test_hammer_and_anvil_on_a_standard_table():
    ha = hammer_and_anvil(72, 48)
    assert ha.zone("left").bounds == (0, 0, 24, 48)
    assert ha.zone("right").bounds == (48, 0, 72, 48)


def test_vanguard_strike_keeps_twelve_inches_from_the_centre():
    vs = vanguard_strike(72, 48)
    tl = vs.zone("top_left")
    assert tl.contains(Point(36 - 12.01 * 0.8, 24 - 12.01 * 0.6))
    assert not tl.contains(Point(36 - 11.99 * 0.8, 24 - 11.99 * 0.6))
    assert not tl.contains(Point(70, 46))  # the other half
    assert vs.zone("bottom_right").contains(Point(70, 46))


def test_battleline_is_more_than_twelve_inches_from_the_centre_line():
    assert battleline(72, 48).zone("bottom").bounds == (0, 36, 72, 48)
    assert battleline(72, 48).system == "warhammer_fantasy"


def test_unknown_zone_and_map_names_are_refused_with_the_choices():
    with pytest.raises(KeyError, match="zones: \\('top', 'bottom'\\)"):
        dawn_of_war().zone("left")
    with pytest.raises(KeyError, match="maps: dawn_of_war"):
        deployment_map("pitched_battle")
    with pytest.raises(ValueError, match="0×48"):
        dawn_of_war(0, 48)


def test_wholly_within_my_zone_flags_models_that_stick_out():
    zone = dawn_of_war().zone("top")
    models = [("ok", Circle(10, 11.5, 0.5)), ("edge", Circle(20, 12.2, 0.5)),
              ("out", Circle(30, 20, 0.5))]
    check = wholly_within_zone(models, zone)
    assert not check.ok
    assert {v.model_id: round(v.excess, 3) for v in check.failing} == {"edge": 0.7, "out": 8.5}


def test_wholly_within_vanguard_zone_near_the_curved_edge():
    zone = vanguard_strike().zone("top_left")
    # centre 13" from the table centre along -x: the base edge sits 12.5" away
    check = wholly_within_zone([("m", Circle(36 - 13, 24, 0.5))], zone)
    assert check.ok
    check = wholly_within_zone([("m", Circle(36 - 12.4, 24, 0.5))], zone)
    assert not check.ok and check.failing[0].excess == pytest.approx(0.1, abs=0.001)


def test_zone_verdicts_explain_themselves():
    zone = dawn_of_war().zone("top")
    check = wholly_within_zone([("a", Circle(10, 11.5, 0.5)), ("b", Circle(10, 11.7, 0.5))], zone)
    assert [v.explain() for v in check.verdicts] == [
        "a: wholly inside the zone", 'b: sticks out of the zone by 0.20"']
