"""The undo property test at a larger size than CI's (not a test itself).

Runs ``tests/board/test_undo_property.py`` (a hypothesis state machine over the window's
commands: every step checked against the history, everything undone to the start and redone
to the end) with ``--examples`` sequences of up to ``--steps`` commands, and prints how long it
took and whether every sequence passed. CI runs 6 sequences of 30. The issue asks for at least
500 sequences of at least 30 edits; on a shared 2-core machine a sequence of 30 takes about
15 s, so 500 take about two hours. Run from the repository root:

    python benchmarks/undo_bench.py [--examples N] [--steps N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    """Run the property test at the size asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100)
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args()
    env = {**os.environ, "BATTLEBOARD_UNDO_EXAMPLES": str(args.examples),
           "BATTLEBOARD_UNDO_STEPS": str(args.steps), "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/board/test_undo_property.py"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    verdict = "every sequence passed" if run.returncode == 0 else "FAILED"
    print(f"undo property: {args.examples} sequences of up to {args.steps} commands: "
          f"{verdict} in {took:.0f} s")
    if run.returncode != 0:
        print(run.stdout[-4000:])
        sys.exit(1)


if __name__ == "__main__":
    main()
