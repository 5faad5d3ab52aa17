"""Messages belong to their game: File ▸ New or Open starts the docks' readouts afresh.

The docks keep the last thing said to the player (the Building dock's decision, the Shooting
dock's line of sight, the Measurements dock's reading) and the status bar its last message.
A board that replaces the scenario (File ▸ New, Open, Open Recent, a recovery) clears them, so
nothing said about the last game is read as said about this one. The Log dock needs nothing:
it shows the scenario's own log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["forget_game_messages"]


def forget_game_messages(window: MainWindow) -> None:
    """Clear every dock's message of the last game and the status bar (see above)."""
    features = window.features
    if features.buildings is not None:
        features.buildings.dock.set_message("")
    if features.shooting is not None:
        features.shooting.dock.show_lines([])
    if features.measure is not None:
        features.measure.dock.show_reading("")
    window.statusBar().clearMessage()
