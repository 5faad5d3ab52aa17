"""A journal read back: its records, whether its base still holds, and the board it rebuilds.

:func:`read_journal` reads the lines (:mod:`board.document.journal` says what they are),
:func:`recover` makes the board again from the base and every edit in order, and
:func:`find_recoverable` finds the journals a crash left behind (those with edits whose
program no longer runs). :class:`~board.document.journal.Journal` writes what these read.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from board.document.datasheet import Datasheet
from board.document.edits import EDIT_OPS, ScenarioDocument
from board.document.errors import ScenarioError
from board.document.io import load_scenario
from board.document.journal_codec import decode_edit, scenario_of
from board.document.journal_format import FORMAT, VERSION, JournalError, file_sha256, this_host
from board.document.model import Scenario

__all__ = ["Recovered", "read_journal", "base_holds", "recover", "find_recoverable"]


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
        digest = file_sha256(file)
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
        return isinstance(source, str) and file_sha256(Path(source)) == base.get("sha256")
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
