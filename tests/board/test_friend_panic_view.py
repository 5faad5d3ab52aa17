"""Panic in a garrison near a friend destroyed or breaking, played from the window (seed 002).

"A unit that breaks from combat or is destroyed while garrisoning a building can trigger Panic
in friendly units as usual too": a friend destroyed or breaking within 6" of the building's
edge (RULES.md section 3), measured building to building.
"""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.model import Base, Model, TerrainPiece, TroopType, Unit
from board.game.core.shots import GarrisonShot
from board.game.core.world import WorldCache
from board.game.systems.fantasy.garrison_hits import shoot_garrison
from tests.board.test_assault_fantasy_view import (
    fantasy_scenario,
    press,
    storm_house,
)
from tests.board.test_assault_fantasy_view import fantasy_window as storm_window  # noqa: F401
from tests.board.test_garrison_shot_view import (  # noqa: F401 (the fixture)
    fantasy_window,
    garrison_scenario,
    open_dialog,
)
from tests.game.garrison_sample import PROFILE

Left = Qt.MouseButton.LeftButton
BARN_WORDS = "in Building, 1 floor (cottage): Spearmen"


def with_barns(scenario, leadership: int):
    """Blue archers in a barn 2.50" east of the house, blue crossbows in a shed 12" west."""
    scenario.terrain += [TerrainPiece("barn", "whfb_building_1_floor", 36.5, 24.0),
                         TerrainPiece("shed", "whfb_building_1_floor", 14.0, 24.0)]
    for uid, name, piece, x in (("archers", "Archers", "barn", 36.5),
                                ("xbows", "Crossbowmen", "shed", 14.0)):
        scenario.units.append(Unit(uid, name, "blue", TroopType.INFANTRY,
                                   [Model(f"{uid}{k}", Base.round_mm(20), x, 24.0)
                                    for k in range(5)],
                                   embarked_in=piece,
                                   stats={**PROFILE, "leadership": leadership}))
    return scenario


def test_a_garrison_destroyed_by_a_cannonball_panics_the_garrison_next_door(
        fantasy_window, library):  # noqa: F811
    window = fantasy_window
    for seed in range(300):
        twin = with_barns(garrison_scenario(spearmen=1), leadership=2)
        world = WorldCache(library).world_for(twin)
        lines = shoot_garrison(copy.deepcopy(twin), library, world, "house",
                               GarrisonShot("cannon", 10), "Great Cannon", (30.0, 40.0),
                               seed).lines
        if any("removed as casualties" in line for line in lines) \
                and any("failed" in line and "Archers" in line for line in lines):
            break
    else:
        raise AssertionError("no seed")
    window.show_scenario(with_barns(garrison_scenario(spearmen=1), leadership=2))
    dialog = open_dialog(window)
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    text = window.scenario.log[-1].text
    assert (f"Archers {BARN_WORDS} destroyed 2.50\" from the building's edge (within 6\"): "
            f"Panic test ") in text, text
    assert "Crossbowmen" not in text  # 12" away: no test
    archers = window.scenario.unit("archers")
    assert archers.embarked_in is None and all(m.x > 38.5 + 1.0 for m in archers.models)
    assert window.scenario.piece("barn").state["garrison"] is None
    assert window.scenario.unit("xbows").embarked_in == "shed"
    window.undo_stack.undo()
    assert window.scenario.unit("archers").embarked_in == "barn"


def test_a_garrison_broken_by_an_assault_panics_the_garrison_next_door(storm_window):  # noqa: F811
    window = storm_window
    window.show_scenario(with_barns(fantasy_scenario(), leadership=7))
    # the breaking assault of test_assault_fantasy_view, then the barn's Panic test (6, 6:
    # failed) and its flee (3, 3)
    dialog = storm_house(window, [3, 2, *[6, 6] * 3, *[1] * 7, *[1] * 10, 6, 5, 4, 3,
                                  6, 6, 3, 3])
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button,
                   dialog.parties_button, dialog.fight_button, dialog.resolve_button):
        press(button)
    record = dialog.record.toPlainText()
    assert (f"Archers {BARN_WORDS} break 2.50\" from the building's edge (within 6\"): "
            f"Panic test 12 against Leadership 7: failed") in record, record
    assert record.count("flees 6\"") == 1  # the flight said once
    assert "the garrison is placed outside, away from Spearmen, and flees 6\"" in record
    scenario = window.document.scenario
    assert scenario.unit("archers").embarked_in is None
    assert scenario.unit("xbows").embarked_in == "shed"
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert scenario.unit("archers").embarked_in == "barn"
