"""File ▸ New from Layout…: a published tournament layout as a new scenario (docs/layouts.md).

``install(window)`` puts the action under File ▸ New; the building is ``board.game.layouts``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog

from board.document.model import Side
from board.view.new_dialog import DEFAULT_SIDES

if TYPE_CHECKING:
    from board.view.layouts.dialog import LayoutDialog
    from board.view.window import MainWindow

__all__ = ["install", "new_from_layout", "LayoutDialog"]


def __getattr__(name: str) -> Any:
    """``LayoutDialog``, imported when first asked for (not with the board's other tools)."""
    if name == "LayoutDialog":
        from board.view.layouts.dialog import LayoutDialog

        return LayoutDialog
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def new_from_layout(window: MainWindow) -> LayoutDialog | None:
    """Offer the layouts; the one chosen becomes the board (after the unsaved-changes prompt).

    Returns the dialog (after it closed), or ``None`` when ``wh40kdc`` is not installed. The
    layouts' modules load when the item is first chosen, not with the board's other tools.
    """
    from board.game.layouts.catalogue import load_catalogue
    from board.view.layouts.dialog import LayoutDialog

    catalogue = load_catalogue()
    if catalogue is None:
        window.show_error("New from Layout", "The published layouts come with the wh40kdc "
                          "package (pip install wh40kdc), which is not installed.")
        return None
    if not window.files.maybe_save():
        return None
    sides = [Side(i, name, colour) for i, name, colour in DEFAULT_SIDES]
    dialog = LayoutDialog(catalogue, sides, window)
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen() is not None:
        window.show_scenario(dialog.scenario())
        window.deploy.set_shown(True)
    return dialog


def install(window: MainWindow) -> None:
    """Add *New from Layout…* to the File menu, under *New…*."""
    action = QAction("New from &Layout…", window)
    action.triggered.connect(lambda *_: new_from_layout(window))
    menu = window.menu("&File")
    menu.insertAction(window.actions_["open"], action)
    window.actions_["new_from_layout"] = action
