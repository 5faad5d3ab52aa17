"""Whether the program that writes a journal still runs: the journal's lock, else its process id.

A journal's writer holds an exclusive ``flock`` on it for as long as it writes
(:func:`hold`). The operating system drops the lock when the program ends in any way (a
clean close, ``kill -9``, a crash, a power cut), so a journal that can be locked has no
writer: what its program left is there to recover. A lock also tells two windows of one
program apart, and is not fooled by a process id used again by another program after a
restart. Where ``flock`` is not there (Windows) or the file system refuses it, the header's
process id and host say it, as before.

>>> import os, tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "x.journal"
>>> fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
>>> hold(fd)
True
>>> writer_alive(path, {})
True
>>> os.close(fd)
>>> writer_alive(path, {"lock": True, "pid": os.getpid(), "host": this_host()})
False
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from board.document.journal_format import this_host

try:
    import fcntl
except ImportError:  # Windows: the process id says it
    fcntl = None  # type: ignore[assignment]

__all__ = ["hold", "writer_alive", "process_alive"]


def hold(fd: int) -> bool:
    """Lock the journal open on ``fd`` for its writer; whether the lock is held.

    A journal whose lock is not held (no ``flock`` here) is told apart by its header.
    """
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _locked(path: Path) -> bool | None:
    """Whether someone holds the lock of ``path``; ``None``: locks cannot say here."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return None
    finally:
        os.close(fd)  # also drops the shared lock just taken
    return False


def process_alive(pid: int, host: str) -> bool:
    """Whether process ``pid`` runs on this machine (``host`` is the header's machine)."""
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


def writer_alive(path: Path, header: dict[str, Any]) -> bool:
    """Whether the program writing the journal at ``path`` (``header`` its first line) runs.

    The lock says it where it can; otherwise the header's process id on this machine. A
    journal written before locks (no ``"lock": true`` in its header) and not locked now is
    judged by its process id too.
    """
    locked = _locked(path)
    if locked:
        return True
    if locked is False and header.get("lock") is True:
        return False
    pid = header.get("pid", 0)
    return process_alive(pid if isinstance(pid, int) else 0, str(header.get("host", "")))
