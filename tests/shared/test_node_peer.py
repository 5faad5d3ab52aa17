"""A hostile peer written with the Yjs reference implementation (Node: yjs + y-websocket).

Skipped where its packages are not installed (``npm install`` in ``tests/shared/node``): the
suite runs with Python alone; the raw pycrdt peers of ``test_hostile_room.py`` and
``test_hostile_peer.py`` never skip.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from board.shared.server import seat_link
from tests.board.samples import small_scenario
from tests.shared.servers import Server, player, saved

NODE = Path(__file__).parent / "node"
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("node") is None or not (NODE / "node_modules").is_dir(),
                       reason="the Node peer needs node and `npm install` in tests/shared/node"),
]


def test_a_yjs_reference_peer_cannot_poison_the_room(tmp_path):
    server = Server(tmp_path / "rooms").start()
    sessions = []
    try:
        host = player("Ann", "red", server.link(), small_scenario())
        sessions.append(host)
        statuses: list[str] = []
        host.wire.on_status = lambda state, _message: statuses.append(state)
        host.start(host=True)
        said: list[str] = []
        host.board.refused.connect(said.append)
        before = saved(host)
        peer = subprocess.Popen(["node", str(NODE / "hostile_peer.mjs"),
                                 seat_link(server.link(), "blue")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert host.wait_until(lambda: peer.poll() is not None, timeout=20), "the peer hung"
        out, err = peer.communicate()
        assert peer.returncode == 0, err
        seen = json.loads(out)
        assert host.wait_until(lambda: saved(host) == before)
        assert any(m.startswith("refused a change from Nod (Blue): ") for m in said), said
        # What the Node peer's own document holds now: the host's repairs, not its values.
        assert seen["head"] and seen["squadA"] and seen["squadBModels"]
        assert seen["b0"] != "[NaN, 1, 0]" and isinstance(seen["b1"], str)
        assert '{"text": 7}' not in seen["log"]
        late = player("Cy", "blue", seat_link(server.link(), "blue"))
        sessions.append(late)
        told: list[str] = []
        late.board.refused.connect(told.append)
        late.start(host=False)
        assert told == [] and saved(late) == before
        assert statuses == ["online"]  # its presence never dropped the host's connection
    finally:
        for session in sessions:
            session.stop()
        server.kill()
