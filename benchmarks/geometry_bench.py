"""Benchmark geometry/ on the issue's synthetic table, each figure beside the naive way.

72×48 table, 50 buildings (3–8" tall), 1,000 models on 32 mm bases in 50 units of 20.
"Naive" is the same question answered with a Python loop of single Shapely calls (with early
exit where it helps). Run from the repository root:

    python benchmarks/geometry_bench.py
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
from shapely.geometry import LineString, Point, box  # noqa: E402

from geometry import (  # noqa: E402
    Blocker,
    Circle,
    EnemyUnit,
    Obstacles,
    TerrainIndex,
    check_disembark,
    circle_distances,
    disembark_zone,
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


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``fn`` in milliseconds over ``repeat`` runs (after a warm-up)."""
    fn()
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - start) * 1000.0)
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
    offsets = (np.arange(SAMPLES) + 0.5) / SAMPLES * 2 - 1

    def naive_fractions() -> list[float]:
        out = []
        for (tx, ty) in targets:
            vx, vy = tx - eye[0], ty - eye[1]
            n = np.hypot(vx, vy)
            px, py = -vy / n * RADIUS, vx / n * RADIUS
            out.append(np.mean([naive_clear(footprints, eye, (tx + s * px, ty + s * py))
                                for s in offsets]))
        return out

    naive = timed(naive_fractions, 3)
    assert np.allclose(naive_fractions(), visible_fractions(index, eye, EYE, targets, radii, EYE))
    report(f"visible fractions, 1 shooter x 100 ({SAMPLES} rays)", fast, naive, "<= 2 ms")


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

    offsets = (np.arange(5) + 0.5) / 5 * 2 - 1  # the same 5 rays across each base

    def seen(footprints: list, mount: tuple[float, float], c: Circle) -> bool:
        vx, vy = c.x - mount[0], c.y - mount[1]
        n = np.hypot(vx, vy)
        px, py = -vy / n * c.radius, vx / n * c.radius
        return any(naive_clear(footprints, mount, (c.x + k * px, c.y + k * py))
                   for k in offsets)

    def naive() -> list:
        picks = []
        for mount, bid in mounts:
            best = None
            for unit in units:
                for _, c in unit.models:
                    d = max(0.0, Point(mount).distance(Point(c.centre)) - c.radius)
                    if d <= 36.0 and (best is None or d < best[0]) and \
                            seen(others[bid], mount, c):
                        best = (d, unit.id)
            picks.append(None if best is None else best[1])
        return picks

    slow = timed(naive, 1)
    got = [nearest_enemy(m, 2.0, 36.0, units, index, ignore=frozenset({bid}))
           for m, bid in mounts]
    assert [g.unit_id if g else None for g in got] == naive(), "nearest enemy disagrees"
    report("nearest enemy, 20 emplaced weapons x 1000", fast, slow, "no target given")


def main() -> None:
    """Build the table and print every figure."""
    rng = np.random.default_rng(SEED)
    buildings, bases = build_table(rng)
    index = TerrainIndex(buildings)
    footprints = [b.footprint for b in buildings]
    print(f"table {WIDTH:g}x{HEIGHT:g}, {len(buildings)} buildings, {len(bases)} models "
          f"(32 mm), shapely {shapely.__version__}, seed {SEED}")
    bench_sight(index, footprints, bases)
    bench_disembark(buildings, bases)
    bench_distances(bases)
    bench_wholly(buildings, bases)
    bench_nearest(index, buildings, bases)


if __name__ == "__main__":
    main()
