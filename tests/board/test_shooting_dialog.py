"""Shooting a building through the real dialog, automated fire and the end of a turn."""

from __future__ import annotations

import copy

from PySide6.QtCore import QPoint, Qt
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
from board.game.core.world import WorldCache
from board.game.firers import Firer
from board.game.systems.wh40k.shooting import ShotPlan, WeaponOrder, odds_lines, shoot
from rules import wh40k

Left = Qt.MouseButton.LeftButton


def open_dialog(window):
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


BLUE_GUARD = Firer.of_unit("blue-guard")


def fill_lascannons(dialog, firer=BLUE_GUARD):
    dialog.target.setCurrentIndex(dialog.target.findData("bastion"))
    assert dialog.firer_index(firer) >= 0
    dialog.firer.setCurrentIndex(dialog.firer_index(firer))
    dialog.name.setText("Lascannon")
    dialog.shots.setValue(6)
    dialog.bs.setValue(4)
    dialog.strength.setValue(9)
    dialog.ap.setCurrentText("2")


def test_the_odds_shown_before_rolling_are_attack_odds(window, library):
    dialog = open_dialog(window)
    fill_lascannons(dialog)
    assert dialog.facing.text() == "Guard Squad stands in the right arc: AV 14"
    building = building_rules(window.scenario, library, window.scenario.piece("bastion"))
    expected = odds_lines(wh40k.attack_odds(building, "right", 6, 4, 9, 2))
    assert dialog.odds.toPlainText() == "\n".join(expected)
    dialog.specials["Twin-linked"].setChecked(True)
    twin = odds_lines(wh40k.attack_odds(building, "right", 6, 4, 9, 2, twin_linked=True))
    assert dialog.odds.toPlainText() == "\n".join(twin)


def test_a_seeded_shot_detonates_the_bastion_and_undo_takes_it_all_back(window, library):
    scenario = window.scenario
    before = copy.deepcopy((scenario.terrain, scenario.units, scenario.log))
    plan = ShotPlan("bastion", WeaponOrder("Lascannon", 6, 4, 9, 2), (40.0, 30.0), "Guard Squad")
    twin = copy.deepcopy(scenario)
    expected = shoot(twin, library, WorldCache(library).world_for(twin), plan, seed=16)

    dialog = open_dialog(window)
    fill_lascannons(dialog)
    dialog.seed.setText("16")
    QTest.mouseClick(dialog.roll_button, Left)

    bastion = scenario.piece("bastion")
    assert bastion.datasheet == "wh40k_crater_large"
    assert bastion.state == expected.change.pieces["bastion"].state
    assert bastion.state["destroyed_by"] == "Detonation!" and bastion.claimed_by is None
    vets = scenario.unit("red-vets")
    assert vets.embarked_in is None
    assert [(m.x, m.y) for m in vets.models] == \
        [(m.x, m.y) for m in expected.change.units["red-vets"].models]
    assert window.scene.model_item("v0").isVisible()
    entry = scenario.log[-1]
    assert entry.seed == 16 and "damage roll 6 +1 (AP2 weapon) = 7: Detonation!" in entry.text
    assert "Imperial Bastion is replaced by Crater, large (40K)" in entry.text
    assert "Detonation!" in dialog.outcome.toPlainText() and "(seed 16)" in \
        dialog.outcome.toPlainText()
    assert window.undo_stack.count() == 1

    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (scenario.terrain, scenario.units, scenario.log) == before
    assert scenario.unit("red-vets").embarked_in == "bastion"
    assert window.scene.piece_item("bastion") is not None


def test_a_refused_shot_changes_nothing_and_says_why(window):
    dialog = open_dialog(window)
    fill_lascannons(dialog)
    dialog.seed.setText("abc")
    QTest.mouseClick(dialog.roll_button, Left)
    assert dialog.outcome.toPlainText() == "Refused: the seed must be a whole number, not 'abc'"
    assert window.undo_stack.count() == 0 and window.scenario.log == []


def test_an_emplaced_weapon_can_be_picked_as_the_firer(window):
    dialog = open_dialog(window)
    dialog.target.setCurrentIndex(dialog.target.findData("hut"))
    dialog.firer.setCurrentIndex(
        dialog.firer_index(Firer.of_weapon("bastion", "icarus-lascannon")))
    assert not dialog.strength.isEnabled()
    plan = dialog.plan()
    assert (plan.weapon.name, plan.weapon.strength, plan.weapon.emplaced) == \
        ("Icarus lascannon", 9, ("bastion", "icarus-lascannon"))
    assert "AV" in dialog.facing.text() and dialog.roll_button.isEnabled()


def test_automated_fire_is_highlighted_logged_and_undone(window):
    QTest.mouseClick(window.shooting.dock.automated, Left)
    feature = window.shooting
    entry = window.scenario.log[-1]
    assert entry.text.startswith("Automated fire at the end of the Shooting phase")
    assert "(automated, BS2) at Guard Squad" in entry.text
    assert feature.highlight.sketch() is not None and feature.highlight.sketch().lines
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.scenario.log == []


