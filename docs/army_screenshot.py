"""Draw docs/army-import-dialog.png and docs/army-import-board.png (offscreen).

A 40K board with the demo's buildings and no units; File ▸ Import Army List… on the
7th-edition sample list (tests/game/rosters) for the first side: the dialog as it opens
(every unit, where its base came from, the notes, the entry that is not a unit), then the
board with the army deployed, and the 10th-edition list deployed for the other side. Run from
the repository root: ``python docs/army_screenshot.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["BATTLEBOARD_BASES"] = str(Path(tempfile.mkdtemp()) / "bases.json")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from board.document.datasheets import load_library  # noqa: E402
from board.document.io import load_scenario  # noqa: E402
from board.view.window import MainWindow  # noqa: E402

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
    window.resize(1600, 1000)
    window.show()
    settle(app, 0.5)
    window.view.fit_table()
    first, second = (s.id for s in scenario.sides)
    _import(app, window, ROSTERS / "wh40k_7th_space_marines.ros", first,
            ROOT / "docs" / "army-import-dialog.png")
    _import(app, window, ROSTERS / "wh40k_10th_space_marines.rosz", second, None)
    window.view.fit_table()
    settle(app, 0.5)
    window.view.grab().save(str(ROOT / "docs" / "army-import-board.png"))
    print(f"{len(window.document.scenario.units)} units on the board; "
          f"undo steps: {window.undo_stack.count()}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
