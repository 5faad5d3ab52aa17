"""What a board on screen does not load until the player first asks for it (issue 38's memory).

Run in a fresh interpreter, as a player's session starts: the real main window opens a plain
board (no objective marker), the player clicks a model (who sees whom reads its unit's view: the
board's geometry is built) and drags it; places an objective marker from the palette; then opens
File ▸ Import Army List… from the menu with the keyboard and a click. Until the marker, the
objectives' overlay and rules are not loaded; until the import, the army lists' modules (their
reading, mapping and dialog, with the XML parser); each loads at its first use and works (the
marker's caption is drawn, the list's units are listed). ``numpy.ma`` is never needed
(``geometry.distinct``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROSTER = ROOT / "tests" / "game" / "rosters" / "wh40k_7th_space_marines.ros"

#: The objectives' overlay and rules of holding, loaded with the first marker.
OBJECTIVES = ["board.view.objectives.controller", "board.view.objectives.items",
              "board.game.objectives.control", "rules.wh40k.objectives"]
#: The army import's modules, loaded at the first list opened.
ARMY = ["board.view.army.dialog", "board.document.roster.read", "board.game.army.plan",
        "xml.etree.ElementTree", "defusedxml"]

SCRIPT = r"""
import json, sys
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

app = QApplication(["battleboard"])
from board.document.datasheets import load_library
from board.view.window import MainWindow
from tests.board.conftest import make_scenario
from tests.board.first_game import place_from_palette

OBJECTIVES, ARMY = json.loads(sys.argv[1]), json.loads(sys.argv[2])
WATCHED = OBJECTIVES + ARMY + ["numpy.ma"]
roster = sys.argv[3]


def loaded():
    return [name for name in WATCHED if name in sys.modules]


def wait_until(test, ms=5000):
    for _ in range(ms // 10):
        if test():
            return
        QTest.qWait(10)
    raise SystemExit("timed out")


library = load_library()
window = MainWindow(library)
window.files.ask_save_changes = lambda: None
window.show_scenario(make_scenario(library))
window.resize(1200, 800)
window.show()
QTest.qWaitForWindowExposed(window)
window.view.fit_table()
viewport = window.view.viewport()
model = window.document.scenario.unit("red-tac").models[0]
at = window.view.mapFromScene(QPointF(model.x, model.y))
QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
overview = window.features.overview
wait_until(lambda: overview.list.count() > 0)  # who sees whom read the unit's view
QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, at)
for step in range(1, 11):
    QTest.mouseMove(viewport, at + type(at)(3 * step, step))
    QTest.qWait(20)
QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                   at + type(at)(30, 10))
QTest.qWait(300)  # the drag's preview read and the drop's
report = {"board": loaded(), "seen": overview.list.count(),
          "objectives": window.features.objectives is None}

place_from_palette(window, "Objective marker (40 mm)")
held = window.features.objectives
wait_until(lambda: held is not None and held.item.looks)
report["marker"] = loaded()
report["captions"] = [look.caption for look in held.item.looks]

QFileDialog.getOpenFileName = staticmethod(lambda *a, **k: (roster, ""))
menu = window.menu("&File")
QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
wait_until(menu.isVisible)
army = window.features.army
QTest.mouseClick(menu, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                 menu.actionGeometry(army.action).center())
wait_until(lambda: army.dialog is not None and army.dialog.isVisible())
table = army.dialog.table
report["army"] = loaded()
report["units"] = sorted(table.item(r, 1).text() for r in range(table.rowCount()))
print(json.dumps(report))
window.undo_stack.setClean()
"""


def test_objectives_and_the_army_import_load_at_first_use_and_numpy_ma_never():
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
               BATTLEBOARD_BASES=str(ROOT / "no-such-dir" / "bases.json"))
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(OBJECTIVES), json.dumps(ARMY),
                           str(ROSTER)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["board"] == [] and report["seen"] > 0 and report["objectives"]
    assert report["marker"] == OBJECTIVES and report["captions"] == ["Objective 1"]
    assert report["army"] == OBJECTIVES + ARMY  # not numpy.ma: nothing needs it
    assert "Captain" in report["units"] and "Tactical Squad" in report["units"]
