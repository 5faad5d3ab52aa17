"""Benchmark geometry/ on the issue's synthetic table, each figure beside the naive way.

72×48 table, 50 buildings (3–8" tall), 1,000 models on 32 mm bases in 50 units of 20.
"Naive" is the same question answered with a Python loop of single Shapely calls (with early
exit where it helps). Run from the repository root:

    python benchmarks/geometry_bench.py [--cpu]

``--cpu`` times this process's CPU instead of the wall clock (for a shared, loaded machine).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import shapely  # noqa: E402
from shapely import affinity  # noqa: E402
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box  # noqa: E402

from geometry import (  # noqa: E402
    Blocker,
    Circle,
    EnemyUnit,
    Obstacles,
    Span,
    TerrainIndex,
    check_disembark,
    circle_distances,
    circle_distances_3d,
    disembark_zone,
    distance_3d,
    farthest_distances,
    nearest_enemy,
    sight_matrix,
    units_wholly_within,
    visible_fractions,
)

SEED = 40_000
WIDTH, HEIGHT = 72.0, 48.0
RADIUS = 32 / 25.4 / 2
EYE = 1.0
SAMPLES = 16


def build_table(rng: np.random.Generator) -> tuple[list[Blocker], list[Circle]]:
    """Place 50 non-overlapping buildings, then 1,000 bases clear of them and each other."""
    buildings: list[Blocker] = []
    while len(buildings) < 50:
        w, d = rng.uniform(3, 6, 2)
        x, y = rng.uniform(3, WIDTH - 3), rng.uniform(3, HEIGHT - 3)
        shape = affinity.rotate(box(x - w / 2, y - d / 2, x + w / 2, y + d / 2), rng.uniform(0, 90))
        if all(shape.distance(b.footprint) > 1.0 for b in buildings):
            buildings.append(Blocker(f"b{len(buildings)}", shape, float(rng.uniform(3, 8))))
    union = shapely.union_all([b.footprint for b in buildings])
    shapely.prepare(union)
    centres: list[tuple[float, float]] = []
    while len(centres) < 1000:
        x, y = rng.uniform(RADIUS, WIDTH - RADIUS), rng.uniform(RADIUS, HEIGHT - RADIUS)
        if union.distance(Point(x, y)) > RADIUS and all(
                (x - a) ** 2 + (y - b) ** 2 > (2 * RADIUS) ** 2 for a, b in centres[-60:]):
            centres.append((x, y))
    return buildings, [Circle(x, y, RADIUS) for x, y in centres]


#: The clock: wall time, or this process's CPU time (``--cpu``: less disturbed when the
#: machine is shared, as the figures of a loaded machine are several times the quiet ones).
CLOCK = time.process_time if "--cpu" in sys.argv[1:] else time.perf_counter


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median time of ``fn`` in milliseconds over ``repeat`` runs (after a warm-up)."""
    fn()
    runs = []
    for _ in range(repeat):
        start = CLOCK()
        fn()
        runs.append((CLOCK() - start) * 1000.0)
    return statistics.median(runs)


def report(name: str, fast: float, naive: float, target: str) -> None:
    """Print one figure beside its naive baseline and the ratio."""
    print(f"{name:<46} {fast:9.3f} ms   naive {naive:10.2f} ms   ratio {naive / fast:8.1f}x"
          f"   (target {target})")


