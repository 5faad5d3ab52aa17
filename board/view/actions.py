"""The window's menus and their shortcuts."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from board.view.keys import with_documented
from board.view.tools import SelectTool

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["build_menus", "ROTATE_STEP", "SNAP_STEP"]

#: The grid a drag snaps to when View > Snap is on, inches.
SNAP_STEP = 0.5

#: Degrees the selected models turn per R / Shift+R.
ROTATE_STEP = 15.0

Key = QKeySequence.StandardKey


def _action(
    window: MainWindow,
    menu: QMenu,
    text: str,
    slot: object,
    shortcut: QKeySequence | Key | str | None = None,
) -> QAction:
    action = QAction(text, window)
    if isinstance(shortcut, Key):
        action.setShortcuts(shortcut)  # every platform binding, e.g. Ctrl+Y and Ctrl+Shift+Z
    elif shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda *_: slot())  # type: ignore[operator]
    menu.addAction(action)
    return action


def build_menus(window: MainWindow) -> None:
    """Give ``window`` its File, Edit and View menus; actions are kept on ``window.actions_``."""
    found: dict[str, QAction] = {}
    _file_menu(window, found)
    _edit_menu(window, found)
    _view_menu(window, found)
    window.actions_ = found


def _file_menu(window: MainWindow, found: dict[str, QAction]) -> None:
    menu = window.menuBar().addMenu("&File")
    files = window.files
    found["new"] = _action(window, menu, "&New…", files.new, Key.New)
    found["open"] = _action(window, menu, "&Open…", files.open_dialog, Key.Open)
    recent = menu.addMenu("Open &Recent")
    window.recent_menu = recent
    files.recent_changed = partial(_fill_recent, window, recent)
    _fill_recent(window, recent)
    found["save"] = _action(window, menu, "&Save", files.save, Key.Save)
    found["save_as"] = _action(window, menu, "Save &As…", files.save_as, Key.SaveAs)
    menu.addSeparator()
    found["quit"] = _action(window, menu, "&Quit", window.close, Key.Quit)
    if not found["quit"].shortcuts():  # some platforms bind no key to Quit
        found["quit"].setShortcut(QKeySequence("Ctrl+Q"))


def _fill_recent(window: MainWindow, menu: QMenu) -> None:
    menu.clear()
    for name in window.files.recent_files():
        _action(window, menu, name, partial(_open_recent, window, name))
    menu.setEnabled(bool(menu.actions()))


def _open_recent(window: MainWindow, name: str) -> None:
    if window.files.maybe_save():
        window.files.open_file(Path(name))


def _edit_menu(window: MainWindow, found: dict[str, QAction]) -> None:
    menu = window.menuBar().addMenu("&Edit")
    undo = window.undo_stack.createUndoAction(window, "&Undo")
    undo.setShortcuts(with_documented(Key.Undo))
    redo = window.undo_stack.createRedoAction(window, "&Redo")
    redo.setShortcuts(with_documented(Key.Redo))  # Ctrl+Y too, where the platform has not
    menu.addActions([undo, redo])
    found["undo"], found["redo"] = undo, redo
    menu.addSeparator()
    found["leave_tool"] = _leave_tool_action(window, menu)
    found["delete"] = _action(window, menu, "&Delete", window.delete_selected, Key.Delete)
    found["select_all"] = _action(
        window, menu, "Select &All", window.scene.select_all, Key.SelectAll
    )
    found["rotate_cw"] = _action(
        window, menu, "Rotate clockwise", partial(window.rotate_selected, ROTATE_STEP), "R"
    )
    found["rotate_ccw"] = _action(
        window,
        menu,
        "Rotate anticlockwise",
        partial(window.rotate_selected, -ROTATE_STEP),
        "Shift+R",
    )


def _leave_tool_action(window: MainWindow, menu: QMenu) -> QAction:
    """*Leave the Tool* (Escape), for the whole window: wherever the keyboard focus is.

    A click in a dock takes the focus from the board; Escape still leaves the ruler, the line
    of sight or any other tool. Enabled only while a tool is active, so that Escape otherwise
    stays the focused widget's (a drag in progress is the board's own: it has the focus).
    """
    action = _action(window, menu, "&Leave the Tool", window.scene.escape,
                     QKeySequence(Qt.Key.Key_Escape))
    action.setStatusTip("Stop the ruler, line of sight or any other tool; back to selecting")
    action.setEnabled(False)
    window.scene.tool_changed.connect(
        lambda tool: action.setEnabled(not isinstance(tool, SelectTool)))
    return action


def _view_menu(window: MainWindow, found: dict[str, QAction]) -> None:
    menu = window.menuBar().addMenu("&View")
    grid = _action(window, menu, "&Grid", lambda: None, "G")
    grid.setStatusTip("Show the grid: a line every inch (every centimetre for Epic 40,000)")
    grid.setCheckable(True)
    grid.setChecked(True)
    grid.toggled.connect(window.scene.set_grid_visible)
    found["grid"] = grid
    snap = _action(window, menu, "&Snap to ½ inch", lambda: None, "S")
    snap.setCheckable(True)
    snap.toggled.connect(lambda on: window.scene.set_snap_step(SNAP_STEP if on else 0.0))
    found["snap"] = snap
    found["fit"] = _action(window, menu, "&Fit table", window.view.fit_table, "F")
    found["zoom_in"] = _action(window, menu, "Zoom &in", window.view.zoom_in, Key.ZoomIn)
    found["zoom_out"] = _action(window, menu, "Zoom &out", window.view.zoom_out, Key.ZoomOut)
    # Every dock's toggle follows, added once every dock is (board.view.dock_layout).
