"""A saved game's whole history, and the board at any step of it: what replay shows.

The journal (:mod:`board.document.journal`) is compacted on every save: it starts again from
the file just saved, so a crash needs only the edits since. What it held is not thrown away:
:func:`keep_history` appends those edits to the game's *history* beside the file,
``.<name>.history`` (a journal too: its first line is the board the history starts from,
inline; then every edit, in order, numbered from 1). The history plus the journal's edits
since the last save are every accepted edit of the game: :func:`game_timeline` reads both,
and a :class:`Timeline` gives the board as it was at any step, which edits started a new
turn and which rolled dice.

>>> import tempfile
>>> from board.document.changes import Change
>>> from board.document.edits import ScenarioDocument
>>> from board.document.journal_codec import encode_edit
>>> from board.document.model import LogEntry, Scenario, Side
>>> sides = [Side("red", "Red", "#c03030"), Side("blue", "Blue", "#3030c0")]
>>> steps = [{"op": "apply_change", "args": encode_edit("apply_change", {"change": Change(
...     options={"turn": n}, log=[LogEntry(f"turn {n}", [{"faces": [n]}])])})} for n in (1, 2)]
>>> line = Timeline(Scenario(name="Siege", sides=sides), steps)
>>> len(line), line.board(2).options, line.board(0).options
(2, {'turn': 2}, {})
>>> line.steps_setting(["turn"]), line.steps_rolling()
([1, 2], [1, 2])
"""

from __future__ import annotations

import contextlib
import copy
import os
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from board.document.datasheet import Datasheet
from board.document.edit_check import EditRefused, make_edit
from board.document.edits import ScenarioDocument
from board.document.errors import ScenarioError
from board.document.io import default_library, scenario_from_dict
from board.document.journal import (
    JournalError,
    base_is_file,
    journals_of,
    read_journal,
)
from board.document.journal_codec import decode_edit, scenario_value
from board.document.journal_format import file_sha256, record_line
from board.document.model import LogEntry, Scenario

__all__ = ["history_path", "keep_history", "begin_history", "open_history", "Timeline",
           "game_timeline"]

#: Every this many steps the timeline keeps a copy of the board (stepping back is then short).
KEEP_EVERY = 50


def history_path(scenario_file: Path) -> Path:
    """Where the history of ``scenario_file`` is kept: ``.<name>.history`` beside it."""
    return scenario_file.with_name(f".{scenario_file.name}.history")


def _append(path: Path, records: list[dict[str, Any]]) -> None:
    _, kept, _ = read_journal(path)
    lines = b"".join(record_line({**r, "n": len(kept) + k + 1}) for k, r in enumerate(records))
    with open(path, "ab") as handle:
        handle.write(lines)
        handle.flush()
        os.fsync(handle.fileno())


def _end_sha(path: Path) -> str | None:
    """The SHA-256 of the file the history's last step is known to equal (``None``: unknown).

    A history's header and records carry ``saved_sha`` where the board was saved (or opened).
    """
    header, records, _ = read_journal(path)
    last = records[-1] if records else header
    value = last.get("saved_sha")
    return value if isinstance(value, str) else None


def begin_history(scenario_file: Path, scenario: Scenario | dict[str, Any],
                  saved_sha: str | None = None) -> bool:
    """Start the history of ``scenario_file`` from ``scenario`` if it has none; whether it did.

    ``scenario`` may be given as its JSON values already; ``saved_sha``: the file it equals.
    """
    path = history_path(scenario_file)
    if path.exists():
        return False
    value = scenario if isinstance(scenario, dict) else scenario_value(scenario)
    header = {"format": "battleboard-journal", "version": 1, "started": time.time(),
              "pid": 0, "host": "", "revision": 0, "history": True,
              "scenario_file": str(scenario_file.resolve()), "base": {"scenario": value},
              "saved_sha": saved_sha}
    temporary = path.with_name(path.name + ".new")
    with open(temporary, "wb") as handle:
        handle.write(record_line(header))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    return True


def open_history(scenario_file: Path, scenario: Scenario) -> None:
    """The board ``scenario`` was just read from ``scenario_file``: the history goes on from it.

    A file without a history begins one. A history whose last step is not this file (it was
    changed by another program, or the board was not saved after its last edits) gets a step
    that puts the file's board on the table, so replay stays true to what was played.
    """
    sha = file_sha256(scenario_file)
    if begin_history(scenario_file, scenario, sha):
        return
    path = history_path(scenario_file)
    if _end_sha(path) != sha:
        _append(path, [{"n": 0, "t": time.time(), "op": "replace",
                        "args": {"scenario": scenario_value(scenario)}, "saved_sha": sha}])