def naive_clear(footprints: list, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """One sight line against every building, the obvious way."""
    line = LineString([a, b])
    return not any(f.intersects(line) for f in footprints)


def bench_sight(index: TerrainIndex, footprints: list, bases: list[Circle]) -> None:
    """The 100×100 clear/blocked matrix, and one shooter's visible fractions over 100."""
    shooters = np.array([c.centre for c in bases[:100]])
    targets = np.array([c.centre for c in bases[500:600]])
    fast = timed(lambda: sight_matrix(index, shooters, EYE, targets, EYE), 15)
    naive = timed(lambda: [[naive_clear(footprints, tuple(s), tuple(t)) for t in targets]
                           for s in shooters], 2)
    got = sight_matrix(index, shooters, EYE, targets, EYE)
    want = np.array([[naive_clear(footprints, tuple(s), tuple(t)) for t in targets]
                     for s in shooters])
    assert (got == want).all(), "sight matrix disagrees with the naive loop"
    report("sight matrix 100x100 (clear/blocked)", fast, naive, "<= 12 ms, >= 10x")
    eye = tuple(shooters[0])
    radii = np.full(100, RADIUS)
    fast = timed(lambda: visible_fractions(index, eye, EYE, targets, radii, EYE), 30)
    blockers = list(index.blockers)
    naive = timed(lambda: [naive_visible(blockers, eye, EYE, Circle(x, y, RADIUS), EYE)
                           for x, y in targets], 2)
    want = np.array([naive_visible(blockers, eye, EYE, Circle(x, y, RADIUS), EYE)
                     for x, y in targets])
    got = visible_fractions(index, eye, EYE, targets, radii, EYE)
    assert np.allclose(got, want, atol=1e-9), "visible fractions disagree with the naive loop"
    report("visible fractions, 1 shooter x 100 (exact)", fast, naive, "<= 2 ms")


def _picture(eye: tuple[float, float], h: float, u: np.ndarray, d: float,
             xy: np.ndarray, z: float) -> np.ndarray:
    """Project points (at height z) into the picture plane d ahead along u (one target)."""
    rel = xy - np.asarray(eye)
    ahead = rel @ u
    side = rel @ np.array([-u[1], u[0]])
    return np.column_stack([side * d / ahead, h + (z - h) * d / ahead])


def naive_visible(blockers: list[Blocker], eye: tuple[float, float], h: float, base: Circle,
                  top: float) -> float:
    """The exact visible share the obvious way: one target, one blocker at a time."""
    outline = base.polygon()
    view = np.array(base.centre) - np.asarray(eye)
    d = float(np.hypot(*view))
    u = view / d
    xy = np.asarray(outline.exterior.coords)
    silhouette = MultiPoint(np.vstack([_picture(eye, h, u, d, xy, 0.0),
                                       _picture(eye, h, u, d, xy, top)])).convex_hull
    rel = xy - np.asarray(eye)
    ratio = (rel @ np.array([-u[1], u[0]])) / (rel @ u)
    near = 0.5e-4
    tips = [np.asarray(eye) + near * u + near * r * np.array([-u[1], u[0]])
            for r in (ratio.min(), ratio.max())]
    cone = MultiPoint(np.vstack([xy, tips])).convex_hull
    shadows = []
    for b in blockers:
        if b.height <= 0.0 or not b.footprint.intersects(cone):
            continue
        piece = b.footprint.intersection(cone).difference(outline)
        for part in getattr(piece, "geoms", [piece]):
            if part.geom_type != "Polygon" or part.area <= 1e-12:
                continue
            corners = np.asarray(part.exterior.coords)
            shadows.append(MultiPoint(np.vstack([_picture(eye, h, u, d, corners, 0.0),
                                                 _picture(eye, h, u, d, corners, b.height)]
                                                )).convex_hull)
    if not shadows:
        return 1.0
    hidden = shapely.union_all(shadows).intersection(silhouette).area / silhouette.area
    return 0.0 if hidden > 1 - 1e-12 else 1.0 - hidden


def bench_disembark(buildings: list[Blocker], bases: list[Circle]) -> None:
    """Rebuild a disembark zone against all buildings and 500 enemy models."""
    door = buildings[0].footprint.exterior.interpolate(0.0)
    enemies = [(f"e{i}", c) for i, c in enumerate(bases[500:])]
    obstacles = Obstacles([(b.id, b.footprint) for b in buildings], enemies)
    access = [("door", door)]
    fast = timed(lambda: disembark_zone(access, obstacles), 50)

    def naive() -> object:
        zone = door.buffer(6.0, quad_segs=64)
        for b in buildings:
            zone = zone.difference(b.footprint)
        for _, e in enemies:
            zone = zone.difference(Point(e.centre).buffer(e.radius + 1.0, quad_segs=16))
        return zone

    slow = timed(naive, 3)
    assert abs(naive().area - disembark_zone(access, obstacles).area) < 0.05
    report("disembark zone rebuild (50 bldgs, 500 enemies)", fast, slow, "<= 0.5 ms, >= 10x")
    def rebuild_all() -> object:
        fresh = Obstacles([(b.id, b.footprint) for b in buildings], enemies)
        return fresh.carve(door.buffer(0.1))  # forces the unions

    def rebuild_enemies() -> object:
        return obstacles.with_enemies(enemies).carve(door.buffer(0.1))

    print(f"{'obstacle unions rebuilt: terrain moved':<46} {timed(rebuild_all, 3):9.3f} ms")
    print(f"{'obstacle unions rebuilt: only enemies moved':<46} "
          f"{timed(rebuild_enemies, 3):9.3f} ms")
    x0, y0 = door.x, door.y
    models = [(f"m{i}", Circle(x0 + (i % 5) * 1.4 - 2.8, y0 + (i // 5) * 1.4 - 2.1, RADIUS))
              for i in range(20)]
    fast = timed(lambda: check_disembark(models, access, obstacles), 20)

    def naive_check() -> list[bool]:
        legal = []
        for _, c in models:
            base = Point(c.centre).buffer(c.radius, quad_segs=16)
            ok = door.distance(Point(c.centre)) + c.radius <= 6.0
            ok = ok and not any(base.intersection(b.footprint).area > 1e-9 for b in buildings)
            legal.append(ok and all(base.distance(Point(e.centre)) - e.radius > 1.0
                                    for _, e in enemies))
        return legal

    slow = timed(naive_check, 3)
    assert [v.legal for v in check_disembark(models, access, obstacles)] == naive_check()
    report("disembark placement check, 20 models", fast, slow, "no target given")


def bench_distances(bases: list[Circle]) -> None:
    """Base-to-base distances between 200 and 200 round bases."""
    a, b = bases[:200], bases[200:400]
    ca, cb = np.array([c.centre for c in a]), np.array([c.centre for c in b])
    ra, rb = np.full(200, RADIUS), np.full(200, RADIUS)
    fast = timed(lambda: circle_distances(ca, ra, cb, rb), 30)
    pa, pb = [c.polygon() for c in a], [c.polygon() for c in b]
    slow = timed(lambda: [[p.distance(q) for q in pb] for p in pa], 1)
    worst = np.abs(np.array([[p.distance(q) for q in pb[:20]] for p in pa[:20]])
                   - circle_distances(ca[:20], ra[:20], cb[:20], rb[:20])).max()
    report("distances 200x200 round bases (analytic)", fast, slow, "<= 2 ms")
    print(f"{'':<46} largest gap, polygons vs analytic: {worst:.6f} in")
    bench_distances_3d(ca, ra, cb, rb, fast)


def bench_distances_3d(ca: np.ndarray, ra: np.ndarray, cb: np.ndarray, rb: np.ndarray,
                       flat: float) -> None:
    """The same 200x200 with heights: across, up and the straight line (geometry.heights).

    Two tables: a tenth of the first side on battlements 6" up (a game), and every model of
    the first side up (the worst case: every pair worked in three dimensions). The naive way
    is a loop of :func:`geometry.distance_3d`, one pair at a time.
    """
    rng = np.random.default_rng(SEED)
    ground = np.column_stack([np.zeros(200), np.full(200, 1.5)])
    for label, raised in (("a tenth raised 6in", rng.random(200) < 0.1),
                          ("all raised 6in", np.ones(200, dtype=bool))):
        lows = np.where(raised, 6.0, 0.0)
        sa = np.column_stack([lows, lows + 1.5])
        fast = timed(lambda sa=sa: circle_distances_3d(ca, ra, sa, cb, rb, ground), 30)
        pairs = [(Circle(*ca[i], ra[i]), Span(*sa[i]), Circle(*cb[j], rb[j]), Span(*ground[j]))
                 for i in range(40) for j in range(200)]
        slow = timed(lambda pairs=pairs: [distance_3d(*p) for p in pairs], 1) * 5
        _, _, got = circle_distances_3d(ca[:40], ra[:40], sa[:40], cb, rb, ground)
        want = np.array([distance_3d(*p).distance for p in pairs]).reshape(40, 200)
        assert np.allclose(got, want, atol=1e-12), "3D distances disagree with pair by pair"
        report(f"3D distances 200x200, {label}", fast, slow, "<= 2x flat")
        print(f"{'':<46} {fast / flat:.2f}x the flat {flat:.3f} ms")


def bench_wholly(buildings: list[Blocker], bases: list[Circle]) -> None:
    """Wholly within 12" of a generator, for 50 units of 20."""
    generator = buildings[0].footprint
    units = [[(f"m{u}-{i}", bases[u * 20 + i]) for i in range(20)] for u in range(50)]
    fast = timed(lambda: units_wholly_within(units, generator, 12.0), 50)
    zone = generator.buffer(12.0, quad_segs=64)
    shapely.prepare(zone)

    def naive() -> list[list[bool]]:  # from the same centres and radii, one call per model
        return [[zone.contains(Point(c.centre).buffer(c.radius, quad_segs=16)) for _, c in unit]
                for unit in units]

    slow = timed(naive, 3)
    fast_ok = [check.passes.tolist() for check in units_wholly_within(units, generator, 12.0)]
    slow_ok = naive()
    assert fast_ok == slow_ok, "wholly-within disagrees with polygon containment"
    report("wholly within 12\", 50 units of 20", fast, slow, "<= 1 ms")


def bench_nearest(index: TerrainIndex, buildings: list[Blocker], bases: list[Circle]) -> None:
    """Nearest enemy in range (36") and sight for 20 emplaced weapons."""
    units = [EnemyUnit(f"u{u}", tuple((f"m{u}-{i}", bases[500 + u * 20 + i])
                                      for i in range(20))) for u in range(25)]
    mounts = [(tuple(b.footprint.exterior.coords[0]), b.id) for b in buildings[:20]]
    fast = timed(lambda: [nearest_enemy(m, 2.0, 36.0, units, index, ignore=frozenset({bid}))
                          for m, bid in mounts], 10)
    others = {bid: [b.footprint for b in buildings if b.id != bid] for _, bid in mounts}

    def seen(footprints: list, mount: tuple[float, float], c: Circle, bid: str) -> bool:
        return naive_visible([b for b in buildings if b.id != bid], mount, 2.0, c, 1.0) > 1e-9

    def naive() -> list:
        picks = []
        for mount, bid in mounts:
            best = None
            for unit in units:
                for _, c in unit.models:
                    d = max(0.0, Point(mount).distance(Point(c.centre)) - c.radius)
                    if d <= 36.0 and (best is None or d < best[0]) and \
                            seen(others[bid], mount, c, bid):
                        best = (d, unit.id)
            picks.append(None if best is None else best[1])
        return picks

    slow = timed(naive, 1)
    got = [nearest_enemy(m, 2.0, 36.0, units, index, ignore=frozenset({bid}))
           for m, bid in mounts]
    assert [g.unit_id if g else None for g in got] == naive(), "nearest enemy disagrees"
    report("nearest enemy, 20 emplaced weapons x 1000", fast, slow, ">= 20x naive")


def bench_ruin(bases: list[Circle]) -> None:
    """Wholly within 1" of an L-shaped ruin, 20 bases around it: exact against sampling."""
    ruin = Polygon([(30, 20), (36, 20), (36, 22), (32, 22), (32, 26), (30, 26)])
    rng = np.random.default_rng(SEED)
    near = [Circle(float(x), float(y), RADIUS) for x, y in
            rng.uniform((29.0, 19.0), (37.0, 27.0), (20, 2))]
    fast = timed(lambda: farthest_distances(near, ruin), 50)

    def naive() -> list[float]:  # the outline every 0.0005", one distance call per point
        return [float(shapely.distance(shapely.points(shapely.get_coordinates(
            shapely.segmentize(c.polygon().exterior, 0.0005))), ruin).max()) for c in near]

    slow = timed(naive, 5)
    exact, sampled = farthest_distances(near, ruin), np.array(naive())
    assert (exact >= sampled - 1e-9).all(), "the exact farthest point is nearer than a sample"
    report("wholly within, 20 bases vs the L-shaped ruin", fast, slow, "<= 1 ms, exact")
    print(f"{'':47}sampling falls short of the exact by up to "
          f"{float((exact - sampled).max()):.6f} in")


def main() -> None:
    """Build the table and print every figure."""
    rng = np.random.default_rng(SEED)
    buildings, bases = build_table(rng)
    index = TerrainIndex(buildings)
    footprints = [b.footprint for b in buildings]
    print(f"table {WIDTH:g}x{HEIGHT:g}, {len(buildings)} buildings, {len(bases)} models "
          f"(32 mm), shapely {shapely.__version__}, seed {SEED}, "
          f"{'process CPU' if CLOCK is time.process_time else 'wall'} time")
    bench_sight(index, footprints, bases)
    bench_disembark(buildings, bases)
    bench_distances(bases)
    bench_wholly(buildings, bases)
    bench_nearest(index, buildings, bases)
    bench_ruin(bases)


if __name__ == "__main__":
    main()
