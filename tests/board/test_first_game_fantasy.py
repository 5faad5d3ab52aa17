"""Your first game, Warhammer Fantasy: a garrison stormed (docs/first-game-fantasy.md).

From File ▸ New with real keys and clicks: a cottage from the palette, Orc Boyz entered in the
unit editor garrison it from the Building dock, Empire Swordsmen entered in the unit editor
(profile, champion and musician) storm it step by step; the result ends in the log.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.model import BaseShape, RuleSystem
from board.view.assault import FantasyAssaultDialog
from board.view.buildings import BuildingController
from rules.dice import FixedDice
from tests.board.first_game import (
    drag_into_contact,
    enter_unit,
    file_new,
    pick,
    place_from_palette,
    press_button,
    save_shot,
    select_piece,
    storm_selected,
)

Left = Qt.MouseButton.LeftButton
ORCS = {"movement": "4", "ws": "3", "bs": "3", "s": "3", "t": "4", "i": "2", "a": "1",
        "leadership": "7", "save": "6"}
SWORDS = {"movement": "4", "ws": "4", "bs": "3", "s": "3", "t": "3", "i": "4", "a": "1",
          "leadership": "7", "save": "5"}


def garrison(window, piece_id: str, unit_name: str) -> None:
    """Select the building; in the Building dock choose the unit and press Embark."""
    select_piece(window, piece_id)
    dock = window.findChild(BuildingController, "buildings").dock
    pick(dock.unit_choice, next(dock.unit_choice.itemText(k)
                                for k in range(dock.unit_choice.count())
                                if dock.unit_choice.itemText(k).startswith(unit_name)))
    press_button(dock.embark_button)


def test_empire_swordsmen_storm_an_orc_garrison(fresh_window):
    window = fresh_window
    file_new(window, RuleSystem.WARHAMMER_FANTASY, ("Empire", "Orcs & Goblins"),
             shot=lambda d: save_shot(d, "first-game-fantasy-new.png"))
    cottage = place_from_palette(window, "Building, 1 floor (cottage)")
    boyz = enter_unit(window, "Orc Boyz", "Orcs & Goblins", 15, "20 mm square", ORCS)
    drag_into_contact(window, boyz, cottage)  # a unit garrisons from base contact
    garrison(window, cottage, "Orc Boyz")
    assert window.scenario.unit(boyz).embarked_in == cottage, window.statusBar().currentMessage()
    swords = enter_unit(window, "Empire Swordsmen", "Empire", 10, "20 mm square", SWORDS,
                        command=("champion", "musician"),
                        shot=lambda e: save_shot(e, "first-game-fantasy-unit.png"))
    unit = window.scenario.unit(swords)
    assert unit.models[0].base.shape is BaseShape.SQUARE
    assert unit.stats["champion"] == unit.models[0].id and unit.stats["ws"] == 4
    ys = sorted({round(m.y, 6) for m in unit.models})
    assert len(ys) == 2 and abs(ys[1] - ys[0] - 20 / 25.4) < 1e-6  # two ranks, bases touching
    save_shot(window, "first-game-fantasy-board.png")

    # The charge 3 + 2; each Swordsman hits (6), wounds (6), the Orc fails his save (1); the
    # five Orcs who step up all miss (1); the Break test 6 + 6; the flight 4 + 3.
    window.storm.make_dice = lambda: FixedDice([3, 2, *[6, 6, 1] * 10, *[1] * 5, 6, 6, 4, 3,
                                                *[3] * 20])
    select_piece(window, cottage)
    dialog = storm_selected(window)
    assert isinstance(dialog, FantasyAssaultDialog)
    assert dialog.attacker_box.currentText().startswith("Empire Swordsmen: ")
    assert "within its charge reach (Movement 4\" + 2D6: 16\")" in dialog.attacker_box.currentText()
    for button in (dialog.declare_button, dialog.react_button, dialog.charge_button,
                   dialog.parties_button, dialog.fight_button, dialog.resolve_button):
        if button.isEnabled():
            QTest.mouseClick(button, Left)
    save_shot(dialog, "first-game-fantasy-storm.png")
    text = window.scenario.log[-1].text
    # WS 4 against WS 3 hits on 3+, S 3 against T 4 wounds on 5+, the Orcs' 6+ save fails on 1:
    # ten wounds at Initiative 4; the five Orcs who step up strike at Initiative 2 and miss.
    assert "the round: Empire Swordsmen cause 10 wounds, Orc Boyz 0" in text
    assert "the assaulter wins by 10" in text
    assert "Leadership 7: rolled 12 (6+6), it breaks" in text
    assert "Empire Swordsmen garrison Building, 1 floor (cottage)" in text
    assert "unit-" not in text  # players' names only
    scenario = window.scenario
    assert scenario.unit(swords).embarked_in == cottage
    assert scenario.unit(boyz).embarked_in is None and len(scenario.unit(boyz).models) == 5
    assert dialog.held.text() == "After the assault the building is held by Empire Swordsmen."
    save_shot(window, "first-game-fantasy-result.png")
