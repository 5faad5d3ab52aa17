"""The log dock: every entry of the scenario's log, every roll with what it was for, the seed.

``install(window)`` adds the dock (View menu: *Log*) and *File ▸ Export Log…*. The text is
:func:`board.game.core.log_text.log_text`; the dock follows the document's ``changed`` event
(a change to the log, or a new scenario).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from board.view.log.dock import LogDock, write_log

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "LogDock", "write_log"]


def install(window: MainWindow) -> None:
    """Add the log dock to ``window`` (``window.log_dock``) and its menu entries."""
    dock = LogDock(window.document, window)
    window.features.log_dock = dock
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    window.resizeDocks([dock], [150], Qt.Orientation.Vertical)  # the board keeps the room
    # its View menu toggle: board.view.dock_layout, with every other dock's
    export = window.menu("&File").addAction("Export &Log…")
    export.triggered.connect(dock.ask_export)
