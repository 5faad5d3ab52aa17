"""Objectives: who holds each marker, live on the board; Deploy ▸ Objective Ranges.

``install(window)`` adds the overlay (``window.features.objectives``) and the toggle; the
logic is ``board.game.objectives`` (docs/objectives.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from board.view.objectives.controller import ObjectivesController

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "ObjectivesController"]


def install(window: MainWindow) -> None:
    """Add the objectives overlay and *Deploy ▸ Objective Ranges* to ``window``."""
    controller = ObjectivesController(window)
    window.features.objectives = controller
    window.menu("&Deploy").addAction(controller.ranges_action)
