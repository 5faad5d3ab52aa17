"""Shooting on the board: shooting a building, automated fire, the turn (docs/shooting.md)."""

from board.view.shooting.dialog import ShootDialog
from board.view.shooting.dock import ShootingDock
from board.view.shooting.feature import ShootingFeature, install

__all__ = ["install", "ShootingFeature", "ShootDialog", "ShootingDock"]
