"""Shooting an Epic 40,000 building through the real dialog: the defender's row 10 choice."""

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

Left = Qt.MouseButton.LeftButton

#: With firepower 4, seed 130 rolls 5, 4, 3, 6: one hit, its critical chance a 6, then 2D6 = 10
#: (row 10: the debris falls) and a kill roll of 4 against armour 4+.
SEED_TO_ROW_10 = "130"


def hall_scenario(inside: bool) -> Scenario:
    hall = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0)
    titan = Unit("titan", "Warlord Titan", "blue", TroopType.WAR_ENGINE,
                 [Model("w", Base.round_mm(40), 40.0, 20.0)], stats={"armour": 6})
    guard = Unit("guard", "Guard", "red", TroopType.INFANTRY,
                 [Model(f"g{k}", Base.round_mm(12), 20.0, 20.0) for k in (1, 2, 3)],
                 embarked_in="hall", stats={"armour": 4})
    return Scenario(rule_system=RuleSystem.EPIC40K, terrain=[hall],
                    units=[titan, guard] if inside else [titan],
                    sides=[Side("red", "Red", "#c00"), Side("blue", "Blue", "#00c")])


def open_dialog(window):
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_defender_picks_the_second_stand_and_the_debris_of_row_10_falls_on_it(window):
    window.show_scenario(hall_scenario(inside=True))
    dialog = open_dialog(window)
    combo = dialog.debris
    assert combo.isVisible()
    assert [combo.itemText(k) for k in range(combo.count())] == [
        "Guard, stand 1", "Guard, stand 2", "Guard, stand 3"]
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "Guard, stand 2"
    QTest.keyClicks(dialog.seed, SEED_TO_ROW_10)
    QTest.mouseClick(dialog.roll_button, Left)
    scenario = window.scenario
    assert [m.id for m in scenario.unit("guard").models] == ["g1", "g3"]
    line = "debris falls on Guard, stand 2 (the defender's choice): needs 4+, rolled 4: destroyed"
    assert line in dialog.outcome.toPlainText()
    assert line in scenario.log[-1].text and scenario.log[-1].seed == 130
    # the list follows the stands still inside (numbered as the unit now stands)
    assert [combo.itemData(k) for k in range(combo.count())] == ["g1", "g3"]
    window.undo_stack.undo()
    assert [m.id for m in scenario.unit("guard").models] == ["g1", "g2", "g3"]


def test_with_nobody_inside_the_debris_choice_is_hidden(window):
    window.show_scenario(hall_scenario(inside=False))
    dialog = open_dialog(window)
    assert not dialog.debris.isVisible() and dialog.debris.count() == 0
    QTest.keyClicks(dialog.seed, SEED_TO_ROW_10)
    QTest.mouseClick(dialog.roll_button, Left)
    assert window.scenario.piece("hall").state["damage_capacity"] == 7
