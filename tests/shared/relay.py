"""Two shared boards in one process, their updates carried by hand (no network)."""

from __future__ import annotations

from collections import deque

import pycrdt

from board.document.edits import ScenarioDocument
from board.document.model import Scenario
from board.shared.binder import SharedScenario
from tests.board.samples import library


class Relay:
    """Carries each board's outgoing updates to the others when :meth:`pump` is called."""

    def __init__(self) -> None:
        self.boards: list[SharedScenario] = []
        self.queue: deque[tuple[SharedScenario, bytes]] = deque()
        self.refusals: dict[str, list[str]] = {}

    def join(self, board: SharedScenario) -> SharedScenario:
        self.boards.append(board)
        self.refusals[board.player] = []
        board.outgoing.connect(lambda update: self.queue.append((board, update)))
        board.refused.connect(self.refusals[board.player].append)
        return board

    def pump(self, limit: int = 1000) -> int:
        carried = 0
        while self.queue:
            sender, update = self.queue.popleft()
            for board in self.boards:
                if board is not sender:
                    board.receive(update)
            carried += 1
            assert carried < limit, "the boards keep sending each other updates"
        return carried


def pair(scenario: Scenario) -> tuple[Relay, SharedScenario, SharedScenario]:
    """A host (red) who shares ``scenario`` and a guest (blue) who joined it."""
    relay = Relay()
    host = relay.join(SharedScenario(ScenarioDocument(scenario), pycrdt.Doc(), "Ann", "red",
                                     library()))
    host.publish()
    guest = relay.join(SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Bob", "blue",
                                      library()))
    guest.receive(host.doc.get_update())
    relay.queue.clear()  # the host's publish is what the guest just received whole
    return relay, host, guest
