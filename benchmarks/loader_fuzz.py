"""The loaders under fire (not a test): thousands of hostile files, and what each did.

Feeds the scenario loader and the datasheet loader the inputs of ``tests/board/fuzz_inputs.py``
(structural mutations of valid documents with nasty values, damaged bytes, and the issue's
size attacks) and counts the verdicts: loaded (then saved, and save → load gave an equal
document, with no non-finite number or unwritable text let in), refused with one readable
line naming the file, or a failure (another exception, over 2 s, nonsense accepted, a file
that loads but does not save, a refusal over 300 characters). Beside it, the naive baseline
in the same run: ``json.loads`` of the same bytes, the standard reader the loader used to
call, and how often that alone raised something other than a JSON error. The peak memory of
the whole run bounds every single input's.

Then each of the issue's size attacks alone in a fresh process (time to load or refuse, and
the process's peak memory), beside the same file given to an older loader when
``--baseline`` names a checkout of it (``git worktree add /tmp/old <commit>``), run with a
20 s timeout and a 2 GB memory cap so that it cannot take the machine down.

Run from the repository root (``docs/limits.md`` has the figures)::

    python benchmarks/loader_fuzz.py [--scenarios 10000] [--datasheets 3000] [--seed 15]
                                     [--baseline /tmp/old]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.board.fuzz_inputs import (  # noqa: E402
    SMALL_BYTES,
    Verdict,
    base_datasheets,
    base_scenarios,
    datasheet_inputs,
    judge_datasheet,
    judge_scenario,
    scenario_inputs,
    size_attacks,
)

ROOT = Path(__file__).resolve().parent.parent
#: The child process: load one file, print seconds, outcome and peak RSS (MB).
CHILD = """
import resource, sys, time
from board.document.errors import ScenarioError
from board.document.io import load_scenario, default_library
library = default_library()
start = time.perf_counter()
try:
    load_scenario(sys.argv[1], library)
    outcome = "loaded"
except ScenarioError as error:
    outcome = "refused"
except BaseException as error:
    outcome = type(error).__name__
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{seconds:.2f} {outcome} {peak:.0f}")
"""
CAP_BYTES = 2 * 1024**3
TIMEOUT_S = 20


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP_BYTES, CAP_BYTES))


def _alone(path: Path, checkout: Path) -> str:
    """Load ``path`` in a fresh process importing the loader from ``checkout``."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                              text=True, env=env, timeout=TIMEOUT_S, preexec_fn=_cap,
                              check=False, cwd=str(checkout))
    except subprocess.TimeoutExpired:
        return f"over {TIMEOUT_S} s (stopped)"
    if done.returncode != 0 or not done.stdout.strip():
        return f"died: {(done.stderr.strip().splitlines() or ['?'])[-1][:60]}"
    seconds, outcome, peak = done.stdout.split()
    return f"{outcome} in {seconds} s, peak {peak} MB"


def attacks_alone(baseline: Path | None) -> None:
    """Each size attack in a fresh process: this loader, and the baseline's if given."""
    print("\nthe size attacks, each alone in a fresh process", flush=True)
    attacks = size_attacks(base_scenarios()[0], base_datasheets()[0], random.Random(0))
    with tempfile.TemporaryDirectory() as folder:
        idle = Path(folder) / "idle.json"
        idle.write_text("{}", encoding="utf-8")
        line = f"  (a file of 2 bytes, the process's own size: {_alone(idle, ROOT)}"
        if baseline is not None:
            line += f"; baseline: {_alone(idle, baseline)}"
        print(line + ")", flush=True)
        for name, raw in attacks:
            path = Path(folder) / "attack.json"
            path.write_bytes(raw)
            line = f"  {name} ({len(raw) / 1e6:.2f} MB): {_alone(path, ROOT)}"
            if baseline is not None:
                line += f"; baseline: {_alone(path, baseline)}"
            print(line, flush=True)


def _naive(raw: bytes) -> str:
    """What the standard reader alone does with the bytes (the baseline)."""
    try:
        json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return "refused"
    except Exception as error:  # noqa: BLE001
        return type(error).__name__
    return "read"


def campaign(name: str, inputs: Iterator[tuple[str, bytes]],
             judge: Callable[[bytes, Path], Verdict]) -> int:
    """Run one loader over ``inputs``; print the counts; return the number of failures."""
    counts: collections.Counter[str] = collections.Counter()
    naive: collections.Counter[str] = collections.Counter()
    failures: list[tuple[str, Verdict]] = []
    slowest = (0.0, "")
    slowest_small = (0.0, "")
    times: list[float] = []
    total = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for origin, raw in inputs:
            verdict = judge(raw, Path(folder))
            counts[verdict.kind] += 1
            if len(raw) < 2_000_000:
                naive[_naive(raw)] += 1
            if verdict.failed:
                failures.append((origin, verdict))
            times.append(verdict.seconds)
            if len(raw) < SMALL_BYTES and verdict.seconds > slowest_small[0]:
                slowest_small = (verdict.seconds, origin)
            if verdict.seconds > slowest[0]:
                slowest = (verdict.seconds, origin)
            total += 1
    elapsed = time.perf_counter() - start
    print(f"\n{name}: {total:,} inputs in {elapsed:.0f} s", flush=True)
    for kind, count in counts.most_common():
        print(f"  {kind:28} {count:6,}")
    print(f"  failures                     {len(failures):6,}")
    times.sort()
    print(f"  time to load or refuse       median {times[len(times) // 2] * 1000:.1f} ms, "
          f"99th percentile {times[int(len(times) * 0.99)] * 1000:.0f} ms, "
          f"over 1 s: {sum(t > 1 for t in times)}")
    print(f"  slowest input                {slowest[0]:6.2f} s ({slowest[1]})")
    print(f"  slowest input under 1 MB     {slowest_small[0]:6.2f} s ({slowest_small[1]})")
    print(f"  load average of the machine (1 min) at the end: {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    print("  baseline, json.loads alone on the same bytes (under 2 MB): "
          + ", ".join(f"{k} {v:,}" for k, v in naive.most_common()))
    for origin, verdict in failures[:20]:
        print(f"  FAILED {verdict.kind} ({origin}, {verdict.seconds:.2f} s): {verdict.detail}")
    return len(failures)


def main() -> int:
    """Run both campaigns; exit 1 if any input failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=10_000)
    parser.add_argument("--datasheets", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--baseline", type=Path, default=None,
                        help="a checkout of an older loader to run the size attacks on")
    parser.add_argument("--attacks-only", action="store_true",
                        help="only the size attacks, each in a fresh process")
    args = parser.parse_args()
    if args.attacks_only:
        attacks_alone(args.baseline)
        return 0
    sys.setrecursionlimit(1000)  # the default: nothing may rely on a deeper stack
    failed = campaign("scenario loader", scenario_inputs(args.scenarios, args.seed),
                      judge_scenario)
    failed += campaign("datasheet loader", datasheet_inputs(args.datasheets, args.seed + 1),
                       judge_datasheet)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory (RSS) of the campaigns (inputs made in the same process): "
          f"{peak:.0f} MB; failures: {failed}")
    attacks_alone(args.baseline)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
