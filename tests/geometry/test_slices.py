"""Slices of pictures in numpy (geometry.slices) against Shapely's box intersection."""

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import MultiPoint, box

from geometry import Circle
from geometry.picture_plane import ROUND_TOLERANCE, plan_outlines
from geometry.slices import circle_rings, ring_areas, round_solid_slices, slice_areas


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_slices_of_convex_and_bent_polygons_match_a_box_cut(seed):
    rng = np.random.default_rng(seed)
    polygons = [MultiPoint(rng.uniform(-5, 5, (12, 2))).convex_hull for _ in range(4)]
    polygons.append(shapely.Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)]))
    polygons.append(shapely.Polygon([(0, 0), (2, 0), (2, 3), (1, 3), (1, 1), (0, 1)]))
    xy, owner = shapely.get_coordinates(polygons, return_index=True)
    whose = rng.integers(0, len(polygons), 30)
    left = rng.uniform(-7, 7, 30)
    right = left + rng.uniform(-1, 8, 30)
    right[:3] = left[:3]  # no width
    left[3:6] = np.round(left[3:6])  # on a corner's x
    got = slice_areas(xy, owner, whose, left, right)
    want = [polygons[w].intersection(box(a, -99, b, 99)).area if b > a else 0.0
            for w, a, b in zip(whose, left, right, strict=True)]
    sign = np.sign(ring_areas(xy, owner, len(polygons)))[whose]
    assert np.allclose(got * sign, want, rtol=0, atol=1e-12)
    assert np.allclose(np.abs(ring_areas(xy, owner, len(polygons))),
                       [p.area for p in polygons], rtol=0, atol=1e-12)


def test_circle_rings_are_the_drawn_outlines():
    bases = [Circle(1, 2, 0.63), Circle(5, 5, 1.0), Circle(-3, 4, 0.63)]
    xy, owner = circle_rings(np.array([(c.x, c.y, c.radius) for c in bases]),
                             ROUND_TOLERANCE)
    for i, base in enumerate(bases):
        assert np.array_equal(xy[owner == i], shapely.get_coordinates(plan_outlines([base])[0]))


def test_a_ring_without_corners_has_no_area_and_no_slice():
    square = np.array([[0.0, 0], [2, 0], [2, 2], [0, 2], [0, 0]])
    owner = np.zeros(5, dtype=np.intp)
    assert ring_areas(square, owner, 2).tolist() == [4.0, 0.0]
    assert slice_areas(square, owner, np.array([1, 0]), np.array([0.0, 0.0]),
                       np.array([1.0, 1.0])).tolist() == [0.0, 2.0]


def _solid_picture(eye, h, base, top, bottom):
    """The slow way: the base's drawn polygon at foot and top, projected, and Shapely's hull."""
    ring = shapely.get_coordinates(plan_outlines([base])[0])
    view = np.array(base.centre) - np.asarray(eye)
    dist = float(np.hypot(*view))
    u = view / dist
    rel = ring - np.asarray(eye)
    ahead = rel @ u
    x = (rel[:, 1] * u[0] - rel[:, 0] * u[1]) * dist / ahead
    points = [(xi, h + (z - h) * dist / a) for z in (bottom, top)
              for xi, a in zip(x, ahead, strict=True)]
    return MultiPoint(points).convex_hull


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_round_solid_slices_match_the_hull_of_the_projected_rings(seed):
    # eyes below, level with and above the feet and tops; radii of several side counts; a
    # base on a roof (its foot above the eye) and one whose top is below the eye
    rng = np.random.default_rng(seed)
    count = 6
    eyes = rng.uniform(-10, 10, (count, 2))
    radii = rng.choice([0.25, 0.63, 0.98, 1.5, 3.0], count)
    towards = rng.uniform(0, 2 * np.pi, count)
    far = radii + rng.uniform(0.05, 20, count)
    centres = eyes + far[:, None] * np.stack([np.cos(towards), np.sin(towards)], axis=1)
    any_ = rng.random(count) < 0.5  # half on round figures (level with the eye), half anywhere
    heights = np.where(any_, rng.uniform(0, 5, count), rng.choice([0.0, 0.5, 1.0, 2.0, 5.0], count))
    bottoms = np.where(any_, rng.uniform(0, 3, count), rng.choice([0.0, 0.0, 1.0, 3.0], count))
    tops = bottoms + np.where(any_, rng.uniform(0, 3, count),
                              rng.choice([0.0, 0.5, 1.0, 2.5], count))
    xyr = np.column_stack([centres, radii])
    whose = rng.integers(0, count, 20)
    left = rng.uniform(-3, 3, 20)
    right = left + rng.uniform(-0.5, 4, 20)
    total, sliced = round_solid_slices(eyes, heights, xyr, tops, bottoms, ROUND_TOLERANCE,
                                       whose, left, right)
    pictures = [_solid_picture(eyes[i], heights[i], Circle(*xyr[i]), tops[i], bottoms[i])
                for i in range(count)]
    want_total = [p.area if p.geom_type == "Polygon" else 0.0 for p in pictures]
    want = [pictures[w].intersection(box(a, -999, b, 999)).area if b > a else 0.0
            for w, a, b in zip(whose, left, right, strict=True)]
    scale = max(1.0, max(want_total))
    assert np.allclose(total, want_total, rtol=0, atol=1e-9 * scale)
    assert np.allclose(sliced, want, rtol=0, atol=1e-9 * scale)
