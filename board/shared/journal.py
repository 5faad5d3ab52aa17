"""The rooms' disk log with group commit: one sync for all updates that arrived together.

Every room's store (:class:`board.shared.server.DurableStore`) hands the updates it must
keep to the server's one :class:`Journal`, and waits. The journal's thread takes whatever
waits, writes it in one SQLite transaction (the ``rooms.sqlite`` tables of pycrdt-store, so
a room is read back by pycrdt-store as before), commits it with one sync of the write-ahead
log, and only then tells each store its update is on disk (the room then relays it). Rooms
no longer take turns at the file's lock (with a connection per room, a write that found the
file locked slept in SQLite's busy handler for up to 100 ms at a time), and a thousand
updates a second cost a few syncs, not a thousand.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
import time
from pathlib import Path

from pycrdt.store import SQLiteYStore

__all__ = ["Journal"]

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS yupdates (path TEXT NOT NULL, yupdate BLOB, metadata BLOB, "
    "timestamp REAL NOT NULL)",
    "CREATE INDEX IF NOT EXISTS idx_yupdates_path_timestamp ON yupdates (path, timestamp)",
    "CREATE TABLE IF NOT EXISTS ycheckpoints (path TEXT NOT NULL, checkpoint BLOB NOT NULL, "
    "timestamp REAL NOT NULL, PRIMARY KEY(path))",
)
#: ``(room, update, checkpoint or None, future)``; ``None`` stops the thread.
_Entry = tuple[str, bytes, bytes | None, "asyncio.Future[None]"]


class Journal:
    """One writer for every room's updates (see the module)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._queue: queue.SimpleQueue[_Entry | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        #: How many commits (syncs), and updates written, so far.
        self.commits = 0
        self.written = 0

    def start(self) -> None:
        """Open the file (made with pycrdt-store's tables if new), start the writer thread."""
        connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")  # each commit synced: kill -9, power
        if not connection.execute("SELECT count(*) FROM sqlite_master WHERE name='yupdates'"
                                  ).fetchone()[0]:
            for statement in _SCHEMA:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SQLiteYStore.version}")
        self._thread = threading.Thread(target=self._write, args=(connection,), daemon=True,
                                        name="battleboard-journal")
        self._thread.start()

    def stop(self) -> None:
        """Write what waits, then end the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(10)
            self._thread = None

    async def keep(self, room: str, update: bytes, checkpoint: bytes | None = None) -> None:
        """Write ``update`` of ``room`` (and its new ``checkpoint``); return once synced."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put((room, update, checkpoint, done))
        await done

    def _write(self, connection: sqlite3.Connection) -> None:
        try:
            while True:
                batch = [self._queue.get()]
                while True:
                    try:
                        batch.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                entries = [entry for entry in batch if entry is not None]
                if entries:
                    self._commit(connection, entries)
                if len(entries) < len(batch):
                    return
        finally:
            connection.close()

    def _commit(self, connection: sqlite3.Connection, entries: list[_Entry]) -> None:
        error: Exception | None = None
        try:
            now = time.time()
            connection.execute("BEGIN")
            for room, _, checkpoint, _ in entries:
                if checkpoint is not None:
                    connection.execute("INSERT OR REPLACE INTO ycheckpoints VALUES (?, ?, ?)",
                                       (room, checkpoint, now))
            connection.executemany("INSERT INTO yupdates VALUES (?, ?, ?, ?)",
                                   [(room, update, b"", now) for room, update, _, _ in entries])
            connection.execute("COMMIT")
            self.commits += 1
            self.written += len(entries)
        except sqlite3.Error as failed:
            error = failed
            if connection.in_transaction:
                connection.execute("ROLLBACK")
        for *_, done in entries:
            done.get_loop().call_soon_threadsafe(_settle, done, error)


def _settle(done: asyncio.Future[None], error: Exception | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
