"""Desktop habits: the Help menu, shortcuts in tooltips, the window's layout remembered.

:func:`install` runs after every other feature (it is last in
:data:`board.view.features.FEATURES`) and:

- adds **Help** ▸ *battleboard Help* (F1: the local docs), *Keyboard Shortcuts…* (the list is
  made from the window's actions each time it opens, so it cannot go stale) and *About
  battleboard*;
- gives every action with a shortcut a tooltip that names it (``Storm a Building
  (Ctrl+Shift+A)``);
- puts **File** ▸ *Quit* last, after what the features added to the File menu;
- restores the window's geometry and dock layout saved when it last closed (QSettings
  ``saveState``/``restoreState``), saves them when it closes, and adds **View** ▸ *Reset
  Layout* to go back to the layout it was built with.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QUrl
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "shortcut_rows", "ShortcutsDialog", "LayoutKeeper", "DOCS",
           "GEOMETRY_KEY", "STATE_KEY", "tooltip_with_shortcut"]

#: The local documentation (the repository's docs/ folder).
DOCS = Path(__file__).resolve().parents[2] / "docs"
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
#: Bumped when the docks change, so an old saved layout is not forced on new docks.
STATE_VERSION = 2  # 2: the docks fit 1280×800 (board.view.dock_layout)

ABOUT = ("<b>battleboard</b><br>A true-scale virtual battlefield board for tabletop wargames "
         "(Warhammer 40,000, Horus Heresy, Epic 40,000, Warhammer Fantasy) that knows the rules "
         "for buildings.<br><br>PySide6 and Shapely. Documentation: the docs/ folder "
         "(Help ▸ battleboard Help, F1).")


def _clean(text: str) -> str:
    """A menu text without its ``&`` accelerator marks and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def tooltip_with_shortcut(action: QAction) -> str:
    """``Storm a Building (Ctrl+Shift+A)``: the action's words and its keys."""
    keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                     for k in action.shortcuts())
    words = action.statusTip() or _clean(action.text())
    return f"{words} ({keys})" if keys else words


def _walk(menu: QMenu, path: list[str]) -> list[tuple[str, QAction]]:
    found: list[tuple[str, QAction]] = []
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            found += _walk(sub, [*path, _clean(action.text())])
        elif not action.isSeparator() and action.shortcuts():
            found.append((" ▸ ".join([*path, _clean(action.text())]), action))
    return found


def shortcut_rows(window: MainWindow) -> list[tuple[str, str]]:
    """Every menu command with keys, ``(menu path, keys)``, in menu order."""
    rows: list[tuple[str, str]] = []
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            for path, action in _walk(menu, [_clean(top.text())]):
                keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                                 for k in action.shortcuts())
                rows.append((path, keys))
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


class LayoutKeeper(QObject):
    """Saves the window's geometry and docks when it closes; restores them; resets them."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.settings = window.files.settings
        #: The layout the window was built with, for *Reset Layout*.
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
        return bool(self.window.restoreState(QByteArray(state), STATE_VERSION))

    def save(self) -> None:
        """Keep the geometry and docks for the next start."""
        self.settings.setValue(GEOMETRY_KEY, self.window.saveGeometry())
        self.settings.setValue(STATE_KEY, self.window.saveState(STATE_VERSION))
        self.settings.sync()

    def reset(self) -> None:
        """Back to the layout the window was built with (and forget the saved one)."""
        self.window.restoreState(self.default_state, STATE_VERSION)
        self.settings.remove(GEOMETRY_KEY)
        self.settings.remove(STATE_KEY)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: D102, N802
        if watched is self.window and isinstance(event, QCloseEvent):  # not type(): an enum
            self.save()
        return False


def _open_docs() -> None:
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(DOCS / "first-game.md")))


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
    docs.triggered.connect(_open_docs)
    keys = QAction("&Keyboard Shortcuts…", window)
    keys.setShortcut(QKeySequence("Ctrl+/"))
    keys.setStatusTip("List every command that has keys")
    keys.triggered.connect(lambda: ShortcutsDialog(window).exec())
    about = QAction("&About battleboard", window)
    about.triggered.connect(lambda: QMessageBox.about(window, "About battleboard", ABOUT))
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
        if action.shortcuts():
            action.setToolTip(tooltip_with_shortcut(action))
    keeper.restore()
