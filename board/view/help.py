"""Desktop habits: the Help menu, shortcuts in tooltips, the window's layout remembered.

:func:`install` runs after every other feature (it is last in
:data:`board.view.features.FEATURES`) and:

- adds **Help** ▸ *battleboard Help* (F1: the docs/ pages in the program's own help browser,
  :mod:`board.view.help_browser`), *Keyboard Shortcuts…* (the list is made from the window's
  actions each time it opens, so it cannot go stale; keys as the platform writes them,
  :mod:`board.view.keys`) and *About battleboard* (the version, :data:`CREDITS` and the
  licences of what battleboard is made of, :mod:`board.view.about`);
- gives every action with a shortcut a tooltip that names it (``Storm a Building
  (Ctrl+Shift+A)``);
- puts **File** ▸ *Quit* last, after what the features added to the File menu;
- restores the window's geometry and dock layout saved when it last closed, saves them when it
  closes, and adds **View** ▸ *Reset Layout* to go back to the layout it was built with, every
  dock shown (:mod:`board.view.layout_keeper`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from board.view.help_browser import START_PAGE, HelpBrowser
from board.view.keys import keys_text
from board.view.layout_keeper import GEOMETRY_KEY, STATE_KEY, LayoutKeeper

if TYPE_CHECKING:
    from board.view.about import AboutDialog
    from board.view.window import MainWindow

__all__ = ["install", "shortcut_rows", "ShortcutsDialog", "LayoutKeeper", "DOCS", "CREDITS",
           "GEOMETRY_KEY", "STATE_KEY", "tooltip_with_shortcut", "open_help"]

#: The local documentation (the repository's docs/ folder).
DOCS = Path(__file__).resolve().parents[2] / "docs"

#: Help ▸ About's credits, one line each, in this order (board/view/about.py shows them with
#: the version and the licences of everything battleboard is made of).
CREDITS: tuple[str, ...] = (
    "Drawn with Qt through PySide6; measured with Shapely and GEOS.",
    "Powered by 40kdc-data: the Warhammer 40,000 datasheets' bases that army lists are "
    "stood on come from the wh40kdc package (code MIT, data CC BY 4.0).",
)


def _clean(text: str) -> str:
    """A menu text without its ``&`` accelerator marks and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def tooltip_with_shortcut(action: QAction) -> str:
    """``Storm a Building (Ctrl+Shift+A)``: the action's words and its keys."""
    keys = keys_text(action)
    words = action.statusTip() or _clean(action.text())
    return f"{words} ({keys})" if keys else words


def _walk(menu: QMenu, path: list[str]) -> list[tuple[str, QAction]]:
    found: list[tuple[str, QAction]] = []
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            found += _walk(sub, [*path, _clean(action.text())])
        elif not action.isSeparator() and keys_text(action):
            found.append((" ▸ ".join([*path, _clean(action.text())]), action))
    return found


def shortcut_rows(window: MainWindow) -> list[tuple[str, str]]:
    """Every menu command with keys, ``(menu path, keys)``, in menu order, each once."""
    rows: list[tuple[str, str]] = []
    seen: set[int] = set()  # an action in two menus (View ▸ Show Deployment) is listed once
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            for path, action in _walk(menu, [_clean(top.text())]):
                if id(action) not in seen:
                    seen.add(id(action))
                    rows.append((path, keys_text(action)))
    return rows


class ShortcutsDialog(QDialog):
    """The keyboard shortcuts, read from the window's menus when it opens."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        layout = QVBoxLayout(self)
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Command", "Keys"])
        for k, (path, keys) in enumerate(rows):
            self.table.setItem(k, 0, QTableWidgetItem(path))
            self.table.setItem(k, 1, QTableWidgetItem(keys))
        self.table.resizeColumnsToContents()
        self.table.verticalHeader().setVisible(False)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 520)


def open_help(window: MainWindow, page: str = START_PAGE) -> HelpBrowser:
    """Show the help browser (one per window) on ``page`` of docs/."""
    browser = window.features.help_browser
    if browser is None:
        browser = HelpBrowser(DOCS, window)
        browser.setWindowFlag(Qt.WindowType.Window)  # a window of its own beside the board
        window.features.help_browser = browser
    browser.open_page(page)
    browser.show()
    browser.raise_()
    browser.activateWindow()
    return browser


def _show_about(window: MainWindow) -> AboutDialog:
    """Show Help ▸ About (one box, shown again if it is open).

    Its modules (the version and the licences read from installed metadata: importlib.metadata
    and the email package, about 4 MB of a board's memory) load when the box is first asked for.
    """
    from board.view.about import AboutDialog

    dialog = window.findChild(AboutDialog)
    if dialog is None:
        dialog = AboutDialog(window, CREDITS)
    dialog.show()
    dialog.raise_()
    return dialog


def _quit_last(window: MainWindow) -> None:
    quit_action = window.actions_.get("quit")
    menu = window.menu("&File")
    if quit_action is None:
        return
    menu.removeAction(quit_action)
    actions = menu.actions()
    if actions and not actions[-1].isSeparator():
        menu.addSeparator()
    menu.addAction(quit_action)


def install(window: MainWindow) -> None:
    """Help menu, tooltips with shortcuts, Quit last, the layout remembered (see above)."""
    found = window.actions_
    menu = window.menu("&Help")
    docs = QAction("battleboard &Help", window)
    docs.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    docs.setStatusTip("Open the local documentation: your first game, every tool")
    docs.triggered.connect(lambda: open_help(window))
    keys = QAction("&Keyboard Shortcuts…", window)
    keys.setShortcut(QKeySequence("Ctrl+/"))
    keys.setStatusTip("List every command that has keys")
    keys.triggered.connect(lambda: ShortcutsDialog(window).exec())
    about = QAction("&About battleboard", window)
    about.triggered.connect(lambda: _show_about(window))
    for action in (docs, keys, about):
        menu.addAction(action)
    found.update(help=docs, shortcuts=keys, about=about)
    keeper = LayoutKeeper(window)
    window.features.layout_keeper = keeper
    reset = QAction("&Reset Layout", window)
    reset.setStatusTip("Put the docks and tool bar back where they started")
    reset.triggered.connect(keeper.reset)
    window.menu("&View").addSeparator()
    window.menu("&View").addAction(reset)
    found["reset_layout"] = reset
    _quit_last(window)
    for action in window.findChildren(QAction):
        if keys_text(action):
            action.setToolTip(tooltip_with_shortcut(action))
    keeper.restore()
