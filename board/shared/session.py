"""A player at a shared game: the board's binder and the wire client, put together (no Qt).

:class:`GameSession` joins a room with a link, moves remote updates from the client's thread
to the board's (``post`` schedules :meth:`GameSession.pump` there; the window passes a
Qt queued call, a test calls :meth:`pump` itself), and decides what happens on first sync:
the host publishes its scenario into an empty room, anyone else (and a host whose room
already has the game) takes the room's scenario.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from board.document.errors import one_line
from board.shared.binder import SharedScenario
from board.shared.presence import mover_of
from board.shared.wire import WireClient

__all__ = ["GameSession", "SyncTimeout", "EmptyRoom"]


class SyncTimeout(TimeoutError):
    """The room did not answer in time."""


class EmptyRoom(SyncTimeout):
    """The room answered, but holds no game yet (nobody has shared one in it)."""


#: How often (s) Python lets another thread run while the game is on: the client's thread
#: sends a drag's place as the window goes on with the drag, and takes the other player's
#: as the window paints. Python's default (5 ms) made either wait up to that long.
SWITCH_INTERVAL_S = 0.0005
#: How long (s) a joining player waits for the game in a room that has none yet.
GAME_WAIT_S = 3.0
_playing: list[GameSession] = []
_default_interval: list[float] = []
_lock = threading.Lock()


def _playing_starts(session: GameSession) -> None:
    with _lock:
        if not _playing:
            _default_interval[:] = [sys.getswitchinterval()]
            sys.setswitchinterval(SWITCH_INTERVAL_S)
        _playing.append(session)


def _playing_ends(session: GameSession) -> None:
    with _lock:
        if session in _playing:
            _playing.remove(session)
            if not _playing and _default_interval:
                sys.setswitchinterval(_default_interval.pop())


class GameSession:
    """A shared board connected to a room (see the module)."""

    def __init__(self, board: SharedScenario, link: str,
                 post: Callable[[Callable[[], None]], None] | None = None,
                 on_status: Callable[[str, str], None] | None = None,
                 on_presence: Callable[[dict[int, dict[str, Any]]], None] | None = None) -> None:
        self.board = board
        self.link = link
        #: Updates, and the peers' names (from their presence), in the order they came.
        self._inbox: queue.SimpleQueue[bytes | dict[int, tuple[str, str]]] = queue.SimpleQueue()
        self._post = post
        self._on_presence = on_presence
        self.wire = WireClient(link, self._arrived, on_status, self._presence)
        board.outgoing.connect(self.wire.send)

    def _presence(self, states: dict[int, dict[str, Any]]) -> None:
        """Note who the peers are (their board's Yjs client, name and side), then pass on."""
        names = {}
        for state in states.values():
            doc = state.get("doc")
            if isinstance(doc, int) and not isinstance(doc, bool):
                name = one_line(str(state.get("name", "?")))[:40]
                names[doc] = (name, mover_of(state))  # the side named on the board's thread
        # In turn with the updates: a peer's last updates are named after them even when
        # their leaving (the room says it as their connection closes) follows at once.
        self._inbox.put(names)
        if self._post is not None:
            self._post(self._pump_posted)
        if self._on_presence is not None:
            self._on_presence(states)

    def _arrived(self, update: bytes) -> None:
        self._inbox.put(update)
        if self._post is not None:
            self._post(self._pump_posted)

    def _pump_posted(self) -> None:
        self.pump()

    def pump(self) -> int:
        """Apply the updates that arrived (on the board's thread); return how many."""
        count = 0
        while True:
            try:
                update = self._inbox.get_nowait()
            except queue.Empty:
                return count
            if isinstance(update, dict):
                sides = {side.id: side.name for side in self.board.document.scenario.sides}
                self.board.peer_names = {
                    doc: f"{name} ({one_line(sides.get(side, side))[:20] or 'watching'})"
                    for doc, (name, side) in update.items()}
                continue
            self.board.receive(update)
            count += 1

    def start(self, host: bool, timeout: float = 10.0) -> None:
        """Connect and sync; the host publishes into an empty room, others adopt the game."""
        _playing_starts(self)
        self.wire.start()
        deadline = time.monotonic() + timeout
        while not self.wire.synced.wait(0.01):  # wakes as soon as the room has answered
            if self.wire.refused.is_set():
                self.stop()
                raise PermissionError("the server refused the room secret")
            if time.monotonic() > deadline:
                self.stop()
                raise SyncTimeout(f"no answer from {self.link.split('?')[0]} in {timeout:g} s")
        adoptions = self.board.adoptions
        self.pump()  # the room's game, if it has one, is taken here (one document load)
        if not host and not self.board.has_scenario:
            # The host may be sharing it right now (their update is being stored): wait a bit.
            self.wait_until(lambda: self.board.has_scenario,
                            min(GAME_WAIT_S, max(0.0, deadline - time.monotonic())))
        if host and not self.board.has_scenario:
            self.board.publish()
        elif self.board.has_scenario:
            if self.board.adoptions == adoptions:
                self.board.adopt()  # the room's game (a host back in a room takes it up again)
        else:
            self.stop()
            raise EmptyRoom("the room has no game yet: the host has not shared one")

    def wait_until(self, condition: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Pump until ``condition()`` holds or ``timeout`` seconds pass; return whether it held."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump()
            if condition():
                return True
            time.sleep(0.005)
        self.pump()
        return condition()

    def set_presence(self, state: dict[str, Any] | None, wait_s: float = 0.0) -> None:
        """Tell the other players where this player is (see :mod:`board.shared.wire`).

        The state names this board's Yjs client (``doc``): the other boards name the player
        when they refuse a change of theirs.
        """
        if state is not None:
            state = {**state, "doc": self.board.doc.client_id}
        self.wire.set_presence(state, wait_s)

    def stop(self) -> None:
        """Leave the room (the board stays as it is, no longer bound to the room)."""
        self.board.outgoing.disconnect(self.wire.send)
        self.wire.stop()
        self.board.close()
        _playing_ends(self)
