"""The labels' layout at rest after a drag: the fast search beside the naive one, same run.

When the select tool's drag of a unit ends with a line of sight showing, the sight overlay
lays out its 21 labels again among the board's ~1,150 obstacle rectangles (models, symbols,
other labels) with :func:`board.game.core.label_layout.place_labels`. This builds the
benchmark's table (``board_bench.py``: 50 buildings, 1,000 models, three overlays), drags the
unit of 20 and lets it go, and records each layout made at rest. Then:

1. each recorded layout is made again by the fast code and by the naive one (the code it
   replaced, ``tests/game/naive_label_layout.py``): the answers must be equal, and the best
   of ``--repeats`` times of each is printed;
2. the drop itself, timed from the mouse's release to the board painted at rest, with the
   overlays laying out their labels with the fast code and then with the naive one;
3. a full repaint of the table at rest with the overlays on (``viewport().repaint()``,
   ``--repaints`` times, median) with the obstacles the overlays' labels keep off kept while
   the board is unchanged (:class:`board.view.items.obstacles.ObstacleCache`) and read again
   on every paint (the baseline: what each paint did before), alternating, the same pixels.

``--cpu`` times in the GUI thread's CPU time (a shared machine's other work left out).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import board_bench as bench  # noqa: E402
from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import board.view.measure.overlay_item as overlay_item  # noqa: E402
from board.game.core.label_layout import place_labels  # noqa: E402
from board.view.items.obstacles import ObstacleCache  # noqa: E402
from board.view.window import MainWindow  # noqa: E402
from tests.game.naive_label_layout import naive_place_labels  # noqa: E402

clock: Callable[[], float] = time.perf_counter

#: A layout among at least this many obstacles is one of the board (not a drag's few).
BOARD_OBSTACLES = 500


class Recorder:
    """Lays out the overlays' labels with ``layout`` and records each call at rest."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.calls: list[tuple[list[Any], list[Any], dict[str, Any]]] = []
        self.layout: Callable[..., Any] = place_labels
        overlay_item.place_labels = self._place  # type: ignore[assignment]

    def _place(self, labels: Sequence[Any], obstacles: Sequence[Any] = (),
               **kw: Any) -> Any:
        if not self.window.scene.dragging and len(obstacles) >= BOARD_OBSTACLES:
            self.calls.append((list(labels), list(obstacles), dict(kw)))
        return self.layout(labels, obstacles, **kw)


def drop(app: QApplication, window: MainWindow, counter: bench.PaintCounter,
         unit_id: str) -> float:
    """Drag ``unit_id`` a little and let it go; ms from the release to the board at rest."""
    view, viewport = window.view, window.view.viewport()
    models = window.document.scenario.unit(unit_id).models
    start = view.mapFromScene(QPointF(models[0].x, models[0].y))
    shift = Qt.KeyboardModifier.ShiftModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, shift, start)
    bench._until_painted(app, counter, counter.paints)
    for step in range(1, 11):
        QTest.mouseMove(viewport, start + QPoint(3 * step, step))
        bench._until_painted(app, counter, counter.paints)
    for step in range(9, -1, -1):  # back where it started: no edit
        QTest.mouseMove(viewport, start + QPoint(3 * step, step))
        bench._until_painted(app, counter, counter.paints)
    before = counter.paints
    t0 = clock()
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, shift, start)
    bench._until_painted(app, counter, before, limit=5.0)
    elapsed = (clock() - t0) * 1000.0
    for _ in range(20):  # what the paint queued (labels given way, the overlays again)
        bench._until_painted(app, counter, counter.paints, limit=0.1)
    return elapsed


class ReadEveryTime(ObstacleCache):
    """The baseline: the obstacles read again on every paint, as before they were kept."""

    def obstacles(self, *args: Any, **kw: Any) -> Any:  # noqa: D102 - as the parent's
        self._key = None
        return super().obstacles(*args, **kw)


