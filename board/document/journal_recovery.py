"""A journal read back: its records, whether its base still holds, and the board it rebuilds.

:func:`read_journal` reads the lines (:mod:`board.document.journal` says what they are),
:func:`recover` makes the board again from the base and every edit in order, each checked as
a file's content is (:func:`board.document.edit_check.make_edit`), up to the first one that
cannot be made; :func:`scan_journals` sorts the journals found at a start into those a crash
left (to offer), those that cannot be read (to move aside and report) and those with nothing
in them (deleted). :class:`~board.document.journal.Journal` writes what these read.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from board.document.datasheet import Datasheet
from board.document.edit_check import EditRefused, make_edit
from board.document.edits import EDIT_OPS, ScenarioDocument
from board.document.errors import ScenarioError
from board.document.io import (
    default_library,
    load_scenario,
    scenario_from_dict,
    scenario_to_dict,
)
from board.document.journal_format import FORMAT, VERSION, JournalError, file_sha256
from board.document.journal_lock import writer_alive
from board.document.model import Scenario

__all__ = ["Recovered", "JournalScan", "read_journal", "base_holds", "base_is_file", "recover",
           "scan_journals", "find_recoverable"]


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
    #: Why the journal stopped early (a damaged line, an edit that cannot be made), or ``""``.
    note: str = ""
    #: Edits (or damaged lines) in the journal after the last one recovered: kept aside.
    left: int = 0


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
    """The board the journal starts from, read and checked as a file is."""
    base = header.get("base")
    if not isinstance(base, dict):
        raise JournalError("the journal has no base", str(path))
    if "scenario" in base:
        try:
            return scenario_from_dict(base["scenario"], library, "base")
        except ScenarioError as error:
            raise JournalError(f"the board it starts from is refused: {error}",
                               str(path)) from None
    source = header.get("scenario_file")
    if not isinstance(source, str):
        raise JournalError("the journal names no scenario file", str(path))
    file = Path(source)
    try:
        digest = file_sha256(file)
    except OSError as error:
        raise JournalError(f"its scenario file {file} cannot be read: {error.strerror}",
                           str(path)) from None
    if digest != base.get("sha256"):
        raise JournalError(f"its scenario file {file} changed after the journal began "
                           "(saved or edited since): the journal does not apply to it",
                           str(path))
    return load_scenario(file, library)


def base_is_file(header: dict[str, Any]) -> bool:
    """Whether the journal starts from its scenario file as the file is now (same SHA-256)."""
    base = header.get("base")
    source = header.get("scenario_file")
    if not isinstance(base, dict) or not isinstance(source, str) or "sha256" not in base:
        return False
    try:
        return file_sha256(Path(source)) == base.get("sha256")
    except OSError:
        return False


def base_holds(header: dict[str, Any]) -> bool:
    """Whether the journal's base is there: inline, or its file unchanged since.

    A file saved after its journal began holds every edit the journal has (the program saves
    the board it shows), so such a stale journal has nothing to recover.
    """
    base = header.get("base")
    if not isinstance(base, dict):
        return False
    return "scenario" in base or base_is_file(header)


def read_journal(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Return a journal's header, its edit records in order, and why it stopped early.

    A last line cut short (the program died mid-write: no line end after it) is left out
    silently; any other damaged line, the last whole one too, stops the reading there, with
    the reason as the third value.
    """
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as error:
        raise JournalError(f"cannot read the journal: {error.strerror}", str(path)) from None
    header = _header(lines, path)
    body = lines[1:]
    records, note, _ = _records(body)
    return header, records, note


def _records(body: list[bytes]) -> tuple[list[dict[str, Any]], str, int]:
    """The edit records of a journal's lines; why they stop early; how many lines are left."""
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
            # Cut short by a crash mid-write: the last line, with no line end after it. A
            # whole line (its line end written) that is damaged is never dropped unsaid.
            torn = k == len(body) - 1
            if not torn:
                left = sum(1 for rest in body[k:] if rest.strip())
                kept = ("the 1 edit before it is kept" if len(records) == 1 else
                        f"the {len(records)} edits before it are kept")
                note = f"line {k + 2} is damaged: {kept}"
                return records, note, left
            break
        records.append(record)
    return records, note, 0


def recover(path: Path, library: Mapping[str, Datasheet]) -> Recovered:
    """Rebuild the board from the journal at ``path``: its base, then its edits in order.

    Each edit is checked as a file's content is (:func:`~board.document.edit_check.
    make_edit`); the board is rebuilt up to the first edit that cannot be made (or the first
    damaged line), and :attr:`Recovered.note` says which and why, :attr:`Recovered.left`
    how many were not made.

    Raises
    ------
    JournalError
        Not a journal, a version this program does not read, or its base is gone or refused.
    """
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as error:
        raise JournalError(f"cannot read the journal: {error.strerror}", str(path)) from None
    header = _header(lines, path)
    records, note, left = _records(lines[1:])
    document = ScenarioDocument(_base(header, path, library))
    made = 0
    for record in records:
        try:
            make_edit(document, record["op"], record["args"], library, f"edit {record['n']}")
        except EditRefused as error:
            left += len(records) - made
            note = (f"edit {record['n']} ({record['op']}) cannot be made: {error}; the "
                    f"{made} edit{'s' if made != 1 else ''} before it are recovered")
            break
        made += 1
    source = header.get("scenario_file")
    times = [r["t"] for r in records[:made] if isinstance(r.get("t"), int | float)]
    pid = header.get("pid", 0)
    return Recovered(
        path=path, scenario=document.scenario,
        scenario_file=Path(source) if isinstance(source, str) else None,
        edits=made, started=float(header.get("started", 0.0)),
        last=max(times) if times else None, pid=pid if isinstance(pid, int) else 0,
        host=str(header.get("host", "")), note=note, left=left,
    )


