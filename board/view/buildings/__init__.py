"""Buildings on the board: the Building dock, embarking, disembarking, void-shield zones.

:func:`install` adds the dock, the ``&Buildings`` menu (complete a disembarkation with Enter
on the board, show the void-shield zones) and lets a unit dragged onto a building embark
(:class:`board.view.tools.SelectTool` asks the scene's ``drop_on_building``, which
:func:`install` sets).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from board.view.buildings.controller import BuildingController
from board.view.buildings.disembark_tool import DisembarkTool
from board.view.buildings.dock import BuildingDock

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "BuildingController", "BuildingDock", "DisembarkTool"]


def install(window: MainWindow) -> None:
    """Add the buildings feature to ``window``."""
    controller = BuildingController(window)
    controller.setObjectName("buildings")
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, controller.dock)
    window.tabifyDockWidget(window.palette_dock, controller.dock)
    controller.dock.raise_()
    window.features.buildings = controller
    window.scene.drop_on_building = controller.drop_on_building
    menu = window.menu("&Buildings")
    menu.addAction(_complete_action(window, controller))
    shields = QAction("Show void shield zones", window)
    shields.setCheckable(True)
    shields.toggled.connect(controller.show_void_shields)
    controller.dock.show_void_shields.toggled.connect(shields.setChecked)
    menu.addAction(shields)
    controller.shields_action = shields
    controller.offer_void_shields()  # only a system that has them (40K, Horus Heresy)


def _complete_action(window: MainWindow, controller: BuildingController) -> QAction:
    """The menu's *Complete disembarkation*: Enter on the board, while a disembarkation is on.

    The shortcut lives on the board view (its viewport included), not on the window: Enter in
    a dialog, a list, a spin box or the palette stays theirs even while disembarking.
    """
    complete = QAction("Complete disembarkation", window.view)
    complete.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
    complete.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    complete.triggered.connect(controller.complete_disembark)
    complete.setEnabled(False)  # nothing to complete until a disembarkation starts
    controller.disembarking.connect(complete.setEnabled)
    window.view.addAction(complete)
    return complete
