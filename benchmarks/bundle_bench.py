"""The players' bundle beside the developers' install: first paint, size on disk and download.

Usage::

    bash .ci/bundle/build              # once: .ci-bundle/dist/battleboard
    python benchmarks/bundle_bench.py [--runs N] [--other FOLDER]

Both launches open the demo board in the window (offscreen) with ``battleboard --first-paint``,
which prints the moment the board is first painted and closes the window. A launch's time is
from just before the process is started to that moment. The bundle's and this environment's
launches alternate (bundle, venv, bundle, venv, ...) so that a busy machine slows both alike:
compare the two columns of one run, not figures of different runs. ``--other FOLDER`` adds a
third column, another bundle's folder (an older build, say), in the same alternation.

The venv's launch runs byte-compiled modules (as a pip install has them): the compiled files it
writes beside this checkout's sources are removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLE_DIR = ROOT / ".ci-bundle" / "dist" / "battleboard"
BUNDLE = BUNDLE_DIR / ("battleboard.exe" if sys.platform == "win32" else "battleboard")
sys.path.insert(0, str(ROOT / "benchmarks"))

from board_bench import byte_compiled  # noqa: E402 - after the path above


def first_paint(command: Sequence[str], home: Path) -> float:
    """Seconds from starting ``command`` to the first paint it prints."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home))
    start = time.time()
    done = subprocess.run([*command, "--first-paint"], env=env, capture_output=True, text=True,
                          timeout=120, check=False, cwd=home)
    said = [line for line in done.stdout.splitlines() if "first paint at" in line]
    if done.returncode != 0 or not said:
        raise SystemExit(f"{command[0]}: the launch failed ({done.returncode}): "
                         f"{done.stderr[-500:]}")
    return float(said[-1].rsplit(" ", 1)[1]) - start


def folder_mb(folder: Path) -> float:
    """Megabytes of the files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*")
               if p.is_file() and not p.is_symlink()) / 1e6  # a link is not a second copy


def main(argv: Sequence[str] | None = None) -> int:
    """Print the bundle's and the venv's first paints, and the bundle's sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches of each (default 5)")
    parser.add_argument("--other", type=Path, help="another bundle's folder, launched alike")
    args = parser.parse_args(argv)
    if not BUNDLE.exists():
        print(f"no bundle at {BUNDLE}: build it first with `bash .ci/bundle/build`")
        return 1
    commands = {"bundle": [str(BUNDLE)], "venv (baseline)": [sys.executable, "-m", "board.main"]}
    if args.other is not None:
        commands[f"other ({args.other.name})"] = [str(args.other / BUNDLE.name)]
    written = byte_compiled()
    times: dict[str, list[float]] = {name: [] for name in commands}
    try:
        with tempfile.TemporaryDirectory() as home:
            for command in commands.values():  # a first launch fills the disk cache
                first_paint(command, Path(home))
            for _ in range(args.runs):
                for name, command in commands.items():
                    times[name].append(first_paint(command, Path(home)))
    finally:
        for path in written:
            path.unlink(missing_ok=True)
    print(f"first paint of the demo board, {args.runs} launches each, alternating "
          f"(load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    for name, taken in times.items():
        print(f"  {name:<22} median {statistics.median(taken):.2f} s   "
              f"min {min(taken):.2f} s   max {max(taken):.2f} s")
    ratio = statistics.median(times["bundle"]) / statistics.median(times["venv (baseline)"])
    print(f"  {'bundle / venv':<22} {ratio:.2f}")
    print(f"bundle on disk: {folder_mb(BUNDLE_DIR):.0f} MB ({BUNDLE_DIR.relative_to(ROOT)})")
    if args.other is not None:
        print(f"other on disk: {folder_mb(args.other):.0f} MB ({args.other})")
    for archive in sorted((ROOT / ".ci-bundle").glob("battleboard-*.tar.gz")):
        print(f"download: {archive.stat().st_size / 1e6:.0f} MB ({archive.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
