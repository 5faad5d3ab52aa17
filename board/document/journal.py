"""The journal: every edit the document accepts, written down before anyone shows it.

A journal is a text file of JSON lines. The first line says what the edits start from (the
*base*): the scenario file as it was saved, by its SHA-256, or the whole scenario inline (an
unsaved board, or one recovered). Every further line is one accepted edit, in order:
``{"n": 1, "t": 1764583200.25, "op": "move_models", "args": {...}}`` (``op`` and ``args`` as
:mod:`board.document.journal_codec` writes them). :class:`Journal` hears the document's
``accepted`` signal, which comes before ``changed`` (what the screen follows), and writes each
line with one ``os.write`` on a file opened for appending: once the call returns the line is
the operating system's, so killing the program (``kill -9``, a Qt abort) loses nothing.
:meth:`Journal.sync` makes it durable on disk against a power cut (the window calls it a
second after the last edit, and on save and close).

Where: beside the scenario file, ``.<name>.journal`` (``army.json`` → ``.army.json.journal``);
for an unsaved board, in the user data folder (:func:`unsaved_folder`). Saving compacts the
journal: the new one starts from the file just saved. Closing cleanly deletes it; a journal
left behind with edits in it means the program did not close, and :func:`find_recoverable` /
:func:`recover` rebuild the board as at its last accepted edit.

This module is the writer; the file's facts (where, the header, a line) are in
:mod:`board.document.journal_format` and the reading back in
:mod:`board.document.journal_recovery`. Every name is importable from here as before.

>>> import tempfile
>>> from board.document.changes import Change
>>> from board.document.edits import ScenarioDocument
>>> from board.document.model import Scenario, Side
>>> folder = Path(tempfile.mkdtemp())
>>> doc = ScenarioDocument(Scenario(name="Skirmish", sides=[Side("red", "Red", "#c03030")]))
>>> journal = Journal.start(folder / "x.journal", doc)
>>> _ = doc.apply_change(Change(options={"turn": 2}))
>>> journal.close(delete=False)
>>> found = recover(folder / "x.journal", {})
>>> found.edits, found.scenario.options, found.scenario.name
(1, {'turn': 2}, 'Skirmish')
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

from board.document.edits import ScenarioDocument
from board.document.events import DocumentChange
from board.document.journal_codec import encode_edit, scenario_value
from board.document.journal_format import (
    DATA_DIR_ENV,
    FORMAT,
    VERSION,
    JournalError,
    file_sha256,
    journal_path,
    record_line,
    this_host,
    unsaved_folder,
)
from board.document.journal_recovery import (
    Recovered,
    base_holds,
    find_recoverable,
    read_journal,
    recover,
)
from board.document.stale_saves import STALE_SAVE_AGE, remove_stale_saves, stale_save_files

__all__ = [
    "FORMAT",
    "Journal",
    "JournalError",
    "Recovered",
    "journal_path",
    "unsaved_folder",
    "read_journal",
    "recover",
    "find_recoverable",
    "stale_save_files",
    "remove_stale_saves",
    "DATA_DIR_ENV",
    "STALE_SAVE_AGE",
    "base_holds",
]

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
        self._unsynced = False
        document.accepted.connect(self.append)

    @classmethod
    def start(cls, path: Path, document: ScenarioDocument, scenario_file: Path | None = None,
              *, base_in_file: bool = True) -> Journal:
        """Begin a journal at ``path`` from the document's scenario as it is now.

        ``scenario_file`` is the board's file. With ``base_in_file`` (the board was just read
        from it or saved to it) the base is that file, by its SHA-256; otherwise (an unsaved
        board, or one just recovered) the whole scenario is written inline. The new journal
        is written beside ``path`` and renamed over it, so an old journal there is replaced
        whole or not at all.
        """
        header: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "started": time.time(), "pid": os.getpid(),
            "host": this_host(), "revision": document.revision,
            "scenario_file": None if scenario_file is None else str(scenario_file.resolve()),
        }
        if scenario_file is not None and base_in_file:
            header["base"] = {"sha256": file_sha256(scenario_file)}
        else:
            header["base"] = {"scenario": scenario_value(document.scenario)}
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".new")  # .<name>.journal.new
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
            os.write(fd, record_line(header))
            os.fsync(fd)
            os.replace(temporary, path)
        except (OSError, ValueError) as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise JournalError(f"cannot start the journal: {error}", str(path)) from error
        return cls(path, fd, document, scenario_file)

    def append(self, event: DocumentChange) -> None:
        """Write one accepted edit (the document's ``accepted`` signal calls this)."""
        if self._fd < 0 or self.failure:
            return
        record = {"n": self.edits + 1, "t": time.time(), "op": event.op,
                  "args": encode_edit(event.op, event.args)}
        try:
            data = record_line(record)
            while data:
                written = os.write(self._fd, data)
                data = data[written:]
        except (OSError, ValueError) as error:
            self.failure = f"the journal {self.path} cannot be written: {error}"
            return
        self.edits += 1
        self._unsynced = True

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
        new_path = journal_path(scenario_file)
        self.close(delete=False)
        journal = Journal.start(new_path, self._document, scenario_file)
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
