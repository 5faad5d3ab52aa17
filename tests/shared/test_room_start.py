"""Players who reach a restarted server at the same moment are all served.

After a server restart every client reconnects on the same retry beat, so two connections ask
for the same stored room within a millisecond. pycrdt-websocket starts a room by holding the
room's start lock for the room's whole life; a second ``start`` of a room whose first has not
yet said "started" waits on that lock for ever, and that player's connection, open but never
synced, silently took no part in the game (the loopback test's offline edits then never
arrived). :meth:`RoomServer.get_room` starts and loads each room once.
"""

from __future__ import annotations

import anyio
import pycrdt

from board.shared.server import RoomServer


async def _two_players_ask_at_once(data_dir) -> tuple[object, object]:
    server = RoomServer(data_dir)
    async with server:
        with anyio.fail_after(10):  # a player left waiting fails the test, it does not hang
            rooms: list[object] = []

            async def ask() -> None:
                rooms.append(await server.get_room("/game"))

            async with anyio.create_task_group() as group:
                group.start_soon(ask)
                group.start_soon(ask)
        first, second = rooms

    return first, second


def test_two_players_reaching_a_fresh_server_at_once_get_the_same_started_room(tmp_path):
    first, second = anyio.run(_two_players_ask_at_once, tmp_path)
    assert first is second
    assert first.ready and first.started.is_set()


async def _stored_then_asked_at_once(data_dir) -> tuple[dict, dict]:
    server = RoomServer(data_dir)
    async with server:
        room = await server.get_room("/game")
        room.ydoc.get("units", type=pycrdt.Map)["red-1"] = "kept"
        await anyio.sleep(0.5)  # the store writes in the background
    again = RoomServer(data_dir)  # the restart: the room is read back from the disk
    async with again:
        with anyio.fail_after(10):
            rooms: list = []

            async def ask() -> None:
                rooms.append(await again.get_room("/game"))

            async with anyio.create_task_group() as group:
                group.start_soon(ask)
                group.start_soon(ask)
        contents = [dict(r.ydoc.get("units", type=pycrdt.Map)) for r in rooms]

    return contents[0], contents[1]


def test_a_stored_room_read_back_once_for_two_players_at_once(tmp_path):
    first, second = anyio.run(_stored_then_asked_at_once, tmp_path)
    assert first == second == {"red-1": "kept"}