def repaints(app: QApplication, window: MainWindow, times: int,
             ) -> tuple[dict[str, float], bool]:
    """Median ms of a full repaint, obstacles kept and read every time; the same pixels?"""
    viewport = window.view.viewport()
    items = [i for i in window.scene.items() if isinstance(i, overlay_item.OverlayItem)]
    found: dict[str, list[float]] = {"kept": [], "read": []}
    grabs = {}
    for name, cache in (("kept", ObstacleCache), ("read", ReadEveryTime)):
        for item in items:
            item._obstacle_cache = cache()
        viewport.repaint()  # the first reading
        grabs[name] = viewport.grab().toImage()
    for _ in range(times):
        for name, cache in (("kept", ObstacleCache), ("read", ReadEveryTime)):
            for item in items:
                if type(item._obstacle_cache) is not cache:
                    item._obstacle_cache = cache()
            viewport.repaint()  # the first paint of a run reads; the one timed is the next
            t0 = clock()
            viewport.repaint()
            found[name].append((clock() - t0) * 1000.0)
    for item in items:
        item._obstacle_cache = ObstacleCache()
    app.processEvents()
    return ({name: statistics.median(ms) for name, ms in found.items()},
            grabs["kept"] == grabs["read"])


def best_of(repeats: int, layout: Callable[..., object], labels: list[Any],
            obstacles: list[Any], kw: dict[str, Any]) -> float:
    """The least of ``repeats`` times of ``layout`` on one recorded call, ms."""
    times = []
    for _ in range(repeats):
        t0 = clock()
        layout(labels, obstacles, **kw)
        times.append((clock() - t0) * 1000.0)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="times each layout is made")
    parser.add_argument("--drops", type=int, default=3, help="drops timed each way")
    parser.add_argument("--cpu", action="store_true", help="time in the GUI thread's CPU time")
    parser.add_argument("--repaints", type=int, default=30, help="full repaints timed each way")
    args = parser.parse_args(argv)
    global clock
    clock = time.thread_time if args.cpu else time.perf_counter
    app = QApplication.instance() or QApplication(["battleboard-bench"])
    assert isinstance(app, QApplication)
    window, counter = bench.bench_window(app)
    dragged, enemy = bench.dragged_and_enemy(window.document.scenario)
    recorder = Recorder(window)
    bench.add_overlays(window, dragged, enemy)
    bench._until_painted(app, counter, counter.paints)
    drop(app, window, counter, dragged)  # warm the caches
    recorder.calls.clear()
    drop(app, window, counter, dragged)
    calls = list(recorder.calls)
    if not calls:
        raise SystemExit("no layout at rest among the board's obstacles was recorded")
    print(f"after a drop of {dragged} (20 models) with three overlays: {len(calls)} layouts "
          f"at rest" + (" (CPU time of the GUI thread)" if args.cpu else ""))
    fast_total = naive_total = 0.0
    for labels, obstacles, kw in calls:
        fast = place_labels(labels, obstacles, **kw)
        if fast != naive_place_labels(labels, obstacles, **kw):
            raise SystemExit("the fast layout's answer differs from the naive one's")
        fast_ms = best_of(args.repeats, place_labels, labels, obstacles, kw)
        naive_ms = best_of(args.repeats, naive_place_labels, labels, obstacles, kw)
        fast_total, naive_total = fast_total + fast_ms, naive_total + naive_ms
        yielding = len(kw.get("yielding") or ())
        print(f"  place_labels: {len(labels)} labels, {len(obstacles)} obstacles, {yielding} "
              f"yielding: fast {fast_ms:.1f} ms, naive {naive_ms:.1f} ms (baseline), "
              f"x{naive_ms / fast_ms:.1f}; the same answers")
    print(f"  all {len(calls)}: fast {fast_total:.1f} ms, naive {naive_total:.1f} ms (baseline)")
    drops: dict[str, list[float]] = {"fast": [], "naive": []}
    for _ in range(args.drops):
        for name, layout in (("fast", place_labels), ("naive", naive_place_labels)):
            recorder.layout = layout
            drops[name].append(drop(app, window, counter, dragged))
    recorder.layout = place_labels
    print(f"drop to the board painted at rest: fast median "
          f"{statistics.median(drops['fast']):.1f} ms (best {min(drops['fast']):.1f}), naive "
          f"median {statistics.median(drops['naive']):.1f} ms (best {min(drops['naive']):.1f}) "
          f"(baseline); {args.drops} drops each, alternating")
    for _ in range(20):  # the board at rest after the last drop
        bench._until_painted(app, counter, counter.paints, limit=0.05)
    medians, same = repaints(app, window, args.repaints)
    print(f"full repaint at rest with the overlays: obstacles kept median {medians['kept']:.2f} "
          f"ms, read on every paint median {medians['read']:.2f} ms (baseline); "
          f"{args.repaints} each, alternating; " + ("the same pixels" if same else
                                                     "THE PIXELS DIFFER"))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
