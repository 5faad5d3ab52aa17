"""Instructions a move of board_bench's drag costs, counted by valgrind (not a test).

A shared machine's wall clock moves by half from one run to the next (docs/paint.md): two
checkouts a few per cent apart cannot be told apart by timing them. Valgrind's callgrind
counts the instructions the process runs instead, the same for the same work whatever
else the machine is doing. This runs :mod:`board_bench`'s drag of a unit of 20 with its
three overlays (a 12" ring, a disembark zone, 320 rays of a line of sight) under callgrind,
counting only the mouse moves, and prints instructions per move for:

- the drag as the board does it (the board under the drag from one picture);
- the same drag with every item drawn on every move (the naive way, the baseline);
- the same drag with no overlays.

The moves counted hold no reading of the line of sight (one is made every 0.2 s of a
drag; the clock is the moves' own here, one every 4 ms, so that valgrind's slowness does
not put a reading in every move); a reading's own cost is printed apart. Needs
``valgrind`` (Debian's package); without it this says so and stops. About a minute a
figure. Run from the repository root:

    python benchmarks/drag_instructions.py [--moves N]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board.document.model import Unit

ROOT = Path(__file__).resolve().parents[1]

#: The drags measured: name, what the child sets up.
CASES = (("drag of 20, three overlays live", "picture"),
         ("  the same, every item drawn (baseline)", "every_item"),
         ("drag of 20, no overlays", "no_overlays"))

#: Moves made before counting: the first reading, the fans' plan, the labels' pictures.
WARM = 60


def toggle_counting(on: bool) -> None:
    """Turn callgrind's counting on or off in this process (and wait until it has)."""
    asked = subprocess.Popen(["callgrind_control", "-i", "on" if on else "off",
                              str(os.getpid())], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    end = time.time() + 60
    while asked.poll() is None and time.time() < end:
        sum(range(1000))  # keep running: callgrind answers between blocks of this process


def child(case: str, moves: int, reading: bool) -> None:
    """Run under callgrind: set the board up, then count ``moves`` moves (or one reading)."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import board_bench as bench
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    import board.view.sight.overlay as sight_overlay

    sight_overlay.REST_S = 3600.0  # no reading for a rest: valgrind makes every move slow
    app = QApplication.instance() or QApplication(["battleboard-bench"])
    assert isinstance(app, QApplication)
    window, counter = bench.bench_window(app, limit=120)
    dragged, enemy = bench.dragged_and_enemy(window.document.scenario)
    if case != "no_overlays":
        bench.add_overlays(window, dragged, enemy)
        bench._until_painted(app, counter, counter.paints, limit=120)
    window.view.backdrop.enabled = case != "every_item"
    now = [0.0]
    window.shooting.sight.clock = lambda: now[0]  # type: ignore[attr-defined]
    view, viewport = window.view, window.view.viewport()
    start = view.mapFromScene(QPointF(*_first(window.document.scenario.unit(dragged))))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                     start)
    bench._until_painted(app, counter, counter.paints, limit=120)

    def move(k: int, late: float = 0.0) -> None:
        phase = k % 40
        dx = phase if phase <= 20 else 40 - phase  # as board_bench: 20 px out and back
        now[0] = k * 0.004 + late  # a move every 4 ms: a reading every 50 moves
        before = counter.paints
        QTest.mouseMove(viewport, QPoint(start.x() + 3 * dx, start.y() + dx))
        if not bench._until_painted(app, counter, before, limit=120):
            raise SystemExit(f"move {k} caused no repaint")

    for k in range(1, WARM):
        move(k)
    toggle_counting(True)
    if reading:  # the next move comes a second after the last reading: it reads again
        move(WARM, late=1.0)
    else:  # a reading at the first move and every 50 after: none among these (up to 50)
        for k in range(WARM, WARM + moves):
            move(k)
    toggle_counting(False)


def _first(unit: Unit) -> tuple[float, float]:
    """Where the model the drag grabs stands (board_bench grabs another each drag)."""
    model = unit.models[3]
    return model.x, model.y


def counted(case: str, moves: int, reading: bool = False) -> int:
    """Instructions callgrind counted for ``case``'s moves (or its one reading move)."""
    return instructions_of([__file__, "--child", case, "--moves", str(moves)]
                           + (["--reading"] if reading else []))


def instructions_of(script: list[str]) -> int:
    """Instructions callgrind counted in ``python SCRIPT...`` (between its toggles)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0", QT_QPA_PLATFORM="offscreen")
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no",
             f"--callgrind-out-file={out}", sys.executable, *script],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800, check=False)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"valgrind failed ({done.returncode}): {done.stderr[-800:]}")
        return int(found.group(1))


def have_callgrind() -> bool:
    """Whether valgrind and its callgrind_control are installed."""
    return shutil.which("valgrind") is not None and shutil.which("callgrind_control") is not None


def main(argv: list[str] | None = None) -> int:
    """Count and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40,
                        help="mouse moves counted (at most 40: no reading among them)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--reading", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.moves, args.reading)
        return 0
    if not have_callgrind():
        print("valgrind is not installed (Debian: apt-get install valgrind): nothing counted")
        return 0
    print(f"instructions a move, {args.moves} moves counted after {WARM} (callgrind; the "
          f"same work counts the same on a busy machine)")
    for name, case in CASES:
        per_move = counted(case, args.moves) / args.moves
        print(f"{name}: {per_move / 1e6:.2f} M")
    reading = counted("picture", 1, reading=True)
    print(f"a move with a reading of the line of sight (one every 0.2 s of a drag): "
          f"{reading / 1e6:.2f} M")
    return 0


if __name__ == "__main__":
    sys.exit(main())
