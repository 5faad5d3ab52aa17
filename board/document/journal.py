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
import json
import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from board.document.datasheet import Datasheet
from board.document.edits import EDIT_OPS, ScenarioDocument
from board.document.errors import ScenarioError
from board.document.events import DocumentChange
from board.document.io import load_scenario
from board.document.journal_codec import decode_edit, encode_edit, scenario_of, scenario_value
from board.document.model import Scenario
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

FORMAT = "battleboard-journal"
VERSION = 1
#: Set this to a folder to keep unsaved boards' journals there instead of the user data folder.
DATA_DIR_ENV = "BATTLEBOARD_DATA_DIR"


class JournalError(ScenarioError):
    """A journal that cannot be written or read back, with the reason."""


def journal_path(scenario_file: Path) -> Path:
    """Where the journal of ``scenario_file`` is kept: beside it, hidden.

    >>> journal_path(Path("games/army.json")).as_posix()
    'games/.army.json.journal'
    """
    return scenario_file.with_name(f".{scenario_file.name}.journal")


def unsaved_folder() -> Path:
    """The folder of unsaved boards' journals: ``$BATTLEBOARD_DATA_DIR`` or the user data one."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override) / "journals"
    return Path(platformdirs.user_data_dir("battleboard", appauthor=False)) / "journals"


def this_host() -> str:
    """The name of this machine, as ``socket.gethostname()`` gives it.

    On a system with ``os.uname`` (Linux, macOS) its node name, which is what
    ``gethostname`` returns there, without importing the socket stack at launch.

    >>> import socket
    >>> this_host() == socket.gethostname()
    True
    """
    uname = getattr(os, "uname", None)
    if uname is not None:
        return str(uname().nodename)
    import socket

    return socket.gethostname()


def _sha256(path: Path) -> str:
    import hashlib  # a saved board's base only: an unsaved one is written inline

    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _line(value: Mapping[str, Any]) -> bytes:
    return (json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            + "\n").encode("utf-8", "surrogatepass")


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
            header["base"] = {"sha256": _sha256(scenario_file)}
        else:
            header["base"] = {"scenario": scenario_value(document.scenario)}
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".new")  # .<name>.journal.new
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
            os.write(fd, _line(header))
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
            data = _line(record)
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


@dataclass
class Recovered:
    """A journal read back: the board at its last accepted edit, and what it holds."""

    path: Path
    scenario: Scenario
    scenario_file: Path | None
    edits: int
    started: float
    last: float | None
    pid: int
    host: str
    #: Why the journal stopped early (a damaged line), or ``""``.
    note: str = ""


def _header(lines: list[bytes], path: Path) -> dict[str, Any]:
    try:
        header = json.loads(lines[0]) if lines else None
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError("not a battleboard journal", str(path))
    if header.get("version") != VERSION:
        raise JournalError(f"journal version {header.get('version')!r} is not known "
                           f"(this program reads version {VERSION})", str(path))
    return header


def _base(header: dict[str, Any], path: Path, library: Mapping[str, Datasheet]) -> Scenario:
    base = header.get("base")
    if not isinstance(base, dict):
        raise JournalError("the journal has no base", str(path))
    if "scenario" in base:
        return scenario_of(base["scenario"], f"{path}, base")
    source = header.get("scenario_file")
    if not isinstance(source, str):
        raise JournalError("the journal names no scenario file", str(path))
    file = Path(source)
    try:
        digest = _sha256(file)
    except OSError as error:
        raise JournalError(f"its scenario file {file} cannot be read: {error.strerror}",
                           str(path)) from None
    if digest != base.get("sha256"):
        raise JournalError(f"its scenario file {file} changed after the journal began "
                           "(saved or edited since): the journal does not apply to it",
                           str(path))
    return load_scenario(file, library)


def base_holds(header: dict[str, Any]) -> bool:
    """Whether the journal's base is there: inline, or its file unchanged since.

    A file saved after its journal began holds every edit the journal has (the program saves
    the board it shows), so such a stale journal has nothing to recover.
    """
    base = header.get("base")
    if not isinstance(base, dict):
        return False
    if "scenario" in base:
        return True
    source = header.get("scenario_file")
    try:
        return isinstance(source, str) and _sha256(Path(source)) == base.get("sha256")
    except OSError:
        return False


def read_journal(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Return a journal's header, its edit records in order, and why it stopped early.

    A last line cut short (the program died mid-write) is left out silently; a damaged line
    before the end stops the reading there, with the reason as the third value.
    """
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as error:
        raise JournalError(f"cannot read the journal: {error.strerror}", str(path)) from None
    header = _header(lines, path)
    body = lines[1:]
    records: list[dict[str, Any]] = []
    note = ""
    for k, raw in enumerate(body):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError):
            record = None
        good = (isinstance(record, dict) and record.get("op") in EDIT_OPS
                and record.get("n") == len(records) + 1 and isinstance(record.get("args"), dict))
        if not good:
            last = all(not rest.strip() for rest in body[k + 1:])
            if not last:
                note = f"line {k + 2} is damaged: the {len(records)} edits before it are kept"
            break
        records.append(record)
    return header, records, note


