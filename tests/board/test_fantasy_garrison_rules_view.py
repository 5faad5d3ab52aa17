"""Warhammer Fantasy garrison rules applied from the window (seed 002).

- "war machines can be deployed inside one only if there's room to deploy on the top floor":
  measured, the machine's base against the building's footprint;
- "A garrison can exit during its Remaining Moves sub-phase": in its own player turn.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

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
from board.view.buildings.controller import BuildingController
from tests.board.first_game import pick, press_button, select_piece

PROFILE = {"ws": 3, "s": 3, "t": 3, "i": 3, "a": 1, "leadership": 7, "movement": 4}


def scenario(machine_base: Base) -> Scenario:
    """A 4" × 3" house at (30, 24) (x 28..32, y 22.5..25.5); a war machine touching its south
    wall; archers inside since an earlier turn."""
    half = machine_base.length_in / 2
    machine = Unit("cannon", "Great Cannon", "red", TroopType.WAR_MACHINE,
                   [Model("gc", machine_base, 30.0, 25.5 + half, 0.0)], stats=dict(PROFILE))
    return Scenario(
        name="Fantasy garrisons", rule_system=RuleSystem.WARHAMMER_FANTASY,
        sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
        terrain=[TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0)],
        units=[machine], options={"turn": 2, "player": "red"})


@pytest.fixture
def fantasy_window(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def garrison(window, unit_name: str) -> None:
    select_piece(window, "house")
    dock = window.findChild(BuildingController, "buildings").dock
    pick(dock.unit_choice, next(dock.unit_choice.itemText(k)
                                for k in range(dock.unit_choice.count())
                                if dock.unit_choice.itemText(k).startswith(unit_name)))
    press_button(dock.embark_button)


def test_a_war_machine_with_room_on_the_top_floor_garrisons_it(fantasy_window):
    window = fantasy_window
    window.show_scenario(scenario(Base.rectangle_mm(60.0, 100.0)))  # 2.36" × 3.94": turned, fits
    window.view.fit_table()
    garrison(window, "Great Cannon")
    assert window.scenario.unit("cannon").embarked_in == "house", \
        window.statusBar().currentMessage()


def test_a_war_machine_too_big_for_the_top_floor_is_refused_with_the_measures(fantasy_window):
    window = fantasy_window
    window.show_scenario(scenario(Base.rectangle_mm(100.0, 120.0)))  # 3.94" × 4.72"
    window.view.fit_table()
    garrison(window, "Great Cannon")
    assert window.scenario.unit("cannon").embarked_in is None
    said = window.statusBar().currentMessage()
    assert ("a war machine may garrison only with room to deploy on the top floor (its base "
            "3.94\" × 4.72\" does not fit on the 4.00\" × 3.00\" top floor)") in said, said
    assert window.undo_stack.count() == 0


def garrisoned(turn: int, player: str) -> Scenario:
    """Red archers in the house since game turn 1; the clock at ``turn``, ``player`` to play."""
    found = scenario(Base.rectangle_mm(60.0, 100.0))
    found.units.append(Unit("archers", "Archers", "red", TroopType.INFANTRY,
                            [Model(f"a{k}", Base.round_mm(20), 30.0, 24.0) for k in range(5)],
                            embarked_in="house", stats=dict(PROFILE)))
    found.terrain[0].state = {"garrison": {"unit": "archers", "side": "red", "entered_turn": 1}}
    found.options = {"turn": turn, "player": player}
    return found


@pytest.mark.parametrize(("turn", "player", "refusal"), [
    (2, "blue", "cannot leave: a garrison leaves only in its Remaining Moves sub-phase, in its "
                "own Movement phase (it is Blue's turn)"),
    (1, "red", "cannot leave: Archers garrisoned the building this turn (turn 1)"),
    (2, "red", None),
])
def test_a_garrison_leaves_only_in_its_own_remaining_moves(fantasy_window, turn, player,
                                                           refusal):
    window = fantasy_window
    window.show_scenario(garrisoned(turn, player))
    window.view.fit_table()
    select_piece(window, "house")
    dock = window.findChild(BuildingController, "buildings").dock
    press_button(dock.disembark_button)
    said = dock.message.text()
    if refusal is None:
        assert not said.startswith("cannot"), said
        assert window.scene.tool is not None  # placing the models outside
    else:
        assert said.startswith(refusal), said
        assert window.scenario.unit("archers").embarked_in == "house"


def test_a_unit_that_marched_is_refused_and_may_garrison_after_its_turn(fantasy_window):
    window = fantasy_window
    found = scenario(Base.rectangle_mm(60.0, 100.0))
    found.units[0] = Unit("archers", "Archers", "red", TroopType.INFANTRY,
                          [Model("a0", Base.round_mm(20), 30.0, 25.5 + 0.39)],
                          stats={**PROFILE, "marched": True})
    window.show_scenario(found)
    window.view.fit_table()
    garrison(window, "Archers")
    dock = window.findChild(BuildingController, "buildings").dock
    assert "a unit that marched this turn cannot garrison a building" in dock.message.text()
    assert window.scenario.unit("archers").embarked_in is None
    QTest.mouseClick(window.shooting.dock.end_turn, Qt.MouseButton.LeftButton)  # Red's turn ends
    assert "marched" not in window.scenario.unit("archers").stats
    assert "Archers: marched ends with the turn" in window.scenario.log[-1].text


def with_characters() -> Scenario:
    """The archers' garrison; a red hero and a blue one each touching the house's south wall,
    a red hero 3" off its east wall."""
    found = garrisoned(2, "red")
    found.units.pop(0)  # no war machine
    hero = {**PROFILE, "ws": 5, "i": 5, "a": 3, "w": 2}
    r = Base.round_mm(20).length_in / 2
    found.units += [
        Unit("hero", "Captain Aldred", "red", TroopType.CHARACTER,
             [Model("h", Base.round_mm(20), 29.0, 25.5 + r)], stats=dict(hero)),
        Unit("far", "Captain Bors", "red", TroopType.CHARACTER,
             [Model("f", Base.round_mm(20), 32.0 + 3.0 + r, 24.0)], stats=dict(hero)),
        Unit("foe", "Thane Gromm", "blue", TroopType.CHARACTER,
             [Model("g", Base.round_mm(20), 31.0, 25.5 + r)], stats=dict(hero))]
    return found


