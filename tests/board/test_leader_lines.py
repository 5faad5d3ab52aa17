"""On the demo board, a leader line does not run through another label's text.

Played as a player sees it: the demo board fitted to an 1,280 × 800 window, a unit-to-unit
line of sight and the void shields shown, then zoomed in step by step with the view's own
zoom. Before the layout's last pass (board.game.core.leaders) 7 lines crossed a label over
these six zooms ("Chaos B|kers"); now one is left, at the second zoom, where two wide
void-shield labels find no room whose line crosses nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.game.core.leaders import crosses
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from board.view.layout import page_of
from board.view.window import MainWindow


def crossings(win: MainWindow) -> list[str]:
    laid = win.view.label_layout.page_layout(page_of(win.view))
    texts = list(laid.shown) + [p.box for placed in laid.overlays.values()
                                for p in placed if p.shown]
    return [p.text for placed in laid.overlays.values() for p in placed
            if p.shown and p.leader for t in texts if t != p.box and crosses(p.at, p.box, t)]


def test_leader_lines_keep_off_the_labels_at_fit_and_as_the_player_zooms_in(qtbot, library,
                                                                             tmp_path):
    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    win.features.buildings.show_void_shields(True)
    win.shooting.sight.set(Shooter(ShooterKind.UNIT, "tactical-cato"),
                           UnitTarget("chaos-marines-khor"))
    found = []
    for _ in range(6):
        QApplication.processEvents()
        win.view.viewport().repaint()  # laid out for the page shown, then painted
        found.append(crossings(win))
        win.view.zoom_in()
    assert [len(f) for f in found][0] == 0
    assert sum(len(f) for f in found) <= 1, found
