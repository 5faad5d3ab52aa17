"""The window's journal: kept while a board is open, compacted on save, offered after a crash.

:class:`JournalKeeper` keeps one :class:`~board.document.journal.Journal` on the window's
document: a new one whenever a board is put on the table (New, Open, recovery), compacted
when it is saved, deleted when the window closes (or the board is replaced) with nothing
left unsaved. Each edit is durable as it is written (the journal syncs it to the disk before
the screen shows it): there is nothing left to sync later.

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
from PySide6.QtWidgets import QLabel, QMessageBox
from shiboken6 import isValid

from board.document.errors import ScenarioError
from board.document.history import keep_history, open_history
from board.document.journal import (
    Journal,
    JournalError,
    JournalScan,
    Recovered,
    journals_of,
    new_journal_path,
    read_journal,
    recover,
    remove_old_aside,
    remove_stale_saves,
    scan_journals,
    set_aside,
    unsaved_folder,
)
from board.document.journal_lock import writer_alive
from board.view.journal_dialogs import (
    Elsewhere,
    OpenChoice,
    ask_delete_aside,
    ask_open_elsewhere,
    kept_text,
    recovery_text,
)
from board.view.screen_fit import fit_on_screen

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["JournalKeeper", "recovery_text"]

Button = QMessageBox.StandardButton

#: The status bar's mark while a board is not journalled (its tooltip says why).
UNJOURNALLED = "Not journalled"


def _reason(error: Exception) -> str:
    """An error in words: ``File exists: /path`` (never ``[Errno 17]``)."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if error.filename else error.strerror
    return getattr(error, "message", None) or str(error)


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
        #: The status bar's mark while the board is not journalled (``None``: never needed).
        self.unjournalled: QLabel | None = None
        #: Windows opened for further boards recovered at the same start (kept alive here).
        self.more_windows: list[MainWindow] = []
        # After every recorder has heard the edit (``accepted``): the journal's write of it
        # has succeeded or failed by then.
        window.document.changed.connect(self._on_accepted)

    # -- the journal of the board on the table ------------------------------------------------
    def start(self, scenario_file: Path | None, *, base_in_file: bool = True) -> None:
        """Begin the journal of the board just put on the table (read from ``scenario_file``)."""
        self.stop(delete=True)
        if scenario_file is not None:
            path = new_journal_path(Path(scenario_file))
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
            self._unprotected(f"No journal for this board: its changes cannot be recovered "
                              f"after a crash ({_reason(error)}). Save often.")
            return
        self._protected()

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
            self._unprotected(f"The journal cannot be started again: its changes cannot be "
                              f"recovered after a crash ({_reason(error)}). Save often.")

    def stop(self, *, delete: bool) -> None:
        """Close the journal (``delete``: nothing in it is needed any more)."""
        if self.journal is not None:
            self.journal.close(delete=delete)
            self.journal = None

    def _on_accepted(self, *_: object) -> None:
        if self.journal is None:
            return
        if self.journal.failure:
            failure = self.journal.failure
            self.journal.close(delete=False)  # what it holds stays: every change before
            self.journal = None
            # Said in a box once the edit is done (not inside it); the board goes on.
            self._unprotected(failure)

    def _tell(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 15000)

    def _unprotected(self, text: str) -> None:
        """Say, and keep saying, that the board is not journalled.

        A box once, and a mark in the status bar for as long as it lasts: a passing message
        was wiped by the next tool's prompt, and the board went on unprotected unsaid.
        """
        self._tell(text)
        mark = self._mark()
        mark.setToolTip(text)
        mark.show()
        QTimer.singleShot(0, lambda: self._box(text))

    def _box(self, text: str) -> None:
        if isValid(self.window):
            self.window.show_error("Changes not journalled", text)

    def _protected(self) -> None:
        if self.unjournalled is not None and isValid(self.unjournalled):
            self.unjournalled.hide()

    def _mark(self) -> QLabel:
        if self.unjournalled is None or not isValid(self.unjournalled):
            self.unjournalled = QLabel(UNJOURNALLED)
            self.unjournalled.setStyleSheet("color: #b71c1c; font-weight: bold;")
            self.window.statusBar().addPermanentWidget(self.unjournalled)
        return self.unjournalled

    # -- another window on the same file ----------------------------------------------------
    def others_open(self, scenario_file: Path) -> list[Elsewhere]:
        """The journals of ``scenario_file`` another running window writes (not this one's)."""
        own = self.journal.path.resolve() if self.journal is not None else None
        others = []
        for path in journals_of(Path(scenario_file)):
            if path.resolve() == own:
                continue
            try:
                header, records, _ = read_journal(path)
            except JournalError:
                header, records = {}, []
            if writer_alive(path, header):
                pid = header.get("pid", 0)
                others.append(Elsewhere(path, pid if isinstance(pid, int) else 0,
                                        float(header.get("started", 0.0)), len(records)))
        return others

    def ask_open_elsewhere(self, scenario_file: Path,
                           others: list[Elsewhere]) -> OpenChoice:
        """Ask what to do with a file another window has open (a test answers it directly)."""
        return ask_open_elsewhere(self.window, Path(scenario_file), others)

    # -- after a crash ----------------------------------------------------------------------
    def _candidates(self, extra: Iterable[Path], only_extra: bool) -> list[Path]:
        files = [Path(f) for f in extra]
        if not only_extra:
            files += [Path(f) for f in self.window.files.recent_files()]
        candidates = [j for f in files for j in journals_of(f)]
        return candidates if only_extra else [*candidates, self.folder]

    def scan(self, extra: Iterable[Path] = (), *, only_extra: bool = False) -> JournalScan:
        """The journals a crashed run left (beside ``extra`` and the recent files, unsaved)."""
        extra = list(extra)
        scan = scan_journals(self._candidates(extra, only_extra), self.window.library)
        own = self.journal.path if self.journal is not None else None
        scan.recoverable = [p for p in scan.recoverable if p != own]
        return scan

    def recoverable(self, extra: Iterable[Path] = ()) -> list[Path]:
        """Journals a crashed run left: beside ``extra`` files and the recent ones, unsaved."""
        return self.scan(extra).recoverable

    def offer_recovery(self, extra: Iterable[Path] = (), *, only_extra: bool = False) -> bool:
        """Ask about each journal a crash left; return whether a board was recovered.

        ``extra``: files about to be opened (their journals are asked about first; with
        ``only_extra``, only theirs). Every journal is asked about: the first recovered goes
        on this window, each further one in a new window. A journal that cannot be read is
        moved aside and
        reported; one recovered only in part is kept aside whole; one not recovered whose
        every change could be made is deleted (the board it belongs to gets a new one).
        """
        extra = list(extra)
        scan = self.scan(extra, only_extra=only_extra)
        folders = {p.parent for p in self._candidates(extra, only_extra)} | {self.folder}
        remove_old_aside(folders)  # each was reported when it was moved aside
        moved = self._move_aside(scan.unreadable)
        recovered = False
        for path in scan.recoverable:  # every one is offered: two windows crashed on a file
            try:
                found = recover(path, self.window.library)
            except (JournalError, ScenarioError) as error:
                moved += self._move_aside([(path, getattr(error, "message", str(error)))])
                continue
            if self.ask(found) != Button.Yes:
                self._discard(found)
            elif not recovered:
                self.put_back(found)
                recovered = True
            else:  # this window holds a recovered board already: the next opens its own
                self.open_in_new_window(found)
        self._report_aside(moved)
        return recovered

    def open_in_new_window(self, found: Recovered) -> MainWindow:
        """Put ``found`` back in a new window of its own (a second board recovered)."""
        window = type(self.window)(self.window.library, self.window.files.settings,
                                   journal_folder=self.folder)
        self.more_windows.append(window)
        fit_on_screen(window)  # inside the screen, title bar and status bar too
        window.show()
        fit_on_screen(window)
        assert window.journal is not None
        window.journal.put_back(found)
        return window

    def _move_aside(self, journals: list[tuple[Path, str]]) -> list[tuple[Path, str]]:
        moved = []
        for path, why in journals:
            with contextlib.suppress(OSError):
                moved.append((set_aside(path, "unreadable"), why))
        return moved

    def _report_aside(self, moved: list[tuple[Path, str]]) -> None:
        if moved and self.ask_delete_aside(moved):
            for path, _ in moved:
                with contextlib.suppress(OSError):
                    path.unlink()

    def ask_delete_aside(self, moved: list[tuple[Path, str]]) -> bool:
        """Report journals moved aside; whether to delete them now (a test answers directly)."""
        return ask_delete_aside(self.window, moved)

    def _discard(self, found: Recovered) -> None:
        """The player chose not to recover ``found``: delete it, or keep it aside if not whole."""
        if found.left:
            with contextlib.suppress(OSError):
                kept = set_aside(found.path, "kept")
                self._tell(f"Not recovered; the journal is kept in {kept}.")
            return
        with contextlib.suppress(OSError):
            found.path.unlink()

    def ask(self, found: Recovered) -> Button:
        """Ask whether to recover ``found``: Yes (Recover) or Discard (delete the journal)."""
        box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved changes?",
                          recovery_text(found), Button.Yes | Button.Discard, self.window)
        box.button(Button.Yes).setText("Recover")
        box.setDefaultButton(Button.Yes)
        return Button(box.exec())

    def put_back(self, found: Recovered) -> None:
        """Show the recovered board (modified, its file's name) and journal it from there.

        The recovered edits join the game's history (replay shows them). A journal of which
        some changes could not be made is kept aside whole, and the player told where.
        """
        if found.scenario_file is not None and not found.left:
            with contextlib.suppress(OSError, ScenarioError):
                keep_history(found.scenario_file, found.path, saved=False)
        self.window.show_scenario(found.scenario, found.scenario_file, recovered=True)
        if found.left:
            try:
                kept = set_aside(found.path, "kept")
            except OSError as error:
                kept = found.path
                self._tell(f"The journal {found.path} could not be moved aside: {error}")
            self.window.show_error("Part of the changes recovered", kept_text(found, kept))
        elif self.journal is None or self.journal.path != found.path:
            with contextlib.suppress(OSError):
                found.path.unlink()
        self._tell(f"Recovered {found.edits} change{'s' if found.edits != 1 else ''}; "
                   "save to keep them.")
