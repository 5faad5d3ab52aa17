"""Ruler, within verdicts and range rings, against numbers worked out by hand."""

from __future__ import annotations

import math

import pytest

from board.document.model import RuleSystem, TerrainPiece
from board.game.core.targets import (
    ModelTarget,
    PieceTarget,
    PointTarget,
    TargetError,
    UnitTarget,
    ZoneTarget,
    target_from_dict,
)
from board.game.core.units import to_inches
from board.game.core.world import WorldCache
from board.game.measuring.range_rings import range_rings
from board.game.measuring.ruler import ruler
from board.game.measuring.within import within_check
from geometry import Circle
from tests.game import samples

R32 = 16.0 / 25.4  # radius of a 32 mm base, inches


def world_of(*units, system=RuleSystem.WH40K, terrain=None):
    sc = samples.scenario(system, terrain=terrain, units=list(units))
    return WorldCache(samples.library()).world_for(sc)


def test_ruler_between_32mm_bases_six_inches_apart_reads_4_74():
    world = world_of(samples.round_unit("a", samples.RED, [(10, 10)]),
                     samples.round_unit("b", samples.BLUE, [(16, 10)]))
    reading = ruler(world, ModelTarget("a-1"), ModelTarget("b-1"))
    assert reading.distance == pytest.approx(6 - 32 / 25.4)  # 4.7402"
    assert reading.text == '4.74"'
    assert reading.start == pytest.approx((10 + R32, 10)) and reading.end == pytest.approx(
        (16 - R32, 10))


def test_ruler_centre_to_centre_and_in_centimetres_for_epic():
    a = samples.round_unit("a", samples.RED, [(10, 10)])
    b = samples.round_unit("b", samples.BLUE, [(16, 10)])
    reading = ruler(world_of(a, b), ModelTarget("a-1"), ModelTarget("b-1"), centre_to_centre=True)
    assert (reading.distance, reading.text, reading.start) == (6.0, '6.00"', (10, 10))
    epic = ruler(world_of(a, b, system=RuleSystem.EPIC40K), ModelTarget("a-1"),
                 ModelTarget("b-1"))
    assert epic.unit == "cm" and epic.text == f"{(6 - 32 / 25.4) * 2.54:.2f} cm" == "12.04 cm"


def test_ruler_from_a_unit_takes_its_nearest_model_and_reaches_a_building_footprint():
    bastion = TerrainPiece("bastion", "imperial_bastion", 30, 20)  # footprint x 27..33
    unit = samples.round_unit("a", samples.RED, [(10, 20), (20, 20), (15, 30)])
    reading = ruler(world_of(unit, terrain=[bastion]), UnitTarget("a"), PieceTarget("bastion"))
    assert reading.start_part == "a-2" and reading.end_part == "bastion"
    assert reading.distance == pytest.approx(27 - 20 - R32)
    assert reading.end == pytest.approx((27.0, 20.0))


def test_ruler_to_a_point_and_refusals():
    unit = samples.round_unit("a", samples.RED, [(0, 0)])
    world = world_of(unit)
    assert ruler(world, PointTarget(3, 4), ModelTarget("a-1")).distance == pytest.approx(5 - R32)
    with pytest.raises(TargetError, match="no model 'zz' on the table"):
        ruler(world, ModelTarget("zz"), PointTarget(0, 0))
    unit.embarked_in = "somewhere"
    inside = world_of(unit)
    with pytest.raises(ValueError, match="^a has nothing on the table"):
        ruler(inside, UnitTarget("a"), PointTarget(0, 0))


def test_within_verdicts_per_model_with_the_failing_models_and_by_how_much():
    # centres 5, 6.5 and 9 inches from the point: closest parts 4.37, 5.87, 8.37
    unit = samples.round_unit("a", samples.RED, [(5, 0), (6.5, 0), (9, 0)])
    reading = within_check(world_of(unit), "a", PointTarget(0, 0), 6.0)
    assert reading.verdict == "within"
    verdicts = [m.verdict for m in reading.models]
    assert verdicts == ["wholly within", "within", "not within"]
    (fail,) = reading.failing
    assert fail.model_id == "a-3" and fail.closest - 6 == pytest.approx(3 - R32)
    assert reading.explain(fail) == ('a, model 3: not within 6.00" '
                                     '(closest part 8.37", 2.37" too far)')


def test_within_wholly_and_not_for_a_whole_unit():
    unit = samples.round_unit("a", samples.RED, [(2, 0), (3, 0)])
    world = world_of(unit)
    assert within_check(world, "a", PointTarget(0, 0), 6).verdict == "wholly within"
    assert within_check(world, "a", PointTarget(0, 0), 1).verdict == "not within"
    edge = within_check(world, "a", PointTarget(0, 0), 2 - R32)  # a-1 exactly touching
    assert edge.verdict == "within" and edge.models[0].within


