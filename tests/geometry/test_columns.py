"""The plan-angle shortcuts of geometry.columns against the plain exact picture.

``hidden_shares_from`` settles most targets by plan angles (seen whole, wholly hidden, or hidden
in whole columns by tall blockers in front); ``exact_hidden_shares`` draws every picture. They
must agree to float noise for every table, eye, target shape and height.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Polygon, box

from geometry import Blocker, Circle, SightRule, TerrainIndex, hull, oval_base
from geometry.columns import settled_shares
from geometry.picture import exact_hidden_shares, hidden_shares_from


def _blockers(specs):
    found = []
    for k, (x, y, w, d, turn, height, notch) in enumerate(specs):
        shape = box(x - w / 2, y - d / 2, x + w / 2, y + d / 2)
        if notch:  # an L: non-convex, the ruins' shape
            shape = shape.difference(box(x, y, x + w, y + d))
        found.append(Blocker(f"b{k}", affinity.rotate(shape, turn), height))
    return found


def _target(kind, x, y, size, turn):
    if kind == 0:
        return Circle(x, y, size)
    if kind == 1:
        return affinity.rotate(box(x - size, y - size / 2, x + size, y + size / 2), turn)
    if kind == 2:
        return oval_base(x, y, 60 * size, 35 * size, turn)
    if kind == 3:
        return hull(x, y, 2 * size, 1.5 * size, turn)
    angle = math.radians(turn)
    dx, dy = size * math.cos(angle), size * math.sin(angle)
    return LineString([(x - dx, y - dy), (x + dx, y + dy)])


blocker_specs = st.lists(st.tuples(st.floats(-8, 8), st.floats(-8, 8), st.floats(0.2, 5),
                                   st.floats(0.2, 5), st.floats(0, 90),
                                   st.sampled_from([0.3, 0.75, 1.0, 1.5, 2.5, 4.0, 8.0]),
                                   st.booleans()), min_size=0, max_size=6)
target_specs = st.lists(st.tuples(st.integers(0, 4), st.floats(-10, 10), st.floats(-10, 10),
                                  st.floats(0.3, 1.5), st.floats(0, 180),
                                  st.sampled_from([0.5, 1.0, 1.5, 3.0]),
                                  st.sampled_from([0.0, 0.0, 0.5, 2.0])),
                        min_size=1, max_size=8)


@settings(max_examples=150, deadline=None)
@given(blocker_specs, target_specs, st.tuples(st.floats(-12, 12), st.floats(-12, 12)),
       st.sampled_from([0.0, 0.5, 1.0, 1.5, 3.0]), st.sampled_from(list(SightRule)),
       st.booleans())
def test_shortcuts_agree_with_the_exact_picture(specs, targets, eye, eye_height, rule, ignore):
    blockers = _blockers(specs)
    index = TerrainIndex(blockers)
    shapes = [_target(k, x, y, s, t) for k, x, y, s, t, _, _ in targets]
    tops = np.array([top + bottom for *_, top, bottom in targets])
    bottoms = np.array([bottom for *_, bottom in targets])
    skip = frozenset({"b0"}) if ignore else frozenset()
    fast = hidden_shares_from(index, eye, eye_height, shapes, tops, bottoms, rule, skip)
    slow = exact_hidden_shares(index, eye, eye_height, shapes, tops, bottoms, rule, skip)
    assert fast == pytest.approx(slow, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(-0.3, 0.3), st.sampled_from([1.0, 2.0, 5.0]))
def test_a_tall_building_hiding_part_of_a_base_from_one_side(edge, offset, height):
    """The partly hidden case the columns settle: share as the exact picture, either side."""
    radius = 0.63
    # the building's edge is on the line from the eye to `edge` of the base's width
    building = Blocker("b", box(5.0, -10.0, 7.0, _edge_for(offset - radius + 2 * radius * edge)),
                       height)
    index = TerrainIndex([building])
    base = Circle(12.0, offset, radius)
    fast = hidden_shares_from(index, (0.0, 0.0), 1.0, [base], 1.0)
    slow = exact_hidden_shares(index, (0.0, 0.0), 1.0, [base], 1.0)
    assert float(fast[0]) == pytest.approx(float(slow[0]), abs=1e-9)
    assert 0.0 < float(fast[0]) < 1.0


def _edge_for(y_at_12):
    """The y of a building (x from 5 to 7, reaching up from y = −10) whose corner hides up to
    ``y_at_12`` at x = 12, the eye at the origin."""
    return y_at_12 * (5.0 if y_at_12 > 0 else 7.0) / 12.0


def test_cover_threshold_from_a_tall_edge_matches_the_exact_picture_on_both_sides():
    """Around 25% hidden by a building's corner, the shortcut gives the exact figure."""
    radius = 0.63
    index_for = {}
    shares = []
    for y_at in np.linspace(-0.40, -0.25, 61):
        y_edge = _edge_for(y_at)
        index_for[y_edge] = TerrainIndex([Blocker("b", box(5.0, -10.0, 7.0, y_edge), 4.0)])
        fast = float(hidden_shares_from(index_for[y_edge], (0, 0), 1.0,
                                        [Circle(12, 0, radius)], 1.0)[0])
        slow = float(exact_hidden_shares(index_for[y_edge], (0, 0), 1.0,
                                         [Circle(12, 0, radius)], 1.0)[0])
        assert fast == pytest.approx(slow, abs=1e-9)
        shares.append(fast)
    assert min(shares) < 0.245 and max(shares) > 0.255  # the sweep crosses the threshold


