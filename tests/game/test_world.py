"""World shapes against hand-computed numbers, and the caches."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.terrain_world import piece_shapes
from board.game.core.world import WorldCache
from geometry import Circle
from tests.game import samples


def bastion_world(rotation: float = 90.0):
    piece = TerrainPiece("bastion", "imperial_bastion", 30.0, 20.0, rotation)
    sc = samples.scenario(terrain=[piece])
    return sc, WorldCache(samples.library()).world_for(sc)


def test_bastion_door_after_a_quarter_turn_is_where_the_hand_puts_it():
    # local door (-1, -3) turned 90 clockwise: (x - py, y + px) = (30 + 3, 20 - 1)
    _, world = bastion_world()
    door = world.piece("bastion").access_point("door")
    assert (door.x, door.y) == pytest.approx((33.0, 19.0))


def test_bastion_footprint_fire_points_and_mounts_after_a_turn():
    _, world = bastion_world()
    shapes = world.piece("bastion")
    assert shapes.footprint.bounds == pytest.approx((27.0, 17.0, 33.0, 23.0))
    right_1 = next(f for f in shapes.fire_points if f.id == "right-1")
    # local (3, -1.8) in the right wall: now on the bottom face, looking down the table
    assert (right_1.x, right_1.y) == pytest.approx((31.8, 23.0))
    assert (right_1.facing, right_1.direction, right_1.models) == ("right", 180.0, 2)
    mounts = {m.id: m for m in shapes.mounts}
    assert (mounts["heavy-bolter-front"].x, mounts["heavy-bolter-front"].y) == pytest.approx(
        (33.0, 21.0))
    assert mounts["icarus-lascannon"].on_battlements
    assert shapes.battlements is not None and shapes.battlements.equals(shapes.footprint)
    assert shapes.height == 8.0 and shapes.solid and shapes.blocks_sight


def test_every_point_of_a_placed_piece_stays_on_its_footprint_edge_or_inside():
    _, world = bastion_world(rotation=37.0)
    shapes = world.piece("bastion")
    for p in (*shapes.access_points, *shapes.fire_points, *shapes.mounts):
        assert shapes.footprint.buffer(1e-9).covers(Point(p.x, p.y))


def test_model_footprints_round_oval_and_hull():
    units = [Unit("u", "u", samples.RED, TroopType.VEHICLE, [
        Model("round", Base.round_mm(32), 5.0, 5.0),
        Model("oval", Base.oval_mm(75, 42), 10.0, 5.0, 90.0),
        Model("hull", Base.hull_in(4.75, 3.5), 20.0, 10.0, 90.0)])]
    world = WorldCache(samples.library()).world_for(samples.scenario(units=units))
    assert world.models["round"].shape == Circle(5.0, 5.0, 16.0 / 25.4)
    oval = world.models["oval"].shape
    assert oval.bounds == pytest.approx((10 - 75 / 50.8, 5 - 42 / 50.8, 10 + 75 / 50.8,
                                         5 + 42 / 50.8), abs=1e-3)
    hull = world.models["hull"].shape
    assert hull.bounds == pytest.approx((20 - 2.375, 10 - 1.75, 20 + 2.375, 10 + 1.75))
    assert world.models["hull"].side == samples.RED


def test_embarked_units_have_no_shapes_on_the_table():
    unit = samples.round_unit("in", samples.RED, [(1, 1)])
    unit.embarked_in = "bastion"
    sc = samples.scenario(terrain=[TerrainPiece("bastion", "imperial_bastion", 30, 20)],
                          units=[unit])
    world = WorldCache(samples.library()).world_for(sc)
    assert world.models == {} and world.unit_models("in") == []
    with pytest.raises(KeyError, match="no unit 'ghost'"):
        world.unit_models("ghost")


def test_fantasy_buildings_block_sight_by_their_line_of_sight_value():
    piece = TerrainPiece("house", "whfb_building_2_floor", 10, 10)
    sc = samples.scenario(RuleSystem.WARHAMMER_FANTASY, terrain=[piece])
    world = WorldCache(samples.library()).world_for(sc)
    assert world.piece("house").height == 10.0  # 2 floors x 5
    assert world.terrain.index.blocking_union(9.0).area == pytest.approx(20.0)


def test_craters_neither_block_sight_nor_movement_and_generators_are_found():
    terrain = [TerrainPiece("crater", "wh40k_crater_small", 10, 10),
               TerrainPiece("vsg", "void_shield_generator", 40, 20)]
    world = WorldCache(samples.library()).world_for(samples.scenario(terrain=terrain))
    assert not world.piece("crater").blocks_sight and not world.piece("crater").solid
    assert [gid for gid, _ in world.terrain.generators] == ["vsg"]
    assert [bid for bid, _ in world.terrain.obstacles.terrain] == ["vsg"]


def test_cache_reuses_everything_when_nothing_changed():
    sc, _ = bastion_world()
    sc.units.append(samples.round_unit("a", samples.RED, [(5, 5), (7, 5)]))
    cache = WorldCache(samples.library())
    first = cache.world_for(sc)
    index, obstacles = first.terrain.index, first.terrain.obstacles
    again = cache.world_for(sc)
    assert again is first and again.terrain.index is index
    assert again.terrain.obstacles is obstacles
    assert (cache.terrain_builds, cache.model_builds) == (1, 1)


def test_cache_rebuilds_terrain_when_a_piece_moved_and_only_models_when_a_model_moved():
    sc, _ = bastion_world()
    sc.units.append(samples.round_unit("a", samples.RED, [(5, 5)]))
    cache = WorldCache(samples.library())
    first = cache.world_for(sc)
    sc.units[0].models[0].x = 6.0
    moved_model = cache.world_for(sc)
    assert moved_model is not first and moved_model.terrain is first.terrain
    assert moved_model.models["a-1"].shape.x == 6.0
    assert (cache.terrain_builds, cache.model_builds) == (1, 2)
    sc.terrain[0].x = 40.0
    moved_piece = cache.world_for(sc)
    assert moved_piece.terrain is not first.terrain
    assert moved_piece.piece("bastion").footprint.bounds[0] == pytest.approx(37.0)
    assert (cache.terrain_builds, cache.model_builds) == (2, 3)


def test_obstacles_for_a_side_hold_only_the_other_sides_models_and_are_cached():
    sc, _ = bastion_world()
    sc.units += [samples.round_unit("a", samples.RED, [(5, 5)]),
                 samples.round_unit("b", samples.BLUE, [(50, 5), (52, 5)])]
    world = WorldCache(samples.library()).world_for(sc)
    red = world.obstacles_for(samples.RED)
    assert [eid for eid, _ in red.enemies] == ["b-1", "b-2"]
    assert world.obstacles_for(samples.RED) is red
    assert red.near_enemies(Circle(50, 6.5, 0.5))[0][0] == "b-1"
    assert red.in_terrain(Circle(30, 20, 0.5)) == ("bastion",)


def test_piece_shapes_doctest_numbers_hold_for_any_turn():
    sheet = samples.library()["imperial_bastion"]
    for turn in (0.0, 45.0, 180.0, 270.0):
        shapes = piece_shapes(TerrainPiece("b", sheet.id, 0, 0, turn), sheet, RuleSystem.WH40K)
        door = shapes.access_point("door")
        rad = math.radians(turn)
        assert (door.x, door.y) == pytest.approx(
            (-1 * math.cos(rad) + 3 * math.sin(rad), -1 * math.sin(rad) - 3 * math.cos(rad)),
            abs=1e-9)


def test_moving_own_models_keeps_the_enemy_obstacles_and_moving_an_enemy_rebuilds_them():
    sc, _ = bastion_world()
    sc.units += [samples.round_unit("a", samples.RED, [(5, 5), (7, 5)]),
                 samples.round_unit("b", samples.BLUE, [(50, 5), (52, 5)])]
    cache = WorldCache(samples.library())
    red = cache.world_for(sc).obstacles_for(samples.RED)
    red.carve(Point(30, 20).buffer(6))  # builds the terrain union
    sc.units[0].models[0].x = 9.0  # a red model is dragged
    world = cache.world_for(sc)
    assert world.obstacles_for(samples.RED) is red
    assert world.models["b-1"] is not None and cache.model_builds == 2
    sc.units[1].models[0].x = 60.0  # an enemy moved
    moved = cache.world_for(sc).obstacles_for(samples.RED)
    assert moved is not red and dict(moved.enemies)["b-1"].x == 60.0
    assert "_terrain" in red.__dict__ and moved.__dict__["_terrain"] is red.__dict__["_terrain"]


def test_unchanged_models_keep_their_shapes_between_worlds():
    sc, _ = bastion_world()
    sc.units.append(samples.round_unit("a", samples.RED, [(5, 5), (7, 5)]))
    cache = WorldCache(samples.library())
    first = cache.world_for(sc)
    sc.units[0].models[1].y = 9.0
    second = cache.world_for(sc)
    assert second.models["a-1"] is first.models["a-1"]
    assert second.models["a-2"].shape == Circle(7.0, 9.0, 16.0 / 25.4)
