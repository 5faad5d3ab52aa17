"""Deploy: the scenario's deployment map on the table, models out of zone marked and counted.

``install(window)`` adds a **Deploy** menu: *Show Deployment* (the zones tinted in each side's
colour, a red ring and "out by" text on every model not wholly inside its side's zone, and the
Deployment dock with the count per unit) and *Deployment Map* (choosing another map is one
undo step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from board.view.deploy.controller import DeployController

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "DeployController"]


def install(window: MainWindow) -> None:
    """Add the Deploy menu and the Deployment dock to ``window`` (``window.deploy``)."""
    controller = DeployController(window)
    window.features.deploy = controller
    menu = window.menu("&Deploy")
    menu.addAction(controller.show_action)
    menu.addMenu(controller.map_menu)
