"""A world with dragged pieces moved (what the board measures during a drag), by hand numbers."""

from __future__ import annotations

import pytest

from board.document.model import TerrainPiece
from board.game.core.targets import ModelTarget, PieceTarget, ZoneTarget
from board.game.core.world import WorldCache
from board.game.measuring.coverage import Coverage, unit_coverage
from board.game.measuring.rings import moved_world, shifted_piece
from board.game.measuring.ruler import ruler
from geometry import Circle
from tests.game import samples

R32 = 16.0 / 25.4
VSG = TerrainPiece("vsg", "void_shield_generator", 10, 20)  # footprint x 8..12, y 18..22
BASTION = TerrainPiece("bastion", "imperial_bastion", 40, 40)  # footprint x 37..43, y 37..43


def sample_world():
    units = [samples.round_unit("a", samples.RED, [(30, 20), (32, 20)]),
             samples.round_unit("b", samples.BLUE, [(60, 40)])]
    scenario = samples.scenario(terrain=[VSG, BASTION], units=units)
    return WorldCache(samples.library()).world_for(scenario)


def test_a_dragged_generator_judges_units_where_it_stands_and_the_world_stays():
    world = sample_world()
    assert unit_coverage(world, "a").status is Coverage.OUT  # 18" and more from x = 12
    preview = moved_world(world, {}, pieces={"vsg": (16.0, 0.0)})  # now x 24..28
    assert preview.piece("vsg").footprint.bounds == (24.0, 18.0, 28.0, 22.0)
    found = unit_coverage(preview, "a")
    assert found.status is Coverage.COVERED and found.covered_by == ("vsg",)
    assert unit_coverage(world, "a").status is Coverage.OUT  # the document's world unchanged
    assert world.piece("vsg").footprint.bounds == (8.0, 18.0, 12.0, 22.0)
    assert preview.piece("bastion") is world.piece("bastion")
    assert preview.models is not world.models and preview.models == world.models


def test_a_ruler_to_a_dragged_building_and_to_its_zone_measures_where_it_stands():
    world = sample_world()
    to_bastion = ruler(world, ModelTarget("b-1"), PieceTarget("bastion")).distance
    assert to_bastion == pytest.approx(60 - 43 - R32)
    preview = moved_world(world, {}, pieces={"bastion": (5.0, -2.0)})
    moved = ruler(preview, ModelTarget("b-1"), PieceTarget("bastion")).distance
    assert moved == pytest.approx(60 - 48 - R32)
    both = moved_world(world, {"b-1": (-3.0, 0.0)}, pieces={"vsg": (0.0, 20.0)})
    assert ruler(both, ModelTarget("b-1"), PieceTarget("bastion")).distance == pytest.approx(
        57 - 43 - R32)
    zone = ruler(both, ModelTarget("a-1"), ZoneTarget("void_shield", "vsg")).distance
    corner = ((30 - 12) ** 2 + (38 - 20) ** 2) ** 0.5  # to x 8..12, y 38..42, then 12" off
    assert zone == pytest.approx(corner - R32 - 12.0, abs=1e-2)


def test_a_dragged_piece_takes_its_doors_mounts_sight_and_obstacles_along():
    world = sample_world()
    bastion = world.piece("bastion")
    moved = shifted_piece(bastion, 5.0, -2.0)
    for old, new in zip(bastion.access_points + bastion.fire_points + bastion.mounts,
                        moved.access_points + moved.fire_points + moved.mounts, strict=True):
        assert (new.x - old.x, new.y - old.y) == pytest.approx((5.0, -2.0))
    assert bastion.battlements is not None and moved.battlements is not None
    assert moved.battlements.bounds == pytest.approx((42.0, 35.0, 48.0, 41.0))
    assert world.terrain.index is not None and world.obstacles_for("red") is not None  # built
    preview = moved_world(world, {}, pieces={"bastion": (5.0, -2.0)})
    assert preview.terrain is not world.terrain
    inside_old, inside_new = Circle(38.0, 40.0, R32), Circle(46.0, 38.0, R32)
    assert preview.obstacles_for("red").in_terrain(inside_new) == ("bastion",)
    assert preview.obstacles_for("red").in_terrain(inside_old) == ()
    assert world.obstacles_for("red").in_terrain(inside_old) == ("bastion",)
    index = preview.terrain.index
    assert index.blockers[index.ids.index("bastion")].footprint.bounds == (42.0, 35.0, 48.0,
                                                                            41.0)