def test_within_against_a_unit_measures_each_model_to_its_nearest_enemy():
    a = samples.round_unit("a", samples.RED, [(0, 0), (0, 10)])
    b = samples.round_unit("b", samples.BLUE, [(3, 0), (3, 10)])
    reading = within_check(world_of(a, b), "a", UnitTarget("b"), 2)
    gap = 3 - 2 * R32
    assert [m.closest for m in reading.models] == pytest.approx([gap, gap])
    assert reading.verdict == "within"


def test_within_a_deployment_zone_uses_the_zone_given():
    from shapely.geometry import box
    unit = samples.round_unit("a", samples.RED, [(5, 5), (5, 11.8)])
    reading = within_check(world_of(unit), "a", ZoneTarget("deployment", "top"), 0.0,
                           zones=lambda name: box(0, 0, 72, 12))
    assert [m.verdict for m in reading.models] == ["wholly within", "within"]
    assert reading.models[1].farthest == pytest.approx(11.8 + R32 - 12)


def test_within_refuses_a_negative_distance():
    with pytest.raises(ValueError, match="0 or more, got -1"):
        within_check(world_of(samples.round_unit("a", samples.RED, [(0, 0)])), "a",
                     PointTarget(0, 0), -1)


def test_range_rings_around_a_model_grow_its_base():
    world = world_of(samples.round_unit("a", samples.RED, [(10, 10)]))
    (ring,) = range_rings(world, ModelTarget("a-1"), [6])
    reach = 6 + R32
    assert ring.radius == 6
    assert ring.area.area == pytest.approx(math.pi * reach**2, abs=2 * math.pi * reach * 5e-4)
    corners = list(ring.area.exterior.coords)
    assert all(reach - 5e-4 <= math.dist(c, (10, 10)) <= reach + 1e-9 for c in corners)
    with pytest.raises(ValueError, match="above 0"):
        range_rings(world, ModelTarget("a-1"), [0])


def test_targets_round_trip_and_refuse_bad_data():
    for target in (PointTarget(1.5, 2), ModelTarget("m"), UnitTarget("u"), PieceTarget("p"),
                   ZoneTarget("void_shield", "vsg")):
        assert target_from_dict(target.to_dict()) == target
    with pytest.raises(TargetError, match="'x' must be a finite number, got 'a'"):
        target_from_dict({"type": "point", "x": "a", "y": 0})
    with pytest.raises(TargetError, match="unknown zone kind 'lake'"):
        target_from_dict({"type": "zone", "kind": "lake", "name": "x"})


def test_void_shield_zone_target_is_twelve_inches_around_the_generator():
    vsg = TerrainPiece("vsg", "void_shield_generator", 30, 20)
    unit = samples.round_unit("a", samples.RED, [(30, 5)])
    world = world_of(unit, terrain=[vsg])
    footprint = world.piece("vsg").footprint
    from geometry import farthest_distance
    expected = farthest_distance(Circle(30, 5, R32), footprint)  # 13.63: 1.63" out
    for n in (0.0, 6.0, 12.0, 24.0):  # the zone carries its own 12": N changes nothing
        reading = within_check(world, "a", ZoneTarget("void_shield", "vsg"), n)
        assert reading.reach == 12.0
        assert reading.models[0].farthest == pytest.approx(expected, abs=1e-3)
        from board.game.measuring.coverage import unit_coverage
        assert reading.answer == "out" == unit_coverage(world, "a").status.value
        assert "not wholly within 12.00\"" in reading.headline
    with pytest.raises(TargetError, match="not a Void Shield Generator"):
        within_check(world_of(unit, terrain=[TerrainPiece("b", "imperial_bastion", 5, 5)]),
                     "a", ZoneTarget("void_shield", "b"), 0)


def test_to_inches():
    assert to_inches(2.54, "cm") == pytest.approx(1.0)
    with pytest.raises(ValueError, match="unknown distance unit 'ft'"):
        to_inches(1, "ft")


def test_a_thousandth_of_an_inch_short_is_never_shown_as_a_hit():
    unit = samples.round_unit("a", samples.RED, [(6.001 + R32, 0)])
    reading = within_check(world_of(unit), "a", PointTarget(0, 0), 6.0)
    (model,) = reading.failing
    assert reading.explain(model) == 'a: not within 6.00" (closest part 6.001", 0.001" too far)'
    touching = samples.round_unit("a", samples.RED, [(6.0 + R32, 0)])
    assert within_check(world_of(touching), "a", PointTarget(0, 0), 6.0).verdict == "within"
