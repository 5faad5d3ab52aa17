"""Journals moved aside: never deleted or written over unasked, cleaned up once old and reported.

A journal this program cannot read (a newer version, a garbled first line, random bytes, its
base gone) and one that could be recovered only in part (an edit in it cannot be made) are
not deleted and not overwritten: :func:`set_aside` renames the journal whole to
``<journal>.unreadable-<when>`` or ``<journal>.kept-<when>`` beside it, where no later start
reads it again (it no longer ends in ``.journal``), and the window names that file to the
player. The player may delete it then; otherwise :func:`remove_old_aside` deletes it once it
is :data:`ASIDE_AGE` old (it was reported when it was moved: the time is in its name).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> journal = folder / "unsaved-1.journal"
>>> _ = journal.write_bytes(b"garbage")
>>> moved = set_aside(journal, "unreadable", now=1764583200.0)
>>> moved.name, moved.read_bytes(), journal.exists()
('unsaved-1.journal.unreadable-20251201T100000Z', b'garbage', False)
>>> aside_files([folder]) == [moved], aside_time(moved)
(True, 1764583200.0)
>>> remove_old_aside([folder], now=1764583200.0 + ASIDE_AGE - 1), moved.exists()
([], True)
>>> remove_old_aside([folder], now=1764583200.0 + ASIDE_AGE) == [moved], moved.exists()
(True, False)
"""

from __future__ import annotations

import calendar
import contextlib
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["ASIDE_AGE", "KINDS", "set_aside", "aside_files", "aside_time", "remove_old_aside"]

#: A journal moved aside (and reported) is deleted after this long, seconds (30 days).
ASIDE_AGE = 30 * 24 * 3600.0
#: Why a journal was moved aside: it could not be read; part of it could not be made again.
KINDS = ("unreadable", "kept")

_STAMP = "%Y%m%dT%H%M%SZ"
_NAME = re.compile(r"\.journal\.(unreadable|kept)-(\d{8}T\d{6}Z)(?:-\d+)?$")


def set_aside(path: Path, kind: str, now: float | None = None) -> Path:
    """Rename the journal at ``path`` to ``<name>.<kind>-<when>`` beside it; return the new path.

    An existing file of that name is never replaced (a number is added).
    """
    if kind not in KINDS:
        raise ValueError(f"kind is one of {KINDS}, got {kind!r}")
    stamp = time.strftime(_STAMP, time.gmtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.{kind}-{stamp}")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}.{kind}-{stamp}-{number}")
        number += 1
    os.rename(path, target)
    return target


def aside_time(path: Path) -> float | None:
    """When the journal at ``path`` was moved aside (seconds since the epoch), from its name."""
    match = _NAME.search(path.name)
    if match is None:
        return None
    return float(calendar.timegm(time.strptime(match.group(2), _STAMP)))


def aside_files(folders: Iterable[Path]) -> list[Path]:
    """The journals moved aside in ``folders``."""
    found: list[Path] = []
    for folder in folders:
        with contextlib.suppress(OSError):
            found.extend(p for p in folder.glob("*.journal.*-*") if aside_time(p) is not None)
    return sorted(found)


def remove_old_aside(folders: Iterable[Path], now: float | None = None,
                     older_than: float = ASIDE_AGE) -> list[Path]:
    """Delete the journals moved aside in ``folders`` at least ``older_than`` seconds ago."""
    now = time.time() if now is None else now
    removed = []
    for path in aside_files(folders):
        moved = aside_time(path)
        if moved is not None and now - moved >= older_than:
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed
