"""Hostile presence (Yjs awareness) on a real room server, watched on two real windows.

A raw y-websocket peer (:mod:`tests.shared.presence_peer`) joins Ann's room beside Ann's and
Bob's windows and sends every presence the issue found breaking a room: states that are not
objects, ``NaN`` and 1e308 places, 10^5 entries in one 9 MB message, a 10 MiB name, another
player's client id (speaking and leaving in their name), an onlooker's drag, a seat's drag
of the other side's models, a client killed mid-drag. No connection is dropped, the windows
show nothing absurd (their items are read), moves still arrive, and what the peer showed
goes when it goes.
"""

from __future__ import annotations

import gc
import json
import math
import os
import signal
import subprocess
import sys
import time

import pytest

from board.shared.server import seat_link
from board.shared.wire import WireClient
from board.view.remote.presence import SHOWN_TEXT
from tests.board.conftest import make_scenario
from tests.shared.presence_peer import PresencePeer
from tests.shared.servers import ROOT
from tests.shared.test_remote_windows import WAIT_MS, make_window

pytestmark = pytest.mark.slow


@pytest.fixture
def table(qtbot, library, tmp_path, server):
    """Ann (red, the room's secret) and Bob (blue seat) at one game on a real server."""
    ann = make_window(qtbot, library, tmp_path, "ann", make_scenario(library))
    bob = make_window(qtbot, library, tmp_path, "bob")
    link = server.link("hostile")
    bob_link = ann.remote.host_on(link, "Ann", "red")
    bob.remote.join("Bob", "blue", bob_link)
    drops = {}
    for name, window in (("ann", ann), ("bob", bob)):
        wire = window.remote.session.wire
        drops[name] = []
        told = wire.on_status

        def counted(state, message, told=told, into=drops[name]):
            into.append(state)
            told(state, message)

        wire.on_status = counted
    yield ann, bob, link, drops
    bob.remote.leave()
    ann.remote.leave()


def _rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _sane(window) -> None:
    """Nothing absurd on the window: cursors few, on the table, short labels; models home."""
    table = window.scenario.table
    assert len(window.remote.presence) <= 2
    for item in window.remote.presence.values():
        x, y = item.pos().x(), item.pos().y()
        assert math.isfinite(x) and math.isfinite(y)
        assert -table.width <= x <= 2 * table.width and -table.height <= y <= 2 * table.height
        assert all(len(line) <= SHOWN_TEXT + 12 for line in item.lines), item.lines
    for unit in window.scenario.units:
        for model in unit.models if unit.on_table else ():
            item = window.scene.model_item(model.id)
            assert (item.x(), item.y()) == (model.x, model.y), model.id
    box = window.scene.itemsBoundingRect()
    assert box.width() < 10 * table.width and box.height() < 10 * table.height


