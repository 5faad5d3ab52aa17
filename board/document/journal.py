"""The journal: every edit the document accepts, written down before anyone shows it.

A journal is a text file of JSON lines. The first line says what the edits start from (the
*base*): the whole scenario inline, and the SHA-256 of its file when the board was just read
from it or saved to it (the game's history goes on from there). Every further line is one
accepted edit, in order: ``{"n": 1, "t": 1764583200.25, "op": "move_models", "args": {...}}``
(``op`` and ``args`` as :mod:`board.document.journal_codec` writes them). :class:`Journal`
hears the document's ``accepted`` signal, which comes before ``changed`` (what the screen
follows), writes each line with one ``os.write`` on a file opened for appending and makes it
durable (``fdatasync``) before the screen shows the edit: neither a kill (``kill -9``, a Qt
abort) nor a power cut loses an accepted edit. A disk that fills up stops the journal with a
message (:func:`failure_text`), never the board.

Where: beside the scenario file, ``.<name>.journal`` (``army.json`` → ``.army.json.journal``),
or ``.<name>.<pid>.journal`` for a window that opens a file whose journal is there already
(another window has it open, or a crash left it): one journal per window and file
(:func:`new_journal_path`). For an unsaved board, in the user data folder
(:func:`unsaved_folder`). The writer holds a lock on its journal (:mod:`board.document.
journal_lock`), so the next start tells a journal left by a crash from a live window's.
Saving compacts the journal: the new one starts from the file just saved. Closing cleanly
deletes it; a journal left behind with edits in it means the program did not close, and
:func:`find_recoverable` / :func:`recover` rebuild the board as at its last accepted edit.

This module is the writer; the file's facts (where, the header, a line) are in
:mod:`board.document.journal_format` and the reading back in
:mod:`board.document.journal_recovery`. Every name is importable from here as before.

>>> import tempfile
>>> from board.document.changes import Change
>>> from board.document.edits import ScenarioDocument
>>> from board.document.model import Scenario, Side
>>> folder = Path(tempfile.mkdtemp())
>>> sides = [Side("red", "Red", "#c03030"), Side("blue", "Blue", "#3030c0")]
>>> doc = ScenarioDocument(Scenario(name="Skirmish", sides=sides))
>>> journal = Journal.start(folder / "x.journal", doc)
>>> _ = doc.apply_change(Change(options={"turn": 2}))
>>> journal.close(delete=False)
>>> found = recover(folder / "x.journal", {})
>>> found.edits, found.scenario.options, found.scenario.name
(1, {'turn': 2}, 'Skirmish')
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path
from typing import Any

from board.document.edits import ScenarioDocument
from board.document.events import DocumentChange
from board.document.journal_aside import (
    ASIDE_AGE,
    aside_files,
    remove_old_aside,
    set_aside,
)
from board.document.journal_codec import encode_edit, scenario_value
from board.document.journal_format import (
    DATA_DIR_ENV,
    FORMAT,
    VERSION,
    JournalError,
    file_sha256,
    journal_path,
    journals_of,
    new_journal_path,
    record_line,
    this_host,
    unsaved_folder,
)
from board.document.journal_lock import hold
from board.document.journal_recovery import (
    JournalScan,
    Recovered,
    base_holds,
    base_is_file,
    find_recoverable,
    read_journal,
    recover,
    scan_journals,
)
from board.document.stale_saves import STALE_SAVE_AGE, remove_stale_saves, stale_save_files

__all__ = [
    "FORMAT",
    "Journal",
    "JournalError",
    "Recovered",
    "journal_path",
    "journals_of",
    "new_journal_path",
    "failure_text",
    "sync_folder",
    "unsaved_folder",
    "read_journal",
    "recover",
    "find_recoverable",
    "stale_save_files",
    "remove_stale_saves",
    "DATA_DIR_ENV",
    "STALE_SAVE_AGE",
    "base_holds",
    "base_is_file",
    "JournalScan",
    "scan_journals",
    "ASIDE_AGE",
    "aside_files",
    "remove_old_aside",
    "set_aside",
]

def _datasync(fd: int) -> None:
    """Flush the file's data (and its size) to the disk: ``fdatasync``, else ``fsync``."""
    getattr(os, "fdatasync", os.fsync)(fd)


