"""Where a model may stand (board/game/core/standing.py): bases, buildings, battlements, edge."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.names import Namer
from board.game.core.standing import (
    ClashKind,
    DragCheck,
    clash_text,
    overlapping_pairs,
    placed_shapes,
    standing_clashes,
    translated,
)
from board.game.core.world import WorldCache
from tests.game.samples import BLUE, RED, library, round_unit, scenario

MARINE = 25.0 / 25.4 / 2  # a 25 mm base's radius, inches


def _rhino() -> Unit:
    return Unit("rhino", "Rhino", RED, TroopType.VEHICLE,
                [Model("rhino-1", Base.hull_in(4.5, 2.75), 40.0, 40.0)])


def _marines() -> Unit:
    unit = round_unit("tac", BLUE, [(10.0 + k, 10.0) for k in range(5)], mm=25.0)
    unit.name = "Tactical Squad"
    return unit


def _world(system=RuleSystem.WH40K, terrain=None, units=None):
    s = scenario(system, terrain, units if units is not None else [_rhino(), _marines()])
    return s, WorldCache(library()).world_for(s)


def test_rhino_dropped_on_four_marines() -> None:
    s, world = _world()
    # the hull along the rank (facing 90: 4.5" across x, 2.75" deep), its near side 1.25" into
    # the marines' bases: move it back 1.25" and it touches them
    shapes = placed_shapes(s, {"rhino-1": (11.2, 10.0 + MARINE - 1.25 + 1.375, 90.0)})
    clashes = standing_clashes(world, shapes, (72.0, 48.0))
    assert {c.other for c in clashes} == {"tac-1", "tac-2", "tac-3", "tac-4"}
    assert max(c.depth for c in clashes) == pytest.approx(1.25)
    text = clash_text(clashes, world, Namer.for_world(world, s))
    assert text == 'Rhino overlaps 4 models of Tactical Squad by up to 1.25"'


def test_touching_is_not_overlapping() -> None:
    s, world = _world()
    shapes = placed_shapes(s, {"rhino-1": (10.0, 10.0 + MARINE + 1.375, 90.0)})
    assert standing_clashes(world, shapes, (72.0, 48.0)) == ()


def test_own_old_place_is_no_obstacle_and_off_table() -> None:
    s, world = _world()
    shapes = placed_shapes(s, {"tac-1": (0.3, 10.0, 0.0), "tac-2": (11.2, 10.0, 0.0)})
    clashes = standing_clashes(world, shapes, (72.0, 48.0))
    kinds = {(c.model_id, c.kind, c.other) for c in clashes}
    assert kinds == {("tac-1", ClashKind.OFF_TABLE, ""), ("tac-2", ClashKind.MODEL, "tac-3")}
    words = clash_text(clashes, world, Namer.for_world(world, s))
    assert words == ('2 models of Tactical Squad overlap Tactical Squad, model 3 by 0.18" and '
                     'stand off the table by 0.19"')


def test_in_a_building_but_not_on_its_battlements() -> None:
    bastion = TerrainPiece("bastion", "imperial_bastion", 30.0, 24.0, 0.0)
    s, world = _world(terrain=[bastion])
    roof = world.pieces["bastion"].battlements
    assert roof is not None
    cx, cy = roof.centroid.x, roof.centroid.y
    on_roof = placed_shapes(s, {"tac-1": (cx, cy, 0.0)})
    assert standing_clashes(world, on_roof, (72.0, 48.0)) == ()
    x0 = world.pieces["bastion"].footprint.bounds[0]
    half_in = placed_shapes(s, {"tac-1": (x0, cy, 0.0)})  # straddling the wall
    (clash,) = standing_clashes(world, half_in, (72.0, 48.0))
    assert clash.kind is ClashKind.TERRAIN and clash.depth == pytest.approx(MARINE)
    assert clash_text([clash], world, Namer.for_world(world, s)).startswith(
        "Tactical Squad, model 1 overlaps Imperial Bastion by 0.49")


def test_fantasy_building_has_no_place_to_stand() -> None:
    house = TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0, 0.0)
    s, world = _world(RuleSystem.WARHAMMER_FANTASY, [house])
    shapes = placed_shapes(s, {"tac-1": (30.0, 24.0, 0.0)})
    (clash,) = standing_clashes(world, shapes, (72.0, 48.0))
    assert clash.kind is ClashKind.TERRAIN


def test_epic_speaks_centimetres() -> None:
    s, world = _world(RuleSystem.EPIC40K)
    shapes = placed_shapes(s, {"tac-1": (11.5, 10.0, 0.0)})
    clashes = standing_clashes(world, shapes, (72.0, 48.0))
    text = clash_text(clashes, world, Namer.for_world(world, s), cm=True)
    assert text == ("Tactical Squad, stand 1 overlaps 2 stands of Tactical Squad by up to "
                    "1.23 cm")


def test_at_rest_pairs_once() -> None:
    units = [round_unit("a", RED, [(10.0, 10.0), (10.5, 10.0), (20.0, 20.0)], mm=25.0)]
    s, world = _world(units=units)
    pairs = overlapping_pairs(world)
    assert [(c.model_id, c.other) for c in pairs] == [("a-1", "a-2")]
    assert pairs[0].depth == pytest.approx(2 * MARINE - 0.5)


@settings(max_examples=150, deadline=None)
@given(st.floats(-12, 40), st.floats(-12, 30))
def test_a_drags_fast_check_agrees_with_the_full_one(dx, dy) -> None:
    """The drag's per-move check finds exactly the clashes the drop's check does."""
    bastion = TerrainPiece("bastion", "imperial_bastion", 40.0, 30.0, 0.0)
    crowd = round_unit("crowd", RED, [(15.0 + 1.1 * (k % 6), 12.0 + 1.1 * (k // 6))
                                      for k in range(24)], mm=25.0)
    s, world = _world(terrain=[bastion], units=[_rhino(), _marines(), crowd])
    bases = {m: world.models[m].shape for m in ("tac-1", "tac-2", "tac-3")}
    fast = DragCheck(world, bases, (72.0, 48.0)).at(dx, dy)
    full = standing_clashes(world, {m: translated(b, dx, dy) for m, b in bases.items()},
                            (72.0, 48.0))
    assert sorted((c.model_id, c.kind, c.other) for c in fast) == sorted(
        (c.model_id, c.kind, c.other) for c in full)
    assert sorted(c.depth for c in fast) == pytest.approx(sorted(c.depth for c in full))
