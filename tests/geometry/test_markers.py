import math

import pytest
from shapely.geometry import Point, box

from geometry import (
    LARGE_BLAST,
    Circle,
    blast_marker,
    centre_over,
    marker_hits,
    teardrop_template,
)


def test_blast_touches_models_partly_under_it():
    blast = blast_marker(0, 0, LARGE_BLAST)  # radius 2.5
    models = [("under", Circle(0, 0, 0.5)), ("edge", Circle(3, 0, 0.5)),
              ("clear", Circle(3.01, 0, 0.5))]
    assert marker_hits(blast, models=models).models == ("under", "edge")


def test_blast_over_battlements_building_and_fire_point():
    blast = blast_marker(10, 10)
    building = box(11, 8, 15, 12)
    hits = marker_hits(blast, battlements=[("roof", building)], buildings=[("b", building)],
                       fire_points=[("fp", Point(11, 10)), ("far", Point(15, 10))])
    assert hits.battlements == ("roof",) and hits.buildings == ("b",)
    assert hits.fire_points == ("fp",)


def test_teardrop_template_shape():
    template = teardrop_template(0, 0, 0)  # pointing up the table
    minx, miny, maxx, maxy = template.bounds
    assert (minx, maxx) == pytest.approx((-1, 1))
    assert (miny, maxy) == pytest.approx((-8, 0))
    assert template.contains(Point(0, -7))
    assert not template.contains(Point(0.9, -0.5))  # the narrow end is only 0.5" wide
    assert template.area == pytest.approx(8 * 1.25, rel=0.12)


def test_template_touching_a_fire_point_and_a_model():
    template = teardrop_template(0, 0, 90, length=8)
    hits = marker_hits(template, models=[("a", Circle(7, 1.4, 0.5)), ("b", Circle(7, 1.6, 0.5))],
                       fire_points=[("fp", Point(8, 0))])
    assert hits.models == ("a",) and hits.fire_points == ("fp",)
    assert math.isclose(template.bounds[2], 8)


def test_centre_over_a_building():
    assert centre_over(blast_marker(1, 1), box(0, 0, 2, 2))
    assert centre_over(blast_marker(2, 1), box(0, 0, 2, 2))  # on the wall counts
    assert not centre_over(blast_marker(2.01, 1), box(0, 0, 2, 2))
