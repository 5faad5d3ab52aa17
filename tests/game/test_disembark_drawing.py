"""The disembark zone drawn for a two-door building agrees with the check, model by model."""

from __future__ import annotations

import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from board.document.model import Base, Model, TerrainPiece, TroopType, Unit
from board.game.core.world import WorldCache
from board.game.occupancy.disembarking import check_positions, plan_disembark
from geometry import Circle, farthest_distance
from tests.game.samples import RED, library, scenario

RADIUS = 32 / 25.4 / 2
DOORS = (Point(20.0, 17.5), Point(20.0, 22.5))  # the medium building's doors, placed


def two_door_board():
    squad = Unit("sq", "Squad", RED, TroopType.INFANTRY,
                 [Model("sq-1", Base.round_mm(32), 20.0, 20.0)], embarked_in="m")
    s = scenario(terrain=[TerrainPiece("m", "wh40k_medium_building", 20.0, 20.0)], units=[squad])
    world = WorldCache(library()).world_for(s)
    return s, world, plan_disembark(s, library(), world, "sq")


S, WORLD, PLAN = two_door_board()


def test_the_plan_draws_each_door_and_the_battlements_apart():
    assert len(PLAN.parts) == 3  # two doors and the roof
    assert PLAN.decision and not PLAN.emergency


def test_a_base_straddling_both_door_zones_is_refused_and_drawn_outside():
    # level with the building's middle, 4.79" to the side of the doors: every point of the
    # base is within 6" of one door (the base's widest point is sqrt(5.42² + 2.5²) = 5.97"
    # from both), but its farthest point from either door is sqrt(4.79² + 2.5²) + 0.63 = 6.03"
    spot = (20.0 + 4.79, 20.0)
    base = Circle(*spot, RADIUS)
    assert all(farthest_distance(base, d) > 6.0 for d in DOORS)
    assert shapely.union_all(PLAN.parts).covers(base.polygon())
    assert not any(part.covers(base.polygon()) for part in PLAN.parts)
    assert not check_positions(S, WORLD, PLAN, {"sq-1": spot})[0].legal


@settings(max_examples=150, deadline=None)
@given(st.floats(12.0, 28.0), st.floats(10.0, 30.0))
def test_drawing_and_check_agree_for_bases_placed_at_random(x, y):
    base = Circle(x, y, RADIUS)
    body = base.polygon(0.0001)
    assume(min(abs(farthest_distance(base, d) - 6.0) for d in DOORS) > 0.002)
    footprint = WORLD.piece("m").footprint
    assume(body.boundary.distance(footprint.boundary) > 0.002)
    legal = check_positions(S, WORLD, PLAN, {"sq-1": (x, y)})[0].legal
    drawn = any(part.covers(body) for part in PLAN.parts)
    assert legal == drawn