def test_a_character_in_base_contact_joins_the_garrison_from_the_dock(fantasy_window):
    window = fantasy_window
    window.show_scenario(with_characters())
    window.view.fit_table()
    garrison(window, "Captain Aldred")
    scenario = window.scenario
    assert scenario.unit("hero").embarked_in == "house", window.statusBar().currentMessage()
    assert scenario.piece("house").state["garrison"]["characters"] == ["hero"]
    assert scenario.piece("house").state["garrison"]["unit"] == "archers"
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert scenario.unit("hero").embarked_in is None


@pytest.mark.parametrize(("name", "refusal"), [
    ("Thane Gromm", "cannot garrison Building, 1 floor (cottage): the building is held by the "
                    "enemy: assault it instead"),
    ("Captain Bors", "cannot garrison Building, 1 floor (cottage): the character must move "
                     "into base contact with the building (nearest 3.00\" away, contact is "
                     "0.10\" or less)"),
])
def test_a_character_joins_only_a_friendly_garrison_from_base_contact(fantasy_window, name,
                                                                      refusal):
    window = fantasy_window
    window.show_scenario(with_characters())
    window.view.fit_table()
    garrison(window, name)
    dock = window.findChild(BuildingController, "buildings").dock
    assert refusal in dock.message.text(), dock.message.text()
    assert all(u.embarked_in is None for u in window.scenario.units if u.id != "archers")
    assert window.undo_stack.count() == 0
