"""What a board on screen does not load until the player first asks for it (issue 38's memory).

Run in a fresh interpreter, as a player's session starts: the real main window opens a plain
board (no objective marker), the player clicks a model (who sees whom reads its unit's view: the
board's geometry is built) and drags it. None of the modules below is loaded then. Each loads
when the player first uses its feature, through the window (menus by keyboard and mouse,
shortcuts, clicks), and works:

- an objective marker placed from the palette: its overlay and rules (the caption is drawn);
- File ▸ Import Army List…: the lists' reading, mapping and dialog with the XML parser (the
  list's units are listed);
- Storm a Building (Ctrl+Shift+A, then a click on the bastion): the 40K close combat dialog,
  and not the Epic or Fantasy ones;
- Units ▸ Add Unit… (Ctrl+U) and Buildings ▸ New Building… (Ctrl+Shift+B): their editors.

``numpy.ma`` is never needed (``geometry.distinct``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROSTER = ROOT / "tests" / "game" / "rosters" / "wh40k_7th_space_marines.ros"

#: What each first use loads, in the order the script uses them.
STAGES = {
    "marker": ["board.view.objectives.controller", "board.view.objectives.items",
               "board.game.objectives.control", "rules.wh40k.objectives"],
    "army": ["board.view.army.dialog", "board.document.roster.read", "board.game.army.plan",
             "xml.etree.ElementTree", "defusedxml"],
    "storm": ["board.view.assault.wh40k_dialog"],
    "unit editor": ["board.view.editors.unit_editor"],
    "building editor": ["board.view.editors.building_editor"],
}
#: Loaded by nothing the script does.
NEVER = ["numpy.ma", "board.view.assault.epic_dialog", "board.view.assault.fantasy_dialog"]

SCRIPT = r"""
import json, sys
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

app = QApplication(["battleboard"])
from board.document.datasheets import load_library
from board.view.window import MainWindow
from tests.board.conftest import make_scenario
from tests.board.first_game import place_from_palette

WATCHED = json.loads(sys.argv[1])
roster = sys.argv[2]
Ctrl, Shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
Left, NoMod = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
report = {}


def loaded():
    return [name for name in WATCHED if name in sys.modules]


def wait_until(test, ms=5000):
    for _ in range(ms // 10):
        if test():
            return
        QTest.qWait(10)
    raise SystemExit("timed out")


def keys(key, modifiers):
    window.activateWindow()
    wait_until(window.isActiveWindow)
    QTest.keyClick(window.view, key, modifiers)


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
QTest.mouseClick(viewport, Left, NoMod, at)
overview = window.features.overview
wait_until(lambda: overview.list.count() > 0)  # who sees whom read the unit's view
QTest.mousePress(viewport, Left, Shift, at)
for step in range(1, 11):
    QTest.mouseMove(viewport, at + QPoint(3 * step, step))
    QTest.qWait(20)
QTest.mouseRelease(viewport, Left, Shift, at + QPoint(30, 10))
QTest.qWait(300)  # the drag's preview read and the drop's
report["board"] = loaded()
report["seen"] = overview.list.count()
report["no overlay"] = window.features.objectives is None

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
QTest.mouseClick(menu, Left, NoMod, menu.actionGeometry(army.action).center())
wait_until(lambda: army.dialog is not None and army.dialog.isVisible())
table = army.dialog.table
report["army"] = loaded()
report["units"] = sorted(table.item(r, 1).text() for r in range(table.rowCount()))
army.dialog.reject()

window.scene.clearSelection()
keys(Qt.Key.Key_A, Ctrl | Shift)  # Storm a Building: the tool asks for a click
bastion = window.document.scenario.piece("bastion")
QTest.mouseClick(viewport, Left, NoMod, window.view.mapFromScene(QPointF(bastion.x, bastion.y)))
storm = window.features.storm
wait_until(lambda: storm.dialog is not None and storm.dialog.isVisible())
report["storm"] = loaded()
report["storm dialog"] = type(storm.dialog).__name__
storm.dialog.close()

keys(Qt.Key.Key_U, Ctrl)  # Units > Add Unit...
units = window.features.units
wait_until(lambda: units.editor is not None and units.editor.isVisible())
report["unit editor"] = loaded()
units.editor.reject()

keys(Qt.Key.Key_B, Ctrl | Shift)  # Buildings > New Building...
buildings = window.features.building_library
wait_until(lambda: buildings.editor is not None and buildings.editor.isVisible())
report["building editor"] = loaded()
buildings.editor.reject()
print(json.dumps(report))
window.undo_stack.setClean()
"""


def test_features_load_their_modules_at_first_use_and_numpy_ma_never():
    watched = [name for names in STAGES.values() for name in names] + NEVER
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
               BATTLEBOARD_BASES=str(ROOT / "no-such-dir" / "bases.json"))
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(watched), str(ROSTER)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["board"] == [] and report["seen"] > 0 and report["no overlay"]
    so_far: list[str] = []
    for stage, names in STAGES.items():
        so_far += names
        assert report[stage] == so_far, stage  # this stage's modules, and only them, now
    assert report["captions"] == ["Objective 1"]
    assert "Captain" in report["units"] and "Tactical Squad" in report["units"]
    assert report["storm dialog"] == "CloseCombatDialog"