def keep_history(scenario_file: Path, journal: Path, *, saved: bool = True) -> int:
    """Append the edits of ``journal`` to the file's history; return how many.

    Called when the board was just saved (``saved``: the last step then equals the file) and
    the journal is about to be compacted, or when a crashed journal was recovered. A journal
    that starts from the file continues the history only from the file's last known step; one
    that starts from a board inline (unsaved, or recovered) begins with that board.
    """
    path = history_path(scenario_file)
    header, records, _ = read_journal(journal)
    found = header.get("base")
    base: dict[str, Any] = found if isinstance(found, dict) else {}
    # A journal begun from the file (its SHA-256 given) goes on from the file's last step;
    # its inline copy of the board is only there for recovery.
    inline = (base.get("scenario") if isinstance(base.get("scenario"), dict)
              and "sha256" not in base else None)
    began = inline is not None and begin_history(scenario_file, inline)
    if not path.exists():
        return 0
    steps = list(records)
    if inline is not None and not began:
        steps.insert(0, {"n": 0, "t": header.get("started"), "op": "replace",
                         "args": {"scenario": inline}})
    elif inline is None and base.get("sha256") != _end_sha(path):
        return 0  # the history does not end where this journal starts
    if saved:
        sha = file_sha256(scenario_file)
        if steps:
            steps[-1] = {**steps[-1], "saved_sha": sha}
        elif _end_sha(path) != sha:
            return 0
    if steps:
        _append(path, steps)
    return len(steps)


class Timeline:
    """A board's edits from a start: the board at any step (0 = the start).

    Parameters
    ----------
    start
        The board before the first edit.
    records
        The edits, as journal records (``op``, ``args`` as JSON values, ``t`` optional).
    """

    def __init__(self, start: Scenario, records: list[dict[str, Any]],
                 library: Mapping[str, Datasheet] | None = None) -> None:
        self.start = start
        self.records = records
        #: The datasheets the board's pieces may name (the shipped ones when ``None``).
        self.library = default_library() if library is None else library
        self._kept: dict[int, Scenario] = {0: copy.deepcopy(start)}

    def __len__(self) -> int:
        return len(self.records)

    def board(self, step: int) -> Scenario:
        """The board after ``step`` edits (a copy: change it freely)."""
        step = max(0, min(step, len(self.records)))
        base = max(k for k in self._kept if k <= step)
        document = ScenarioDocument(copy.deepcopy(self._kept[base]))
        for k in range(base, step):
            record = self.records[k]
            try:  # checked as a file is: a history is as untrusted as a file
                make_edit(document, record["op"], record["args"], self.library,
                          f"step {k + 1}")
            except EditRefused as error:
                raise JournalError(f"step {k + 1} ({record['op']}) cannot be replayed: "
                                   f"{error}") from None
            if (k + 1) % KEEP_EVERY == 0 and k + 1 not in self._kept:
                self._kept[k + 1] = copy.deepcopy(document.scenario)
        return document.scenario

    def what(self, step: int) -> str:
        """What step ``step`` did, in words (the first line of each log entry it wrote)."""
        if step <= 0:
            return "the start"
        record = self.records[step - 1]
        if record["op"] == "replace":
            return "the board as opened from the file"
        texts = [e.text.splitlines()[0] for e in self.log_added(step) if e.text.strip()]
        return "; ".join(texts) if texts else record["op"].replace("_", " ")

    def when(self, step: int) -> float | None:
        """When step ``step`` was made (seconds since the epoch), if recorded."""
        if step <= 0 or not isinstance(self.records[step - 1].get("t"), int | float):
            return None
        return float(self.records[step - 1]["t"])

    def log_added(self, step: int) -> list[LogEntry]:
        """The log lines step ``step`` wrote (with their rolls)."""
        record = self.records[step - 1] if step > 0 else None
        if record is None or record["op"] != "apply_change":
            return []
        system = self.start.rule_system
        return list(decode_edit("apply_change", record["args"], system=system)["change"].log)

    def steps_setting(self, keys: Iterable[str]) -> list[int]:
        """The steps that set any of the options ``keys`` (the turn clock, say)."""
        wanted = set(keys)
        return [k + 1 for k, r in enumerate(self.records) if r["op"] == "apply_change"
                and wanted & set(r["args"].get("change", {}).get("options", {}))]

    def steps_rolling(self) -> list[int]:
        """The steps whose log lines hold dice rolls."""
        return [k + 1 for k, r in enumerate(self.records) if r["op"] == "apply_change"
                and any(e.get("rolls") for e in r["args"].get("change", {}).get("log", []))]


def game_timeline(scenario_file: Path, library: Mapping[str, Datasheet]) -> Timeline:
    """Every accepted edit of the game saved in ``scenario_file``: its history, then its journal.

    Raises
    ------
    JournalError
        The game has no history (it was last saved by a program without one), or it is
        damaged.
    """
    path = history_path(scenario_file)
    if not path.exists():
        raise JournalError("this game has no history to replay (it is kept from the first "
                           "save with this version on)", str(scenario_file))
    header, records, _ = read_journal(path)
    base = header.get("base")
    if not isinstance(base, dict) or "scenario" not in base:
        raise JournalError("the history has no start", str(path))
    try:
        start = scenario_from_dict(base["scenario"], library, "base")
    except ScenarioError as error:
        raise JournalError(f"the history's start is refused: {error}", str(path)) from None
    return Timeline(start, records + _since_saved(scenario_file), library)


def _since_saved(scenario_file: Path) -> list[dict[str, Any]]:
    """The edits since the file was saved: of the newest journal of it that starts from it.

    Each window on the file has its own journal (``journals_of``); one that began from the
    file as it is now goes on from the history's end.
    """
    newest: tuple[float, list[dict[str, Any]]] = (-1.0, [])
    for journal in journals_of(scenario_file):
        with contextlib.suppress(JournalError, OSError):
            head, more, _ = read_journal(journal)
            when = journal.stat().st_mtime
            if more and base_is_file(head) and when > newest[0]:
                newest = (when, more)
    return newest[1]
