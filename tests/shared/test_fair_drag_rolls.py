"""A drag's roll on the shared board uses a seed both players fixed (commit–reveal).

Ann drags her squad onto a building's battlements (difficult terrain, seed 000): the terrain
test's dice come from a seed agreed with Bob's board through a real room server, both boards
log the same roll with that seed, and either re-verifies it from the game alone (and from
the saved file, as ``battleboard dice`` does).
"""

from __future__ import annotations

import pytest

from board.document.io import save_scenario
from board.shared import dice_cli
from board.shared.dice import proofs_from_options, verify_scenario_dice
from tests.board.qt_helpers import drag
from tests.board.test_battlements_claim import GROUND, ROOF, medium_building
from tests.shared.servers import free_port
from tests.shared.test_remote_windows import WAIT_MS, make_window

pytestmark = pytest.mark.slow


def test_a_drag_onto_battlements_rolls_with_a_fair_seed_both_boards_reverify(
        qtbot, library, tmp_path, capsys):
    host = make_window(qtbot, library, tmp_path, "host")
    guest = make_window(qtbot, library, tmp_path, "guest")
    try:
        medium_building(host, library)
        link = host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="climb")
        guest.remote.join("Bob", "blue", link)
        logged = len(host.scenario.log)
        drag(host.view, GROUND, ROOF)  # onto the roof: difficult terrain, a 2D6 roll
        test = next(e for e in host.scenario.log[logged:] if "difficult terrain" in e.text)
        proofs = proofs_from_options(host.scenario.options)
        assert [p.seed for p in proofs] == [test.seed]  # the drag's dice: the agreed seed
        assert sorted(proofs[0].reveals) == ["blue", "red"]
        assert test.rolls[0]["purpose"] == "difficult terrain (Tactical Squad)"
        qtbot.waitUntil(lambda: guest.scenario.log == host.scenario.log, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: proofs_from_options(guest.scenario.options) == proofs,
                        timeout=WAIT_MS)
        number = host.scenario.log.index(test) + 1
        for window in (host, guest):
            lines = verify_scenario_dice(window.scenario.options, window.scenario.log)
            assert lines == [f"log entry {number}: seed {test.seed} fixed by blue and red "
                             f"(roll {proofs[0].roll_id}), 2 dice replayed"]
        path = tmp_path / "bob.json"
        save_scenario(guest.scenario, path)
        assert dice_cli.main([str(path)]) == 0
        assert f"seed {test.seed} fixed by blue and red" in capsys.readouterr().out
    finally:
        guest.remote.leave()
        host.remote.leave()


def test_without_an_answer_the_roll_takes_this_boards_seed_and_says_so(qtbot, library,
                                                                       tmp_path):
    host = make_window(qtbot, library, tmp_path, "host")
    try:
        medium_building(host, library)
        host.remote.host("Ann", "red", free_port(), tmp_path / "rooms", room="alone")
        said: list[str] = []
        host.remote.status.connect(said.append)
        seed = host.remote.agree_seed("a terrain test of a drag", wait_ms=300)
        assert isinstance(seed, int)
        assert said[-1] == ("The other player's board did not answer in 0.3 s: a terrain test "
                            f"of a drag rolled with this board's own seed {seed} (not a fair "
                            "seed)")
        assert proofs_from_options(host.scenario.options) == []
    finally:
        host.remote.leave()
    assert host.scene.make_dice is None  # a board that left the game rolls its own dice again
