"""File ▸ Replay…: step through a saved game, the board as it was at each step.

:func:`install` adds *Replay…* to the File menu (before *Quit*). It asks for a saved game
and opens a :class:`~board.view.replay.dialog.ReplayDialog` over the game's timeline
(:func:`board.document.history.game_timeline`: its history and its journal, the same
records that recover a crash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from board.view.replay.dialog import ReplayController, ReplayDialog

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "ReplayController", "ReplayDialog"]


def install(window: MainWindow) -> None:
    """Add File ▸ Replay… to ``window`` (the controller is ``window.features.replay``)."""
    controller = ReplayController(window)
    window.features.replay = controller
    menu = window.menu("&File")
    action = QAction("Re&play…", window)
    action.triggered.connect(lambda *_: controller.ask_and_open())
    quit_action = window.actions_.get("quit")
    if quit_action is not None:
        menu.insertAction(quit_action, action)
    else:
        menu.addAction(action)
    window.actions_["replay"] = action
