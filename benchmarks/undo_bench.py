"""The undo property test at a larger size than CI's (not a test itself).

Runs ``tests/board/test_undo_property.py`` — a hypothesis state machine over every command
the window offers, the window's own command objects on its undo stack without the window's
scene (``tests/board/undo_harness.py``); after every step the board is checked against the
history as exact saved JSON and against the journal replayed edit by edit; at the end the
whole history is undone and redone, the journal recovered from disk and the board saved and
loaded back — with ``--examples`` sequences of at least ``--edits`` accepted edits each, and
prints how many sequences and edits ran, how long it took, and what each command added up to.

Beside it, as the baseline, the same property through the real window
(``tests/board/test_undo_window.py``, ``--window`` sequences): what a sequence costs when every
step also goes through the scene, the overlays and the docks.

The issue asks for at least 500 sequences of at least 30 edits. Run from the repository root:

    python benchmarks/undo_bench.py [--examples 500] [--edits 30] [--window 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(test: str, env: dict[str, str]) -> tuple[float, str, int]:
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
                          test], cwd=ROOT, env={**os.environ, **env,
                                                "QT_QPA_PLATFORM": "offscreen"},
                         capture_output=True, text=True, check=False)
    return time.perf_counter() - start, run.stdout, run.returncode


def _lines(out: str, marks: tuple[str, ...]) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(marks)]


def main() -> None:
    """Run the property test headless at the size asked for, and through the window."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--window", type=int, default=3, help="window sequences (0: none)")
    args = parser.parse_args()
    sizes = {"BATTLEBOARD_UNDO_EDITS": str(args.edits)}
    failed = False
    if args.window:
        took, out, code = _run("tests/board/test_undo_window.py",
                               {**sizes, "BATTLEBOARD_UNDO_WINDOW_EXAMPLES": str(args.window)})
        print("\n".join(_lines(out, ("undo property",))))
        print(f"baseline, through the window: {args.window} sequences in {took:.0f} s "
              f"({took / args.window:.1f} s a sequence, the window's start included): "
              f"{'passed' if code == 0 else 'FAILED'}")
        failed |= code != 0
        if code:
            print(out[-4000:])
    took, out, code = _run("tests/board/test_undo_property.py",
                           {**sizes, "BATTLEBOARD_UNDO_EXAMPLES": str(args.examples)})
    print("\n".join(_lines(out, ("undo property", "accepted by command"))))
    print(f"headless: {args.examples} sequences in {took:.0f} s "
          f"({took / args.examples:.2f} s a sequence): "
          f"{'every sequence passed' if code == 0 else 'FAILED'}")
    failed |= code != 0
    if code:
        print(out[-4000:])
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
