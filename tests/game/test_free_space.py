"""New units go in free table space near the view's centre (board.game.core.free_space)."""

from __future__ import annotations

import math

import shapely

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import default_library, load_scenario
from board.document.model import Scenario, Table
from board.game.core.free_space import free_offset, occupied
from board.game.core.world import WorldCache
from geometry import Circle, as_geometry

R = 16.0 / 25.4


def squad(count: int = 5, spacing: float = 2.0) -> list[Circle]:
    return [Circle(k * spacing, 0.0, R) for k in range(count)]


def test_an_empty_table_takes_the_squad_right_where_the_player_looks():
    world = WorldCache(default_library()).world_for(Scenario(table=Table(72, 48)))
    assert free_offset(world, squad(), (36.0, 24.0), (72.0, 48.0)) == (32.0, 24.0)


def free_by_hand(world, circles, table, gap=0.25) -> bool:
    """Whether every base is on the table and ``gap`` from every model and solid piece."""
    others = [as_geometry(m.shape) for m in world.models.values()]
    others += [p.footprint for p in world.pieces.values() if p.solid]
    others = [shapely.union_all(others)]
    for c in circles:
        if c.x - c.radius < 0 or c.y - c.radius < 0 or c.x + c.radius > table[0] \
                or c.y + c.radius > table[1]:
            return False
        if any(shapely.distance(as_geometry(c), o) < gap for o in others):
            return False
    return True


def test_on_the_demo_the_squad_lands_clear_of_models_and_buildings_nearest_the_centre():
    library = default_library()
    demo = load_scenario(DEMO_SCENARIO_PATH, library)
    world = WorldCache(library).world_for(demo)
    near = (22.0, 34.0)  # the Imperial Bastion's centre: taken
    dx, dy = free_offset(world, squad(), near, (72.0, 48.0))
    placed = [Circle(c.x + dx, c.y + dy, c.radius) for c in squad()]
    assert free_by_hand(world, placed, (72.0, 48.0))
    # The squad's centre (x 4 of its 0..8) moved to the spot: no grid spot nearer is free.
    spot = (4.0 + dx, dy)
    chosen = math.dist(spot, near)
    assert 3.0 < chosen < 8.0  # off the bastion (3" half-width), and not far off
    steps = range(-20, 21)
    for ox in steps:
        for oy in steps:
            at = (near[0] + ox * 0.5, near[1] + oy * 0.5)
            if math.dist(at, near) < chosen - 1e-9:
                moved = [Circle(c.x + at[0] - 4.0, c.y + at[1], c.radius) for c in squad()]
                assert not free_by_hand(world, moved, (72.0, 48.0)), at


def test_a_second_unit_added_lands_beside_the_first_not_on_it():
    library = default_library()
    scenario = Scenario(table=Table(72, 48))
    from board.document.model import Base, Model, Side, TroopType, Unit
    scenario.sides = [Side("red", "Red", "#c62828")]
    first = free_offset(WorldCache(library).world_for(scenario), squad(), (36, 24), (72, 48))
    models = [Model(f"a{k}", Base.round_mm(32), c.x + first[0], c.y + first[1])
              for k, c in enumerate(squad())]
    scenario.units = [Unit("a", "A", "red", TroopType.INFANTRY, models)]
    world = WorldCache(library).world_for(scenario)
    second = free_offset(world, squad(), (36, 24), (72, 48))
    assert second != first
    placed = [as_geometry(Circle(c.x + second[0], c.y + second[1], R)) for c in squad()]
    assert not any(p.intersects(occupied(world, 0.25)) for p in placed)


def test_a_full_table_has_no_free_spot():
    world = WorldCache(default_library()).world_for(Scenario(table=Table(6, 4)))
    assert free_offset(world, squad(10), (3, 2), (6.0, 4.0)) is None
