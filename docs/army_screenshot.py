"""Draw docs/army-import-dialog.png and docs/army-import-board.png (offscreen).

On a 1,280 × 800 screen (Qt's offscreen screen, set by a config file), a 40K board with the
demo's buildings and no units; File ▸ Import Army List… on a real 10th-edition list (the
Leagues of Votann list of the real lists, tests/game/real_rosters.py; the 7th-edition sample of
tests/game/rosters when they are not laid) for the first side: the dialog as it opens (every
unit, where its base came from, the notes, the entry that is not a unit), then the board with
the army deployed, and an 8th-edition list (or the 10th-edition sample) for the other side.
Run from the repository root: ``python docs/army_screenshot.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_SCREEN = Path(tempfile.mkdtemp()) / "screen.json"
_SCREEN.write_text('{"screens": [{"name": "s", "x": 0, "y": 0, "width": 1280, "height": 800, '
                   '"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}', encoding="utf-8")
os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_SCREEN}"
os.environ["BATTLEBOARD_BASES"] = str(Path(tempfile.mkdtemp()) / "bases.json")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from board.document.datasheets import load_library  # noqa: E402
from board.document.io import load_scenario  # noqa: E402
from board.view.window import MainWindow  # noqa: E402
from tests.game.real_rosters import REAL  # noqa: E402

ROSTERS = ROOT / "tests" / "game" / "rosters"


def settle(app: QApplication, seconds: float) -> None:
    """Let Qt run its events for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def _import(app: QApplication, window: MainWindow, roster: Path, side: str,
            shot: Path | None) -> None:
    dialog = window.features.army.open_list(roster)  # type: ignore[union-attr]
    assert dialog is not None
    dialog.side.setCurrentIndex(dialog.side.findData(side))
    settle(app, 0.3)
    if shot is not None:
        dialog.grab().save(str(shot))
        frame, room = dialog.frameGeometry(), dialog.screen().availableGeometry()
        print(f"dialog {frame.width()}x{frame.height()} at {frame.x()},{frame.y()} on a "
              f"{room.width()}x{room.height()} screen")
    QTest.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    settle(app, 0.3)


def main() -> int:
    """Take both screenshots; return the exit status."""
    app = QApplication.instance() or QApplication([])
    library = load_library()
    window = MainWindow(library)
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # type: ignore
    scenario = load_scenario(ROOT / "resources" / "scenarios" / "demo.json", library)
    scenario.units.clear()
    window.show_scenario(scenario)
    window.resize(1240, 740)
    window.show()
    settle(app, 0.5)
    window.view.fit_table()
    first, second = (s.id for s in scenario.sides)
    lists = ((REAL / "wh40k_10th_votann.rosz", REAL / "wh40k_8th_dg_tsons.rosz") if REAL
             else (ROSTERS / "wh40k_7th_space_marines.ros",
                   ROSTERS / "wh40k_10th_space_marines.rosz"))
    _import(app, window, lists[0], first, ROOT / "docs" / "army-import-dialog.png")
    _import(app, window, lists[1], second, None)
    window.view.fit_table()
    settle(app, 0.5)
    window.view.grab().save(str(ROOT / "docs" / "army-import-board.png"))
    print(f"{len(window.document.scenario.units)} units on the board; "
          f"undo steps: {window.undo_stack.count()}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
