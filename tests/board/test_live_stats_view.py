"""The building label shows what is left after damage, not the datasheet's starting value.

Seed 001: each hit that beats a building's armour takes one point of its Damage Capacity (a
small building starts at DC 10, the shipped datasheet). Seed 000: a glancing or penetrating hit
costs one Hull Point. The label on the table says ``DC 8/10`` / ``HP 3/4`` once damaged.
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
from board.game.core.buildings import building_rules
from board.game.firers import Firer

Left = Qt.MouseButton.LeftButton


def test_an_epic_building_shot_shows_its_damage_capacity_left(window):
    hall = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0)
    titan = Unit("titan", "Warlord Titan", "blue", TroopType.WAR_ENGINE,
                 [Model("w", Base.round_mm(40), 40.0, 20.0)], stats={"armour": 6})
    window.show_scenario(Scenario(rule_system=RuleSystem.EPIC40K, terrain=[hall],
                                  units=[titan], sides=[Side("red", "Red", "#c00"),
                                                        Side("blue", "Blue", "#00c")]))
    label = window.scene.piece_item("hall")
    assert "DC 10" in label.name_text.split("\n")[1]
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.firepower.setValue(12)
    dialog.seed.setText("2")  # seed 2: twelve dice, two of them 6s
    QTest.mouseClick(dialog.roll_button, Left)
    left = window.scenario.piece("hall").state["damage_capacity"]
    assert left == 8
    stats = window.scene.piece_item("hall").name_text.split("\n")[1]
    assert "DC 8/10" in stats and "DC 10 " not in stats + " "
    window.undo_stack.undo()
    assert "DC 10" in window.scene.piece_item("hall").name_text.split("\n")[1]
    assert "/" not in window.scene.piece_item("hall").name_text.split("\n")[1]


def test_a_40k_building_label_shows_its_hull_points_left(window, library):
    assert "HP 4" in window.scene.piece_item("bastion").name_text
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.target.setCurrentIndex(dialog.target.findData("bastion"))
    dialog.firer.setCurrentIndex(dialog.firer_index(Firer.of_unit("blue-guard")))
    dialog.name.setText("Lascannon")
    dialog.shots.setValue(2)
    dialog.strength.setValue(9)
    dialog.ap.setCurrentText("2")
    dialog.seed.setText("3")  # seed 3: one hull point lost, the bastion stands
    QTest.mouseClick(dialog.roll_button, Left)
    building = building_rules(window.scenario, library, window.scenario.piece("bastion"))
    assert 0 < building.hull_points < 4, window.scenario.log[-1].text
    assert f"HP {building.hull_points}/4" in window.scene.piece_item("bastion").name_text
