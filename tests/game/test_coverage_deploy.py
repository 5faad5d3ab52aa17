"""Void-shield coverage and deployment zones, against geometry called directly."""

from __future__ import annotations

import pytest
from shapely.geometry import box

from board.document.model import RuleSystem, Table, TerrainPiece
from board.game.core.deploy import (
    DEFAULT_DEPLOYMENT,
    DeploymentError,
    deployment_for,
    models_out_of_zone,
)
from board.game.core.world import WorldCache
from board.game.measuring.coverage import Coverage, void_shield_coverage
from geometry import unit_wholly_within
from tests.game import samples

R32 = 16.0 / 25.4
VSG = TerrainPiece("vsg", "void_shield_generator", 30, 20)  # footprint x 28..32, y 18..22


def world_of(*units, terrain=(VSG,), system=RuleSystem.WH40K):
    sc = samples.scenario(system, terrain=list(terrain), units=list(units))
    return sc, WorldCache(samples.library()).world_for(sc)


def test_covered_partly_in_and_out():
    units = [samples.round_unit("in", samples.RED, [(40, 20), (42, 20)]),
             samples.round_unit("edge", samples.RED, [(40, 20), (43.8, 20)]),
             samples.round_unit("split", samples.BLUE, [(40, 20), (60, 20)]),
             samples.round_unit("far", samples.BLUE, [(50, 20)])]
    _, world = world_of(*units)
    found = {c.unit_id: c for c in void_shield_coverage(world)}
    assert found["in"].status is Coverage.COVERED and found["in"].covered_by == ("vsg",)
    edge = found["edge"]
    assert edge.status is Coverage.PARTLY_IN and edge.covered_by == ()
    assert [m.status for m in edge.models] == ["wholly in", "partly in"]
    assert edge.models[1].sticks_out == pytest.approx(43.8 + R32 - 44)
    assert edge.explain() == 'edge: partly in (not covered): edge-2 partly in, 0.43" out'
    assert [m.status for m in found["split"].models] == ["wholly in", "out"]
    assert found["split"].status is Coverage.PARTLY_IN
    assert found["far"].status is Coverage.OUT and found["far"].explain() == "far: out"


def test_coverage_agrees_with_geometry_unit_wholly_within():
    unit = samples.round_unit("a", samples.RED, [(20, 20), (30, 31), (38, 30)])
    _, world = world_of(unit)
    (cover,) = void_shield_coverage(world)
    direct = unit_wholly_within(world.unit_models("a"), world.piece("vsg").footprint, 12.0)
    assert (cover.status is Coverage.COVERED) == direct.ok


def test_two_generators_cover_a_unit_in_either_zone():
    other = TerrainPiece("vsg2", "void_shield_generator", 70, 20)  # x 68..72
    unit = samples.round_unit("mid", samples.RED, [(50, 20), (51, 20)])
    far_from_one = samples.round_unit("east", samples.RED, [(60, 20)])
    _, world = world_of(unit, far_from_one, terrain=(VSG, other))
    found = {c.unit_id: c for c in void_shield_coverage(world)}
    assert found["east"].covered_by == ("vsg2",)
    assert found["mid"].status is Coverage.OUT  # 17.4" from vsg, 16.4" from vsg2


def test_no_generators_no_coverage_and_embarked_units_are_skipped():
    unit = samples.round_unit("a", samples.RED, [(5, 5)])
    assert void_shield_coverage(world_of(unit, terrain=())[1]) == ()
    inside = samples.round_unit("b", samples.RED, [(5, 5)])
    inside.embarked_in = "vsg"
    assert [c.unit_id for c in void_shield_coverage(world_of(unit, inside)[1])] == ["a"]


@pytest.mark.parametrize("system", list(RuleSystem))
def test_each_rule_system_has_a_default_map(system):
    sc = samples.scenario(system)
    assert deployment_for(sc).map.name.replace(" ", "_").lower() == DEFAULT_DEPLOYMENT[system]


def test_sides_take_the_zones_they_stand_in_unless_the_option_says():
    red = samples.round_unit("r", samples.RED, [(10, 44), (12, 44)])  # bottom strip
    blue = samples.round_unit("b", samples.BLUE, [(10, 4)])  # top strip
    sc, world = world_of(red, blue, terrain=())
    assert deployment_for(sc).zones == {samples.RED: "bottom", samples.BLUE: "top"}
    sc.options["deployment"] = {"map": "dawn_of_war", "zones": {samples.RED: "top"}}
    plan = deployment_for(sc)
    assert plan.zones == {samples.RED: "top", samples.BLUE: "bottom"}
    out = {u.unit_id: u for u in models_out_of_zone(world, plan)}
    assert out["r"].out_of_zone == ("r-1", "r-2") and out["b"].out_of_zone == ("b-1",)
    assert out["r"].check.failing[0].excess == pytest.approx(44 + R32 - 12)


def test_a_model_half_out_of_its_zone_is_out_by_the_part_that_sticks_out():
    red = samples.round_unit("r", samples.RED, [(10, 12.2), (20, 5)])
    sc, world = world_of(red, terrain=())
    sc.options["deployment"] = {"map": "dawn_of_war", "zones": {samples.RED: "top"}}
    (unit,) = models_out_of_zone(world, deployment_for(sc))
    assert unit.out_of_zone == ("r-1",)
    assert unit.check.failing[0].excess == pytest.approx(12.2 + R32 - 12)
    assert unit.explain() == 'r: 1 of 2 models out of zone top: r-1 by 0.83"'
    assert deployment_for(sc).zone("top").equals(box(0, 0, 72, 12))


def test_hammer_and_anvil_on_a_square_table_and_bad_options():
    sc = samples.scenario()
    sc.table = Table(48.0, 48.0)
    sc.options["deployment"] = "hammer_and_anvil"
    assert deployment_for(sc).map.zone_names == ("left", "right")
    sc.options["deployment"] = {"map": "dawn_of_war", "zones": {"green": "top"}}
    with pytest.raises(DeploymentError, match="names side 'green'; sides: red, blue"):
        deployment_for(sc)
    sc.options["deployment"] = {"map": "dawn_of_war", "zones": {"red": "middle"}}
    with pytest.raises(DeploymentError, match="Dawn of War has no zone 'middle'; zones: top, "):
        deployment_for(sc)
    sc.options["deployment"] = 7
    with pytest.raises(DeploymentError, match="must be a map key .* got 7"):
        deployment_for(sc)
