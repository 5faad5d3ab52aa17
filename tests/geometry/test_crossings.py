"""Sight lines answered in numpy (geometry.crossings) against GEOS, one line at a time."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, MultiPolygon, Polygon, box

from geometry import Blocker, TerrainIndex, rays_blocked, sight_matrix
from geometry.crossings import eye_lines_meet

L_RUIN = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
COURTYARD = Polygon(box(0, 0, 6, 6).exterior.coords, [box(2, 2, 4, 4).exterior.coords])


def _layout(rng: np.random.Generator) -> list[Blocker]:
    """Rotated boxes, an L-shaped ruin, a courtyard with a hole and a two-part footprint."""
    shapes = []
    for _ in range(8):
        w, d = rng.uniform(0.5, 4, 2)
        x, y = rng.uniform(0, 30, 2)
        shapes.append(affinity.rotate(box(x, y, x + w, y + d), rng.uniform(0, 90)))
    shapes.append(affinity.translate(L_RUIN, *rng.uniform(0, 25, 2)))
    shapes.append(affinity.translate(COURTYARD, *rng.uniform(0, 25, 2)))
    x, y = rng.uniform(0, 25, 2)
    shapes.append(MultiPolygon([box(x, y, x + 1, y + 1), box(x + 2, y, x + 3, y + 1)]))
    return [Blocker(f"b{i}", s, float(rng.uniform(1, 6))) for i, s in enumerate(shapes)]


def _points(rng: np.random.Generator, blockers: list[Blocker], count: int) -> np.ndarray:
    """Random points, many of them on corners, on edges or inside footprints."""
    points = rng.uniform(-2, 34, (count, 2))
    corners = np.concatenate([np.asarray(b.footprint.convex_hull.exterior.coords)
                              for b in blockers])
    pick = rng.integers(0, len(corners), count)
    kind = rng.integers(0, 5, count)
    points[kind == 0] = corners[pick[kind == 0]]  # on a corner
    on_edge = np.flatnonzero(kind == 1)
    for i in on_edge:  # on an edge (the outline at a random share of its length)
        ring = blockers[int(rng.integers(0, len(blockers)))].footprint
        outline = ring.boundary
        points[i] = outline.interpolate(float(rng.uniform(0, 1)), normalized=True).coords[0]
    points[kind == 2] = np.round(points[kind == 2])  # on the grid the boxes snap to
    return points


def _naive(blockers: list[Blocker], eye: np.ndarray, end: np.ndarray) -> bool:
    line = LineString([tuple(eye), tuple(end)])
    return any(b.footprint.intersects(line) for b in blockers)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_lines_from_a_few_eyes_meet_exactly_what_geos_says(seed):
    rng = np.random.default_rng(seed)
    blockers = _layout(rng)
    index = TerrainIndex(blockers)
    eyes = _points(rng, blockers, 12)
    ends = _points(rng, blockers, 300)
    eye_of = rng.integers(0, len(eyes), len(ends)).astype(np.intp)
    ends[:5] = eyes[eye_of[:5]]  # lines of no length
    chosen = np.flatnonzero(rng.uniform(size=len(blockers)) < 0.8)
    got = eye_lines_meet(index, chosen, eyes, eye_of, ends)
    kept = [blockers[j] for j in chosen]
    want = [_naive(kept, eyes[k], e) for k, e in zip(eye_of, ends, strict=True)]
    assert got.tolist() == want


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_many_rays_agree_with_few_rays_and_the_naive_loop(seed):
    # 400 rays go through the numpy path, 40 at a time through GEOS's prepared union
    rng = np.random.default_rng(seed)
    blockers = [b for b in _layout(rng) if b.footprint.geom_type == "Polygon"][:6]
    index = TerrainIndex(blockers)
    starts = _points(rng, blockers, 20)[rng.integers(0, 20, 400)]
    ends = _points(rng, blockers, 400)
    heights = rng.uniform(0.5, 7, 400)
    many = rays_blocked(index, starts, ends, heights, heights)
    few = np.concatenate([rays_blocked(index, starts[i:i + 40], ends[i:i + 40],
                                       heights[i:i + 40], heights[i:i + 40])
                          for i in range(0, 400, 40)])
    assert many.tolist() == few.tolist()
    tall = [[b for b in blockers if b.height >= h] for h in heights]
    assert many.tolist() == [_naive(t, s, e) for t, s, e in zip(tall, starts, ends, strict=True)]


def test_the_sight_matrix_agrees_with_the_naive_loop():
    rng = np.random.default_rng(7)
    blockers = _layout(rng)
    index = TerrainIndex(blockers)
    shooters, targets = _points(rng, blockers, 30), _points(rng, blockers, 30)
    got = sight_matrix(index, shooters, 1.0, targets, 1.0)
    want = [[not _naive(blockers, s, t) for t in targets] for s in shooters]
    assert got.tolist() == want


def test_a_line_grazing_a_corner_or_running_along_a_wall_is_blocked():
    wall = TerrainIndex([Blocker("wall", box(4, 0, 5, 5), 3.0)])
    eyes = np.array([[0.0, 0.0]])
    ends = np.array([[8.0, 9.0],     # into the wall
                     [8.0, 0.0],     # along the wall's bottom edge
                     [4.0, 5.0],     # ends on the corner
                     [3.999, 5.0],   # stops short of it
                     [10.0, 12.5]])  # through the corner (4, 5)
    got = eye_lines_meet(wall, np.array([0]), eyes, np.zeros(5, dtype=np.intp), ends)
    assert got.tolist() == [True, True, True, False, True]
