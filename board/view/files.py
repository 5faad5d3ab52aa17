"""New, Open, Save, Save As, recent files and the unsaved-changes prompt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from board.document.errors import ScenarioError
from board.document.io import load_scenario, save_scenario
from board.view.new_dialog import NewScenarioDialog

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["FileController", "RECENT_KEY", "MAX_RECENT", "FILE_FILTER"]

RECENT_KEY = "recent_files"
MAX_RECENT = 8
FILE_FILTER = "Battleboard scenarios (*.json);;All files (*)"

Button = QMessageBox.StandardButton


class FileController:
    """The window's file handling; ``path`` is the open scenario's file (``None``: unsaved)."""

    def __init__(self, window: MainWindow, settings: QSettings) -> None:
        self.window = window
        self.settings = settings
        self.path: Path | None = None
        self.recent_changed: Callable[[], None] = lambda: None

    # -- recent files ---------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        """Return the recently opened or saved files, newest first."""
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember(self, path: Path) -> None:
        entry = str(path.resolve())
        files = [entry, *[f for f in self.recent_files() if f != entry]][:MAX_RECENT]
        self.settings.setValue(RECENT_KEY, files)
        self.settings.sync()
        self.recent_changed()

    # -- opening ------------------------------------------------------------------------
    def new(self) -> None:
        """Ask for a table size and rule system, then start an empty scenario."""
        if not self.maybe_save():
            return
        dialog = NewScenarioDialog(self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.window.show_scenario(dialog.scenario())

    def open_dialog(self) -> None:
        """Ask for a scenario file and open it."""
        if not self.maybe_save():
            return
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Open scenario", self._folder(), FILE_FILTER
        )
        if name:
            self.open_file(Path(name))

    def open_file(self, path: Path) -> bool:
        """Open ``path``; a bad file is refused with a message and the board is unchanged.

        When a crash left a journal of ``path``, the player is first offered to recover it.
        """
        journal = self.window.journal
        if journal is not None and journal.offer_recovery([Path(path)], only_extra=True):
            self._remember(Path(path))
            return True
        try:
            scenario = load_scenario(Path(path), self.window.library)
        except ScenarioError as error:
            self.window.show_error("Cannot open scenario", str(error))
            return False
        self.window.show_scenario(scenario, Path(path))
        self._remember(Path(path))
        return True

    # -- saving -------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the open file (or ask for one); return whether it was saved."""
        return self.save_to(self.path) if self.path is not None else self.save_as()

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Save scenario as", self._folder(), FILE_FILTER
        )
        if not name:
            return False
        path = Path(name)
        return self.save_to(path if path.suffix else path.with_suffix(".json"))

    def save_to(self, path: Path) -> bool:
        """Write the scenario to ``path``; on failure say why and keep the board as it is."""
        try:
            save_scenario(self.window.scenario, Path(path))
        except (OSError, ScenarioError) as error:
            self.window.show_error("Cannot save scenario", f"{path}: {error}")
            return False
        self.path = Path(path)
        if self.window.journal is not None:
            self.window.journal.saved(Path(path))
        self.window.undo_stack.setClean()
        self.window.update_title()
        self._remember(Path(path))
        return True

    def maybe_save(self) -> bool:
        """Before the board is replaced or closed: offer to save changes; False = cancel."""
        if self.window.undo_stack.isClean():
            return True
        answer = self.ask_save_changes()
        if answer == Button.Save:
            return self.save()
        return answer == Button.Discard

    def ask_save_changes(self) -> Button:
        """Ask the player whether to save, discard or cancel."""
        return QMessageBox.warning(
            self.window,
            "Unsaved changes",
            f"{self.window.scenario.name} has changes that are not saved. Save them?",
            Button.Save | Button.Discard | Button.Cancel,
            Button.Save,
        )

    def _folder(self) -> str:
        return str(self.path.parent) if self.path is not None else ""
