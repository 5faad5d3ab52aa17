"""Objectives: who holds each marker, live on the board; Deploy ▸ Objective Ranges.

``install(window)`` adds the toggle. The overlay (``window.features.objectives``, an
:class:`~board.view.objectives.controller.ObjectivesController`) is made, and its modules
and the rules of holding loaded, when the board first has an objective marker: at once for a
board opened with one, at the first marker placed otherwise. A board without markers never
loads them (some 0.5 MB of its memory, issue 38). The logic is ``board.game.objectives``
(docs/objectives.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from shiboken6 import isValid

from board.game.objectives.markers import any_marker

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "ObjectivesStarter"]


class ObjectivesStarter(QObject):
    """Deploy ▸ Objective Ranges, and the overlay made when the board first has a marker."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.ranges_action = QAction("Objective &Ranges", self)
        self.ranges_action.setCheckable(True)
        self.ranges_action.setShortcut("Ctrl+Shift+O")
        window.document.changed.connect(self.start_if_marked)
        self.start_if_marked()

    def start_if_marked(self, *_: object) -> None:
        """Make the overlay if the board has a marker (once: it then follows every change)."""
        window = self.window
        if not isValid(self) or window.features.objectives is not None:
            return
        if any_marker(window.document.scenario, window.scene.datasheets):
            from board.view.objectives.controller import ObjectivesController

            window.features.objectives = ObjectivesController(window, self.ranges_action)
            window.document.changed.disconnect(self.start_if_marked)


def install(window: MainWindow) -> None:
    """Add *Deploy ▸ Objective Ranges* to ``window``; the overlay comes with the first marker."""
    starter = ObjectivesStarter(window)
    window.menu("&Deploy").addAction(starter.ranges_action)