def test_a_wall_lower_than_eye_and_target_is_never_settled_as_hiding_all():
    """Similar triangles: a low wall in front hides only the lower part, never the whole."""
    wall = Blocker("wall", box(10.95, -5, 11, 5), 0.75)
    index = TerrainIndex([wall])
    found = settled_shares(index, np.zeros((1, 2)), np.array([1.5]), [Circle(12, 0, 0.5)],
                           np.array([1.5]), np.array([0.0]), False, frozenset())
    assert math.isnan(found.hidden[0]) and not found.strips
    share = float(hidden_shares_from(index, (0, 0), 1.5, [Circle(12, 0, 0.5)], 1.5)[0])
    assert share == pytest.approx(0.473, abs=0.001)


def test_settled_kinds_on_a_plain_table():
    tower = Blocker("tower", box(5, -1, 6, 1), 6.0)
    index = TerrainIndex([tower])
    eyes = np.zeros((4, 2))
    bases = [Circle(10, 0, 0.5),          # wholly behind the tower
             Circle(-10, 0, 0.5),         # the other way: seen whole
             Circle(3, 0, 0.5),           # in front of the tower: seen whole
             Circle(10, 1.6, 0.5)]        # half behind its corner
    ones = np.ones(4)
    found = settled_shares(index, eyes, ones, bases, ones, 0 * ones, False, frozenset())
    assert found.hidden[:3].tolist() == [1.0, 0.0, 0.0]
    assert 3 in found.strips
    assert settled_shares(index, eyes, ones, bases, ones, 0 * ones, False,
                          frozenset({"tower"})).hidden.tolist() == [0.0] * 4


def test_a_model_on_the_roof_is_left_to_the_exact_picture():
    roof = Blocker("roof", Polygon([(4, -2), (8, -2), (8, 2), (4, 2)]), 3.0)
    index = TerrainIndex([roof])
    base = Circle(6, 0, 0.5)
    found = settled_shares(index, np.zeros((1, 2)), np.array([1.0]), [base], np.array([4.0]),
                           np.array([3.0]), False, frozenset())
    assert math.isnan(found.hidden[0])
    fast = hidden_shares_from(index, (0, 0), 1.0, [base], 4.0, 3.0)
    assert fast == pytest.approx(exact_hidden_shares(index, (0, 0), 1.0, [base], 4.0, 3.0),
                                 abs=1e-9)


@settings(max_examples=80, deadline=None)
@given(blocker_specs, target_specs,
       st.lists(st.tuples(st.floats(-12, 12), st.floats(-12, 12)), min_size=1, max_size=3),
       st.sampled_from([0.5, 1.0, 3.0]))
def test_shortcuts_agree_with_an_eye_per_target(specs, targets, eyes, eye_height):
    """Many firers at many models in one pass (a unit's reading): each target its own eye."""
    index = TerrainIndex(_blockers(specs))
    shapes = [_target(k, x, y, s, t) for k, x, y, s, t, _, _ in targets]
    at = np.array([eyes[k % len(eyes)] for k in range(len(shapes))])
    heights = np.array([eye_height + 0.5 * (k % 2) for k in range(len(shapes))])
    tops = np.array([top + bottom for *_, top, bottom in targets])
    bottoms = np.array([bottom for *_, bottom in targets])
    fast = hidden_shares_from(index, at, heights, shapes, tops, bottoms)
    slow = exact_hidden_shares(index, at, heights, shapes, tops, bottoms)
    assert fast == pytest.approx(slow, abs=1e-9)


@settings(max_examples=120, deadline=None)
@given(blocker_specs.filter(lambda specs: len(specs) > 0), target_specs,
       st.floats(0, 1), st.booleans(), st.sampled_from([0.5, 1.0, 2.0, 3.0]),
       st.sampled_from(list(SightRule)))
def test_an_eye_on_a_blocker_s_outline_agrees_with_the_exact_picture(specs, targets, where,
                                                                     corner, eye_height,
                                                                     rule):
    # a mount on a wall: the eye stands on the outline of the first blocker (on an edge or
    # at a corner), which is not ignored; what it hides is settled by its cone of corners
    blockers = _blockers(specs)
    index = TerrainIndex(blockers)
    outline = blockers[0].footprint.exterior
    if corner:
        coords = np.asarray(outline.coords)[:-1]
        eye = tuple(coords[int(where * (len(coords) - 1))])
    else:
        eye = outline.interpolate(where, normalized=True).coords[0]
    shapes = [_target(k, x, y, s, t) for k, x, y, s, t, _, _ in targets]
    tops = np.array([top + bottom for *_, top, bottom in targets])
    bottoms = np.array([bottom for *_, bottom in targets])
    fast = hidden_shares_from(index, eye, eye_height, shapes, tops, bottoms, rule)
    slow = exact_hidden_shares(index, eye, eye_height, shapes, tops, bottoms, rule)
    assert fast == pytest.approx(slow, abs=1e-9)


def test_a_mount_on_a_wall_settles_what_the_wall_hides():
    # the eye on the wall's outline, 2" up; the 4" wall hides a model behind it wholly
    wall = TerrainIndex([Blocker("wall", box(0, 0, 10, 1), 4.0)])
    eye = (5.0, 0.0)
    behind, beside = Circle(5, 6, 0.5), Circle(5, -6, 0.5)
    found = settled_shares(wall, np.array([eye, eye]), np.array([2.0, 2.0]), [behind, beside],
                           np.array([1.5, 1.5]), np.zeros(2), False, frozenset())
    assert found.hidden.tolist() == [1.0, 0.0]
    assert exact_hidden_shares(wall, eye, 2.0, [behind, beside], 1.5).tolist() == [1.0, 0.0]


def test_an_l_shaped_ruin_hides_through_its_convex_parts():
    # a tall L-shaped ruin between the eye and a model: settled as wholly hidden through the
    # ruin's triangles (a non-convex blocker cannot be proved "in front" whole)
    ruin = Polygon([(4, -3), (6, -3), (6, 3), (5, 3), (5, -2), (4, -2)])
    index = TerrainIndex([Blocker("ruin", ruin, 6.0)])
    parts = index.convex_parts
    assert len(parts) > 1 and set(parts.ids) == {"ruin"} and bool(parts.convex.all())
    assert sum(p.area for p in parts.footprints) == pytest.approx(ruin.area, abs=1e-12)
    behind = Circle(10, 0, 0.5)
    found = settled_shares(parts, np.array([[0.0, 0.0]]), np.array([1.0]), [behind],
                           np.array([1.5]), np.zeros(1), False, frozenset())
    assert found.hidden.tolist() == [1.0]
    assert exact_hidden_shares(index, (0, 0), 1.0, [behind], 1.5).tolist() == [1.0]
    assert hidden_shares_from(index, (0, 0), 1.0, [behind], 1.5).tolist() == [1.0]