def test_hostile_presence_drops_no_connection_and_shows_nothing_absurd(qtbot, table):
    ann, bob, link, drops = table
    ann_id = ann.remote.session.wire.awareness.client_id
    bob_id = bob.remote.session.wire.awareness.client_id
    qtbot.waitUntil(lambda: len(bob.remote.seen) == 1 and len(ann.remote.seen) == 1,
                    timeout=WAIT_MS)
    gc.collect()
    rss = _rss_mb()
    said: list[str] = []
    bob.remote.status.connect(said.append)
    # In a process of its own: its 10 MiB and 9 MB messages are not this process's memory.
    eve = subprocess.Popen([sys.executable, "-m", "tests.shared.presence_peer",
                            seat_link(link, "observer"), "garbage", str(ann_id), str(bob_id)],
                           cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert eve.stdout is not None and eve.stdin is not None
        assert eve.stdout.readline().strip() == "sent"
        for window in (ann, bob):
            qtbot.waitUntil(lambda w=window: 777 in w.remote.presence and (
                w.remote.presence[777].pos().x(), w.remote.presence[777].pos().y()) == (20.0, 21.0),
                timeout=WAIT_MS)
            item = window.remote.presence[777]
            assert item.lines == ["Eve" * 13 + "E (watching)"]  # no drag, no "doing"
            _sane(window)
        assert bob.remote.seen[ann_id] == "Ann (Red)" and ann.remote.seen[bob_id] == "Bob (Blue)"
        assert not any("left the game" in text for text in said), said
        ann.document.move_models({"r2": (12.0, 20.0)})
        ann.remote.session.board.flush()
        started = time.monotonic()
        qtbot.waitUntil(lambda: bob.scenario.model("r2")[1].x == 12.0, timeout=WAIT_MS)
        assert time.monotonic() - started < 1.0  # moves still on time
        eve.stdin.close()  # it leaves, saying whether the room kept its connection
        assert eve.stdout.readline().strip() == "received and never dropped"
        assert eve.wait(10) == 0
    finally:
        if eve.poll() is None:
            eve.kill()
    for window in (ann, bob):
        qtbot.waitUntil(lambda w=window: 777 not in w.remote.presence, timeout=WAIT_MS)
    assert drops == {"ann": [], "bob": []}  # no connection dropped (no offline, no reconnect)
    gc.collect()
    print(f"the windows' process: {rss:.0f} MB before the hostile peer, {_rss_mb():.0f} MB "
          "after it left")
    assert _rss_mb() <= rss * 1.1, (rss, _rss_mb())


def test_a_drag_is_shown_only_for_the_models_its_seat_moves(qtbot, table):
    ann, bob, link, drops = table
    mallory = PresencePeer(seat_link(link, "red"), client_id=888).start()  # holds red's seat
    twin = PresencePeer(bob.remote.link, client_id=999).start()  # Bob's link again: watches
    mallory.present({"name": "Mal", "side": "blue", "x": 1.0, "y": 1.0,
                     "drag": {"b0": [33.0, 33.0], "r1": [34.0, 34.0]}})
    twin.present({"name": "Bob", "side": "blue", "x": 2.0, "y": 2.0,
                  "drag": {"r3": [35.0, 35.0]}})
    qtbot.waitUntil(lambda: bob.scene.model_item("r1").pos().x() == 34.0, timeout=WAIT_MS)
    for window in (ann, bob):
        qtbot.waitUntil(lambda w=window: {888, 999} <= set(w.remote.presence), timeout=WAIT_MS)
        assert window.remote.seen[888] == "Mal (Red)"  # its seat's side, not its claim
        assert window.remote.seen[999] == "Bob (watching)"
    assert bob.scene.model_item("b0").pos().x() == 40.0  # Bob's own: never by their drag
    assert ann.scene.model_item("b0").pos().x() == 40.0  # not red's to move
    assert ann.scene.model_item("r1").pos().x() == 11.5  # Ann's own
    for window in (ann, bob):
        assert window.scene.model_item("r3").pos().x() == 14.5  # an onlooker moves nothing
    mallory.close()
    twin.close()
    assert drops == {"ann": [], "bob": []}


def test_a_client_killed_mid_drag_disappears_with_its_drag(qtbot, table):
    ann, bob, link, drops = table
    said: list[str] = []
    bob.remote.status.connect(said.append)
    state = json.dumps({"name": "Kim", "side": "red", "x": 5.0, "y": 6.0,
                        "drag": {"r1": [30.0, 31.0]}})
    peer = subprocess.Popen([sys.executable, "-m", "tests.shared.presence_peer",
                             seat_link(link, "red"), state], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert peer.stdout is not None and peer.stdout.readline().strip() == "sent"
        qtbot.waitUntil(lambda: bob.scene.model_item("r1").pos().x() == 30.0, timeout=WAIT_MS)
        assert 4242 in bob.remote.presence
    finally:
        peer.send_signal(signal.SIGKILL)
        peer.wait(10)
    started = time.monotonic()
    qtbot.waitUntil(lambda: bob.scene.model_item("r1").pos().x() == 11.5, timeout=WAIT_MS)
    assert time.monotonic() - started < 3.0  # not after the 30 s timeout: at once, settled
    qtbot.waitUntil(lambda: "Shared game: Kim (Red) left the game" in said, timeout=WAIT_MS)
    assert 4242 not in bob.remote.presence
    assert drops == {"ann": [], "bob": []}


def test_a_silent_client_times_out_and_a_quiet_one_renews(server):
    link = server.link("quiet")
    seen: list[dict] = []
    quiet = WireClient(link, lambda _u: None, presence_timeout_s=1.0)
    watcher = WireClient(link, lambda _u: None, on_presence=seen.append, presence_timeout_s=1.0)
    quiet.start()
    watcher.start()
    silent = PresencePeer(link, client_id=555).start()
    try:
        quiet.set_presence({"name": "Quiet"})
        watcher.set_presence({"name": "Watcher"})
        silent.present({"name": "Silent"})
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not (seen and 555 in seen[-1]
                                                     and len(seen[-1]) == 2):
            time.sleep(0.02)
        assert seen and set(seen[-1]) == {555, quiet.awareness.client_id}
        time.sleep(2.5)  # the silent peer sends nothing more; the quiet client renews
        assert set(seen[-1]) == {quiet.awareness.client_id}
    finally:
        silent.close()
        quiet.stop()
        watcher.stop()
