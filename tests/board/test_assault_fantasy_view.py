"""Storm a building on the board, Warhammer Fantasy: the garrison breaks, or holds."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox
from shapely.geometry import box

from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    TerrainPiece,
    TroopType,
    Unit,
)
from board.view.assault import FantasyAssaultDialog
from board.view.window import MainWindow
from rules.dice import FixedDice
from tests.board.qt_helpers import click

BASE = Base.round_mm(20)
R = BASE.length_in / 2
HOUSE = box(28.0, 22.5, 32.0, 25.5)  # whfb_building_1_floor at (30, 24)
PROFILE = {"ws": 3, "s": 3, "t": 3, "i": 3, "a": 1, "leadership": 7, "movement": 4}
Left = Qt.MouseButton.LeftButton


def fantasy_scenario() -> Scenario:
    swords = [Model(f"sw{k}", BASE, 28.4 + 0.8 * (k % 5), 25.5 + 4.0 + R + 0.8 * (k // 5))
              for k in range(10)]
    spears = [Model(f"sp{k}", BASE, 28.4 + 0.8 * (k % 5), 23.2 + 0.8 * (k // 5))
              for k in range(15)]
    return Scenario(
        name="Fantasy storm", rule_system=RuleSystem.WARHAMMER_FANTASY,
        sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
        terrain=[TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0)],
        units=[Unit("swords", "Swordsmen", "red", TroopType.INFANTRY, swords,
                    stats={**PROFILE, "ws": 4, "i": 4, "save": 5, "musician": "sw1"}),
               Unit("spears", "Spearmen", "blue", TroopType.INFANTRY, spears,
                    embarked_in="house", stats=dict(PROFILE))])


@pytest.fixture
def fantasy_window(qtbot, library, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings)
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(fantasy_scenario())
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    return win


def storm_house(window, faces) -> FantasyAssaultDialog:
    window.storm.make_dice = lambda: FixedDice(faces)
    click(window.view, (30.0, 24.0))  # select the building, then Storm a Building…
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_A,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = window.storm.dialog
    assert isinstance(dialog, FantasyAssaultDialog)
    return dialog


def press(button) -> None:
    assert button.isEnabled(), button.text()
    QTest.mouseClick(button, Left)


def gap(unit) -> float:
    return min(HOUSE.distance(box(m.x, m.y, m.x, m.y)) - m.base.length_in / 2
               for m in unit.models)


def test_the_garrison_breaks_flees_and_the_swordsmen_go_in(fantasy_window):
    window = fantasy_window
    dialog = storm_house(window, [3, 2, *[6, 6] * 3, *[1] * 7, *[1] * 10, 6, 5, 4, 3])
    assert dialog.attacker_box.currentData() == "swords"
    assert dialog.attacker_box.currentText() == (
        "Swordsmen: 4.00\" away, within its charge reach (Movement 4\" + 2D6: 16\")")
    press(dialog.declare_button)
    assert "4.00\" from the building; sees the building" in dialog.record.toPlainText()
    line = dialog.marks.marks.line
    assert line is not None and line.text == "4.00\""
    assert abs(line.end.y() - 25.5) < 1e-6 and len(dialog.marks.marks.rings) == 10
    assert not dialog.stand_and_shoot.isEnabled()  # the Swordsmen start within their Movement
    press(dialog.react_button)
    press(dialog.charge_button)
    press(dialog.parties_button)
    press(dialog.fight_button)
    assert window.undo_stack.count() == 0
    press(dialog.resolve_button)
    scenario = window.document.scenario
    spears, swords = scenario.unit("spears"), scenario.unit("swords")
    assert swords.embarked_in == "house" and spears.embarked_in is None
    assert len(spears.models) == 12 and abs(gap(spears) - 8.0) < 0.02
    assert all(window.scene.model_item(m.id).isVisible() for m in spears.models)
    assert scenario.piece("house").claimed_by == "red"
    assert "flee 7\"" in dialog.record.toPlainText()  # Spearmen flee
    assert dialog.held.text() == "After the assault the building is held by Swordsmen."
    assert window.undo_stack.count() == 1 and not dialog.resolve_button.isEnabled()
    window.undo_stack.undo()
    assert scenario.unit("spears").embarked_in == "house"
    assert len(scenario.unit("spears").models) == 15
    assert scenario.unit("swords").embarked_in is None and scenario.log == []


def test_the_garrison_holds_and_the_swordsmen_withdraw_one_inch(fantasy_window):
    window = fantasy_window
    dialog = storm_house(window, [3, 2, *[1] * 20, 3, 3])
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button,
                   dialog.parties_button, dialog.fight_button, dialog.resolve_button):
        press(button)
    scenario = window.document.scenario
    swords = scenario.unit("swords")
    assert swords.embarked_in is None and abs(gap(swords) - 1.0) < 1e-6
    assert scenario.unit("spears").embarked_in == "house"
    item = window.scene.model_item("sw0")
    assert abs(item.pos().y() - swords.models[0].y) < 1e-9  # the board shows the move
    text = dialog.record.toPlainText()
    assert "it holds" in text and "Swordsmen withdraw 1\"" in text
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert abs(gap(scenario.unit("swords")) - 4.0) < 1e-6 and scenario.log == []


def test_stand_and_shoot_then_a_failed_charge_is_one_undo_step(fantasy_window):
    window = fantasy_window
    scenario = window.document.scenario
    for m in scenario.unit("swords").models:
        m.y += 5.0  # 9" away: beyond their Movement, so the garrison may Stand & Shoot
    scenario.unit("spears").stats.update(bs=3, missile={"range": 24, "strength": 3})
    window.show_scenario(scenario)
    window.view.fit_table()
    dialog = storm_house(window, [5, 6, 1, 1, 1, 4, 6, 1, 5, 1, 2])
    press(dialog.declare_button)
    assert dialog.stand_and_shoot.isEnabled()
    QTest.mouseClick(dialog.stand_and_shoot, Left)
    assert dialog.stand_and_shoot.isChecked()
    press(dialog.react_button)
    assert ("2 hits, 2 wounds, 1 unsaved; Swordsmen lose 1 model from the back"
            in dialog.record.toPlainText())
    assert window.undo_stack.count() == 0
    press(dialog.charge_button)
    scenario = window.document.scenario
    assert window.undo_stack.count() == 1 and len(scenario.unit("swords").models) == 9
    assert abs(gap(scenario.unit("swords")) - 7.0) < 1e-6
    window.undo_stack.undo()
    assert len(scenario.unit("swords").models) == 10 and scenario.log == []


def test_with_a_character_in_a_big_garrison_the_players_roll_off_to_pick_parties(
        fantasy_window):
    """Seed 002: "Where characters are involved, this selection matters; players roll off to
    decide who picks first when it does." A captain inside with 15 Spearmen (over US 10)."""
    window = fantasy_window
    scenario = window.document.scenario
    scenario.units.append(Unit("captain", "Captain Aldred", "blue", TroopType.CHARACTER,
                               [Model("cap", BASE, 30.0, 24.0)], embarked_in="house",
                               stats=dict(PROFILE)))
    window.show_scenario(scenario)
    dialog = storm_house(window, [3, 2, 2, 2, 5, 2])  # the charge, a tied roll-off, 5 against 2
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button):
        press(button)
    assert ("characters make the assault parties matter: the players roll off, "
            "Swordsmen 5, Spearmen 2: Swordsmen's player picks first") in \
        dialog.record.toPlainText()
    assert [dialog.defender_characters.item(k).text()
            for k in range(dialog.defender_characters.count())] == ["Captain Aldred"]


