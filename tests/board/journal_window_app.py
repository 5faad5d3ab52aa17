"""A real battleboard window in its own process, opening a file and dragging until killed.

Usage: ``python tests/board/journal_window_app.py FILE DATA SEED``. The window (offscreen,
its settings and unsaved journals in DATA) opens FILE through File ▸ Open's own code
(:meth:`board.view.files.FileController.open_file`); a box asking about the file being open
elsewhere is answered "Open anyway" by clicking it (``asked`` and its first line printed).
Then every 20 ms it drags a model (the scene's own drag command, as a mouse release pushes it)
and prints ``rev N DIGEST``: the board's revision and a digest of the board as saved. The
journal is the window's own (``journal PATH``). test_journal_windows.py kills two of these.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton  # noqa: E402

from board.document.datasheets import load_library  # noqa: E402
from board.document.io import scenario_to_dict  # noqa: E402
from board.document.model import Scenario  # noqa: E402
from board.view.window import MainWindow  # noqa: E402


def digest_of(scenario: Scenario) -> str:
    """A digest of the board as a file holds it."""
    text = json.dumps(scenario_to_dict(scenario), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digest(window: MainWindow) -> str:
    """A digest of the window's board."""
    return digest_of(window.scenario)


def answer_boxes() -> None:
    """Click "Open anyway" on any box that asks (and say what it asked)."""
    box = QApplication.activeModalWidget()
    if isinstance(box, QMessageBox):
        print(f"asked {box.text().splitlines()[0]}", flush=True)
        next(b for b in box.findChildren(QPushButton) if b.text() == "Open anyway").click()
    QTimer.singleShot(20, answer_boxes)


def main() -> None:
    """Open the file in a real window, then drag until killed."""
    file, data, seed = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    app = QApplication([])
    settings = QSettings(str(data / f"settings-{seed}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(load_library(), settings, journal_folder=data / "journals")
    window.show()
    QTimer.singleShot(0, answer_boxes)
    assert window.files.open_file(file)
    assert window.journal is not None and window.journal.journal is not None
    print(f"journal {window.journal.journal.path}", flush=True)
    rng = random.Random(seed)

    def drag() -> None:
        models = [m for u in window.scenario.units if u.on_table for m in u.models]
        model = rng.choice(models)
        old = {model.id: (model.x, model.y)}
        new = {model.id: (rng.uniform(2, window.scenario.table.width - 2),
                          rng.uniform(2, window.scenario.table.height - 2))}
        if window.scene.push_drag(old, new, {}, {}):
            print(f"rev {window.document.revision} {digest(window)}", flush=True)
        QTimer.singleShot(20, drag)

    print(f"rev {window.document.revision} {digest(window)}", flush=True)
    QTimer.singleShot(0, drag)
    app.exec()


if __name__ == "__main__":
    main()
