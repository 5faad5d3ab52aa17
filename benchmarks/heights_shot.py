"""Make docs/measure-heights.png: a raised measurement on the demo, with real events.

A scout of Scout Squad Telion is dragged onto the ruin's upper level and lifted there with
Page Up; the ruler (M) is dragged from it to Captain Severus and kept (K); a 6" ring is kept
around the scout. Prints how many labels cover another label, a model or a symbol (0).

    python benchmarks/heights_shot.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.measure_shots import Left, NoMod, at, fresh, save  # noqa: E402
from board.game.core.targets import ModelTarget  # noqa: E402
from board.game.measuring.rings import ring_annotation  # noqa: E402

SCOUT = "scouts-telion-3"


def main() -> None:
    """Lift the scout, measure from it, keep the ruler and a ring, and save the picture."""
    app = QApplication.instance() or QApplication([])
    win = fresh(app, (1600, 1000))
    viewport = win.view.viewport()
    QTest.mousePress(viewport, Left, NoMod, at(win, 60.469, 36.0))
    for x, y in ((59.0, 30.0), (57.0, 24.0), (56.0, 19.25)):
        QTest.mouseMove(viewport, at(win, x, y))
    QTest.mouseRelease(viewport, Left, NoMod, at(win, 56.0, 19.25))
    win.activateWindow()
    QTest.keyClick(win.view, Qt.Key.Key_PageUp)
    scout = win.document.scenario.model(SCOUT)[1]
    print("scout", (round(scout.x, 3), round(scout.y, 3)), scout.level)
    win.measure.layer.keep(ring_annotation("ring-1", ModelTarget(SCOUT), (6.0,), "in"), "ring")
    QTest.keyClick(viewport, Qt.Key.Key_M)
    QTest.mousePress(viewport, Left, NoMod, at(win, scout.x, scout.y))
    for x, y in ((52.0, 26.0), (48.0, 33.0), (45.5, 38.0)):
        QTest.mouseMove(viewport, at(win, x, y))
    QTest.mouseRelease(viewport, Left, NoMod, at(win, 45.5, 38.0))
    print("ruler", win.measure.start_ruler and win.scene.tool.reading.text)
    QTest.keyClick(viewport, Qt.Key.Key_K)
    QTest.keyClick(viewport, Qt.Key.Key_Escape)
    win.scene.clearSelection()
    win.view.zoom_by(2.0, win.view.mapFromScene(QPointF(51.0, 26.0)))
    win.view.centerOn(QPointF(51.5, 23.5))
    save(app, win, "measure-heights.png")
    win.view.zoom_by(4.0, win.view.mapFromScene(QPointF(scout.x, scout.y)))
    win.view.centerOn(QPointF(scout.x, scout.y))
    save(app, win, "measure-heights-badge.png")
    win.close()


if __name__ == "__main__":
    main()
