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

``--profile N`` instead runs N headless sequences under ``cProfile`` and prints where a step's
time goes: each command (the game's rules building the change, the document applying it, the
journal appending it), the checks after every step (the board as saved JSON, the journal
replayed), the end of each sequence (undo all, redo all, recover, replay, save and load).

The issue asks for at least 500 sequences of at least 30 edits. Run from the repository root:

    python benchmarks/undo_bench.py [--examples 500] [--edits 30] [--window 3] [--profile N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(test: str, env: dict[str, str]) -> tuple[float, str, int]:
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
                          test], cwd=ROOT, env={**os.environ, **env, "BATTLEBOARD_EXPLORE": "1",
                                                "QT_QPA_PLATFORM": "offscreen"},
                         capture_output=True, text=True, check=False)
    return time.perf_counter() - start, run.stdout, run.returncode


def _lines(out: str, marks: tuple[str, ...]) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(marks)]


def profile(examples: int, edits: int) -> None:
    """Run ``examples`` headless sequences under cProfile; print where the time went."""
    import pstats

    out = Path(tempfile.mkdtemp()) / "undo.prof"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEBOARD_EXPLORE": "1",
           "BATTLEBOARD_UNDO_EDITS": str(edits),
           "BATTLEBOARD_UNDO_EXAMPLES": str(examples)}
    run = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m", "pytest",
                          "-q", "-s", "-p", "no:cacheprovider",
                          "tests/board/test_undo_property.py"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    print("\n".join(_lines(run.stdout, ("undo property", "accepted by command", "boards"))))
    stats = pstats.Stats(str(out)).stats  # type: ignore[attr-defined]
    rows: dict[str, tuple[int, float]] = {}
    total = 0.0
    for (filename, _, name), (_, calls, _, cumulative, _) in stats.items():
        if filename.endswith("test_undo_property.py") and name == "run_sequences":
            total = cumulative
        if filename.endswith("undo_harness.py") and name[:1].islower() and \
                name not in {"scenario", "world", "select", "selected_model_ids",
                             "selected_piece_ids", "catch_up", "board_text", "close",
                             "near_door"}:
            rows[f"command {name}"] = (calls, cumulative)
        elif (filename.endswith("undo_harness.py") and name in {"board_text", "catch_up"}) or \
                (filename.endswith("test_undo_property.py") and name == "teardown") or \
                (filename.endswith("journal.py") and name == "append") or \
                (filename.endswith("world.py") and name == "world_for"):
            rows[name] = (calls, cumulative)
    print(f"profiled: {total:.1f} s in the sequences (cProfile slows everything down)")
    for what, (calls, cumulative) in sorted(rows.items(), key=lambda r: -r[1][1]):
        print(f"  {what:34} {calls:6} calls  {cumulative:7.2f} s  "
              f"{1000 * cumulative / max(calls, 1):8.2f} ms a call")


def main() -> None:
    """Run the property test headless at the size asked for, and through the window."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--window", type=int, default=3, help="window sequences (0: none)")
    parser.add_argument("--profile", type=int, default=0, help="profile N sequences instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.edits)
        return
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
    print("\n".join(_lines(out, ("undo property", "accepted by command", "boards"))))
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
