"""A cannonball, a stone thrower and spells at a Warhammer Fantasy garrison, from the dialog.

Seed 002: a template weapon "inflicts D6 hits on any unit in a building it touches", a stone
thrower at its lower Strength unless the centre is over the building, "no single model can ever
suffer more than one hit" (WAP), magic missiles get no extra protection, and "a garrisoned unit
takes Panic tests normally ... and flees as any unit breaking from combat would if it fails".
"""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.game.core.shots import GarrisonShot
from board.game.core.world import WorldCache
from board.game.systems.fantasy.garrison_hits import shoot_garrison
from tests.game.garrison_sample import garrison_scenario

Left = Qt.MouseButton.LeftButton


@pytest.fixture
def fantasy_window(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def open_dialog(window):
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    assert dialog.target.currentData() == "house", dialog.odds.toPlainText()
    return dialog


def cannon_seed(library, wanted: str) -> tuple[int, list[str]]:
    """The first seed whose cannonball's result says ``wanted`` (the bridge, on a copy)."""
    for seed in range(300):
        twin = garrison_scenario()
        world = WorldCache(library).world_for(twin)
        lines = shoot_garrison(twin, library, world, "house", GarrisonShot("cannon", 10),
                               "Great Cannon", (30.0, 40.0), seed).lines
        if any(wanted in line for line in lines):
            return seed, lines
    raise AssertionError(f"no seed below 300 gives {wanted!r}")


def test_a_cannonball_hits_d6_models_and_the_garrison_fails_its_panic_and_flees(
        fantasy_window, library):
    window = fantasy_window
    seed, expected = cannon_seed(library, "Panic test")
    window.show_scenario(garrison_scenario())
    dialog = open_dialog(window)
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    assert dialog.odds.toPlainText().startswith(
        "Cannon touching the building: D6 hits on Spearmen at most 6 (the models inside; none "
        "hit twice)")
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    entry = window.scenario.log[-1]
    assert entry.text.split("\n") == expected and entry.seed == seed
    assert "touches the building: D6 = " in entry.text and "at Strength 10" in entry.text
    lost = 6 - len(window.scenario.unit("spears").models)
    assert 4 * lost >= 6  # a quarter or more: the Panic test was due
    spears = window.scenario.unit("spears")
    if "failed" in entry.text:
        assert spears.embarked_in is None
        assert window.scenario.piece("house").state["garrison"] is None
        assert all(m.y < 22.5 for m in spears.models)  # the far side from the cannon
    else:
        assert spears.embarked_in == "house"
    window.undo_stack.undo()
    assert len(window.scenario.unit("spears").models) == 6
    assert window.scenario.unit("spears").embarked_in == "house"


def test_a_failed_panic_test_drives_the_garrison_out(fantasy_window, library):
    window = fantasy_window
    seed, _ = cannon_seed(library, "the garrison is placed outside, away from")
    window.show_scenario(garrison_scenario())
    dialog = open_dialog(window)
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    spears = window.scenario.unit("spears")
    assert spears.embarked_in is None and all(m.y < 22.5 for m in spears.models)
    assert window.scenario.piece("house").state["garrison"] is None
    assert all(window.scene.model_item(m.id).isVisible() for m in spears.models)


def test_a_magic_missile_gets_no_protection_from_the_building(fantasy_window):
    window = fantasy_window
    window.show_scenario(garrison_scenario())
    dialog = open_dialog(window)
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("magic_missile"))
    assert dialog.odds.toPlainText() == (
        "cannot shoot: the building gives no extra protection against magic "
        "missiles: resolve the spell as against a unit in the open")
    assert not dialog.roll_button.isEnabled()


def test_a_stone_thrower_off_the_building_hits_at_its_lower_strength(fantasy_window, library):
    window = fantasy_window
    window.show_scenario(garrison_scenario(spearmen=3))
    dialog = open_dialog(window)
    box = dialog.garrison
    box.attack.setCurrentIndex(box.attack.findData("stone_thrower"))
    assert box.centre_over.isVisibleTo(dialog) and not box.bounce.isVisibleTo(dialog)
    box.low_strength.setValue(4)
    QTest.mouseClick(box.centre_over, Left)  # the centre off the building
    assert not box.centre_over.isChecked()
    dialog.seed.setText("5")
    twin = copy.deepcopy(window.scenario)
    expected = shoot_garrison(twin, library, WorldCache(library).world_for(twin), "house",
                              GarrisonShot("stone_thrower", 10, 4, False), "Great Cannon",
                              (30.0, 40.0), 5)
    QTest.mouseClick(dialog.roll_button, Left)
    text = window.scenario.log[-1].text
    assert text.split("\n")[1] == expected.lines[1]
    assert "hits at Strength 4" in text and "the centre is off the building" in text
