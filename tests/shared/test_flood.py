"""A flood slows only its own table: paced and merged at the server, written by group commit.

One raw y-websocket client floods table A from its own seat with 2,000 moves sent back to
back (one transaction, one message each); meanwhile table B's honest moves are timed, and a
watcher at table A checks that the flood's last places all arrive (merged into far fewer
messages: nothing lost, only late). The server says so once in its log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time

import pycrdt
import pytest
from httpx_ws import aconnect_ws

from board.shared.hosting import BackgroundServer
from board.shared.journal import Journal
from board.shared.server import seat_link
from tests.shared.raw_peer import STEP1, STEP2, UPDATE, read_var_uint, sync_message
from tests.shared.servers import free_port

pytestmark = pytest.mark.slow
FLOOD = 2000


class Client:
    """A raw y-websocket client: its own document, updates in and out, counted."""

    def __init__(self, socket) -> None:
        self.socket, self.doc, self.received = socket, pycrdt.Doc(), 0
        self.synced = asyncio.Event()
        self.pos = self.doc.get("pos", type=pycrdt.Map)

    async def listen(self) -> None:
        await self.socket.send_bytes(sync_message(STEP1, self.doc.get_state()))
        while True:
            message = bytes(await self.socket.receive_bytes())
            if message[0] != 0:
                continue
            length, at = read_var_uint(message, 2)
            payload = message[at:at + length]
            if message[1] == STEP1:
                await self.socket.send_bytes(sync_message(STEP2, self.doc.get_update(payload)))
                continue
            self.doc.apply_update(payload)
            self.received += 1
            self.synced.set()

    async def move(self, key: str, value: str) -> None:
        state = self.doc.get_state()
        self.pos[key] = value
        await self.socket.send_bytes(sync_message(UPDATE, self.doc.get_update(state)))


async def _play(link_a: str, link_b: str) -> tuple[list[float], Client, float]:
    async with aconnect_ws(seat_link(link_a, "red")) as s1, \
            aconnect_ws(seat_link(link_a, "blue")) as s2, aconnect_ws(link_b) as s3, \
            aconnect_ws(seat_link(link_b, "blue")) as s4:
        flooder, watcher_a, mover_b, watcher_b = map(Client, (s1, s2, s3, s4))
        tasks = [asyncio.ensure_future(c.listen()) for c in (flooder, watcher_a, mover_b,
                                                              watcher_b)]
        await asyncio.sleep(0.5)  # all synced (empty rooms: sync step 2 is all they get)

        async def flood() -> None:
            for n in range(FLOOD):
                await flooder.move(f"flood-{n % 20}", f"[{n}, 1, 0]")

        flooding = asyncio.ensure_future(flood())
        latencies = []
        for n in range(10):
            sent = time.monotonic()
            await mover_b.move("honest", f"[{n}, 2, 0]")
            while watcher_b.pos.get("honest") != f"[{n}, 2, 0]":
                await asyncio.sleep(0.001)
            latencies.append(time.monotonic() - sent)
            await asyncio.sleep(0.05)
        await flooding
        started = time.monotonic()
        while watcher_a.pos.get("flood-19") != f"[{FLOOD - 1}, 1, 0]":
            assert time.monotonic() - started < 15, "the flood's last moves never arrived"
            await asyncio.sleep(0.01)
        for task in tasks:
            task.cancel()
        return latencies, watcher_a, time.monotonic() - started


def test_a_flood_is_merged_and_the_other_table_is_on_time(tmp_path, caplog):
    server = BackgroundServer(tmp_path / "rooms", free_port())
    server.start()
    try:
        with caplog.at_level(logging.WARNING, logger="battleboard.serve"):
            latencies, watcher_a, _ = asyncio.run(
                asyncio.wait_for(_play(server.link("a"), server.link("b")), 60))
    finally:
        server.stop()
    assert max(latencies) < 0.25, latencies  # the other table, on time (target 20 ms p95)
    assert dict(watcher_a.pos) == {f"flood-{k}": f"[{FLOOD - 20 + k}, 1, 0]"
                                   for k in range(20)}  # every last place, nothing lost
    assert watcher_a.received < FLOOD / 2  # merged: far fewer messages than moves
    paced = [r for r in caplog.records if "sends faster than" in r.getMessage()]
    assert len(paced) == 1 and "seat red" in paced[0].getMessage()  # said once


def test_updates_that_arrive_together_share_one_sync(tmp_path):
    journal = Journal(tmp_path / "rooms.sqlite")
    journal.start()

    async def keep_many() -> None:
        await asyncio.gather(*(journal.keep(f"/room-{n % 7}", bytes([n % 256]) * 10)
                               for n in range(300)))
        await journal.keep("/last", b"x")  # returned: on disk, seen by another reader
        with sqlite3.connect(tmp_path / "rooms.sqlite") as other:
            assert other.execute("SELECT count(*) FROM yupdates WHERE path='/last'"
                                 ).fetchone() == (1,)

    try:
        asyncio.run(keep_many())
    finally:
        journal.stop()
    assert journal.written == 301 and journal.commits <= 30, journal.commits
    with sqlite3.connect(tmp_path / "rooms.sqlite") as db:
        assert db.execute("SELECT count(*) FROM yupdates").fetchone() == (301,)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_connection_faster_than_its_bucket_is_paced_and_nothing_is_lost():
    from board.shared.desk import PresenceDesk
    from board.shared.door import Door

    source = pycrdt.Doc()
    pos = source.get("pos", type=pycrdt.Map)
    sent: list[bytes] = []
    for n in range(400):
        state = source.get_state()
        pos[f"m{n % 10}"] = n
        sent.append(sync_message(UPDATE, source.get_update(state)))

    async def arriving():  # 400 updates in about 0.8 s: eight times the bucket's rate
        for message in sent:
            await asyncio.sleep(0.002)
            yield {"type": "websocket.receive", "bytes": message}
        while True:
            await asyncio.sleep(3600)

    async def play() -> tuple[int, float, pycrdt.Doc]:
        feed = arriving()
        door = Door(feed.__anext__, PresenceDesk().link("/t", "red", "red"), False,
                    rate=50.0, burst=10.0)
        room = pycrdt.Doc()
        passed, started = 0, time.monotonic()
        while room.get("pos", type=pycrdt.Map).get("m9") != 399:
            message = await asyncio.wait_for(door.receive(), 5)
            length, at = read_var_uint(message["bytes"], 2)
            room.apply_update(message["bytes"][at:at + length])
            passed += 1
        door.close()
        return passed, time.monotonic() - started, room

    passed, seconds, room = asyncio.run(play())
    assert passed <= 10 + 50 * seconds + 2, (passed, seconds)  # the bucket's pace
    assert passed < 100  # merged: 400 updates in far fewer messages
    assert dict(room.get("pos", type=pycrdt.Map)) == {f"m{k}": 390 + k for k in range(10)}


def test_a_presence_flood_is_cut_to_the_latest_states():
    from board.shared.desk import PresenceDesk
    from board.shared.door import PRESENCE_PER_S, Door
    from tests.shared.presence_peer import awareness_entries

    async def arriving():  # 600 cursor moves in about 0.6 s: five times the bucket's rate
        for n in range(600):
            await asyncio.sleep(0.001)
            yield {"type": "websocket.receive",
                   "bytes": awareness_entries([(9, n + 1, f'{{"x": {n}, "y": 1}}')])}
        while True:
            await asyncio.sleep(3600)

    async def play() -> tuple[int, float, bytes]:
        feed = arriving()
        door = Door(feed.__anext__, PresenceDesk().link("/t", "red", "red"), False)
        passed, started, last = 0, time.monotonic(), b""
        while b'"x":599' not in last:
            last = (await asyncio.wait_for(door.receive(), 5))["bytes"]
            passed += 1
        return passed, time.monotonic() - started, last

    passed, seconds, last = asyncio.run(play())
    assert passed <= PRESENCE_PER_S / 2 + PRESENCE_PER_S * seconds + 2, (passed, seconds)
    assert passed < 300 and b'"seat":"red"' in last  # the latest state, its seat written


def test_an_update_the_disk_refused_is_not_relayed_and_is_written_with_the_next(tmp_path,
                                                                                 caplog):
    from board.shared.journal import DurableStore

    class Full(Journal):
        full = True

        async def keep(self, room, update, checkpoint=None):
            if self.full:
                raise sqlite3.OperationalError("database or disk is full")
            await super().keep(room, update, checkpoint)

    journal = Full(tmp_path / "rooms.sqlite")
    journal.start()
    store = DurableStore("/game", journal)
    doc = pycrdt.Doc()
    pos = doc.get("pos", type=pycrdt.Map)

    def update(key: str) -> bytes:
        state = doc.get_state()
        pos[key] = "[1, 1, 0]"
        return sync_message(UPDATE, doc.get_update(state))

    async def play() -> list[bool]:
        skipped = [await store.keep_first(update("a")), await store.keep_first(update("b"))]
        journal.full = False
        skipped.append(await store.keep_first(update("c")))
        return skipped

    with caplog.at_level(logging.ERROR, logger="battleboard.serve"):
        try:
            skipped = asyncio.run(play())
        finally:
            journal.stop()
    assert skipped == [True, True, False]  # refused by the disk: not relayed
    assert len([r for r in caplog.records if "cannot write" in r.getMessage()]) == 1
    with sqlite3.connect(tmp_path / "rooms.sqlite") as db:
        (checkpoint,) = db.execute("SELECT checkpoint FROM ycheckpoints").fetchone()
    kept = pycrdt.Doc()
    kept.apply_update(checkpoint)  # the whole room, with what the disk had refused
    assert sorted(kept.get("pos", type=pycrdt.Map)) == ["a", "b", "c"]


def test_asking_for_the_whole_room_again_and_again_is_paced():
    from board.shared.desk import PresenceDesk
    from board.shared.door import Door

    ask = sync_message(STEP1, pycrdt.Doc().get_state())

    async def arriving():  # 500 sync step 1s at once: each would be answered with the room
        for _ in range(500):
            yield {"type": "websocket.receive", "bytes": ask}
        while True:
            await asyncio.sleep(3600)

    async def play() -> int:
        feed = arriving()
        door = Door(feed.__anext__, PresenceDesk().link("/t", "red", "red"), False,
                    rate=50.0, burst=10.0)
        passed = 0
        with contextlib.suppress(TimeoutError):
            while True:
                await asyncio.wait_for(door.receive(), 0.5)
                passed += 1
        return passed

    assert asyncio.run(play()) < 20  # not 500 answers of the whole room
