"""A flamer's Fuel Siphon in the Shoot dialog (seed 000 FAQ), with real clicks.

Seed 000 FAQ: "Do all flamer weapons benefit from the Fuel Siphon special rule for the
Promethium Relay Pipes? ... All weapons that are specifically noted as being flamer weapons
receive the benefit of the Promethium Pipes special rule." What the benefit is, neither seed
nor RULES.md says: our reading re-rolls failed armour penetration and To Wound rolls.
"""

from __future__ import annotations

import copy
from fractions import Fraction

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from board.game.core.buildings import building_rules
from board.game.core.world import WorldCache
from board.game.firers import Firer
from board.game.systems.wh40k.shooting import ShotPlan, WeaponOrder, odds_lines, shoot
from rules import wh40k

Left = Qt.MouseButton.LeftButton


def heavy_flamer(window):
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.target.setCurrentIndex(dialog.target.findData("hut"))
    dialog.firer.setCurrentIndex(dialog.firer_index(Firer.of_unit("blue-guard")))
    dialog.name.setText("Heavy flamer")
    dialog.shots.setValue(1)
    dialog.strength.setValue(5)
    dialog.ap.setCurrentText("4")
    QTest.mouseClick(dialog.template, Left, pos=QPoint(8, dialog.template.height() // 2))
    return dialog


def tick(box) -> None:
    QTest.mouseClick(box, Left, pos=QPoint(8, box.height() // 2))


def test_fuel_siphon_raises_the_odds_and_the_shot_says_it_rerolled(window, library):
    dialog = heavy_flamer(window)
    hut = building_rules(window.scenario, library, window.scenario.piece("hut"))
    siphon_box = dialog.specials["Fuel Siphon"]
    tick(siphon_box)
    assert siphon_box.isChecked()
    plain = wh40k.attack_odds(hut, "front", 1, None, 5, 4)  # AV 11 on every facing
    siphoned = wh40k.attack_odds(hut, "front", 1, None, 5, 4, fuel_siphon=True)
    # S5 against AV11 glances on a 6 only: 1/6 without, 1 - (5/6)^2 = 11/36 with the re-roll
    assert plain.hull_points_left.probability(lambda hp: hp < 3) == Fraction(1, 6)
    assert siphoned.hull_points_left.probability(lambda hp: hp < 3) == Fraction(11, 36)
    assert dialog.odds.toPlainText() == "\n".join(odds_lines(siphoned))
    assert "hull points left: 3: 69.4%, 2: 30.6%" in dialog.odds.toPlainText()

    order = WeaponOrder("Heavy flamer", 1, 4, 5, 4, template=True, special=("Fuel Siphon",))
    twin = copy.deepcopy(window.scenario)
    expected = shoot(twin, library, WorldCache(library).world_for(twin),
                     ShotPlan("hut", order, (40.0, 30.0), "Guard Squad"), seed=5)
    dialog.seed.setText("5")  # seed 5: the first penetration die is a 5, the re-roll a 3
    QTest.mouseClick(dialog.roll_button, Left)
    entry = window.scenario.log[-1]
    assert "Heavy flamer: 1 shot, hits automatically, S5 AP4, template, Fuel Siphon" in entry.text
    assert entry.rolls == expected.change.log[-1].rolls
    assert entry.rolls == [
        {"purpose": "armour penetration", "faces": [5], "sides": 6},
        {"purpose": "armour penetration (Fuel Siphon re-roll)", "faces": [3], "sides": 6}]
    assert "penetration 5 re-rolled (Fuel Siphon), 3 + S5 = 8 against armour 11: no effect" \
        in dialog.outcome.toPlainText()


def test_fuel_siphon_on_a_weapon_that_is_no_flamer_is_refused(window):
    dialog = heavy_flamer(window)
    dialog.name.setText("Meltagun")
    tick(dialog.specials["Fuel Siphon"])
    assert ("Meltagun is not noted as a flamer weapon: no Fuel Siphon (only "
            "flamer weapons)") in dialog.odds.toPlainText()
    assert not dialog.roll_button.isEnabled()
    QTest.mouseClick(dialog.roll_button, Left)
    assert window.scenario.log == [] and window.undo_stack.count() == 0
