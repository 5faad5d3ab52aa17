r"""The journal's file: where it is kept, what its first line says, and how a line is written.

Shared by the writer (:mod:`board.document.journal`), the reading and recovery
(:mod:`board.document.journal_recovery`) and the game's history
(:mod:`board.document.history`, a journal too), so each of these facts is written once.

>>> record_line({"n": 1, "op": "move_models"})
b'{"n":1,"op":"move_models"}\n'
"""

from __future__ import annotations

import glob
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

from board.document.errors import ScenarioError

__all__ = [
    "FORMAT",
    "VERSION",
    "DATA_DIR_ENV",
    "JournalError",
    "journal_path",
    "new_journal_path",
    "journals_of",
    "unsaved_folder",
    "this_host",
    "file_sha256",
    "record_line",
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


def journals_of(scenario_file: Path) -> list[Path]:
    """Every journal of ``scenario_file`` beside it: one per window that had it open.

    The first window's is :func:`journal_path`; a window that opens the file while another
    journal is there writes ``.<name>.<pid>.journal`` (:func:`new_journal_path`).
    """
    name = glob.escape(scenario_file.name)
    found = {journal_path(scenario_file)} if journal_path(scenario_file).is_file() else set()
    found.update(p for p in scenario_file.parent.glob(f".{name}.*.journal") if p.is_file())
    return sorted(found)


def new_journal_path(scenario_file: Path) -> Path:
    """A journal path for a new window on ``scenario_file`` that no journal uses yet.

    :func:`journal_path` when it is free, else ``.<name>.<pid>.journal``, then
    ``.<name>.<pid>-2.journal``… (two windows of one program): a window never writes over
    another window's journal, nor over one a crash left.
    """
    path = journal_path(scenario_file)
    number = 1
    while path.exists():
        suffix = str(os.getpid()) if number == 1 else f"{os.getpid()}-{number}"
        path = scenario_file.with_name(f".{scenario_file.name}.{suffix}.journal")
        number += 1
    return path


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


def file_sha256(path: Path) -> str:
    """The SHA-256 of the file at ``path``, in hex: how a journal names the file it starts from.

    Read a mebibyte at a time (a large battle's file is not held twice in memory).
    """
    import hashlib  # a saved board's base only: an unsaved one is written inline

    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def record_line(value: Mapping[str, Any]) -> bytes:
    """One line of a journal: ``value`` as compact JSON (no NaN), UTF-8, ending in a newline."""
    return (json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            + "\n").encode("utf-8", "surrogatepass")
