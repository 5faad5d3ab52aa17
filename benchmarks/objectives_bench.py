"""Speed of the live objective readout (not a test): a drag of 20 with objectives held.

board_bench's table (72×48, 50 buildings, 1,000 models in 50 units of 20) with six 40 mm
objective markers, one of them beside the dragged unit, in the real main window: the
objectives overlay works out who holds each marker on every frame of the drag. Timed as
board_bench times its drags (mouse event to the end of the repaint it causes), with the
markers and without, with board_bench's three overlays live besides (its budget: p95
6 ms), and the readout alone (``holdings`` on the 1,000 models). Run from the
repository root:

    python benchmarks/objectives_bench.py [--steps N] [--cpu]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import board_bench as bb  # noqa: E402 - sets the platform before Qt loads
from PySide6.QtWidgets import QApplication  # noqa: E402

from board.document.changes import Change  # noqa: E402
from board.document.model import TerrainPiece  # noqa: E402
from board.game.objectives.control import holdings  # noqa: E402
from board.view.commands import ApplyChangeCommand  # noqa: E402


def add_markers(window: bb.MainWindow, near: tuple[float, float]) -> None:
    """Six markers: one 2" right of the dragged unit's centre, five about the table."""
    spots = [(near[0] + 2.0, near[1]), (6.0, 24.0), (66.0, 24.0), (36.0, 4.0), (36.0, 44.0),
             (20.0, 30.0)]
    pieces = {f"obj-{k}": TerrainPiece(f"obj-{k}", "objective_marker", x, y)
              for k, (x, y) in enumerate(spots)}
    window.undo_stack.push(ApplyChangeCommand(window.document, Change(pieces=pieces),
                                              "Objective markers"))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=120, help="mouse moves per drag")
    parser.add_argument("--cpu", action="store_true", help="time in the GUI thread's CPU time")
    args = parser.parse_args(argv)
    bb.clock = time.thread_time if args.cpu else time.perf_counter
    app = QApplication.instance() or QApplication(["objectives-bench"])
    assert isinstance(app, QApplication)
    window, counter = bb.bench_window(app)
    scenario = window.document.scenario
    dragged, _ = bb.dragged_and_enemy(scenario)
    bb.time_drag(window, counter, dragged, 20)  # warm the caches
    without = bb.time_drag(window, counter, dragged, args.steps)
    dragged, enemy = bb.dragged_and_enemy(window.document.scenario)
    remove = bb.add_overlays(window, dragged, enemy)
    bb._until_painted(app, counter, counter.paints)
    bb.time_drag(window, counter, dragged, 20)
    overlays_only = bb.time_drag(window, counter, dragged, args.steps)
    remove()
    bb._until_painted(app, counter, counter.paints)
    add_markers(window, bb._centre(scenario.unit(dragged)))
    bb._until_painted(app, counter, counter.paints)
    controller = window.features.objectives
    assert controller is not None
    app.processEvents()
    bb.time_drag(window, counter, dragged, 20)
    with_markers = bb.time_drag(window, counter, dragged, args.steps)
    dragged, enemy = bb.dragged_and_enemy(window.document.scenario)
    remove = bb.add_overlays(window, dragged, enemy)
    bb._until_painted(app, counter, counter.paints)
    bb.time_drag(window, counter, dragged, 20)
    all_four = bb.time_drag(window, counter, dragged, args.steps)
    remove()
    readout = []
    scenario, world = window.document.scenario, window.scene.world()
    for _ in range(50):
        t0 = time.perf_counter()
        held = holdings(scenario, world)
        readout.append((time.perf_counter() - t0) * 1000.0)
    print(f"{len(held)} objectives; {sum(len(u.models) for u in scenario.units)} models"
          + ("; CPU time of the GUI thread" if args.cpu else ""))
    for name, values in (("drag of 20, objectives held live ", with_markers),
                         ("  and board_bench's three overlays", all_four),
                         ("drag of 20, no markers           ", without),
                         ("  board_bench's three overlays    ", overlays_only)):
        p95 = bb.percentile(values, 0.95)
        print(f"{name}: median {statistics.median(values):.2f} ms, p95 {p95:.2f} ms "
              f"({len(values)} moves)")
    print(f"who holds each objective (holdings, 1,000 models, 6 markers): median "
          f"{statistics.median(readout):.2f} ms, p95 {bb.percentile(readout, 0.95):.2f} ms")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
