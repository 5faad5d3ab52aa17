"""The rooms' disk log with group commit: one sync for all updates that arrived together.

Every room's store (:class:`DurableStore`, below) hands the updates it must
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
import logging
import queue
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pycrdt
from pycrdt import YMessageType, YSyncMessageType, read_message
from pycrdt.store import SQLiteYStore

__all__ = ["Journal", "DurableStore", "CHECKPOINT_EVERY"]

#: A room's whole state is written once per this many updates (a joining player, or a
#: restarted server, reads that and the few updates after it).
CHECKPOINT_EVERY = 200
_log = logging.getLogger("battleboard.serve")

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


class DurableStore(SQLiteYStore):
    """A room's store that keeps each player's update before the room relays it.

    pycrdt-websocket writes an update to the store *beside* sending it to the other players,
    so a server killed in between had told them of a move it then did not have (a move
    relayed and killed within tens of milliseconds: 1 of 5 kept). The room's message hook
    (:meth:`keep_first`) writes the update a player sent, and waits for the write, before the
    room takes and relays it; the room's own later write of the same update is then known
    here and not written twice (a copy of what is stored tells).
    """

    def __init__(self, path: str, journal: Journal | None = None) -> None:
        super().__init__(path=path, log=_log)
        #: Where the updates are written (group commit with every other room's); ``None``:
        #: pycrdt-store's own write, one commit each.
        self.journal = journal
        self._since_checkpoint = 0
        self._unsaved = self._unsaved_said = False
        self.kept: pycrdt.Doc = pycrdt.Doc()
        self._new = False
        self.kept.observe(self._noted)

    def _noted(self, _event: Any) -> None:
        self._new = True

    def news(self, update: bytes) -> bool:
        """Whether ``update`` holds anything not yet stored (it is noted as stored now).

        Raises :class:`ValueError` for bytes that are not a Yjs update.
        """
        self._new = False
        self.kept.apply_update(update)
        return self._new

    async def write(self, data: bytes) -> None:
        """Store an update unless it is already stored (returns once it is on disk)."""
        if not self.news(data):
            return
        if self.journal is None:
            await super().write(data)
            return
        self._since_checkpoint += 1
        checkpoint = None
        if self._since_checkpoint >= CHECKPOINT_EVERY or self._unsaved:
            checkpoint, self._since_checkpoint = self.kept.get_update(), 0
        try:
            await self.journal.keep(self.path, data, checkpoint)
        except sqlite3.Error:
            self._unsaved = True  # noted as kept: the next write writes the whole room
            raise
        self._unsaved = False

    async def loaded(self) -> None:
        """The room is read: its own connection to the file is closed (the journal writes).

        A connection holds some 100 KB (its cache, the schema): with 100 rooms, a third of
        the server's memory for rooms.
        """
        if self.journal is not None and self.db_initialized is not None:
            await self.db_initialized.wait()
            await self._db.close()

    async def keep_first(self, message: bytes) -> bool:
        """The room's message hook: store a player's update first; skip what is not one."""
        if (len(message) < 2 or message[0] != YMessageType.SYNC
                or message[1] not in (YSyncMessageType.SYNC_STEP2,
                                      YSyncMessageType.SYNC_UPDATE)):
            return False
        try:
            await self.write(read_message(message[2:]))
        except (ValueError, IndexError):
            _log.warning("skipped a message that is not a Yjs update")
            return True
        except sqlite3.Error as error:  # not on disk: not relayed either
            if not self._unsaved_said:
                self._unsaved_said = True
                _log.error("room %s: cannot write the rooms file (%s): updates are not "
                           "relayed until it can", self.path, error)
            return True
        self._unsaved_said = False
        return False
