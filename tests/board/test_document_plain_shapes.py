"""The document's plain-Python shape answers are Shapely's answers, refusals and all.

:mod:`board.document.shapes` answers the sure cases without Shapely (so a launch need not
load it) and hands the rest to :mod:`board.document.shapes_shapely`; whatever the input, the
outcome (accepted, or the very same refusal) must be the one Shapely alone gives. Outlines
on a coarse grid make the doubtful cases common: corners on one line, edges touching or
doubling back, repeated points, parts sharing a wall.
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from board.document import jsontext, shapes, shapes_shapely
from board.document.errors import ScenarioError

Pt = tuple[float, float]

_grid = st.integers(-4, 4).map(lambda v: v / 2)  # half inches: collinear and touching often
_fine = st.floats(-20, 20, allow_nan=False).map(lambda v: round(v, 3))
_point = st.tuples(_grid, _grid) | st.tuples(_fine, _fine)
_anyhow = st.lists(_point, min_size=3, max_size=9)
#: Corners round a centre in angle order: a simple polygon (star-shaped) unless rounding
#: or a repeated angle says otherwise; the usual datasheet outline.
_star = st.lists(st.tuples(st.integers(0, 359), st.sampled_from([0.5, 1.0, 2.0, 3.5])),
                 min_size=3, max_size=12, unique_by=lambda c: c[0]).map(
    lambda corners: [(round(r * math.sin(math.radians(a)), 3),
                      round(-r * math.cos(math.radians(a)), 3)) for a, r in sorted(corners)])
_outline = _anyhow | _star


def outcome(check, *args) -> str | None:  # noqa: ANN001 - a check function of either module
    """``None`` if ``check`` accepts, else its refusal's text."""
    try:
        check(*args)
    except ScenarioError as refusal:
        return str(refusal)
    return None


@settings(max_examples=600, deadline=None)
@given(_outline)
def test_a_polygon_is_accepted_or_refused_as_shapely_alone_does(points: list[Pt]) -> None:
    plain = outcome(shapes.check_simple_polygon, points, "footprint")
    assert plain == outcome(shapes_shapely.check_simple_polygon, points, "footprint")


@settings(max_examples=600, deadline=None)
@given(_outline)
def test_surely_simple_is_never_wrong(points: list[Pt]) -> None:
    if shapes.surely_simple(points):
        assert LineString([*points, points[0]]).is_simple
        assert Polygon(points).area > 1e-9


@settings(max_examples=400, deadline=None)
@given(_outline, _point, st.sampled_from([0.0, 0.01, 0.5, 1.5]))
def test_a_point_near_or_within_is_judged_as_shapely_judges_it(points: list[Pt], point: Pt,
                                                                tolerance: float) -> None:
    if outcome(shapes_shapely.check_simple_polygon, points, "f") is not None:
        return  # a door is only placed on a footprint that was accepted
    for plain, exact in ((shapes.check_near_outline, shapes_shapely.check_near_outline),
                         (shapes.check_within, shapes_shapely.check_within)):
        assert outcome(plain, point, points, tolerance, "door") == \
            outcome(exact, point, points, tolerance, "door")


def test_a_door_exactly_at_the_tolerance_is_measured_by_shapely() -> None:
    square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
    assert outcome(shapes.check_near_outline, (2.0, 4.5), square, 0.5, "d") is None
    assert outcome(shapes.check_near_outline, (2.0, 4.6), square, 0.5, "d") == (
        'd: (2, 4.6) is 0.60 in from the footprint\'s walls; it must be within 0.5 in of them')
    assert outcome(shapes.check_within, (2.0, 2.0), square, 0.0, "w") is None  # inside


_box = st.tuples(_grid, _grid, st.sampled_from([0.5, 1.0, 2.0]), st.sampled_from([0.5, 1.5]))


@settings(max_examples=400, deadline=None)
@given(st.lists(_box, min_size=1, max_size=6), st.booleans())
def test_parts_overlap_or_not_as_shapely_says(boxes, turned: bool) -> None:  # noqa: ANN001
    outlines = {}
    for k, (x, y, w, h) in enumerate(boxes):
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        if turned:  # a part turned a little: its box is no longer its outline
            corners = [shapes.place_point(c, 0.0, 0.0, 10.0) for c in corners]
        outlines[f"p{k}"] = corners
    assert outcome(shapes.check_no_overlap, outlines, "parts") == \
        outcome(shapes_shapely.check_no_overlap, outlines, "parts")


def test_many_corners_are_left_to_shapely() -> None:
    circle = [(math.cos(k / 100 * math.tau), math.sin(k / 100 * math.tau)) for k in range(100)]
    assert not shapes.surely_simple(circle)  # more than PLAIN_MOST: Shapely's index
    assert outcome(shapes.check_simple_polygon, circle, "f") is None


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='[]{}"a\\', max_size=300))
def test_the_nesting_depth_is_summed_alike_without_and_with_numpy(text: str) -> None:
    plain = jsontext._too_deep(text * 3)
    before = jsontext._NUMPY_FROM
    jsontext._NUMPY_FROM = 0
    try:
        assert jsontext._too_deep(text * 3) == plain
    finally:
        jsontext._NUMPY_FROM = before