def test_without_characters_there_is_no_roll_off(fantasy_window):
    dialog = storm_house(fantasy_window, [3, 2])
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button):
        press(button)
    assert "no roll-off for the assault parties: neither unit has a character" in \
        dialog.record.toPlainText()


def test_the_garrison_nominates_the_model_the_ogres_stomp(fantasy_window):
    """Seed 002: "a model fighting in a building is assumed to be in base contact with one
    enemy model nominated by its opponent" — the garrison's player names Spearmen, model 4
    in the dialog; the Spearmen miss (1s), the Ogres' blows miss, each Stomp wounds on a 6."""
    window = fantasy_window
    scenario = window.document.scenario
    big = Base.round_mm(40)
    scenario.units[0] = Unit("swords", "Ogres", "red", TroopType.MONSTROUS_INFANTRY,
                             [Model(f"og{k}", big, 28.6 + 1.6 * k, 25.5 + 4.0 + big.length_in / 2)
                              for k in range(3)],
                             stats={**PROFILE, "s": 4, "t": 4, "i": 2, "a": 3, "movement": 6,
                                    "stomps": 1})
    window.show_scenario(scenario)
    dialog = storm_house(window, [3, 2, *[1] * 10, *[1] * 9, 6, 6, 6, 6, 6])
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button,
                   dialog.parties_button):
        press(button)
    assert dialog.stomps.isVisible() and dialog.stomps_on_defenders.isEnabled()
    assert not dialog.stomps_on_attackers.isEnabled()  # the Spearmen have no Stomps
    combo = dialog.stomps_on_defenders
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(3):
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "Spearmen, model 4"
    press(dialog.fight_button)
    text = dialog.record.toPlainText()
    assert "Ogres, model 1 stomps Spearmen, model 4 (in base contact, nominated by its " \
           "opponent)" in text
