"""The window's layout remembered: saved when it closes, restored next time, reset at will.

:class:`LayoutKeeper` saves the window's geometry and docks (QSettings ``saveState``) when it
closes and restores them when the tools are installed. **View ▸ Reset Layout** goes back to the
layout the window was built with *and shows every dock of it*: the tools' docks are added
after the board's first paint, so when the built layout is taken they are not on screen yet
(Qt shows a dock added to a shown window a moment later), and a reset by that state alone hid
them, and a close after it kept them hidden through the next start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget

from board.view.dock_layout import arrange, shown_by
from board.view.screen_fit import fit_on_screen

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["LayoutKeeper", "GEOMETRY_KEY", "STATE_KEY", "STATE_VERSION", "built_docks"]

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
#: Bumped when the docks change, so an old saved layout is not forced on new docks.
#: 3: layouts saved after a reset hid the tools' docks; they are not restored.
STATE_VERSION = 3


def built_docks(window: MainWindow) -> list[QDockWidget]:
    """The docks the built layout shows: all but those a command shows (the Deployment's)."""
    return [dock for dock in window.findChildren(QDockWidget)
            if shown_by(window, dock.objectName()) is None
            and not (dock.isHidden() and dock.testAttribute(
                Qt.WidgetAttribute.WA_WState_ExplicitShowHide))]


class LayoutKeeper(QObject):
    """Saves the window's geometry and docks when it closes; restores them; resets them."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.settings = window.files.settings
        #: The docks of the layout the window was built with, shown again by a reset.
        self.docks = built_docks(window)
        #: Where every dock and the tool bar stand as built (the docks' visibility aside).
        self.default_state: QByteArray = window.saveState(STATE_VERSION)
        self.default_geometry: QByteArray = window.saveGeometry()
        window.installEventFilter(self)

    def restore(self) -> bool:
        """Put back the saved geometry and docks; ``False`` when none were saved."""
        geometry, state = self.settings.value(GEOMETRY_KEY), self.settings.value(STATE_KEY)
        if not isinstance(geometry, QByteArray | bytes) or not isinstance(state,
                                                                          QByteArray | bytes):
            return False
        self.window.restoreGeometry(QByteArray(geometry))
        restored = bool(self.window.restoreState(QByteArray(state), STATE_VERSION))
        fit_on_screen(self.window)  # saved on a taller screen: kept inside this one
        return restored

    def save(self) -> None:
        """Keep the geometry and docks for the next start."""
        self.settings.setValue(GEOMETRY_KEY, self.window.saveGeometry())
        self.settings.setValue(STATE_KEY, self.window.saveState(STATE_VERSION))
        self.settings.sync()

    def reset(self) -> None:
        """Back to the built layout, every one of its docks shown (and forget the saved one)."""
        self.window.restoreState(self.default_state, STATE_VERSION)
        for dock in self.docks:
            dock.show()
        self.window.tool_bar.show()
        arrange(self.window)  # each tab group's first tab on top, the column's shares
        self.settings.remove(GEOMETRY_KEY)
        self.settings.remove(STATE_KEY)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: D102, N802
        if watched is self.window and isinstance(event, QCloseEvent):  # not type(): an enum
            self.save()
        return False
