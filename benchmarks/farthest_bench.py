"""An oval base in a Vanguard Strike zone: time and peak memory, before, after, naive.

    python benchmarks/farthest_bench.py

Each figure comes from its own child process limited to 4 GiB of address space (peak memory is
the child's ``ru_maxrss``, Python and the libraries included):

- **before**: ``geometry/`` as it was at commit ``BEFORE`` (unpacked with ``git archive``),
  which built all 16 million three-feature points of the 180-corner zone at once;
- **after**: ``geometry/`` as it is now;
- **naive**: the oval as a polygon of 4,096 points on its outline plus a 0.01" grid inside,
  each measured to the zone by Shapely (sampled: it can only fall short of the truth).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "500412b"  # main before the bounded-memory search (4 Dec 2026)
LIMIT = 4 * 1024 ** 3
PLACES = [(8.0, 8.0, 0.0), (30.0, 18.0, 30.0), (36.0, 20.0, 30.0), (33.0, 14.0, 30.0)]

CHILD = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from geometry.deployment import vanguard_strike
from geometry.footprints import oval_base
zone = vanguard_strike(72, 48).zone("top_left")
out = []
for x, y, facing in {places}:
    base = oval_base(x, y, 105, 70, facing)
    start = time.perf_counter()
    try:
        far = {measure}
    except MemoryError as error:  # the old code asked for 42.6 GiB (then, its cache half made,
        far = "MemoryError: " + str(error)[19:27]  # an IndexError on the next oval)
    except IndexError:
        far = "IndexError"
    out.append([x, y, far, time.perf_counter() - start])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"rows": out, "peak_mib": peak}}))
"""

EXACT = "__import__('geometry.measure').measure.farthest_distance(base, zone)"
NAIVE = ("__import__('benchmarks.farthest_bench').farthest_bench.sampled("
         "__import__('geometry.ellipse').ellipse.ellipse_of(base), zone)")


def sampled(oval, zone) -> float:  # type: ignore[no-untyped-def]
    """The naive way: the largest distance over outline samples and an inside grid."""
    import numpy as np
    import shapely

    theta = np.linspace(0.0, 2.0 * np.pi, 4096, endpoint=False)
    ring = oval.point_at(theta)
    x0, y0 = ring.min(axis=0)
    x1, y1 = ring.max(axis=0)
    xs, ys = np.meshgrid(np.arange(x0, x1, 0.01), np.arange(y0, y1, 0.01))
    grid = np.column_stack([xs.ravel(), ys.ravel()])
    points = np.concatenate([ring, grid[oval.contains_points(grid)]])
    return float(np.asarray(shapely.distance(shapely.points(points), zone)).max())


def run(path: Path, measure: str) -> dict:  # type: ignore[type-arg]
    """One child: the figures for every place."""
    code = CHILD.format(limit=LIMIT, places=PLACES, measure=measure)
    env = {**os.environ, "PYTHONPATH": f"{path}{os.pathsep}{ROOT}"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=path, timeout=600, check=False)
    if done.returncode:
        return {"rows": [], "peak_mib": float("nan"), "error": done.stderr.strip()[-200:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "geometry"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True)
        results = {"before": run(Path(old), EXACT), "after": run(ROOT, EXACT),
                   "naive": run(ROOT, NAIVE)}
    print("105x70 mm oval in Vanguard Strike's top_left zone (180 corners), 4 GiB limit each")
    for name, found in results.items():
        print(f"\n{name}: peak memory {found['peak_mib']:.0f} MiB (child ru_maxrss)")
        if "error" in found:
            print(f"  failed: {found['error']}")
        for x, y, far, seconds in found["rows"]:
            shown = f'{far:.6f}"' if isinstance(far, float) else far
            print(f"  oval at ({x:4.1f}, {y:4.1f}): {shown:>16}  {seconds * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
