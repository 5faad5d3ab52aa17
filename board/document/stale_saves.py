"""Temporary files an interrupted save left beside a scenario, found and removed.

A save (:func:`board.document.io.save_scenario`) writes ``.<name>.<random>.tmp`` and renames
it over the file; a journal restarting after a save writes ``.<name>.journal.new`` and renames
it likewise. A program killed between writing and renaming leaves the temporary file behind;
the window removes them when it next opens or saves that file.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

__all__ = ["STALE_SAVE_AGE", "stale_save_files", "remove_stale_saves"]

#: A save's temporary file older than this (seconds) belongs to an interrupted save.
STALE_SAVE_AGE = 60.0


def stale_save_files(scenario_file: Path, older_than: float = STALE_SAVE_AGE) -> list[Path]:
    """Temporary files of interrupted saves of ``scenario_file``.

    The save's ``.<name>.*.tmp`` and a journal's ``.<name>.journal.new`` that were not renamed
    into place (the program stopped between writing and renaming them).
    """
    now = time.time()
    found = []
    name = scenario_file.name
    parent = scenario_file.parent
    for path in [*parent.glob(f".{name}.*.tmp"), *parent.glob(f".{name}.journal.new")]:
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime >= older_than:
                found.append(path)
    return sorted(found)


def remove_stale_saves(scenario_file: Path, older_than: float = STALE_SAVE_AGE) -> list[Path]:
    """Delete the temporary files interrupted saves left beside ``scenario_file``."""
    removed = []
    for path in stale_save_files(scenario_file, older_than):
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed
