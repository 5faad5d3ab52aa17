"""A kept 12" ring following a drag on the benchmark's board: its move and its paint (not a test).

``benchmarks/board_bench.py``'s table (72×48, 50 buildings, 1,000 models) with its three
overlays, in the real main window on Qt's offscreen platform. The scene is put in a drag (as
the select tool does) and the ring's item is moved by a small offset 400 times, as a drag's
preview moves it (``RingItem.set_offset``: the edge's squares and its distance's label
repainted where they were and are, the label held by the layout model's ``hold``); after each
move the item is painted into an image of the viewport's size (the rings from their kept
picture, the distance and its leader line). Times are CPU time of this thread. Run from the
repository root:

    python benchmarks/ring_bench.py [--moves N]
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

from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem  # noqa: E402


def _stats(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1e6:.0f} us, "
            f"p95 {ordered[int(len(ordered) * 0.95)] * 1e6:.0f} us")


def main(argv: list[str] | None = None) -> int:
    """Time the ring's moves and paints; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    from benchmarks.board_bench import add_overlays, bench_window, dragged_and_enemy
    from board.view.measure.ring_item import RingItem

    window, _ = bench_window(app)
    dragged, enemy = dragged_and_enemy(window.document.scenario)
    add_overlays(window, dragged, enemy)
    for _ in range(5):
        window.view.viewport().repaint()
        app.processEvents()
    item = next(i for i in window.scene.items() if isinstance(i, RingItem))
    view = window.view
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    option = QStyleOptionGraphicsItem()
    moves, paints = [], []
    window.scene.dragging = True  # as the select tool's drag sets it
    for k in range(1, args.moves + 1):
        start = time.thread_time()
        item.set_offset(0.05 * k, 0.02 * k)
        moves.append(time.thread_time() - start)
        painter = QPainter(image)
        painter.setTransform(view.viewportTransform())
        start = time.thread_time()
        item.paint(painter, option, view.viewport())
        for child in item.childItems():  # labels drawn as items of their own, if any
            painter.setTransform(child.deviceTransform(view.viewportTransform()))
            child.paint(painter, option, view.viewport())
        paints.append(time.thread_time() - start)
        painter.end()
    window.scene.dragging = False
    print(f"12\" ring around {dragged}, {args.moves} moves in a drag (CPU time):")
    print(f"  set_offset: {_stats(moves)}")
    print(f"  paint (rings, distance, leader line): {_stats(paints)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
