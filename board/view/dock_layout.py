"""The docks laid out to fit a laptop's screen (1280×800) as well as a big one.

Every dock's contents scroll (:func:`scrolling`), so no dock makes the window taller than
the screen. The right-hand column takes the whole height, the Log sits under the board, and
the right-hand docks share two tab groups:

- on top, the tools a player works with: **Palette**, **Building**, **Measurements**,
  **Deployment** (when shown);
- below, the state of the game: **Shooting and turn**, **Inside buildings**.

The column is made wide enough for every tab's whole title (:func:`tabs_width`): a tab reads
"Measurements", never "Meas…". :func:`install` runs as a feature, after every dock is added and
before the window remembers its built layout (:mod:`board.view.layout_keeper`); it also puts
every dock's toggle in the **View** menu, in the order the docks stand (:func:`view_toggles`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDockWidget,
    QScrollArea,
    QTabBar,
    QTabWidget,
    QWidget,
)

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["TAB_GROUPS", "COLUMN_SHARE", "scrolling", "tabs_width", "arrange", "install",
           "view_toggles", "shown_by"]

#: The right-hand column's tab groups, top to bottom, each by the docks' object names.
TAB_GROUPS: tuple[tuple[str, ...], ...] = (
    ("palette", "building", "measurements", "deployment"),
    ("shooting", "garrisons"),
)

#: The share of the column's height each group starts with.
COLUMN_SHARE = (0.66, 0.34)

#: Pixels a column keeps beside its tabs (the tab bar's own margins, a frame).
_TAB_SLACK = 16


def scrolling(body: QWidget, parent: QWidget | None = None) -> QScrollArea:
    """``body`` in a scroll area: a short dock scrolls instead of making the window tall."""
    scroll = QScrollArea(parent)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setWidget(body)
    return scroll


def tabs_width(window: QWidget, titles: list[str]) -> int:
    """The pixels a tab bar of ``window`` needs to show every one of ``titles`` whole."""
    bar = QTabBar(window)  # asked, never shown: the style's size of each tab around its text
    bar.setVisible(False)
    bar.setFont(window.font())
    for title in titles:
        bar.addTab(title)
    needed = sum(bar.tabSizeHint(k).width() for k in range(bar.count()))
    bar.deleteLater()
    return needed + _TAB_SLACK


def arrange(window: MainWindow) -> None:
    """Put the right-hand docks into their tab groups, wide enough for whole titles."""
    docks = {dock.objectName(): dock for dock in window.findChildren(QDockWidget)}
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
    window.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
    window.setTabPosition(Qt.DockWidgetArea.RightDockWidgetArea, QTabWidget.TabPosition.North)
    heads: list[QDockWidget] = []
    widths = []
    for names in TAB_GROUPS:
        group = [docks[name] for name in names if name in docks]
        if not group:
            continue
        heads.append(group[0])
        for dock in group[1:]:
            window.tabifyDockWidget(group[0], dock)
        widths.append(tabs_width(window, [dock.windowTitle() for dock in group]))
        group[0].raise_()
    if not heads:
        return
    width = max(widths + [head.sizeHint().width() for head in heads])
    window.resizeDocks(heads, [width] * len(heads), Qt.Orientation.Horizontal)
    shares = [round(1000 * share) for share in COLUMN_SHARE[:len(heads)]]
    window.resizeDocks(heads, shares, Qt.Orientation.Vertical)


def view_toggles(window: MainWindow) -> list[QAction]:
    """Each dock's show/hide action, in the order the docks stand (the column's, then Log).

    A dock that another command shows (:func:`shown_by`) is toggled by that command.
    """
    docks = {dock.objectName(): dock for dock in window.findChildren(QDockWidget)}
    order = [name for group in TAB_GROUPS for name in group]
    order += sorted(set(docks) - set(order))
    toggles = []
    for name in order:
        if name not in docks:
            continue
        toggles.append(shown_by(window, name) or docks[name].toggleViewAction())
    return toggles


def shown_by(window: MainWindow, dock_name: str) -> QAction | None:
    """The command that shows and hides the dock ``dock_name`` with more than the dock.

    The Deployment dock comes and goes with the zones drawn on the board (Deploy ▸ Show
    Deployment); every other dock is its own.
    """
    deploy = window.features.deploy
    return deploy.show_action if dock_name == "deployment" and deploy is not None else None


def install(window: MainWindow) -> None:
    """Lay the docks out (:func:`arrange`); every dock's toggle into the View menu."""
    arrange(window)
    menu = window.menu("&View")
    menu.addSeparator()
    menu.addActions(view_toggles(window))
