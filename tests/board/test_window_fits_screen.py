"""Issue 38, problem 5: the window fits the screen, title bar and status bar included.

The program is launched as a player launches it (``battleboard --first-paint``) on an
offscreen screen 900 px high and on one 700 px high: the window's frame lies inside the
screen's area. A layout saved on a taller screen is restored inside this one; in a 700 px
window the docks shrink and the status bar, where refusals are said, stays in sight.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget, QMessageBox

ROOT = Path(__file__).resolve().parents[2]


def _launch_on(tmp_path: Path, width: int, height: int) -> str:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "s", "x": 0, "y": 0, "width": width,
                                               "height": height, "logicalDpi": 96,
                                               "logicalBaseDpi": 96, "dpr": 1}],
                                  "windowFrameMargins": True}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(tmp_path), PYTHONPATH=str(ROOT),
               QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    done = subprocess.run([sys.executable, "-m", "board.main", "--first-paint"], env=env,
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("height", [900, 700])
def test_the_launched_window_lies_inside_the_screen(tmp_path, height):
    said = _launch_on(tmp_path, 1440 if height == 900 else 1024, height)
    found = re.search(r"window (\d+)x(\d+) at (-?\d+),(-?\d+) in a screen area (\d+)x(\d+) "
                      r"at (-?\d+),(-?\d+)", said)
    assert found, said
    w, h, x, y, aw, ah, ax, ay = map(int, found.groups())
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, said
    assert h >= height - 80  # fitted, not shrunk to a stamp


def _window(qtbot, library, settings):
    """A window opened as the launch opens it: shown first, its tools (and layout) next."""
    from board.view.window import MainWindow

    win = MainWindow(library, settings, features=False)
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.install_features()
    return win


def test_a_layout_saved_on_a_taller_screen_is_restored_inside_this_one(qtbot, library,
                                                                        tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = _window(qtbot, library, settings)
    first.resize(1400, 1100)  # on a taller screen than this one (800 px)
    first.close()  # the layout is kept
    again = _window(qtbot, library, settings)
    area = again.screen().availableGeometry()
    assert area.contains(again.frameGeometry()), (again.frameGeometry(), area)


def test_in_a_700_px_window_the_docks_shrink_and_the_status_bar_stays(window, qtbot):
    for dock in window.findChildren(QDockWidget):
        dock.show()
    window.resize(1000, 700)
    qtbot.waitUntil(lambda: window.height() == 700)
    assert window.minimumSizeHint().height() <= 700
    bar = window.statusBar()
    assert bar.isVisible() and window.rect().contains(bar.geometry())
    for dock in window.findChildren(QDockWidget):
        if dock.isVisible() and not dock.visibleRegion().isEmpty():
            assert window.rect().contains(dock.geometry()), dock.windowTitle()
