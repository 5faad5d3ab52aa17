"""Epic 40,000 buildings acting by themselves inside the game turn, from the dock's buttons.

Seed 001, critical row 12: "Each detachment in the building takes a 1d6 firepower hit ... each
turn at the start of the shooting phase ... Each turn the building takes 1 point of damage from
the flames. Flames do not cause critical damage." Catastrophic "Crumbling": "roll 1d6 to hit
each unit still inside the building at the end of each movement phase".
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

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
from tests.board.first_game import save_shot

Left = Qt.MouseButton.LeftButton


def hall(window, **state) -> None:
    piece = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0,
                         state={"size": "small", **state})
    guard = Unit("guard", "Guard", "red", TroopType.INFANTRY,
                 [Model(f"g{k}", Base.round_mm(12), 20.0, 20.0) for k in (1, 2, 3)],
                 embarked_in="hall", stats={"armour": 4})
    window.show_scenario(Scenario(rule_system=RuleSystem.EPIC40K, terrain=[piece], units=[guard],
                                  sides=[Side("red", "Red", "#c00"), Side("blue", "Blue", "#00c")]))


def test_a_burning_building_loses_one_point_at_the_start_of_each_shooting_phase(window):
    hall(window, damage_capacity=10, on_fire=True)
    dock = window.shooting.dock
    assert list(dock.steps) == ["movement_end", "shooting_start"]
    QTest.mouseClick(dock.steps["shooting_start"], Left)
    state = window.scenario.piece("hall").state
    assert state["damage_capacity"] == 9 and state["on_fire"] is True
    entry = window.scenario.log[-1]
    assert entry.text.startswith("Start of Shooting phase, game turn 1\n"
                                 "Building, small (Epic 40,000) is burning (critical row 12):\n"
                                 "  fire against Guard: firepower ")
    assert "\n  the fire: 1 damage, capacity 10 → 9 (flames cause no critical damage)" in \
        entry.text
    assert entry.rolls[0]["purpose"] == "fire: firepower against detachment guard"
    assert entry.seed is not None
    log = window.features.log_dock
    log.setFloating(True)
    log.resize(760, 330)
    save_shot(log, "epic-burning-log.png")  # BATTLEBOARD_DOC_SHOTS=1 keeps it in docs/
    log.setFloating(False)

    QTest.mouseClick(dock.steps["shooting_start"], Left)  # once each game turn
    assert window.scenario.piece("hall").state["damage_capacity"] == 9
    assert dock.readout.toPlainText().startswith(
        "Refused: Start of Shooting phase was played in game turn 1 already (a burning "
        "building attacks")
    QTest.mouseClick(dock.end_turn, Left)
    QTest.mouseClick(dock.end_turn, Left)  # game turn 2
    QTest.mouseClick(dock.steps["shooting_start"], Left)
    assert window.scenario.piece("hall").state["damage_capacity"] == 8
    window.undo_stack.undo()
    assert window.scenario.piece("hall").state["damage_capacity"] == 9


def test_a_building_not_burning_takes_no_damage_from_the_step(window):
    hall(window, damage_capacity=10)
    QTest.mouseClick(window.shooting.dock.steps["shooting_start"], Left)
    assert window.scenario.piece("hall").state["damage_capacity"] == 10
    assert "Start of Shooting phase: no building is burning" in window.scenario.log[-1].text


def test_a_crumbling_building_hits_each_stand_inside_at_the_end_of_the_movement_phase(window):
    hall(window, damage_capacity=0, condition="crumbling")
    QTest.mouseClick(window.shooting.dock.steps["movement_end"], Left)
    entry = window.scenario.log[-1]
    assert "is crumbling: the building crumbles: 3 units inside hit" in entry.text
    faces = [r["faces"][0] for r in entry.rolls]
    assert len(faces) == 3  # a D6 per stand, against its armour 4+ (no +2: decision 3)
    survivors = [m.id for m in window.scenario.unit("guard").models] \
        if any(u.id == "guard" for u in window.scenario.units) else []
    assert survivors == [f"g{k}" for k, f in zip((1, 2, 3), faces, strict=True) if f < 4]
    window.undo_stack.undo()
    assert len(window.scenario.unit("guard").models) == 3


def test_forty_k_has_no_phase_step_buttons(window):
    assert window.shooting.dock.steps == {}
