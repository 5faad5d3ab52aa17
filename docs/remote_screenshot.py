"""Draw docs/remote.png: two windows of one shared game side by side (offscreen).

The host (Ann, red) hosts on 127.0.0.1, the guest (Bob, blue) joins with the link; Bob moves
a model and holds his mouse over the table while Ann drags her squad, so each window shows
the other player's cursor. Run from the repository root: ``python docs/remote_screenshot.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import QPainter, QPixmap  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from board.document.datasheets import load_library  # noqa: E402
from board.document.io import load_scenario  # noqa: E402
from board.view.window import MainWindow  # noqa: E402
from resources import DEMO_SCENARIO  # noqa: E402
from tests.shared.servers import free_port  # noqa: E402


def settle(app: QApplication, seconds: float) -> None:
    """Let Qt run its events for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def two_windows(app: QApplication) -> tuple[MainWindow, MainWindow]:
    """Ann's window with the demo game and Bob's, apart on the one screen.

    QTest moves the one pointer: the windows must not overlap.
    """
    library = load_library()
    windows = []
    for _ in range(2):
        window = MainWindow(library)
        window.files.ask_save_changes = lambda: None  # type: ignore[method-assign, assignment, return-value]  # noqa: E501
        window.resize(1100, 760)
        window.show()
        windows.append(window)
    host, guest = windows
    guest.move(1200, 0)
    host.show_scenario(load_scenario(DEMO_SCENARIO, library))
    settle(app, 0.2)
    return host, guest


def save_side_by_side(host: MainWindow, guest: MainWindow, name: str) -> Path:
    """Both windows as they are now, side by side, saved as docs/``name``."""
    left, right = host.grab(), guest.grab()
    picture = QPixmap(left.width() + right.width() + 12, max(left.height(), right.height()))
    picture.fill(Qt.GlobalColor.darkGray)
    painter = QPainter(picture)
    painter.drawPixmap(0, 0, left)
    painter.drawPixmap(left.width() + 12, 0, right)
    painter.end()
    out = Path(__file__).with_name(name)
    picture.save(str(out))
    return out


def main() -> int:
    """Take the two-window screenshot; return the exit status."""
    app = QApplication.instance() or QApplication(["battleboard"])
    host, guest = two_windows(app)
    rooms = Path(tempfile.mkdtemp(prefix="battleboard-shot-"))
    link = host.remote.host("Ann", host.scenario.sides[0].id, free_port(), rooms, room="demo")
    guest.remote.join("Bob", host.scenario.sides[1].id, link)
    for window in (host, guest):
        window.view.fit_table()
    settle(app, 0.3)
    guest.activateWindow()
    QTest.mouseMove(guest.view.viewport(), guest.view.mapFromScene(QPointF(4.0, 35.5)))
    settle(app, 0.3)
    viewport = host.view.viewport()
    red = next(u for u in host.scenario.units if u.on_table and u.side == host.remote.session
               .board.side)
    at = host.view.mapFromScene(QPointF(red.models[0].x, red.models[0].y))
    host.activateWindow()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, at)
    QTest.mouseMove(viewport, at + type(at)(40, 25))
    settle(app, 0.5)
    out = save_side_by_side(host, guest, "remote.png")
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                       at + type(at)(40, 25))
    for window in (host, guest):
        window.remote.leave()
        window.close()
    print(f"wrote {out}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