def _has_edits(path: Path) -> bool:
    """Whether the journal at ``path`` has a line after its header (cheap: nothing parsed)."""
    try:
        with path.open("rb") as journal:
            journal.readline()  # the header
            return any(line.strip() for line in journal)  # stops at the first edit
    except OSError:
        return True


@dataclass
class JournalScan:
    """The journals found at a start, sorted by what is to be done with them."""

    #: Left by a crash, with edits to offer back: newest first.
    recoverable: list[Path] = field(default_factory=list)
    #: Cannot be read back (their writer gone): each with the reason. Move aside, report.
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    #: Deleted: nothing in them (or all of it in their saved file), their writer gone.
    removed: list[Path] = field(default_factory=list)


def _paths(candidates: Iterable[Path]) -> list[Path]:
    paths: list[Path] = []
    for candidate in candidates:
        if candidate.is_dir():
            paths.extend(sorted(candidate.glob("*.journal")))
        elif candidate.is_file():
            paths.append(candidate)
    return list(dict.fromkeys(paths))


def _peek_header(path: Path) -> dict[str, Any]:
    """The first line as JSON, or ``{}`` (what decides whether the writer still runs)."""
    with contextlib.suppress(OSError, ValueError, RecursionError):
        with path.open("rb") as journal:
            header = json.loads(journal.readline(1 << 24))
        if isinstance(header, dict):
            return header
    return {}


def _in_its_file(found: Recovered, library: Mapping[str, Datasheet]) -> bool:
    """Whether the journal's board is exactly its scenario file's (saved after its edits)."""
    if found.scenario_file is None:
        return False
    try:
        saved = load_scenario(found.scenario_file, library)
    except (ScenarioError, OSError):
        return False
    return scenario_to_dict(saved) == scenario_to_dict(found.scenario)


def _sort(path: Path, library: Mapping[str, Datasheet], scan: JournalScan) -> None:
    """Put one journal whose writer is gone where it belongs in ``scan``."""
    try:
        header, records, note = read_journal(path)
    except JournalError as error:
        scan.unreadable.append((path, error.message))
        return
    if not records and not note:
        with contextlib.suppress(OSError):
            path.unlink()
            scan.removed.append(path)
        return
    base = header.get("base")
    changed = isinstance(header.get("scenario_file"), str) and not base_is_file(header)
    if isinstance(base, dict) and "scenario" in base and not changed:
        scan.recoverable.append(path)  # unsaved, or its file as the journal began: all new
        return
    try:
        found = recover(path, library)
    except JournalError as error:
        scan.unreadable.append((path, error.message))
        return
    if not found.left and _in_its_file(found, library):
        with contextlib.suppress(OSError):  # saved, then killed before the journal restarted
            path.unlink()
            scan.removed.append(path)
        return
    scan.recoverable.append(path)


def scan_journals(candidates: Iterable[Path],
                  library: Mapping[str, Datasheet] | None = None) -> JournalScan:
    """Sort the journals among ``candidates`` (files, or folders of them) whose writer is gone.

    A journal still being written (its window open, :func:`~board.document.journal_lock.
    writer_alive`) is left alone. Of the others: one that cannot be read back is
    ``unreadable`` (never deleted here); one with no edit, or whose board is exactly its
    saved file's, is deleted; the rest are ``recoverable``, newest first.
    """
    if library is None:
        library = default_library()
    scan = JournalScan()
    for path in _paths(candidates):
        header = _peek_header(path)
        if writer_alive(path, header):
            continue
        empty = header.get("format") == FORMAT and header.get("version") == VERSION
        if empty and not _has_edits(path):
            with contextlib.suppress(OSError):
                path.unlink()
                scan.removed.append(path)
            continue
        _sort(path, library, scan)
    dated = []
    for path in scan.recoverable:
        with contextlib.suppress(OSError):
            dated.append((path.stat().st_mtime, path))
    scan.recoverable = [path for _, path in sorted(dated, reverse=True)]
    return scan


def find_recoverable(candidates: Iterable[Path],
                     library: Mapping[str, Datasheet] | None = None) -> list[Path]:
    """The journals among ``candidates`` left by a crash, with edits to offer: newest first.

    Also deletes the ones with nothing to offer (:func:`scan_journals`).
    """
    return scan_journals(candidates, library).recoverable