def sync_folder(folder: Path) -> None:
    """Make a new or renamed name in ``folder`` durable (where a folder can be opened)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


#: The errors that mean the disk (or the player's quota, or a size limit) is full.
FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def failure_text(path: Path, error: Exception, kept: int) -> str:
    """What the player reads when the journal cannot be written any more.

    >>> failure_text(Path("g/.a.json.journal"), OSError(errno.ENOSPC, "No space left"), 12)
    'The disk is full: the journal g/.a.json.journal cannot be written (No space left). \
The 12 changes written before are kept; changes from now on are not journalled. \
The game is still open: free some space and save, or save it on another disk.'
    """
    full = isinstance(error, OSError) and error.errno in FULL
    why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    head = "The disk is full: the" if full else "The"
    return (f"{head} journal {path} cannot be written ({why}). The {kept} change"
            f"{'s' if kept != 1 else ''} written before are kept; changes from now on are not "
            "journalled. The game is still open: "
            + ("free some space and save, or save it on another disk." if full
               else "save it to keep it."))


class Journal:
    """An open journal that writes down every edit ``document`` accepts.

    Make one with :meth:`start`; it stays attached to the document until :meth:`close`.
    """

    def __init__(self, path: Path, fd: int, document: ScenarioDocument,
                 scenario_file: Path | None) -> None:
        self.path = path
        self.scenario_file = scenario_file
        self._fd = fd
        self._document = document
        #: Edits written so far.
        self.edits = 0
        #: Why writing failed (the journal then stops; the board goes on), or ``""``.
        self.failure = ""
        #: Sync every edit to disk (``fdatasync``) as it is written.
        self.durable = True
        self._unsynced = False
        document.accepted.connect(self.append)

    @classmethod
    def start(cls, path: Path, document: ScenarioDocument, scenario_file: Path | None = None,
              *, base_in_file: bool = True, own: bool = False) -> Journal:
        """Begin a journal at ``path`` from the document's scenario as it is now.

        ``scenario_file`` is the board's file. The whole scenario is written inline (so the
        journal can be recovered even after another window saved over the file); with
        ``base_in_file`` (the board was just read from the file or saved to it) the file's
        SHA-256 is written too, so the game's history knows where it goes on from. The new
        journal is written beside ``path``, made durable and renamed into place; ``own``
        (this writer's journal, compacted on a save) lets it replace the one there. Any other
        file at ``path`` is never replaced: :class:`JournalError`.
        """
        header: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "started": time.time(), "pid": os.getpid(),
            "host": this_host(), "revision": document.revision,
            "scenario_file": None if scenario_file is None else str(scenario_file.resolve()),
            "base": {"scenario": scenario_value(document.scenario)},
        }
        if scenario_file is not None and base_in_file:
            header["base"]["sha256"] = file_sha256(scenario_file)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not own and path.exists():
            raise JournalError("another journal is there already (it is not replaced)",
                               str(path))
        temporary = path.with_name(path.name + ".new")  # .<name>.journal.new
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
            header["lock"] = hold(fd)
            os.write(fd, record_line(header))
            os.fsync(fd)
            os.replace(temporary, path)
            sync_folder(path.parent)  # the new name survives a power cut too
        except (OSError, ValueError) as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise JournalError(f"cannot start the journal: {error}", str(path)) from error
        return cls(path, fd, document, scenario_file)

    def append(self, event: DocumentChange) -> None:
        """Write one accepted edit and make it durable (the ``accepted`` signal calls this).

        Written and synced (``fdatasync``) before the screen shows the edit, so neither a
        kill nor a power cut loses it. A write that fails (disk full, folder gone) is cut
        off again, so the journal ends with the last whole edit, and the journal stops:
        :attr:`failure` says why, the board goes on.
        """
        if self._fd < 0 or self.failure:
            return
        record = {"n": self.edits + 1, "t": time.time(), "op": event.op,
                  "args": encode_edit(event.op, event.args)}
        try:
            data = record_line(record)
            end = os.lseek(self._fd, 0, os.SEEK_END)
            try:
                while data:
                    written = os.write(self._fd, data)
                    data = data[written:]
                if self.durable:
                    _datasync(self._fd)
            except OSError:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._fd, end)  # no half line left behind
                raise
        except (OSError, ValueError) as error:
            self.failure = failure_text(self.path, error, self.edits)
            return
        self.edits += 1
        self._unsynced = not self.durable

    def sync(self) -> None:
        """Make what was written durable (``fsync``): a power cut then loses nothing either."""
        if self._fd >= 0 and self._unsynced:
            with contextlib.suppress(OSError):
                os.fsync(self._fd)
            self._unsynced = False

    def saved(self, scenario_file: Path) -> Journal:
        """The board was just saved to ``scenario_file``: compact, return the journal to use.

        The new journal (beside the file, empty, from the file as saved) replaces this one;
        an unsaved board's journal elsewhere is deleted once the new one is in place.
        """
        same = (self.scenario_file is not None
                and self.scenario_file.resolve() == scenario_file.resolve())
        new_path = self.path if same else new_journal_path(scenario_file)
        self.close(delete=False)
        journal = Journal.start(new_path, self._document, scenario_file, own=same)
        if new_path.resolve() != self.path.resolve():
            with contextlib.suppress(OSError):
                self.path.unlink()
        return journal

    def close(self, *, delete: bool) -> None:
        """Stop writing; ``delete`` removes the file (the board was saved or discarded)."""
        if self._fd < 0:
            return
        self._document.accepted.disconnect(self.append)
        self.sync()
        os.close(self._fd)
        self._fd = -1
        if delete:
            with contextlib.suppress(OSError):
                self.path.unlink()
