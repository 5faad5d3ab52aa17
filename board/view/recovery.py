"""The window's journal: kept while a board is open, compacted on save, offered after a crash.

:class:`JournalKeeper` keeps one :class:`~board.document.journal.Journal` on the window's
document: a new one whenever a board is put on the table (New, Open, recovery), compacted
when it is saved, deleted when the window closes (or the board is replaced) with nothing
left unsaved. A second after the last edit it makes the journal durable (``fsync``).

:meth:`JournalKeeper.offer_recovery` looks for journals a crashed run left (beside the
recent files and in the user data folder) and asks, for each, whether to put that board back:
when it was, how many changes. Recovering shows the board as at its last accepted change,
marked modified, with its file's name (save it to keep it).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from board.document.errors import ScenarioError
from board.document.history import keep_history, open_history
from board.document.journal import (
    Journal,
    JournalError,
    Recovered,
    find_recoverable,
    journal_path,
    recover,
    remove_stale_saves,
    unsaved_folder,
)

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["JournalKeeper", "recovery_text", "SYNC_AFTER_MS"]

#: The journal is made durable on disk this long after the last edit, ms.
SYNC_AFTER_MS = 1000

Button = QMessageBox.StandardButton


def recovery_text(found: Recovered) -> str:
    """What the recovery question says: which board, how many changes, when.

    >>> from board.document.model import Scenario
    >>> found = Recovered(Path("x.journal"), Scenario(name="Siege"), None, 12,
    ...                   0.0, 1764583200.0, 1, "h")
    >>> recovery_text(found).splitlines()[0]
    'battleboard did not close properly while Siege (not saved) was open.'
    """
    where = (found.scenario_file.name if found.scenario_file
             else f"{found.scenario.name} (not saved)")
    when = time.strftime("%d %b %Y %H:%M:%S", time.localtime(found.last or found.started))
    text = (f"battleboard did not close properly while {where} was open.\n"
            f"{found.edits} change{'s' if found.edits != 1 else ''} since it was last saved "
            f"can be recovered; the last at {when}.")
    if found.note:
        text += f"\n({found.note})"
    return text


class JournalKeeper:
    """Keeps the journal of ``window``'s board (see the module).

    Parameters
    ----------
    window
        The window whose document is journalled.
    folder
        Where unsaved boards' journals go (:func:`~board.document.journal.unsaved_folder`
        when ``None``).
    """

    def __init__(self, window: MainWindow, folder: Path | None = None) -> None:
        self.window = window
        self.folder = folder if folder is not None else unsaved_folder()
        self.journal: Journal | None = None
        self._sync = QTimer(window)
        self._sync.setSingleShot(True)
        self._sync.setInterval(SYNC_AFTER_MS)
        self._sync.timeout.connect(self.sync)
        window.document.accepted.connect(self._on_accepted)

    # -- the journal of the board on the table ------------------------------------------------
    def start(self, scenario_file: Path | None, *, base_in_file: bool = True) -> None:
        """Begin the journal of the board just put on the table (read from ``scenario_file``)."""
        self.stop(delete=True)
        if scenario_file is not None:
            path = journal_path(Path(scenario_file))
            remove_stale_saves(Path(scenario_file))
            if base_in_file:
                with contextlib.suppress(OSError, ScenarioError):
                    open_history(Path(scenario_file), self.window.document.scenario)
        else:
            path = self.folder / f"unsaved-{os.getpid()}-{time.time_ns()}.journal"
        try:
            self.journal = Journal.start(path, self.window.document, scenario_file,
                                         base_in_file=base_in_file)
        except (ScenarioError, OSError) as error:
            self.journal = None
            self._tell(f"No journal for this board (changes cannot be recovered): {error}")

    def saved(self, scenario_file: Path) -> None:
        """The board was saved: its edits go to the game's history, the journal restarts.

        The journal is compacted: it starts again from the file just saved.
        """
        remove_stale_saves(scenario_file)
        if self.journal is not None:
            self.journal.sync()
            try:
                keep_history(scenario_file, self.journal.path)
            except (ScenarioError, OSError) as error:
                self._tell(f"The game's history cannot be kept: {error}")
        if self.journal is None:
            self.start(scenario_file)
            return
        try:
            self.journal = self.journal.saved(scenario_file)
        except (ScenarioError, OSError) as error:
            self.journal = None
            self._tell(f"The journal cannot be started again: {error}")

    def stop(self, *, delete: bool) -> None:
        """Close the journal (``delete``: nothing in it is needed any more)."""
        self._sync.stop()
        if self.journal is not None:
            self.journal.close(delete=delete)
            self.journal = None

    def sync(self) -> None:
        """Make the journal durable on disk now."""
        if self.journal is not None:
            self.journal.sync()

    def _on_accepted(self, *_: object) -> None:
        if self.journal is None:
            return
        if self.journal.failure:
            self._tell(self.journal.failure)
            self.journal.close(delete=False)
            self.journal = None
            return
        if not self._sync.isActive():
            self._sync.start()

    def _tell(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 15000)

    # -- after a crash ----------------------------------------------------------------------
    def recoverable(self, extra: Iterable[Path] = ()) -> list[Path]:
        """Journals a crashed run left: beside ``extra`` files and the recent ones, unsaved."""
        files = [*extra, *(Path(f) for f in self.window.files.recent_files())]
        candidates = [journal_path(f) for f in files] + [self.folder]
        own = self.journal.path if self.journal is not None else None
        return [p for p in dict.fromkeys(find_recoverable(candidates)) if p != own]

    def offer_recovery(self, extra: Iterable[Path] = (), *, only_extra: bool = False) -> bool:
        """Ask about each journal a crash left; return whether a board was recovered.

        ``extra``: files about to be opened (their journals are asked about first; with
        ``only_extra``, only theirs). A journal not recovered is deleted: the board it
        belongs to is about to get a new one.
        """
        paths = self.recoverable(extra)
        if only_extra:
            wanted = {journal_path(Path(f)).resolve() for f in extra}
            paths = [p for p in paths if p.resolve() in wanted]
        for path in paths:
            try:
                found = recover(path, self.window.library)
            except (JournalError, ScenarioError) as error:
                self._tell(f"A journal could not be read back: {error}")
                continue
            if self.ask(found) == Button.Yes:
                self.put_back(found)
                return True
            with contextlib.suppress(OSError):
                path.unlink()
        return False

    def ask(self, found: Recovered) -> Button:
        """Ask whether to recover ``found``: Yes (Recover) or Discard (delete the journal)."""
        box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved changes?",
                          recovery_text(found), Button.Yes | Button.Discard, self.window)
        box.button(Button.Yes).setText("Recover")
        box.setDefaultButton(Button.Yes)
        return Button(box.exec())

    def put_back(self, found: Recovered) -> None:
        """Show the recovered board (modified, its file's name) and journal it from there.

        The recovered edits join the game's history (replay shows them).
        """
        if found.scenario_file is not None:
            with contextlib.suppress(OSError, ScenarioError):
                keep_history(found.scenario_file, found.path, saved=False)
        self.window.show_scenario(found.scenario, found.scenario_file, recovered=True)
        if self.journal is None or self.journal.path != found.path:
            with contextlib.suppress(OSError):
                found.path.unlink()
        self._tell(f"Recovered {found.edits} change{'s' if found.edits != 1 else ''}; "
                   "save to keep them.")
