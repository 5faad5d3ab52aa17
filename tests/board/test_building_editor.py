"""The building editor: typed or clicked, refused with the reason, saved in the library."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from board.document.datasheet_json import datasheet_from_dict
from board.document.model import RuleSystem
from board.document.user_library import load_user_datasheets, save_user_datasheet
from board.view.editors.building_editor import BuildingEditor, wall_facing


@pytest.fixture
def editor(qtbot, library):
    shipped = [s for s in library.for_system("wh40k") if s.kind.value == "building"]
    dialog = BuildingEditor(RuleSystem.WH40K, shipped, set(library))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def click_board(editor, x: float, y: float) -> None:
    at = editor.canvas.view_point(x, y)
    QTest.mouseClick(editor.canvas.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, QPoint(round(at.x()), round(at.y())))


def _type_corners(editor, text: str) -> None:
    editor.points_edit.setFocus()
    QTest.keyClicks(editor.points_edit, text)
    QTest.mouseClick(editor.type_button, Qt.MouseButton.LeftButton)


def test_a_self_crossing_footprint_is_refused_with_the_reason(editor):
    _type_corners(editor, "-2,-2 2,2 2,-2 -2,2")  # a bow tie
    QTest.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    assert editor.isVisible() and editor.saved is None
    assert editor.refusal.text().startswith("Not a valid building — footprint")


def test_too_few_corners_and_bad_typing_are_refused(editor):
    QTest.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    assert "a footprint needs at least 3 corners, it has 0" in editor.refusal.text()
    _type_corners(editor, "1,2 3")
    assert "corner 2 ('3') is not written x,y" in editor.refusal.text()


def test_a_40k_building_from_the_bastion_keeps_its_armour_and_points(editor):
    editor.start_box.setCurrentIndex(editor.start_box.findText("Imperial Bastion"))
    assert editor.footprint and editor.doors and editor.fire_points
    assert editor.numbers["armour_front"].value() == 14
    QTest.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    sheet = editor.saved
    assert sheet is not None and sheet.id == "imperial_bastion_mine"
    assert sheet.armour == {"front": 14, "right": 14, "rear": 14, "left": 14}
    assert sheet.systems == ("wh40k", "horus_heresy")


def test_a_fire_point_takes_the_facing_of_its_wall():
    square = [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)]
    assert wall_facing(square, 0.0, -2.3) == ("front", (0.0, -2.0))
    assert wall_facing(square, 2.2, 0.5) == ("right", (2.0, 0.5))
    assert wall_facing(square, -1.0, 1.9)[0] == "rear"


def test_the_library_saves_checked_files_and_reads_them_back(tmp_path, library):
    sheet = library["imperial_bastion"]
    path = save_user_datasheet(sheet, tmp_path)
    assert path.name == "imperial_bastion.json"
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    sheets, problems = load_user_datasheets(tmp_path)
    assert [s.id for s in sheets] == ["imperial_bastion"]
    assert len(problems) == 1 and "broken.json" in problems[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert datasheet_from_dict(data) == sheet


def test_a_gun_placed_takes_the_weapon_picked_from_the_systems_list(editor):
    """The weapon of an emplaced weapon is chosen from the weapons the system's datasheets
    mount (seed 000's bastion: heavy bolters and an Icarus lascannon), not always a bolter."""
    names = [editor.weapon_box.itemData(i) for i in range(editor.weapon_box.count())]
    assert names[0] == "Heavy bolter" and "Icarus lascannon" in names
    _type_corners(editor, "-3,-3 3,-3 3,3 -3,3")
    editor.mode_buttons["weapon"].click()
    editor.weapon_box.setCurrentIndex(names.index("Icarus lascannon"))
    click_board(editor, 0.0, 0.0)
    editor.weapon_box.setCurrentIndex(0)
    click_board(editor, 2.0, -3.0)
    assert "2 emplaced weapons (Icarus lascannon, Heavy bolter)" in editor.summary.text()
    QTest.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    sheet = editor.saved
    assert sheet is not None
    assert [w.weapon.name for w in sheet.emplaced_weapons] == ["Icarus lascannon",
                                                               "Heavy bolter"]
    assert sheet.emplaced_weapons[0].weapon.strength == 9


def test_starting_from_the_bastion_keeps_its_guns_and_its_escape_hatch(editor):
    editor.start_box.setCurrentIndex(editor.start_box.findText("Imperial Bastion"))
    QTest.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    sheet = editor.saved
    assert sheet is not None
    assert [w.weapon.name for w in sheet.emplaced_weapons] == ["Heavy bolter"] * 4 + [
        "Icarus lascannon"]
    assert [a.escape_hatch for a in sheet.access_points] == [False, True]