def recover(path: Path, library: Mapping[str, Datasheet]) -> Recovered:
    """Rebuild the board from the journal at ``path``: its base, then every edit in order.

    Raises
    ------
    JournalError
        Not a journal, its base is gone or changed, or an edit in it cannot be made.
    """
    header, records, note = read_journal(path)
    document = ScenarioDocument(_base(header, path, library))
    for record in records:
        where = f"{path}, edit {record['n']}"
        try:
            document.perform(record["op"], decode_edit(record["op"], record["args"], where,
                                                       document.scenario.rule_system))
        except (ScenarioError, ValueError, KeyError, TypeError) as error:
            raise JournalError(f"edit {record['n']} ({record['op']}) cannot be made again: "
                               f"{error}", str(path)) from None
    source = header.get("scenario_file")
    times = [r["t"] for r in records if isinstance(r.get("t"), int | float)]
    return Recovered(
        path=path, scenario=document.scenario,
        scenario_file=Path(source) if isinstance(source, str) else None,
        edits=len(records), started=float(header.get("started", 0.0)),
        last=max(times) if times else None, pid=int(header.get("pid", 0)),
        host=str(header.get("host", "")), note=note,
    )


def _alive(pid: int, host: str) -> bool:
    """Whether the program that wrote a journal still runs (on this machine)."""
    if host != this_host() or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _has_edits(path: Path) -> bool:
    """Whether the journal at ``path`` has a line after its header (cheap: nothing parsed).

    A journal whose header is its only line holds nothing to recover, whatever the header
    says; one that cannot be read counts as having edits (:func:`read_journal` says why).
    """
    try:
        with path.open("rb") as journal:
            journal.readline()  # the header
            return any(line.strip() for line in journal)  # stops at the first edit
    except OSError:
        return True


def _forget_if_orphaned(path: Path) -> None:
    """Delete an edit-less journal whose program is no longer running.

    Such a journal is what a run that ended without closing its window (killed before the
    first edit, or a launch timed by a benchmark) leaves: it holds nothing to recover, and
    every later launch would read it again. One whose program still runs is kept.
    """
    try:
        header, records, _ = read_journal(path)
    except JournalError:
        return
    if not records and not _alive(int(header.get("pid", 0)), str(header.get("host", ""))):
        with contextlib.suppress(OSError):
            path.unlink()


def find_recoverable(candidates: Iterable[Path]) -> list[Path]:
    """The journals among ``candidates`` (files or folders of them) left by a crash.

    A journal counts when it holds at least one edit and the program that wrote it is no
    longer running; newest first. A journal holding no edit is not parsed, and is deleted
    when its program is no longer running (:func:`_forget_if_orphaned`).
    """
    paths: list[Path] = []
    for candidate in candidates:
        if candidate.is_dir():
            paths.extend(sorted(candidate.glob("*.journal")))
        elif candidate.is_file():
            paths.append(candidate)
    found: list[tuple[float, Path]] = []
    for path in paths:
        if not _has_edits(path):
            _forget_if_orphaned(path)
            continue
        try:
            header, records, _ = read_journal(path)
        except JournalError:
            continue
        if (records and not _alive(int(header.get("pid", 0)), str(header.get("host", "")))
                and base_holds(header)):
            found.append((path.stat().st_mtime, path))
    return [path for _, path in sorted(found, reverse=True)]
