"""A fifth rule system on the board, through the window (issue 28).

The Epic 40,000 folder, copied under a new name and registered by the registry alone
(:mod:`tests.game.fifth_folder`: ``board.game.systems.add_folder``; no enum member added, no
table patched, no file of the program changed), is offered by File ▸ New with its own label and
its centimetres; a file of it opens; the Storm tool plays seed 001's first worked close
assault on a building of the new system, and the Shoot dialog a Titan's shot at it, each one
undo step with its log entry; the saved file opens again, its building state checked by the
copy's description. The Storm and Shoot dialogs run the copy's own code: a spy on the copy's
functions sees every call.
"""

from __future__ import annotations

import importlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.io import load_scenario, save_scenario
from board.document.model import Scenario
from board.view.assault import EpicAssaultDialog
from rules.dice import FixedDice
from tests.board.first_game import file_new, save_shot
from tests.board.test_assault_epic_view import open_storm
from tests.game.fifth_folder import PACKAGE, necro_block, necro_board, necro_registered

Left = Qt.MouseButton.LeftButton


@pytest.fixture
def necro(tmp_path, fresh_window):
    with necro_registered(tmp_path / "folders") as system:
        yield system
        fresh_window.show_scenario(Scenario())  # the board leaves the system before it goes


def _spy(monkeypatch, part: str, name: str) -> list[tuple]:
    """Record each call of the copy's ``necro_folder.<part>.<name>`` (and still make it)."""
    module = importlib.import_module(f"{PACKAGE}.{part}")
    calls: list[tuple] = []
    real = getattr(module, name)

    def spied(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spied)
    return calls


def _shoot_dialog(window):
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    shoot = window.shooting.dialog
    assert shoot is not None and shoot.isVisible() and shoot.epic
    assert shoot.target.currentData() == "block"
    shoot.firer.setFocus()
    while "Warlord Titan" not in shoot.firer.currentText():
        QTest.keyClick(shoot.firer, Qt.Key.Key_Down)
    assert shoot.facing.text() == "Warlord Titan at Necro block"
    return shoot


def test_the_fifth_system_is_offered_and_plays_a_storm_and_a_shot(necro, fresh_window, library,
                                                                   tmp_path, monkeypatch):
    stands = _spy(monkeypatch, "assault", "assault_stands")
    stormed = _spy(monkeypatch, "assault", "epic_assault")
    shots = _spy(monkeypatch, "shooting", "epic_shoot")
    window = fresh_window
    file_new(window, necro, ("Space Marines", "Titan Legion"))
    assert window.scenario.rule_system is necro and window.board.corner.text() == "cm"

    path = tmp_path / "necro.json"
    save_scenario(necro_board(necro, necro_block(dict(library))), path)
    assert window.files.open_file(path)
    assert window.scenario.rule_system is necro

    # seed 001's first worked example: roll-off 4 and 6; assault dice 2, 3, 5, 5; critical 3
    window.storm.make_dice = lambda: FixedDice([4, 6, 2, 3, 5, 5, 3])
    dialog = open_storm(window, (20.0, 20.0))
    assert isinstance(dialog, EpicAssaultDialog)
    assert stands, "the dialog listed the stands without asking the new system"
    assert dialog.chosen() == ["am1", "am2", "am3", "lib"]
    assert "assault factor 18 against the building's 30" in dialog.preview.text()
    QTest.mouseClick(dialog.roll_button, Left)
    assert len(stormed) == 1, "the roll did not go through the new system's game"
    assert "2 of 4 dice hit for 2 damage" in dialog.record.toPlainText()
    assert window.scenario.piece("block").state["damage_capacity"] == 18
    dialog.close()

    shoot = _shoot_dialog(window)
    QTest.keyClicks(shoot.seed, "130")  # firepower 4 rolls 5, 4, 3, 6: one hit
    QTest.mouseClick(shoot.roll_button, Left)
    assert len(shots) == 1, "the shot did not go through the new system's game"
    entry = window.scenario.log[-1]
    assert entry.seed == 130 and sum(f >= 6 for f in entry.rolls[0]["faces"]) == 1
    # 1 damage (18 → 17), then critical row 10 (2D6 = 10) with its 2 extra damage (17 → 15)
    assert "hit from shooting: 1 damage, capacity 18 → 17" in entry.text
    assert "critical extra damage: 2 damage, capacity 17 → 15" in entry.text
    assert window.scenario.piece("block").state["damage_capacity"] == 15
    assert window.undo_stack.count() == 2
    save_shot(window, "fifth-system.png")

    assert window.files.save_to(path)
    again = load_scenario(path, library)
    assert again.rule_system is necro
    assert again.piece("block").state == window.scenario.piece("block").state
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert "damage_capacity" not in window.scenario.piece("block").state
