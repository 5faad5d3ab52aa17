"""Your first game, Epic 40,000: a close assault on a building you drew (first-game-epic.md).

From File ▸ New with real keys and clicks: a bunker drawn in the building editor (refused
while its door is off the wall, saved once it is on it), placed from the palette; Assault
Marines entered in the unit editor are dragged into base contact and assault it. The roll
ends in the log; the saved scenario carries the bunker's datasheet and opens anywhere.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import load_library
from board.document.io import load_scenario
from board.document.model import BaseShape, RuleSystem
from board.view.assault import EpicAssaultDialog
from rules.dice import FixedDice
from tests.board.first_game import (
    activate,
    drag_into_contact,
    enter_unit,
    file_new,
    place_from_palette,
    press_button,
    save_shot,
    select_piece,
    storm_selected,
    type_over,
)

Left = Qt.MouseButton.LeftButton
CORNERS = [(-2.0, -1.5), (2.0, -1.5), (2.0, 1.5), (-2.0, 1.5)]


@pytest.fixture(autouse=True)
def own_library(tmp_path, monkeypatch):
    """The player's library folder, empty, for this test alone."""
    folder = tmp_path / "library"
    monkeypatch.setenv("BATTLEBOARD_LIBRARY", str(folder))
    return folder


def click_board(editor, x: float, y: float) -> None:
    at = editor.canvas.view_point(x, y)
    QTest.mouseClick(editor.canvas.viewport(), Left, Qt.KeyboardModifier.NoModifier,
                     QPoint(round(at.x()), round(at.y())))


def draw(editor, door: tuple[float, float]) -> None:
    """Footprint corners, then a door, all with the mouse."""
    QTest.mouseClick(editor.mode_buttons["footprint"], Left)
    for x, y in CORNERS:
        click_board(editor, x, y)
    QTest.mouseClick(editor.mode_buttons["door"], Left)
    click_board(editor, *door)


def test_assault_marines_storm_a_bunker_drawn_in_the_building_editor(fresh_window, own_library,
                                                                     tmp_path):
    window = fresh_window
    file_new(window, RuleSystem.EPIC40K, ("Space Marines", "Orks"), table="180 × 120 cm",
             shot=lambda d: save_shot(d, "first-game-epic-new.png"))
    assert window.board.corner.text() == "cm"

    activate(window)
    QTest.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    editor = window.features.building_library.editor
    assert editor is not None and editor.isVisible()
    type_over(editor.name_edit, "Ork Bunker")
    type_over(editor.numbers["damage_capacity"], "10")
    type_over(editor.numbers["assault_factor"], "8")
    draw(editor, door=(0.0, 3.0))  # 1.5" beyond the rear wall: off it
    press_button(editor.save_button)
    assert editor.isVisible()
    assert editor.refusal.text().startswith("Not a valid building — access_points[0]")
    assert not list(own_library.glob("*.json"))
    press_button(editor.clear_button)
    draw(editor, door=(0.1, 1.6))  # beside the rear wall: it lands on it
    assert editor.doors == [(0.0, 1.5)]
    save_shot(editor, "first-game-epic-building.png")
    press_button(editor.save_button)
    assert not editor.isVisible(), editor.refusal.text()
    assert [p.name for p in own_library.glob("*.json")] == ["ork_bunker.json"]
    activate(window)

    bunker = place_from_palette(window, "Ork Bunker")
    assert [s.id for s in window.scenario.custom_datasheets] == ["ork_bunker"]
    marines = enter_unit(window, "Assault Marines", "Space Marines", 4, "40×20 mm rectangle",
                         {"movement": "15", "armour": "4", "assault_factor": "4"},
                         shot=lambda e: save_shot(e, "first-game-epic-unit.png"))
    unit = window.scenario.unit(marines)
    assert unit.models[0].base.shape is BaseShape.RECTANGLE
    assert unit.stats == {"movement": 15.0, "armour": 4, "assault_factor": 4, "firepower": 1}
    drag_into_contact(window, marines, bunker, gap=0.1, within=0.35)  # 1 cm is 0.39"
    save_shot(window, "first-game-epic-board.png")

    window.storm.make_dice = lambda: FixedDice([4, 3, 6, 6, 5, 5, 4, 4, 4, 4, 4, 4])
    select_piece(window, bunker)
    dialog = storm_selected(window)
    assert isinstance(dialog, EpicAssaultDialog)
    chosen = dialog.chosen()
    assert chosen and all(m.startswith(marines) for m in chosen)
    texts = [dialog.stand_list.item(k).text() for k in range(dialog.stand_list.count())]
    assert all(t.startswith("Assault Marines, stand ") and " cm)" in t for t in texts), texts
    assert "assault factor" in dialog.preview.text()
    save_shot(dialog, "first-game-epic-assault.png")
    press_button(dialog.roll_button)
    # Two stands in contact, assault factor 4 each: 8 against the bunker's 8, no bonus; the
    # roll-off 4 to 3 wins by 1: the winners hit on 4+ (seed 001), both dice (6, 6) hit,
    # 2 damage off the bunker's capacity of 10.
    text = window.scenario.log[-1].text
    assert text.startswith("Epic close assault on Ork Bunker by Assault Marines: assault factor "
                           "8 against 8; scores 4 to 3, the assaulters win by 1")
    assert "2 of 2 dice hit for 2 damage" in text and "capacity 10 → 8" in text
    assert window.scenario.piece(bunker).state["damage_capacity"] == 8
    save_shot(window, "first-game-epic-result.png")

    path = tmp_path / "epic.json"
    assert window.files.save_to(path)
    reopened = load_scenario(path, load_library())  # the shipped library alone: embedded
    assert reopened.piece(bunker).datasheet == "ork_bunker"
