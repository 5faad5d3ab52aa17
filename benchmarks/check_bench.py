"""Benchmark ``battleboard check --json`` on the demo with 1,000 kept measurements.

Builds a copy of the demo (``resources/scenarios/demo.json``) keeping 500 rulers and 500
"within" questions between random models, units, buildings, doors and points of the table
(seeded), writes it to a temporary file, and times ``battleboard check FILE --json`` in a
fresh interpreter (what a player waits for) and the report alone in this process. Run from
the repository root:

    python benchmarks/check_bench.py [--runs N] [--raised] [--kept N]

``--raised`` puts a tenth of the models on the bastion's battlements and the ruin's upper
level first (issue 40: every distance then has a part up). The issue's figure before this
work: 9.9 s on a quiet machine for a 189 KB file (target: any file under 1 MB in 2 s).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from board.check import check_report  # noqa: E402
from board.document.datasheets import DEMO_SCENARIO_PATH  # noqa: E402
from board.document.io import default_library, load_scenario  # noqa: E402

SEED = 40


def _target(rng: np.random.Generator, data: dict) -> dict:
    """A random target of the demo: a model, a unit, a piece, a door, a point or a zone."""
    units = [u for u in data["units"] if not u.get("embarked_in")]
    kind = rng.integers(7)
    if kind == 5:
        return {"type": "zone", "kind": "void_shield", "name": "void-shield-generator"}
    if kind == 6:
        return {"type": "zone", "kind": "deployment", "name": str(rng.choice(["top", "bottom"]))}
    if kind == 0:
        unit = units[rng.integers(len(units))]
        return {"type": "model", "id": unit["models"][rng.integers(len(unit["models"]))]["id"]}
    if kind == 1:
        return {"type": "unit", "id": units[rng.integers(len(units))]["id"]}
    if kind == 2:
        return {"type": "piece", "id": data["terrain"][rng.integers(len(data["terrain"]))]["id"]}
    if kind == 3:
        return {"type": "feature", "piece": "bastion", "feature": "access_point", "id": "door"}
    return {"type": "point", "x": float(rng.uniform(0, 72)), "y": float(rng.uniform(0, 48))}


def kept_copy(raised: bool, kept: int = 1000) -> dict:
    """The demo's JSON with ``kept`` measurements, half rulers, half withins (some raised)."""
    data = json.loads(Path(DEMO_SCENARIO_PATH).read_text())
    rng = np.random.default_rng(SEED)
    units = [u for u in data["units"] if not u.get("embarked_in")]
    notes = []
    for k in range(kept // 2):
        notes.append({"id": f"ruler-{k + 1}", "kind": "ruler",
                      "data": {"from": _target(rng, data), "to": _target(rng, data),
                               "centre_to_centre": bool(rng.random() < 0.1)}})
        notes.append({"id": f"within-{k + 1}", "kind": "within",
                      "data": {"unit": units[rng.integers(len(units))]["id"],
                               "target": _target(rng, data),
                               "distance": float(rng.choice([3, 6, 12, 24])),
                               "distance_unit": "in"}})
    data["annotations"] = notes
    if raised:
        for unit in units:
            for model in unit["models"][::10]:
                model["level"] = {"piece": "ruins", "level": "upper"}
    return data


def main() -> None:
    """Write the copy and print the timings."""
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    count = int(sys.argv[sys.argv.index("--kept") + 1]) if "--kept" in sys.argv else 1000
    data = kept_copy("--raised" in sys.argv, count)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "demo-1000-kept.json"
        path.write_text(json.dumps(data, indent=1 if count <= 1000 else None))
        size = path.stat().st_size
        walls = []
        for _ in range(runs):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "board.main", "check", str(path),
                                   "--json"], capture_output=True, check=False)
            walls.append(time.perf_counter() - start)
            assert done.returncode == 0, done.stderr.decode()[:300]
        library = default_library()
        scenario = load_scenario(path, library)
        inner = []
        for _ in range(runs):
            start = time.perf_counter()
            check_report(scenario, library)
            inner.append(time.perf_counter() - start)
    print(f"file {size / 1000:.0f} KB, {len(data['annotations'])} kept measurements"
          f"{' (a tenth of the models raised)' if '--raised' in sys.argv else ''}")
    print(f"battleboard check --json, fresh interpreter: median {statistics.median(walls):.2f} s"
          f" (runs {', '.join(f'{w:.2f}' for w in walls)}); before issue 40: 9.9 s "
          f"(the issue's figure, a 189 KB copy); target <= 2 s")
    print(f"the report alone, in process:            median {statistics.median(inner):.2f} s")


if __name__ == "__main__":
    main()
