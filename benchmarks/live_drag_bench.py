"""What a move of the other player's drag costs the board that shows it (not a test).

In a shared game each mouse move of a drag reaches the other board as presence, and that
board moves the dragged models' items (:class:`~board.view.remote.live.LiveDrags`) and
repaints. That work is the receiving board's, between one move and the next: while it lasts,
the next move waits (``benchmarks/remote_bench.py`` times the whole way, wire and server
included, and showed the later moves of each drag slower than the first).

Here one window with the issue's table (50 buildings, 1,000 models) is shown the other
player's drags, three moves a drag, each move painted, and the cost of each move (the items
moved and the repaint it causes) is measured in CPU time of the GUI thread (the work, less of
the other programs of a shared machine in it) and, with ``--instructions``, in instructions
counted by callgrind (the same on a busy machine; needs valgrind), for:

- the board as it is: while the other player's drag goes on the label layout is held, as
  during this player's own drag (read again when their drag ends);
- the naive way, the baseline: the board's models read and the labels laid out afresh on
  every move (what the board did from the layout model's merge until this was measured).

Run from the repository root: ``python benchmarks/live_drag_bench.py [--drags N]
[--instructions]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QPA_UPDATE_IDLE_TIME", "0")

import pycrdt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from benchmarks.board_bench import _until_painted, bench_window  # noqa: E402
from benchmarks.drag_instructions import (  # noqa: E402
    have_callgrind,
    instructions_of,
    toggle_counting,
)
from board.shared.binder import SharedScenario  # noqa: E402
from board.view.remote.live import LiveDrags  # noqa: E402
from board.view.window import MainWindow  # noqa: E402

#: The ways measured: what is printed, the name the child process is given.
CASES = (("held layout, as the board does", "held"),
         ("laid out afresh on every move (naive, the baseline)", "afresh"))
#: The other player's client id on this board (any number: presence names clients so).
THEIRS = 7
STEPS = 3


class ShownDrags:
    """A window showing the other (red) player's drags of the first model of each red unit."""

    def __init__(self, app: QApplication, case: str) -> None:
        self.app = app
        self.window, self.counter = bench_window(app, limit=120)
        window: MainWindow = self.window
        board = SharedScenario(window.document, pycrdt.Doc(), "Bob", "blue",
                               window.scene.datasheets, autoflush=False)
        self.live = LiveDrags(window.scene, lambda: board)
        if case == "afresh":
            window.scene.moved_live.connect(window.view.label_layout.invalidate)
        self.reds = [m.id for u in window.document.scenario.units
                     if u.side == "red" and u.on_table for m in u.models[:1]]

    def painted(self, before: int) -> None:
        if not _until_painted(self.app, self.counter, before, limit=120):
            raise SystemExit("a move of the other player's drag caused no repaint")

    def drag(self, k: int, counting: bool = False) -> list[float]:
        """The ``k``-th drag: GUI-thread CPU ms of each move (counted by callgrind if asked)."""
        model_id = self.reds[k % len(self.reds)]
        model = self.window.document.scenario.model(model_id)[1]
        costs = []
        if counting:
            toggle_counting(True)
        for step in range(1, STEPS + 1):
            t0, before = time.thread_time(), self.counter.paints
            self.live.show(THEIRS, {model_id: [model.x - 0.15 * step, model.y]})
            self.painted(before)
            costs.append((time.thread_time() - t0) * 1000.0)
        if counting:
            toggle_counting(False)
        before = self.counter.paints
        self.live.show(THEIRS, {})  # they let go with no edit: the items are put back
        self.live.settle({model_id})
        self.painted(before)
        return costs


def child(case: str, drags: int) -> None:
    """Under callgrind: count the moves of ``drags`` drags (after two not counted)."""
    app = QApplication.instance() or QApplication(["battleboard-bench"])
    assert isinstance(app, QApplication)
    shown = ShownDrags(app, case)
    for k in range(drags + 2):
        shown.drag(k, counting=k >= 2)


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return f"median {statistics.median(values):.2f} ms, p95 {p95:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drags", type=int, default=20, help="drags shown (3 moves each)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions under callgrind (a minute or two a way)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.drags)
        return 0
    app = QApplication.instance() or QApplication(["battleboard-bench"])
    assert isinstance(app, QApplication)
    print(f"the other player's drag shown on a board of 1,000 models and 50 buildings: "
          f"{args.drags} drags of {STEPS} moves, each move's items moved and repainted")
    for name, case in CASES:
        shown = ShownDrags(app, case)
        costs = [cost for k in range(args.drags + 2) for cost in shown.drag(k)][2 * STEPS:]
        print(f"{name}: GUI-thread CPU a move {figures(costs)} (the first move of each drag "
              f"{figures(costs[0::STEPS])}; the later ones "
              f"{figures([c for k, c in enumerate(costs) if k % STEPS])})")
        shown.window.close()
    if not args.instructions:
        return 0
    if not have_callgrind():
        print("valgrind is not installed (Debian: apt-get install valgrind): nothing counted")
        return 0
    counted = min(args.drags, 5)
    for name, case in CASES:
        total = instructions_of([__file__, "--child", case, "--drags", str(counted)])
        print(f"{name}: {total / (counted * STEPS) / 1e6:.2f} M instructions a move "
              f"(callgrind, {counted * STEPS} moves counted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
