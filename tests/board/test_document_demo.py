"""The shipped demo scenario is what the issue asks for, and its models stand sensibly."""

from __future__ import annotations

import math

import pytest
from shapely import affinity
from shapely.geometry import Point, Polygon, box

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.document.model import BaseShape, Model, Scenario, TroopType
from board.document.shapes import place_point
from tests.board import samples


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_scenario(DEMO_SCENARIO_PATH)


def base_shape(model: Model) -> Polygon:
    base = model.base
    if base.shape is BaseShape.HULL:
        shape = box(-base.width_in / 2, -base.length_in / 2, base.width_in / 2, base.length_in / 2)
    else:
        shape = affinity.scale(Point(0, 0).buffer(0.5, 64), base.width_in, base.length_in)
    return affinity.translate(affinity.rotate(shape, model.facing), model.x, model.y)


def footprints(demo: Scenario) -> dict[str, Polygon]:
    lib = samples.library()
    return {
        p.id: Polygon([place_point(q, p.x, p.y, p.rotation) for q in lib[p.datasheet].footprint])
        for p in demo.terrain
    }


def test_table_sides_and_system(demo: Scenario) -> None:
    assert (demo.table.width, demo.table.height) == (72.0, 48.0)
    assert demo.rule_system.value == "wh40k"
    assert len(demo.sides) == 2 and demo.sides[0].colour != demo.sides[1].colour
    assert all(side.name for side in demo.sides)


def test_named_buildings_are_placed(demo: Scenario) -> None:
    sheets = {p.datasheet for p in demo.terrain}
    assert {"imperial_bastion", "void_shield_generator"} <= sheets
    fortress = {p.part for p in demo.terrain if p.group_datasheet == "fortress_of_redemption"}
    assert fortress == {"tower", "wall", "left_annex", "right_annex"}
    assert len(demo.terrain) >= 9
    bastion = next(p for p in demo.terrain if p.datasheet == "imperial_bastion")
    assert bastion.claimed_by in {s.id for s in demo.sides}
    inside = demo.units_in(bastion.id)
    assert len(inside) == 1 and inside[0].side == bastion.claimed_by


def test_units_of_each_kind(demo: Scenario) -> None:
    for side in demo.sides:
        units = [u for u in demo.units if u.side == side.id]
        assert len(units) >= 4
        squads = [u for u in units if u.troop_type is TroopType.INFANTRY]
        assert any(5 <= len(u.models) <= 10 for u in squads)
    kinds = {u.troop_type for u in demo.units}
    assert {
        TroopType.INFANTRY,
        TroopType.VEHICLE,
        TroopType.WALKER,
        TroopType.INDEPENDENT_CHARACTER,
    } <= kinds
    bases = {m.base.shape for u in demo.units for m in u.models}
    assert bases == {BaseShape.ROUND, BaseShape.OVAL, BaseShape.HULL}
    assert {
        m.base.length for u in demo.units for m in u.models if m.base.shape is BaseShape.ROUND
    } >= {25.0, 32.0}


def test_models_on_the_table_clear_of_buildings_and_each_other(demo: Scenario) -> None:
    table = box(0, 0, demo.table.width, demo.table.height)
    buildings = footprints(demo)
    shapes = {m.id: base_shape(m) for u in demo.units if u.on_table for m in u.models}
    for model_id, shape in shapes.items():
        assert table.contains(shape), model_id
        for piece_id, footprint in buildings.items():
            assert not shape.intersects(footprint), (model_id, piece_id)
    ids = list(shapes)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert not shapes[a].intersects(shapes[b]), (a, b)


def test_buildings_on_the_table_and_apart(demo: Scenario) -> None:
    table = box(0, 0, demo.table.width, demo.table.height)
    shapes = footprints(demo)
    for piece_id, shape in shapes.items():
        assert table.contains(shape), piece_id
    groups = {p.id: p.group or p.id for p in demo.terrain}
    ids = list(shapes)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if groups[a] != groups[b]:
                assert shapes[a].distance(shapes[b]) >= 2.0, (a, b)


def test_squads_are_in_coherency(demo: Scenario) -> None:
    for unit in demo.units:
        if not unit.on_table or len(unit.models) < 2:
            continue
        shapes = [base_shape(m) for m in unit.models]
        for i, shape in enumerate(shapes):
            nearest = min(shape.distance(o) for j, o in enumerate(shapes) if j != i)
            assert nearest <= 2.0, (unit.id, i, nearest)
    assert math.isfinite(sum(m.x for u in demo.units for m in u.models))
