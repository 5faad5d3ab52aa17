"""A y-websocket peer written against the protocol itself, not against our client classes.

It speaks the y-websocket sync protocol message by message over a WebSocket (httpx-ws):
sync step 1 (its state vector), sync step 2 (what the other side lacks), update messages,
each framed as ``[message type, sync type, var-uint length, payload]`` by the code below,
and keeps its own plain ``pycrdt.Doc``. It is what a program other than ours looks like to the
room, and it sends whatever it is told to write.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pycrdt
from httpx_ws import aconnect_ws

from board.shared.ydoc import Roots, roots

SYNC, AWARENESS = 0, 1
STEP1, STEP2, UPDATE = 0, 1, 2


def var_uint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte = number & 0x7F
        number >>= 7
        if number:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_var_uint(data: bytes, at: int) -> tuple[int, int]:
    number = shift = 0
    while True:
        byte = data[at]
        at += 1
        number |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return number, at


def sync_message(kind: int, payload: bytes) -> bytes:
    return bytes([SYNC, kind]) + var_uint(len(payload)) + payload


def awareness_message(client_id: int, clock: int, state: dict[str, Any]) -> bytes:
    """One client's presence: ``[1, length, [count, client, clock, JSON text]]``."""
    text = json.dumps(state).encode("utf-8")
    payload = var_uint(1) + var_uint(client_id) + var_uint(clock) + var_uint(len(text)) + text
    return bytes([AWARENESS]) + var_uint(len(payload)) + payload


class RawPeer:
    """One connection to a room: sync, write, listen (each call bounded in time)."""

    def __init__(self, link: str) -> None:
        self.url = link.split("&side=")[0]
        self.doc: pycrdt.Doc = pycrdt.Doc()
        self.received = 0

    def run(self, script: Callable[[RawPeer, Any], Any], timeout: float = 15.0) -> Any:
        """Connect, sync, run ``script(self, socket)`` (a coroutine), close."""
        return asyncio.run(asyncio.wait_for(self._run(script), timeout))

    async def _run(self, script: Callable[[RawPeer, Any], Any]) -> Any:
        async with aconnect_ws(self.url) as socket:
            await socket.send_bytes(sync_message(STEP1, self.doc.get_state()))
            await self.listen(socket, until_synced=True)
            return await script(self, socket)

    async def listen(self, socket: Any, seconds: float = 0.0, until_synced: bool = False) -> None:
        """Take messages for ``seconds`` (or until the room's sync step 2 arrived)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (10.0 if until_synced else seconds)
        while loop.time() < deadline:
            try:
                message = bytes(await asyncio.wait_for(socket.receive_bytes(),
                                                       deadline - loop.time()))
            except TimeoutError:
                return
            if message[0] != SYNC:
                continue
            length, at = read_var_uint(message, 2)
            payload = message[at:at + length]
            if message[1] == STEP1:  # the room asks what it lacks
                await socket.send_bytes(sync_message(STEP2, self.doc.get_update(payload)))
            else:
                self.doc.apply_update(payload)
                self.received += 1
                if until_synced and message[1] == STEP2:
                    return

    async def present(self, socket: Any, name: str, side: str) -> None:
        """Say who this peer is, as our boards do (their name, side and Yjs client)."""
        state = {"name": name, "side": side, "doc": self.doc.client_id}
        await socket.send_bytes(awareness_message(self.doc.client_id, 1, state))

    async def write(self, socket: Any, write: Callable[[Roots], None]) -> bytes:
        """Write in one transaction of the peer's own document and send it as an update."""
        state = self.doc.get_state()
        with self.doc.transaction():
            write(roots(self.doc))
        update = self.doc.get_update(state)
        await socket.send_bytes(sync_message(UPDATE, update))
        return update
