"""A raw y-websocket peer that sends presence (Yjs awareness) bytes as it is told.

It runs on its own thread (the test's thread keeps the windows' Qt loop turning), syncs like
:class:`tests.shared.raw_peer.RawPeer` and then sends whatever awareness message it is
given: a state that is not an object, ``NaN`` places, 10^5 entries, a 10 MiB name, another
client's id. It counts what the room sends back, so a test knows it was not dropped.

Run as a program it is a peer to kill: ``python -m tests.shared.presence_peer LINK STATE``
connects, sends the JSON ``STATE`` as its presence, prints ``sent`` and waits to be killed;
``… LINK garbage ANN_ID BOB_ID`` sends every hostile presence (:func:`garbage`), then a
valid one (client 777, "Eve"…), prints ``sent``, and leaves when its standard input closes.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from typing import Any

from httpx_ws import aconnect_ws

from tests.shared.raw_peer import AWARENESS, STEP1, RawPeer, sync_message, var_uint


def awareness_entries(entries: list[tuple[int, int, str]]) -> bytes:
    """An awareness message of raw entries (client id, clock, state's JSON text as sent)."""
    payload = bytearray(var_uint(len(entries)))
    for client, clock, text in entries:
        data = text.encode("utf-8")
        payload += var_uint(client) + var_uint(clock) + var_uint(len(data)) + data
    return bytes([AWARENESS]) + var_uint(len(payload)) + bytes(payload)


class PresencePeer:
    """A connection held open on a thread; :meth:`send` from the test's thread."""

    def __init__(self, link: str, client_id: int = 4242) -> None:
        self.link, self.client_id = link, client_id
        self.clock = 0
        self.received = 0
        self.closed_by_room = False
        self.ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[bytes | None] | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> PresencePeer:
        self._thread.start()
        assert self.ready.wait(10), "the presence peer did not sync"
        return self

    def send(self, message: bytes) -> None:
        assert self._loop is not None and self._queue is not None
        self._loop.call_soon_threadsafe(self._queue.put_nowait, message)

    def say(self, text: str, client: int | None = None) -> None:
        """Send one state's JSON text as ``client`` (this peer's own id by default)."""
        self.clock += 1
        self.send(awareness_entries([(self.client_id if client is None else client,
                                      self.clock, text)]))

    def present(self, state: dict[str, Any]) -> None:
        self.say(json.dumps(state))

    def close(self) -> None:
        if self._loop is not None and self._queue is not None:
            self._loop.call_soon_threadsafe(self._queue.put_nowait, None)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue()
        raw = RawPeer(self.link)
        async with aconnect_ws(raw.url) as socket:
            await socket.send_bytes(sync_message(STEP1, raw.doc.get_state()))
            await raw.listen(socket, until_synced=True)
            self.ready.set()
            listening = asyncio.ensure_future(self._listen(socket))
            while (message := await self._queue.get()) is not None:
                await socket.send_bytes(message)
            listening.cancel()

    async def _listen(self, socket: Any) -> None:
        try:
            while True:
                await socket.receive_bytes()
                self.received += 1
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the room closed the connection
            self.closed_by_room = True


def garbage(peer: PresencePeer, ann_id: int, bob_id: int) -> None:
    """Every hostile presence of the issue, as ``peer`` (``ann_id``, ``bob_id``: forged)."""
    for text in ('"hello"', "42", "[1, 2]", "true", '{"name": "Eve", "x": NaN, "y": 1}',
                 '{"name": "Eve", "x": 1e308, "y": -1e308}', '{"name": "Eve", "x": 1e999}',
                 '{"name": "Eve", "x": 1' + "0" * 5000 + "}", "[" * 100_000,
                 '{"name": "' + "E" * (10 * 2**20) + '"}', '{"name": "Eve", "doing": 7}',
                 '{"name": "Eve", "side": "red", "x": 10, "y": 10, '
                 '"drag": {"r0": [30, 30], "b0": [30, 31]}}'):
        peer.say(text)
    peer.send(awareness_entries([(10_000 + n, 1, '{"name": "x", "x": 1, "y": 1}')
                                 for n in range(100_000)]))  # 10^5 entries, 9 MB
    peer.send(awareness_entries([(200_000 + n, 1, "{}") for n in range(20_000)]))
    peer.send(bytes([1, 9, 1, 2]))  # cut short
    peer.send(bytes([1, 5, 1, 7, 1, 1, 0xFF]))  # not UTF-8
    peer.say('{"name": "Ann", "side": "red", "x": 5, "y": 5}', client=ann_id)
    peer.say("null", client=bob_id)  # Bob leaving, said by someone else


def _main(link: str, state: str, *ids: str) -> None:
    if state != "garbage":
        PresencePeer(link).start().say(state)
        print("sent", flush=True)
        threading.Event().wait()
    peer = PresencePeer(link, client_id=777).start()
    garbage(peer, int(ids[0]), int(ids[1]))
    peer.present({"name": "Eve" * 30, "side": "red", "x": 20.0, "y": 21.0,
                  "drag": {"r0": [30, 30]}, "doing": "cheating"})
    print("sent", flush=True)
    sys.stdin.read()
    if peer.received and not peer.closed_by_room:
        print("received and never dropped", flush=True)
    peer.close()


if __name__ == "__main__":
    _main(*sys.argv[1:])