def test_end_turn_moves_the_clock_and_undo_moves_it_back(window):
    feature = window.shooting
    assert feature.dock.clock.text() == "Turn 1 – Red"
    QTest.mouseClick(feature.dock.end_turn, Left)
    assert feature.dock.clock.text() == "Turn 1 – Blue"
    assert window.scenario.options["player"] == "blue"
    assert "End of Red's turn 1" in window.scenario.log[-1].text
    QTest.mouseClick(feature.dock.end_turn, Left)
    assert feature.dock.clock.text() == "Turn 2 – Red"
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert feature.dock.clock.text() == "Turn 1 – Red" and "player" not in window.scenario.options


def test_an_epic_building_is_shot_with_firepower(window, library):
    hall = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0)
    titan = Unit("titan", "Warlord Titan", "blue", TroopType.WAR_ENGINE,
                 [Model("w", Base.round_mm(40), 40.0, 20.0)], stats={"armour": 6})
    window.show_scenario(Scenario(rule_system=RuleSystem.EPIC40K, terrain=[hall],
                                  units=[titan], sides=[Side("red", "Red", "#c00"),
                                                        Side("blue", "Blue", "#00c")]))
    dialog = open_dialog(window)
    dialog.firepower.setValue(2)
    assert dialog.odds.toPlainText().startswith("dice scoring 6+: 0: 69.4%, 1: 27.8%, 2: 2.8%")
    dialog.super_heavy.setChecked(False)
    QTest.mouseClick(dialog.roll_button, Left)  # disabled: not super-heavy
    assert "only super-heavy weapons may target a building" in dialog.odds.toPlainText()
    dialog.super_heavy.setChecked(True)
    dialog.seed.setText("2")
    QTest.mouseClick(dialog.roll_button, Left)
    entry = window.scenario.log[-1]
    assert entry.seed == 2 and entry.text.startswith(
        "Warlord Titan shoots Building, small (Epic 40,000) with firepower 2")
    scored = sum(f >= 6 for f in entry.rolls[0]["faces"])
    assert window.scenario.piece("hall").state["damage_capacity"] == 10 - scored


def test_the_battlements_box_needs_a_blast_and_changes_the_odds(window, library):
    dialog = open_dialog(window)
    fill_lascannons(dialog)
    QTest.mouseClick(dialog.battlements, Left, pos=QPoint(8, dialog.battlements.height() // 2))
    assert dialog.battlements.isChecked()
    assert "only a blast or template also hits the battlements" in dialog.odds.toPlainText()
    assert not dialog.roll_button.isEnabled()
    dialog.blast.setCurrentIndex(2)
    building = building_rules(window.scenario, library, window.scenario.piece("bastion"))
    first = wh40k.attack_odds(building, "right", 6, 4, 9, 2)
    both = wh40k.attack_odds(building, "right", 1, None, 9, 2, after=first)
    assert dialog.odds.toPlainText() == "\n".join(odds_lines(both))
    assert dialog.roll_button.isEnabled()


def test_closing_the_window_closes_the_dialog(window):
    dialog = open_dialog(window)
    window.close()
    assert not dialog.isVisible()


def test_a_fantasy_board_says_the_garrison_is_shot_instead(window):
    hut = TerrainPiece("hut", "whfb_building_1_floor", 20.0, 20.0)
    window.show_scenario(Scenario(rule_system=RuleSystem.WARHAMMER_FANTASY, terrain=[hut],
                                  sides=[Side("red", "Red", "#c00"), Side("blue", "Blue", "#00c")],
                                  units=[Unit("u", "Archers", "red", TroopType.INFANTRY,
                                              [Model("a", Base.round_mm(20), 5.0, 5.0)])]))
    dialog = open_dialog(window)
    assert "its garrison is, counting as in hard cover" in dialog.odds.toPlainText()
    assert not dialog.roll_button.isEnabled()


def test_choosing_who_goes_first_starts_the_clock_and_undoes(window):
    feature = window.shooting
    assert [feature.dock.first.itemText(k) for k in range(feature.dock.first.count())] == \
        ["Red", "Blue"]
    feature.dock.first.setCurrentIndex(1)
    QTest.mouseClick(feature.dock.start, Left)
    assert feature.dock.clock.text() == "Turn 1 – Blue"
    QTest.mouseClick(feature.dock.end_turn, Left)
    assert feature.dock.clock.text() == "Turn 1 – Red"
    QTest.mouseClick(feature.dock.end_turn, Left)
    assert feature.dock.clock.text() == "Turn 2 – Blue"
    for _ in range(3):
        window.undo_stack.undo()
    assert feature.dock.clock.text() == "Turn 1 – Red" and window.scenario.options == {}
