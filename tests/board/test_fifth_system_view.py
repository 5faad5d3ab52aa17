"""A throwaway fifth rule system played on the board: the dialogs ask its game (issue 28).

The Epic folder copied under a new name (``tests/game/test_fifth_system.py``'s ``necro``
fixture) is wired by the registries alone; a building whose datasheet names the new system
is stormed and shot through the real window with real clicks and keys. The Storm dialog must
run the copy's own code (``necro_folder.assault``), not Epic's: a spy on the copy's functions
sees every call.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.model import Scenario
from tests.board.test_assault_epic_view import open_storm
from tests.game.test_fifth_system import _board, necro  # noqa: F401 - the fixture

Left = Qt.MouseButton.LeftButton


def _spy(monkeypatch, module, name: str) -> list[tuple]:
    """Record each call of ``module.name`` (and still make it)."""
    calls: list[tuple] = []
    real = getattr(module, name)

    def spied(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spied)
    return calls


def _necro_scenario() -> Scenario:
    """The new system's board, its building's datasheet travelling with it."""
    scenario, library = _board()
    scenario.custom_datasheets = [library["necro_block"]]
    return dataclasses.replace(scenario, name="Necro storm")


def _dice(window, faces: list[int]) -> None:
    from rules.dice import FixedDice

    window.storm.make_dice = lambda: FixedDice(faces)


def test_the_storm_dialog_plays_the_new_systems_own_assault(window, necro, monkeypatch):  # noqa: F811
    stands = _spy(monkeypatch, necro.assault, "assault_stands")
    rolled = _spy(monkeypatch, necro.assault, "epic_assault")
    window.show_scenario(_necro_scenario())
    window.view.fit_table()
    _dice(window, [4, 6, 2, 3, 5, 5, 3])  # seed 001's first worked example
    dialog = open_storm(window, (20.0, 20.0))
    assert stands, "the dialog listed the stands without asking the system"
    assert dialog.chosen() == ["am1", "am2", "am3", "lib"]
    assert "assault factor 18 against the building's 30" in dialog.preview.text()
    QTest.mouseClick(dialog.roll_button, Left)
    assert len(rolled) == 1, "the roll did not go through the new system's game"
    scenario = window.document.scenario
    assert scenario.piece("block").state["damage_capacity"] == 18
    assert "hit on 4+, 2 of 4 dice hit for 2 damage" in scenario.log[-1].text
    window.undo_stack.undo()
    assert "damage_capacity" not in (scenario.piece("block").state or {})


def test_the_shoot_dialog_fires_the_new_systems_firepower(window, necro, monkeypatch):  # noqa: F811
    shots = _spy(monkeypatch, necro.shooting, "epic_shoot")
    window.show_scenario(_necro_scenario())
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.target.currentData() == "block"
    QTest.keyClicks(dialog.seed, "2")
    QTest.mouseClick(dialog.roll_button, Left)
    assert len(shots) == 1
    scenario = window.document.scenario
    scored = sum(f >= 6 for f in scenario.log[-1].rolls[0]["faces"])
    assert scenario.piece("block").state["damage_capacity"] == 20 - scored
