"""Kept range rings (``ring`` annotations), typed distances, shapes moved by a drag."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point, box

from board.check import check_report
from board.document.io import scenario_from_dict, scenario_to_dict
from board.document.model import Annotation, RuleSystem
from board.game.core.targets import ModelTarget, PieceTarget, UnitTarget, ZoneTarget
from board.game.measuring.annotations import AnnotationError
from board.game.measuring.rings import (
    RING_KIND,
    parse_distances,
    read_ring,
    ring_annotation,
    ring_areas,
    shifted,
)
from geometry import Circle
from tests.game import samples

R32 = 16.0 / 25.4


def test_a_ring_round_trips_through_its_annotation_in_cm():
    made = ring_annotation("r1", ModelTarget("m1"), (15, 30), "cm")
    assert made.kind == RING_KIND
    kept = read_ring(made)
    assert kept.target == ModelTarget("m1")
    assert kept.distances == (15.0, 30.0)
    assert kept.radii == pytest.approx((15 / 2.54, 30 / 2.54))
    assert kept.text == "rings 15.00 cm, 30.00 cm around model m1"


def test_weapon_ranges_need_a_piece_and_no_distances():
    kept = read_ring(ring_annotation("w", PieceTarget("b"), (), "in", weapons=True))
    assert kept.weapons and kept.text == "emplaced weapon ranges of piece b"
    with pytest.raises(AnnotationError, match="weapon ranges need a piece target, got unit u"):
        ring_annotation("w", UnitTarget("u"), (), "in", weapons=True)


@pytest.mark.parametrize(("data", "message"), [
    ({"target": {"type": "unit", "id": "u"}, "distances": []}, "give at least one distance"),
    ({"target": {"type": "unit", "id": "u"}, "distances": "6"}, "must be a list"),
    ({"target": {"type": "unit", "id": "u"}, "distances": [6, True]}, "got True"),
    ({"target": {"type": "unit", "id": "u"}, "distances": [-1]}, "above 0, got -1"),
    ({"target": {"type": "unit", "id": "u"}, "distances": [6], "distance_unit": "ft"},
     "distance_unit must be 'in' or 'cm', got 'ft'"),
    ({"target": {"type": "tree"}, "distances": [6]}, "unknown target type 'tree'"),
    ({"target": {"type": "piece", "id": "b"}, "weapons": "yes"}, "weapons must be true or false"),
])
def test_a_bad_ring_names_itself_and_the_value(data, message):
    with pytest.raises(AnnotationError, match="annotation 'bad' \\(ring\\)") as caught:
        read_ring(Annotation("bad", "ring", data))
    assert message in str(caught.value)


@pytest.mark.parametrize(("text", "expected"), [
    ("6", (6.0,)), ("6, 12", (6.0, 12.0)), ('6" 12"', (6.0, 12.0)), ("0.5;1", (0.5, 1.0)),
])
def test_typed_distances(text, expected):
    assert parse_distances(text, "in") == expected


@pytest.mark.parametrize(("text", "message"), [
    ("", "type at least one distance"), ("6, x", "'x' is not a distance"),
    ("0", "above 0 in, got 0"), ("nan", "above 0 cm, got nan"),
])
def test_typed_distances_refused_with_the_word(text, message):
    with pytest.raises(ValueError, match=message):
        parse_distances(text, "cm" if text == "nan" else "in")


def test_shifted_moves_circles_and_polygons_and_keeps_an_unmoved_shape():
    circle = Circle(1.0, 2.0, 0.5)
    assert shifted(circle, 0.0, 0.0) is circle
    assert shifted(circle, 2.0, -1.0) == Circle(3.0, 1.0, 0.5)
    assert shifted(box(0, 0, 1, 1), 2.0, 3.0).bounds == (2.0, 3.0, 3.0, 4.0)


def test_ring_areas_of_a_base_are_circles_of_base_plus_distance():
    base = Circle(10.0, 10.0, R32)
    (six,) = ring_areas([base], [6.0])
    assert six.area.area == pytest.approx(math.pi * (6 + R32) ** 2, rel=5e-4)  # 0.0005" chords
    assert six.area.covers(Point(10 + 6 + R32 - 0.001, 10))
    assert not six.area.covers(Point(10 + 6 + R32 + 0.002, 10))


def test_ring_areas_of_two_bases_join_and_refuse_a_zero_radius():
    (ring,) = ring_areas([Circle(0, 0, 0.5), Circle(3, 0, 0.5)], [2.0])
    assert ring.area.geom_type == "Polygon"  # 2.5 + 2.5 > 3: one area
    with pytest.raises(ValueError, match="above 0, got 0"):
        ring_areas([Point(0, 0)], [0.0])


def test_rings_are_saved_and_check_lists_them_without_a_verdict():
    scenario = samples.scenario(RuleSystem.WH40K,
                                units=[samples.round_unit("u", samples.RED, [(10, 10)])])
    scenario.annotations.append(ring_annotation("ring-1", UnitTarget("u"), (6,), "in"))
    again = scenario_from_dict(scenario_to_dict(scenario), samples.library())
    assert read_ring(again.annotations[0]) == read_ring(scenario.annotations[0])
    report = check_report(again, samples.library())
    assert report["other_annotations"] == [{"id": "ring-1", "kind": "ring",  # named, no id
                                            "text": 'kept ring 6.00" around u (no verdict)'}]


def test_a_ring_around_a_zone_is_allowed():
    kept = read_ring(ring_annotation("z", ZoneTarget("void_shield", "vsg"), (3,), "in"))
    assert kept.text == 'ring 3.00" around void-shield zone of vsg'


def test_moved_world_measures_where_the_dragged_models_stand_and_leaves_the_world_alone():
    from board.game.core.world import WorldCache
    from board.game.measuring.rings import moved_world
    from board.game.measuring.ruler import ruler

    scenario = samples.scenario(units=[samples.round_unit("a", samples.RED, [(10, 10)]),
                                       samples.round_unit("b", samples.BLUE, [(20, 10)])])
    world = WorldCache(samples.library()).world_for(scenario)
    preview = moved_world(world, {"b-1": (-4.0, 3.0)})
    moved = ruler(preview, ModelTarget("a-1"), ModelTarget("b-1")).distance
    assert moved == pytest.approx(math.dist((10, 10), (16, 13)) - 2 * R32)
    assert ruler(world, ModelTarget("a-1"), ModelTarget("b-1")).distance == pytest.approx(
        10 - 2 * R32)
    assert preview.models["a-1"] is world.models["a-1"] and preview.terrain is world.terrain


def test_a_ring_around_one_mount_round_trips_and_names_it():
    kept = read_ring(ring_annotation("m", PieceTarget("b"), (12,), "in", mount="gun"))
    assert kept.mount == "gun" and kept.text == 'ring 12.00" around weapon gun of piece b'
    with pytest.raises(AnnotationError, match="a mount needs a piece target, got unit u"):
        ring_annotation("m", UnitTarget("u"), (12,), "in", mount="gun")
    with pytest.raises(AnnotationError, match="mount must be an emplaced weapon's id, got 3"):
        read_ring(Annotation("m", "ring", {"target": {"type": "piece", "id": "b"},
                                           "distances": [6], "mount": 3}))
