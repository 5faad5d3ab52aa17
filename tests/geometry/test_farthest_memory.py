""""Wholly within" a zone of hundreds of corners, in bounded memory (a crash found 4 Dec 2026).

A 105×70 mm oval inside a Vanguard Strike zone (a 12" circle cut out of it, ~180 corners)
made the farthest-distance search build all 16 million three-feature points at once and ask
for 42.6 GiB. Each case here runs in a child process limited to 1.5 GiB of address space, so
the old code fails with MemoryError instead of swapping the machine.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import shapely
from shapely.geometry import Point, Polygon, box

from geometry import Circle, farthest_distance, hull, oval_base
from geometry.ellipse import ellipse_of
from geometry.farthest import _features

LIMIT = 1536 * 1024 * 1024  # bytes of address space for the child


def _bounded(code: str) -> dict:
    """Run ``code`` (which prints one JSON line) in a child with LIMIT bytes of memory."""
    prelude = textwrap.dedent(f"""
        import json, resource
        resource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT}))
    """)
    run = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def _cut_zone(segments: int) -> Polygon:
    """A triangle less a circle about 12" across its long side: Vanguard Strike's shape."""
    cut = Point(36, 24).buffer(12.0, quad_segs=segments)
    return Polygon([(0, 0), (72, 0), (0, 48)]).difference(cut)


def _grid(base, spacing):
    """The points of a grid ``spacing`` apart that lie in the base."""
    x0, y0, x1, y1 = base.bounds
    xs, ys = np.meshgrid(np.arange(x0, x1, spacing), np.arange(y0, y1, spacing))
    grid = np.column_stack([xs.ravel(), ys.ravel()])
    oval = ellipse_of(base)
    return grid[oval.contains_points(grid)] if oval is not None else grid[
        shapely.contains_xy(base, grid[:, 0], grid[:, 1])]


def _sampled(base, target, spacing=0.004, block=16):
    """The largest distance from ``target`` over a grid of points of the base (a floor).

    The largest over every point of the grid, measured by GEOS, but not every point is
    measured: the grid is cut into squares of ``block`` × ``block`` points, and a square whose
    centre is ``d`` from the target holds no point farther than ``d`` + its half-diagonal
    (a distance changes no faster than the point moves). Squares are gone through from the
    highest such bound down, and once a bound is below the largest distance measured, no
    later square can hold a larger one: the answer is the full grid's, to the last bit
    (checked against measuring every point: 113.8 s against 1,006 corners under load).
    """
    grid = _grid(base, spacing)
    side = spacing * block
    cells = np.floor((grid - grid.min(axis=0)) / side).astype(np.int64)
    keys, which = np.unique(cells, axis=0, return_inverse=True)
    which = which.ravel()
    order = np.argsort(which, kind="stable")
    ends = np.cumsum(np.bincount(which, minlength=len(keys)))
    centres = grid.min(axis=0) + (keys + 0.5) * side
    bound = np.asarray(shapely.distance(shapely.points(centres), target), dtype=float)
    bound += side * np.sqrt(0.5) + 1e-9
    best = -np.inf
    for cell in np.argsort(-bound, kind="stable").tolist():
        if bound[cell] < best:
            break
        points = grid[order[(ends[cell - 1] if cell else 0):ends[cell]]]
        best = max(best, float(np.asarray(shapely.distance(shapely.points(points), target)).max()))
    return best


def test_an_oval_in_a_non_convex_zone_of_180_corners_in_bounded_memory():
    found = _bounded("""
        from shapely.geometry import Point, Polygon
        from geometry import farthest_distance, oval_base
        cut = Point(36, 24).buffer(12.0, quad_segs=87)
        zone = Polygon([(0, 0), (72, 0), (0, 48)]).difference(cut)
        assert len(zone.exterior.coords) == 180
        inside = farthest_distance(oval_base(8, 8, 105, 70, 0), zone)
        across = farthest_distance(oval_base(36, 20, 105, 70, 30), zone)
        print(json.dumps({"inside": inside, "across": across}))
    """)
    assert found["inside"] == 0.0
    zone = _cut_zone(87)
    sampled = _sampled(oval_base(36, 20, 105, 70, 30), zone)
    assert sampled <= found["across"] <= sampled + 0.002  # never short, exact to the grid


OVAL = (lambda x, y: oval_base(x, y, 105, 70, 30), (36, 24))  # straddling the cut's centre
SMALL_OVAL = (lambda x, y: oval_base(x, y, 60, 35, 0), (30, 18))  # reaching into the cut
ROUND = (lambda x, y: Circle(x, y, 1.0), (36.5, 24))
HULL = (lambda x, y: hull(x, y, 3, 2, 20), (36, 23))


# 87 → 180 corners; 500 → 1,006 (docs/limits.md allows 1,000). A round base there took 95 s
# and a hull 595 s before the largest distance skipped the candidates that cannot beat it
# (Features.largest); now a few seconds each.
@pytest.mark.parametrize(("segments", "case"), [
    (87, OVAL), (87, SMALL_OVAL), (87, ROUND), (87, HULL), (500, OVAL), (500, SMALL_OVAL),
    (500, ROUND), (500, HULL)])
def test_never_below_a_sampled_point_at_up_to_1000_corners(segments, case):
    zone = _cut_zone(segments)
    make, where = case
    base = make(*where)
    far = farthest_distance(base, zone)
    sampled = _sampled(base.polygon() if isinstance(base, Circle) else base, zone)
    assert sampled - 1e-9 <= far <= sampled + 0.01


def test_a_base_in_a_round_hole_peaks_at_its_centre():
    # a board less a 12" circle: all ~180 edges are equally far from the centre, the peak
    # inside the base; the square search finds it to 1e-10" without 16 million points
    board = box(0, 0, 72, 48).difference(Point(36, 24).buffer(12.0, quad_segs=45))  # 180
    features = _features(board)
    assert not features.is_small
    top = 12.0 * np.cos(np.pi / 180)  # the edges' distance from the centre
    for base in (oval_base(36, 24, 105, 70, 30), Circle(36.2, 24.1, 1.0),
                 hull(36, 23, 3, 2, 20)):
        assert farthest_distance(base, board) == pytest.approx(top, abs=1e-9)
    assert farthest_distance(oval_base(36, 24, 105, 70, 30), board) >= top - 1e-12


def test_an_oval_outline_tied_all_round_a_1000_corner_hole_is_bounded_in_blocks():
    # a round "oval" centred in a round hole is as far from it all round: the arc search
    # keeps its 4,096 arcs, each against 1,000 segments; measured a block of arcs at a time
    import tracemalloc

    from geometry.ellipse import Ellipse
    board = box(0, 0, 72, 48).difference(Point(36, 24).buffer(12.0, quad_segs=250))
    oval = Ellipse(36, 24, 1.0, 1.0, 0.0)
    tracemalloc.start()
    try:
        far = oval.farthest_from(board)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    edge = 12.0 * np.cos(np.pi / 1000)  # the hole's edges are this far from its centre
    assert edge - 1.0 - 1e-9 <= far <= edge - 1.0 + 1e-5  # stopped at 4,096 arcs, above
    assert peak < 120 * 1024 * 1024  # 4,096 arcs × 3 × 1,000 at once took over 190 MB
