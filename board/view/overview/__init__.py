"""Who sees whom: the selected unit's view of every enemy unit (Shoot ▸ Who Sees Whom).

``install(window)`` adds the section to the Shooting dock, the marks to the board and the
toggle to the Shoot menu (``window.features.overview``); the reading is
``board.game.sight_overview``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from board.view.overview.controller import OverviewController

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "OverviewController"]


def install(window: MainWindow) -> None:
    """Add who sees whom to ``window`` (after the Shooting dock is installed)."""
    controller = OverviewController(window)
    window.features.overview = controller
    shooting = window.features.shooting
    if shooting is not None:  # above the line of sight readout, which stretches
        at = shooting.dock.sections.indexOf(shooting.dock.readout)
        shooting.dock.sections.insertWidget(at, controller.list, 1)
        shooting.dock.sections.insertWidget(at, controller.heading)
    window.menu("&Shoot").addAction(controller.action)
