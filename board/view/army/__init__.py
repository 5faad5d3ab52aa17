"""File ▸ Import Army List…: BattleScribe and New Recruit lists onto the board.

``install(window)`` adds the action to the File menu (``window.features.army``); the
logic is ``board.game.army`` (docs/army-lists.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from board.view.army.controller import ArmyImporter

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "ArmyImporter"]


def install(window: MainWindow) -> None:
    """Add *Import Army List…* to ``window``'s File menu (``window.features.army``)."""
    importer = ArmyImporter(window)
    window.features.army = importer
    window.menu("&File").addAction(importer.action)
