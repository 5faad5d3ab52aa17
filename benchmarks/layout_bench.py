"""The board's label layout model: the fast search beside the naive one, same run.

The layout of every label on a page (:func:`board.game.core.board_layout.lay_out`: the
board's names and badges fitted, the overlays' labels placed among ~1,150 obstacle
rectangles, then fitted again) is one Qt-free pass over facts the view reads from its items.
This builds the benchmark's table (``board_bench.py``: 50 buildings, 1,000 models, three
overlays), lets the view settle its layout, takes the facts the model was given, then:

1. makes the layout again from those facts, ``--repeats`` times (best printed), with the
   fast label search (:func:`~board.game.core.label_layout.place_labels`) and with the naive
   one (``tests/game/naive_label_layout.py``, the baseline): the answers must be equal;
2. times what the view does before each paint at rest (:meth:`SceneLayout.settle`): with
   nothing changed (the facts read and compared, the layout kept) and with a page moved by
   a pixel (the layout made again);
3. times the drop of a dragged unit, from the mouse's release to the board painted at rest,
   with the fast search and the naive one (alternating);
4. a full repaint of the table at rest (``viewport().repaint()``, ``--repaints``, median).

``--cpu`` times in the GUI thread's CPU time (a shared machine's other work left out).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import board_bench as bench  # noqa: E402
from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import board.game.core.board_layout as board_layout  # noqa: E402
import board.game.core.overlay_placing as overlay_placing  # noqa: E402
from board.game.core.label_layout import place_labels  # noqa: E402
from board.view.measure.label_drawing import measure_label  # noqa: E402
from board.view.window import MainWindow  # noqa: E402
from tests.game.naive_label_layout import naive_place_labels  # noqa: E402

clock: Callable[[], float] = time.perf_counter


def use_search(search: Callable[..., Any]) -> None:
    """Lay every overlay's labels out with ``search`` (place_labels or the naive one).

    The layout calls it from two modules: the overlays' placing and ``hold`` (a drag's).
    """
    overlay_placing.place_labels = search  # type: ignore[assignment]
    board_layout.place_labels = search  # type: ignore[assignment]

#: A layout among at least this many obstacles is one of the board (not a drag's few).
BOARD_OBSTACLES = 500


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


def repaints(window: MainWindow, times: int) -> float:
    """Median ms of a full repaint of the table at rest with the overlays on."""
    viewport = window.view.viewport()
    found = []
    for _ in range(times):
        t0 = clock()
        viewport.repaint()
        found.append((clock() - t0) * 1000.0)
    return statistics.median(found)


def settles(window: MainWindow, times: int) -> tuple[float, float]:
    """Median ms of the view's settle before a paint: nothing changed; the page moved."""
    layout, view = window.view.label_layout, window.view
    kept, moved = [], []
    for k in range(times):
        t0 = clock()
        layout.settle(view)
        kept.append((clock() - t0) * 1000.0)
        bar = view.horizontalScrollBar()
        bar.setValue(bar.value() + (1 if k % 2 == 0 else -1))
        t0 = clock()
        layout.settle(view)
        moved.append((clock() - t0) * 1000.0)
    return statistics.median(kept), statistics.median(moved)


def best_of(repeats: int, search: Callable[..., Any], facts: tuple[Any, ...],
            ) -> tuple[float, Any]:
    """The least of ``repeats`` times of the layout of ``facts`` with ``search``, ms."""
    use_search(search)
    times = []
    try:
        for _ in range(repeats):
            t0 = clock()
            laid = board_layout.lay_out(*facts, measure_label)
            times.append((clock() - t0) * 1000.0)
    finally:
        use_search(place_labels)
    return min(times), laid


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
    bench.add_overlays(window, dragged, enemy)
    bench._until_painted(app, counter, counter.paints)
    drop(app, window, counter, dragged)  # warm the caches
    layout = window.view.label_layout
    laid = layout.settle(window.view)
    assert laid is not None and layout._last is not None  # noqa: SLF001
    page, _, labels, asked = layout._last[0]  # noqa: SLF001 - the facts it was given
    obstacles, footprints = layout._read_obstacles()  # noqa: SLF001 - models and symbols
    facts = (page, board_layout.BoardFacts(obstacles, labels, footprints), list(asked))
    placed = sum(len(overlay.labels) for overlay in asked)
    print(f"the benchmark's board at rest with three overlays: {len(obstacles)} models and "
          f"symbols, {len(labels)} board labels, {placed} overlay labels in {len(asked)} "
          f"overlays; page {page.rect[2]:.0f}x{page.rect[3]:.0f} px"
          + (" (CPU time of the GUI thread)" if args.cpu else ""))
    fast_ms, fast = best_of(args.repeats, place_labels, facts)
    naive_ms, naive = best_of(args.repeats, naive_place_labels, facts)
    same = fast.overlays == naive.overlays and fast.fits == naive.fits
    print(f"layout model, whole page: fast {fast_ms:.1f} ms, naive {naive_ms:.1f} ms "
          f"(baseline), x{naive_ms / fast_ms:.1f}; "
          + ("the same answers" if same else "THE ANSWERS DIFFER"))
    if not same:
        return 1
    kept_ms, moved_ms = settles(window, max(5, args.repaints // 3))
    print(f"view's settle before a paint: nothing changed median {kept_ms:.2f} ms, page moved "
          f"a pixel (laid out again) median {moved_ms:.2f} ms")
    drops: dict[str, list[float]] = {"fast": [], "naive": []}
    for _ in range(args.drops):
        for name, search in (("fast", place_labels), ("naive", naive_place_labels)):
            use_search(search)
            drops[name].append(drop(app, window, counter, dragged))
    use_search(place_labels)
    print(f"drop to the board painted at rest: fast median "
          f"{statistics.median(drops['fast']):.1f} ms (best {min(drops['fast']):.1f}), naive "
          f"median {statistics.median(drops['naive']):.1f} ms (best {min(drops['naive']):.1f}) "
          f"(baseline); {args.drops} drops each, alternating")
    for _ in range(20):  # the board at rest after the last drop
        bench._until_painted(app, counter, counter.paints, limit=0.05)
    print(f"full repaint at rest with the overlays: median {repaints(window, args.repaints):.2f}"
          f" ms ({args.repaints} repaints)")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
