"""Make the screenshots of docs/measure.md and docs/disputes.md from the demo, with real events.

``python benchmarks/measure_shots.py`` (offscreen) writes docs/window.png, docs/window-1280x800.png,
docs/measure-door.png,
docs/measure-void-shield.png, docs/measure-ruler.png, docs/measure-within.png,
docs/measure-kept.png and docs/export-demo.png (+ /tmp/export-demo.pdf), and prints, for each,
how many labels cover another label, a model or a door, fire point or weapon (it must be 0).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from board.document.datasheets import DEMO_SCENARIO_PATH  # noqa: E402
from board.document.io import default_library, load_scenario  # noqa: E402
from board.game.core.targets import UnitTarget  # noqa: E402
from board.game.measuring.rings import ring_annotation  # noqa: E402
from board.view.buildings import BuildingController  # noqa: E402
from board.view.items.obstacles import label_overlaps  # noqa: E402
from board.view.window import MainWindow  # noqa: E402

DOCS = ROOT / "docs"
Left = Qt.MouseButton.LeftButton
NoMod = Qt.KeyboardModifier.NoModifier
Shift = Qt.KeyboardModifier.ShiftModifier
HAMMER_AND_ANVIL = "hammer_and_anvil"


def fresh(app: QApplication, size: tuple[int, int] = (1900, 1300)) -> MainWindow:
    Path("/tmp/measure-shots.ini").unlink(missing_ok=True)  # the layout the window is built with
    win = MainWindow(default_library(), QSettings("/tmp/measure-shots.ini",
                                                  QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # no prompt
    win.resize(*size)  # 1900×1300: as docs/demo.png
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, default_library()), DEMO_SCENARIO_PATH)
    win.show()
    app.processEvents()
    win.view.fit_table()
    QTest.mouseMove(win, QPoint(0, 0))
    return win


def at(win: MainWindow, x: float, y: float) -> QPoint:
    p = win.view.mapFromScene(QPointF(x, y))
    return QPoint(p.x(), p.y())


def click(win: MainWindow, x: float, y: float, mod: Qt.KeyboardModifier = NoMod) -> None:
    QTest.mouseClick(win.view.viewport(), Left, mod, at(win, x, y))


def settle(win: MainWindow) -> None:
    """Paint until the labels are placed and judged (board.view.items.legibility)."""
    for _ in range(4):
        win.grab()
        QTest.qWait(60)  # the legibility pass runs once the board is still
    win.view.legibility.run()
    win.grab()
    QTest.qWait(10)


def save(app: QApplication, win: MainWindow, name: str, whole: bool = False) -> None:
    settle(win)
    found = label_overlaps(win.scene, win.view.viewportTransform())
    (win.grab() if whole else win.view.grab()).save(str(DOCS / name))
    print(name, {kind: len(pairs) for kind, pairs in found.items()}, flush=True)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    win = fresh(app, (1280, 800))  # a laptop's screen: the whole window
    save(app, win, "window-1280x800.png", whole=True)
    win.close()

    win = fresh(app, (1600, 1000))  # docs/board.md: the window, the pointer on a model
    QTest.mouseMove(win.view.viewport(), at(win, 36.0, 40.5))
    save(app, win, "window.png", whole=True)
    win.close()

    win = fresh(app)  # is my squad within 6" of the door? N, the squad, the door
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_N)
    click(win, 36.0, 40.5)
    click(win, 23.0, 37.0)
    QTest.mouseMove(win.view.viewport(), at(win, 21.0, 37.0))  # hover the heavy bolter
    save(app, win, "measure-door.png", whole=True)
    win.close()

    win = fresh(app)  # is that tank covered by the void shield? (the Rhino driven closer)
    win.document.move_models({"rhino-fidelis-1": (41.7, 45.6)})
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_N)
    click(win, 41.7, 45.6)
    click(win, 31.0, 39.0, Shift)
    win.findChild(BuildingController, "buildings").show_void_shields(True)
    save(app, win, "measure-void-shield.png")
    win.close()

    win = fresh(app)  # the ruler from the door to Captain Severus
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_M)
    viewport = win.view.viewport()
    QTest.mousePress(viewport, Left, NoMod, at(win, 23.0, 37.0))
    for x in (30.0, 40.0, 45.5):
        QTest.mouseMove(viewport, at(win, x, 38.0))
    QTest.mouseRelease(viewport, Left, NoMod, at(win, 45.5, 38.0))
    save(app, win, "measure-ruler.png")
    win.close()

    win = fresh(app)  # within 6" of the Void Shield Generator's footprint (not its zone)
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_N)
    click(win, 36.0, 40.5)
    click(win, 31.0, 39.0)
    save(app, win, "measure-within.png")
    win.close()

    win = fresh(app, (1280, 800))  # the deployment shown (docs/disputes.md), then Hammer and Anvil
    win.deploy.set_shown(True)
    save(app, win, "deploy-demo.png", whole=True)
    win.deploy.choose_map(HAMMER_AND_ANVIL)
    save(app, win, "deploy-hammer-and-anvil.png", whole=True)
    win.close()

    win = fresh(app)  # rings around the Scout Squad, which followed it as it was dragged
    win.measure.layer.keep(ring_annotation("ring-1", UnitTarget("scouts-telion"), (6.0, 12.0),
                                           "in"), "rings")
    settle(win)
    viewport = win.view.viewport()
    QTest.mousePress(viewport, Left, Shift, at(win, 57.0, 36.0))
    for x in (55.0, 53.0, 51.0):
        QTest.mouseMove(viewport, at(win, x, 34.0))
    QTest.mouseRelease(viewport, Left, Shift, at(win, 51.0, 34.0))
    save(app, win, "measure-rings.png")
    win.close()

    win = fresh(app)  # kept: rings, weapon ranges, a within to the door, every overlay on
    win.measure.layer.keep(ring_annotation("ring-1", UnitTarget("scouts-telion"), (6.0, 12.0),
                                           "in"), "rings")
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_N)
    click(win, 36.0, 40.5)
    click(win, 23.0, 37.0)
    win.measure.keep()
    win.scene.set_tool(None)
    win.deploy.set_shown(True)
    win.findChild(BuildingController, "buildings").show_void_shields(True)
    save(app, win, "measure-kept.png")
    win.measure.dock.raise_()
    settle(win)
    win.measure.dock.grab().save(str(DOCS / "measure-dock.png"))
    print("measure-dock.png written", flush=True)
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_M)
    viewport = win.view.viewport()
    QTest.mousePress(viewport, Left, NoMod, at(win, 23.0, 37.0))
    QTest.mouseMove(viewport, at(win, 40.0, 38.0))
    QTest.mouseRelease(viewport, Left, NoMod, at(win, 45.5, 38.0))
    settle(win)
    win.exporter.export_to(DOCS / "export-demo.png")
    win.exporter.export_to(Path("/tmp/export-demo.pdf"))
    print("export-demo.png and /tmp/export-demo.pdf written")
    win.close()


if __name__ == "__main__":
    main()
