"""New, Open, Save, Save As, recent files, files dropped on the window, the unsaved-changes prompt.

Every route that opens a file (File ▸ Open, Open Recent, a file dropped on the window) goes
through :meth:`FileController.open_file`: a file that cannot be opened ends in exactly one
error box of readable length (at most :data:`MAX_SHOWN` characters) and leaves the board as
it was. A save that fails says why in one box and leaves the board (and the old file) as
they were.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, QSettings, QTimer
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from board.document.errors import MAX_MESSAGE, ScenarioError, clip, one_line
from board.document.io import load_scenario, save_scenario
from board.document.journal_format import file_sha256
from board.view.journal_dialogs import OpenChoice, SaveChoice, ask_save_over
from board.view.new_dialog import NewScenarioDialog

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["FileController", "RECENT_KEY", "MAX_RECENT", "FILE_FILTER", "MAX_SHOWN",
           "dropped_file"]

RECENT_KEY = "recent_files"
MAX_RECENT = 8
FILE_FILTER = "Battleboard scenarios (*.json);;All files (*)"

Button = QMessageBox.StandardButton

#: The longest message an error box shows, characters.
MAX_SHOWN = MAX_MESSAGE + 40


def _shown(text: str) -> str:
    """One line of readable length for an error box."""
    return clip(one_line(text), MAX_SHOWN)


def _sha(path: Path) -> str | None:
    """The file's SHA-256, or ``None`` when it cannot be read."""
    try:
        return file_sha256(path)
    except OSError:
        return None


def dropped_file(mime: QMimeData | None) -> Path | None:
    """The one local file a drag carries, or ``None`` (several files, a web link, text)."""
    if mime is None or not mime.hasUrls():
        return None
    urls = mime.urls()
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    return Path(urls[0].toLocalFile())


class _FileDrops(QObject):
    """Opens a scenario file dropped on the window (or on the board inside it)."""

    def __init__(self, files: FileController) -> None:
        super().__init__(files.window)
        self.files = files

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Accept a drag of one local file; open it when dropped (after the drop returns)."""
        # Every event of the window comes here (a drag's mouse moves, its paints): looking
        # at its class is cheap, asking its type makes an enum each time.
        if not isinstance(event, QDropEvent):
            return False
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)  # QDragEnterEvent and QDragMoveEvent are ones
        path = dropped_file(event.mimeData())
        if path is None:
            return False
        event.acceptProposedAction()
        if kind == QEvent.Type.Drop:
            QTimer.singleShot(0, lambda: self.files.open_dropped(path))
        return True


class FileController:
    """The window's file handling; ``path`` is the open scenario's file (``None``: unsaved)."""

    def __init__(self, window: MainWindow, settings: QSettings) -> None:
        self.window = window
        self.settings = settings
        self.path: Path | None = None
        #: The file was opened read-only (another window has it open): Save asks for another.
        self.read_only = False
        #: The SHA-256 of ``path`` as this window last read or wrote it (``None``: unknown).
        self.disk_sha: str | None = None
        self.recent_changed: Callable[[], None] = lambda: None
        self.drops = _FileDrops(self)
        window.setAcceptDrops(True)
        window.installEventFilter(self.drops)
        # The board's viewport takes drags before the window sees them.
        window.view.viewport().installEventFilter(self.drops)

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

    def open_dropped(self, path: Path) -> bool:
        """Open a file dropped on the window, after offering to save the board's changes."""
        if not self.maybe_save():
            return False
        return self.open_file(path)

    def open_file(self, path: Path) -> bool:
        """Open ``path``; a bad file is refused with one message and the board is unchanged.

        When another window has ``path`` open, the player chooses first: open it read-only,
        open it anyway (with this window's own journal), or cancel. When a crash left a
        journal of ``path``, the player is offered to recover it.
        """
        path = Path(path)
        journal = self.window.journal
        choice = self.ask_if_open_elsewhere(path)
        if choice is OpenChoice.CANCEL:
            return False
        if journal is not None and journal.offer_recovery([path], only_extra=True):
            self._remember(path)
            return True
        try:
            scenario = load_scenario(path, self.window.library)
        except ScenarioError as error:
            self.window.show_error("Cannot open scenario", _shown(str(error)))
            return False
        except Exception as error:  # a bug in the loader: still one box, the board unchanged
            self.window.show_error("Cannot open scenario", _shown(
                f"{path}: cannot open this file ({type(error).__name__}: {error})"))
            return False
        old, old_path = self.window.scenario, self.path
        try:
            self.window.show_scenario(scenario, path)
        except Exception as error:  # the board could not show it: put the old one back
            self.window.show_scenario(old, old_path)
            self.window.show_error("Cannot open scenario", _shown(
                f"{path}: cannot show this scenario ({type(error).__name__}: {error})"))
            return False
        self.opened(path, choice)
        self._remember(path)
        return True

    def ask_if_open_elsewhere(self, path: Path) -> OpenChoice:
        """When another running window has ``path`` open, ask what to do; else ``ANYWAY``."""
        journal = self.window.journal
        others = journal.others_open(Path(path)) if journal is not None else []
        if journal is None or not others:
            return OpenChoice.ANYWAY
        return journal.ask_open_elsewhere(Path(path), others)

    def opened(self, path: Path, choice: OpenChoice = OpenChoice.ANYWAY) -> None:
        """``path`` was just put on the board: note it as read (and read-only if so chosen)."""
        self.disk_sha = _sha(Path(path))
        if choice is OpenChoice.READ_ONLY:
            self.read_only = True
            self.window.update_title()

    # -- saving -------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the open file (or ask for one); return whether it was saved.

        A file opened read-only is not written: Save asks for another file.
        """
        if self.path is not None and not self.read_only:
            return self.save_to(self.path)
        return self.save_as()

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
        if self.read_only and self.path is not None and Path(path).resolve() == \
                self.path.resolve():
            self.window.show_error("Cannot save scenario", _shown(
                f"{path} is open in another window and was opened here read-only: save it "
                "under another name"))
            return False
        if not self._may_save_over(Path(path)):
            return False
        try:
            save_scenario(self.window.scenario, Path(path))
        except ScenarioError as error:  # its message names the file
            self.window.show_error("Cannot save scenario", _shown(str(error)))
            return False
        except Exception as error:
            self.window.show_error("Cannot save scenario", _shown(
                f"{path}: cannot save ({type(error).__name__}: {error})"))
            return False
        self.path = Path(path)
        self.read_only = False
        self.disk_sha = _sha(self.path)
        if self.window.journal is not None:
            self.window.journal.saved(Path(path))
        self.window.undo_stack.setClean()
        self.window.update_title()
        self._remember(Path(path))
        return True

    def _may_save_over(self, path: Path) -> bool:
        """Whether to write ``path``: asked when another window saved it since this one read it.

        Saving over it then replaces that window's saved changes; the player chooses (Save As
        puts this board in another file instead, and answers for the whole save).
        """
        if self.path is None or self.disk_sha is None or path.resolve() != self.path.resolve():
            return True
        now = _sha(path)
        if now is None or now == self.disk_sha:
            return True
        choice = self.ask_save_over(path)
        if choice is SaveChoice.SAVE_AS:
            self.save_as()
            return False
        return choice is SaveChoice.OVERWRITE

    def ask_save_over(self, path: Path) -> SaveChoice:
        """Ask before saving over a file changed on disk (a test answers it directly)."""
        return ask_save_over(self.window, path)

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
