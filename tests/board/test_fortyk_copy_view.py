"""One folder per system, for real: the **40K** folder copied, one line added, played in the window.

The Warhammer 40,000 folder (``board/game/systems/wh40k/``) is copied under a new name, its
description naming two new systems, and registered by the one line a new folder needs (its
``FOLDERS`` entry: :func:`board.game.systems.add_folder`); no other file of the program is
touched (:mod:`tests.game.killteam_folder`). Through the real window a squad storms a bastion
of the new system with melta bombs and a Devastator shoots it with a lascannon, each one undo
step; the board is saved and opened again. The copy's own code does it: a spy sees its damage
table chosen and its building reader saving the state (before issue 38 the storm and the
shot refused "no 40K building damage table for rule system 'killteam'", and the state was
saved by the first folder whose rules type it was).
"""

from __future__ import annotations

import importlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.io import load_scenario, save_scenario
from board.document.model import Scenario
from board.view.assault import CloseCombatDialog
from rules.dice import FixedDice
from tests.board.first_game import file_new
from tests.board.qt_helpers import click
from tests.game.killteam_folder import (
    PACKAGE,
    killteam_bastion,
    killteam_board,
    killteam_registered,
)

Left = Qt.MouseButton.LeftButton


@pytest.fixture
def killteam(tmp_path, fresh_window):
    with killteam_registered(tmp_path / "folders") as system:
        yield system
        fresh_window.show_scenario(Scenario())  # the board leaves the system before it goes


def _spy(monkeypatch, part: str, obj_name: str, name: str) -> list[tuple]:
    """Record each call of the copy's ``<part>.<obj_name>.<name>`` (and still make it)."""
    module = importlib.import_module(f"{PACKAGE}.{part}")
    owner = getattr(module, obj_name) if obj_name else module
    calls: list[tuple] = []
    real = getattr(owner, name)

    def spied(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, spied)
    return calls


def test_the_copied_40k_folder_storms_shoots_saves_and_reopens(killteam, fresh_window, library,
                                                               tmp_path, monkeypatch):
    window = fresh_window
    file_new(window, killteam, ("Red", "Blue"))  # File ▸ New offers it, by its own label
    path = tmp_path / "killteam.json"
    save_scenario(killteam_board(killteam, killteam_bastion(dict(library))), path)
    assert window.files.open_file(path) and window.scenario.rule_system is killteam
    importlib.import_module(f"{PACKAGE}.shooting")  # the parts the window will use
    importlib.import_module(f"{PACKAGE}.assault")
    tables = [_spy(monkeypatch, m, "", "damage_table") for m in ("shooting", "assault")]
    saved = _spy(monkeypatch, "building", "READER", "saved_state")

    window.storm.make_dice = lambda: FixedDice([3, 4, 2, 1, *[4] * 20])
    window.view.setFocus()
    window.storm.action.trigger()
    click(window.view, (24.0, 24.0))
    dialog = window.storm.dialog
    assert isinstance(dialog, CloseCombatDialog), window.statusBar().currentMessage()
    dialog.preset.setCurrentText("Melta bombs")
    assert "hull points left: 4: 27.8%, 3: 72.2%" in dialog.odds.text()
    assert dialog.attacker_name() == "Assault Squad"
    QTest.mouseClick(dialog.roll_button, Left)
    assert "hull points 4 → 3" in dialog.record.toPlainText(), dialog.refusal.text()
    assert window.scenario.piece("bastion").state["hull_points_lost"] == 1
    assert tables[1] and saved, "the storm did not go through the copy's table and reader"
    dialog.close()

    QTest.mouseClick(window.shooting.dock.shoot, Left)
    shoot = window.shooting.dialog
    assert shoot.target.currentData() == "bastion"
    shoot.firer.setFocus()
    while not shoot.firer.currentText().startswith("Devastator Squad"):
        QTest.keyClick(shoot.firer, Qt.Key.Key_Down)  # the player picks the firer
    assert shoot.odds.toPlainText().startswith("hull points left: 3: ")
    shoot.seed.setText("5")
    QTest.mouseClick(shoot.roll_button, Left)
    assert tables[0], "the shot did not roll on the copy's damage table"
    assert window.scenario.log[-1].seed == 5 and window.undo_stack.count() == 2

    assert window.files.save_to(path)
    again = load_scenario(path, library)
    assert again.rule_system is killteam
    assert again.piece("bastion").state == window.scenario.piece("bastion").state
    assert window.files.open_file(path)
    assert window.scenario.piece("bastion").state["hull_points_lost"] >= 1
