"""Speed of "who sees whom" (not a test): a unit of 20 against 50 enemy units on a layout.

The table is a published layout (wh40kdc: Take vs Take 01 on Tipping Point, 60 × 44, its 44
terrain pieces); a red unit of 20 (32 mm bases) in its zone, and 50 blue units of 5 spread
over the rest of the table (250 models), on clear ground. Timed: :func:`sight_overview` (one
exact pass for every enemy model) beside the naive way, the line of sight tool's reading
(:func:`board.game.sight.line_of_sight`) once per enemy unit, and the naivest, the tool once
per pair of models. CPU time of this thread. Run from the repository root:

    python benchmarks/sight_overview_bench.py [--repeat N] [--models-per-unit K]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from board.document.io import default_library  # noqa: E402
from board.document.model import Base, Model, Side, TroopType, Unit  # noqa: E402
from board.game.core.names import Namer  # noqa: E402
from board.game.core.shooters import Shooter, ShooterKind  # noqa: E402
from board.game.core.targets import ModelTarget, UnitTarget  # noqa: E402
from board.game.core.world import WorldCache  # noqa: E402
from board.game.layouts.build import scenario_from_layout  # noqa: E402
from board.game.layouts.catalogue import load_catalogue  # noqa: E402
from board.game.sight import line_of_sight  # noqa: E402
from board.game.sight_overview import sight_overview  # noqa: E402
from geometry.footprints import place_footprint  # noqa: E402

#: CPU time of this thread: the work, less of the other programs of a shared machine.
clock = time.thread_time
SIDES = [Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")]


def _clear(scenario, library):
    """Whether a 32 mm base at (x, y) stands clear of the ruins (it may stand in an area)."""
    sheets = {**library, **{s.id: s for s in scenario.custom_datasheets}}
    shapes = [place_footprint(sheets[p.datasheet].footprint, p.x, p.y, p.rotation)
              for p in scenario.terrain if sheets[p.datasheet].kind.value != "area"]
    from shapely import STRtree
    from shapely.geometry import Point
    tree = STRtree(shapes)
    return lambda x, y: not len(tree.query(Point(x, y).buffer(0.7), "intersects"))


def bench_scenario(per_unit: int):
    """The layout with the red unit of 20 and 50 blue units of ``per_unit``."""
    library = default_library()
    scenario = scenario_from_layout(load_catalogue(), "bm-take-vs-take-01", SIDES)
    clear = _clear(scenario, library)
    red, x, y = [], 2.0, 2.0
    while len(red) < 20:
        if clear(x, y):
            red.append(Model(f"r{len(red)}", Base.round_mm(32), x, y))
        x, y = (x + 1.5, y) if x < 10.0 else (2.0, y + 1.5)
    scenario.units.append(Unit("red-20", "Intercessors", "red", TroopType.INFANTRY, red))
    spots = [(22.0 + 1.5 * i, 1.0 + 1.5 * j) for j in range(28) for i in range(25)
             if clear(22.0 + 1.5 * i, 1.0 + 1.5 * j)]
    for k in range(50):
        models = [Model(f"b{k}-{i}", Base.round_mm(32), *spots[k * per_unit + i])
                  for i in range(per_unit)]
        scenario.units.append(Unit(f"blue-{k}", f"Boyz {k}", "blue", TroopType.INFANTRY,
                                   models))
    return scenario, library


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--models-per-unit", type=int, default=5)
    args = parser.parse_args(argv)
    scenario, library = bench_scenario(args.models_per_unit)
    world = WorldCache(library).world_for(scenario)
    namer = Namer.for_world(world, scenario)
    sight_overview(scenario, world, "red-20", namer)  # warm: the terrain's index
    fast, naive = [], []
    for _ in range(args.repeat):
        t0 = clock()
        seen = sight_overview(scenario, world, "red-20", namer)
        fast.append((clock() - t0) * 1000.0)
    shooter = Shooter(ShooterKind.UNIT, "red-20")
    for _ in range(max(3, args.repeat // 5)):
        t0 = clock()
        readings = [line_of_sight(scenario, library, world, shooter, UnitTarget(f"blue-{k}"),
                                  namer) for k in range(50)]
        naive.append((clock() - t0) * 1000.0)
    enemies = sum(len(u.models) for u in scenario.units if u.side == "blue")
    firers = [m.id for m in scenario.unit("red-20").models]
    targets = [m.id for u in scenario.units if u.side == "blue" for m in u.models]
    t0 = clock()
    for firer in firers:  # the naivest: one reading per pair of models
        for target in targets:
            line_of_sight(scenario, library, world, Shooter(ShooterKind.MODEL, firer),
                          ModelTarget(target), namer)
    per_pair = (clock() - t0) * 1000.0
    print(f"{scenario.name}: {len(scenario.terrain)} pieces; a unit of 20 against 50 units "
          f"({enemies} models)")
    print(f"who sees whom (one pass): median {statistics.median(fast):.2f} ms, "
          f"max {max(fast):.2f} ms ({args.repeat} runs); {sum(1 for v in seen if v.seen)} "
          f"units seen")
    print(f"naive, the line of sight tool once per enemy unit: median "
          f"{statistics.median(naive):.2f} ms ({len(naive)} runs)")
    print(f"naivest, the tool once per pair of models ({len(firers) * len(targets)} pairs): "
          f"{per_pair:.0f} ms (1 run)")
    by_unit = {v.unit_id: v for v in seen}
    agree = sum(1 for k, r in enumerate(readings)
                if [m.visible for m in r.models] == [m.visible for m in by_unit[f"blue-{k}"].models]
                and [m.cover for m in r.models] == [m.cover for m in by_unit[f"blue-{k}"].models])
    print(f"  (every model's share and cover the same as the tool's readings: {agree} of 50 "
          f"units)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
