"""The main window: palette, delete, files, title, status bar, garrisons."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.document.io import load_scenario, scenario_to_dict
from board.document.model import BaseShape, TroopType
from tests.board.qt_helpers import click, drag


@pytest.fixture
def errors(monkeypatch):
    """Collect message boxes instead of showing them."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text))
    )
    return shown


def test_title_shows_the_name_and_the_modified_mark(window, tmp_path):
    assert window.windowTitle() == "Sample[*] — battleboard"
    assert not window.isWindowModified()
    drag(window.view, (10.0, 40.0), (10.0, 43.0))
    assert window.isWindowModified()
    window.undo_stack.undo()
    assert not window.isWindowModified()
    window.undo_stack.redo()
    assert window.files.save_to(tmp_path / "board.json")
    assert window.windowTitle() == "board.json[*] — battleboard"
    assert not window.isWindowModified()


def test_save_then_open_round_trip_through_the_window(window, tmp_path, library):
    drag(window.view, (13.0, 40.0), (20.0, 30.0), Qt.KeyboardModifier.ShiftModifier)
    saved = scenario_to_dict(window.scenario)
    path = tmp_path / "round.json"
    assert window.files.save_to(path)
    assert scenario_to_dict(load_scenario(path, library)) == saved
    window.undo_stack.undo()
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    assert window.files.open_file(path)
    assert scenario_to_dict(window.scenario) == saved
    assert window.undo_stack.count() == 0
    item = window.scene.model_item("r2")
    assert (item.pos().x(), item.pos().y()) == (
        window.scenario.model("r2")[1].x,
        window.scenario.model("r2")[1].y,
    )
    assert window.files.recent_files()[0] == str(path.resolve())
    assert [a.text() for a in window.recent_menu.actions()] == [str(path.resolve())]


@pytest.mark.parametrize(
    "content, problem",
    [
        ("{not json", "JSON"),
        (json.dumps({"format": "battleboard-scenario", "version": 999}), "version"),
    ],
)
def test_open_a_bad_file_keeps_the_board_and_names_the_problem(
    window, tmp_path, errors, content, problem
):
    drag(window.view, (10.0, 40.0), (10.0, 42.0))
    before = scenario_to_dict(window.scenario)
    count = window.undo_stack.count()
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert not window.files.open_file(path)
    assert len(errors) == 1 and "bad.json" in errors[0][1] and problem in errors[0][1]
    assert scenario_to_dict(window.scenario) == before
    assert window.undo_stack.count() == count and window.isWindowModified()
    assert len(window.scene.model_items()) == 9


def test_open_a_missing_file_says_so(window, tmp_path, errors):
    assert not window.files.open_file(tmp_path / "nowhere.json")
    assert "nowhere.json" in errors[0][1]


def test_place_terrain_from_the_palette_and_undo(window):
    palette = window.palette_dock
    names = [palette.terrain_list.item(i).text() for i in range(palette.terrain_list.count())]
    assert "Imperial Bastion" in names
    assert not any("Epic" in n for n in names)  # only the scenario's rule system is offered
    palette.terrain_list.setCurrentRow(names.index("Imperial Bastion"))
    QTest.mouseClick(palette.place_button, Qt.MouseButton.LeftButton)
    new = [p for p in window.scenario.terrain if p.id not in ("bastion", "hut")]
    assert len(new) == 1 and new[0].datasheet == "imperial_bastion"
    centre = window.view_centre()
    assert (new[0].x, new[0].y) == pytest.approx((centre.x(), centre.y()))
    assert new[0].id in window.scene.piece_items()
    window.undo_stack.undo()
    assert [p.id for p in window.scenario.terrain] == ["bastion", "hut"]
    assert new[0].id not in window.scene.piece_items()


def test_add_a_unit_from_the_palette_then_delete_it(window):
    palette = window.palette_dock
    palette.name_edit.setText("Scouts")
    palette.side_box.setCurrentIndex(palette.side_box.findData("blue"))
    palette.troop_box.setCurrentIndex(palette.troop_box.findData(TroopType.JUMP_INFANTRY.value))
    palette.count_box.setValue(7)
    palette.base_box.setCurrentIndex(palette.base_box.findText("60×35 mm oval"))
    QTest.mouseClick(palette.add_button, Qt.MouseButton.LeftButton)
    unit = window.scenario.units[-1]
    assert (unit.name, unit.side, unit.troop_type, len(unit.models)) == (
        "Scouts",
        "blue",
        TroopType.JUMP_INFANTRY,
        7,
    )
    assert all(m.base.shape is BaseShape.OVAL and m.base.length == 60 for m in unit.models)
    xs = sorted({round(m.x, 6) for m in unit.models})
    assert xs[1] - xs[0] == pytest.approx(35 / 25.4 + 1.0)  # a loose group, an inch apart
    for model in unit.models:
        item = window.scene.model_item(model.id)
        assert item.name == "Scouts (Blue)"
    for model in unit.models:
        window.scene.model_item(model.id).setSelected(True)
    QTest.mouseClick(palette.delete_button, Qt.MouseButton.LeftButton)
    assert unit.id not in [u.id for u in window.scenario.units]
    assert not any(m.id in window.scene.model_items() for m in unit.models)
    window.undo_stack.undo()
    assert window.scenario.units[-1] is unit and len(window.scene.model_items()) == 16


def test_delete_a_casualty_and_a_building_in_one_step(window):
    click(window.view, (11.5, 40.0))
    click(window.view, (50.0, 12.5), Qt.KeyboardModifier.ControlModifier)
    assert window.scene.selected_model_ids() == ["r1"]
    assert window.scene.selected_piece_ids() == ["hut"]
    QTest.keyClick(window.view, Qt.Key.Key_Delete)
    assert [m.id for m in window.scenario.unit("red-tac").models] == ["r0", "r2", "r3", "r4"]
    assert [p.id for p in window.scenario.terrain] == ["bastion"]
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert [m.id for m in window.scenario.unit("red-tac").models] == [f"r{i}" for i in range(5)]
    assert [p.id for p in window.scenario.terrain] == ["bastion", "hut"]
    assert set(window.scene.model_items()) >= {"r1"}


def test_a_building_with_a_unit_inside_is_not_deleted(window):
    click(window.view, (22.0, 22.0))
    assert window.scene.selected_piece_ids() == ["bastion"]
    window.actions_["delete"].trigger()
    assert "Veteran Squad" in window.statusBar().currentMessage()
    assert window.scenario.piece("bastion") and window.undo_stack.count() == 0


def test_embarked_units_are_listed_with_their_building_not_on_the_table(window):
    assert "v0" not in window.scene.model_items()
    lines = [window.garrisons.list.item(i).text() for i in range(window.garrisons.list.count())]
    assert lines == ["Imperial Bastion: Veteran Squad (Red, 1 model)"]
    assert "inside: Veteran Squad" in window.scene.piece_item("bastion").toolTip()


def test_status_bar_shows_cursor_and_the_selected_model(window):
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(30.0, 20.0)))
    text = window.cursor_label.text()
    x, y = (float(part.split()[1]) for part in text.split(","))
    assert (x, y) == pytest.approx((30.0, 20.0), abs=1.0 / window.view.scale_factor)
    click(window.view, (60.0, 36.0))
    status = window.selection_label.text()
    assert "Leman Russ (Blue, Vehicle)" in status
    assert "5×3.5 in hull" in status and "x 60.00 in, y 36.00 in" in status


def test_grid_toggle_and_fit(window):
    window.actions_["grid"].trigger()
    assert not window.scene.table_item.grid_visible
    window.actions_["grid"].trigger()
    assert window.scene.table_item.grid_visible
    window.view.zoom_by(8.0)
    window.actions_["fit"].trigger()
    shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.table_rect())


def test_close_prompts_when_modified(window):
    asked = []
    window.files.ask_save_changes = lambda: asked.append(1) or QMessageBox.StandardButton.Cancel
    drag(window.view, (10.0, 40.0), (10.0, 43.0))
    assert not window.close()
    assert asked == [1] and window.isVisible()
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    assert window.close()


def test_new_scenario_replaces_the_board(window, monkeypatch):
    from board.view import files as files_module

    real_dialog = files_module.NewScenarioDialog

    class Accepting:
        def __init__(self, parent):
            self.dialog = real_dialog(parent)
            self.dialog.system_box.setCurrentIndex(self.dialog.system_box.findData("epic40k"))
            assert self.dialog.table_box.itemText(1) == "120 × 120 cm"  # Epic in cm
            self.dialog.table_box.setCurrentIndex(1)

        def exec(self):
            return files_module.QDialog.DialogCode.Accepted

        def scenario(self):
            return self.dialog.scenario()

    monkeypatch.setattr(files_module, "NewScenarioDialog", Accepting)
    window.actions_["new"].trigger()
    table = window.scenario.table
    assert (table.width, table.height) == pytest.approx((120 / 2.54, 120 / 2.54))
    assert window.scenario.rule_system.value == "epic40k"
    assert window.scene.model_items() == {} and window.scene.piece_items() == {}
    assert window.scene.table_rect().width() == pytest.approx(120 / 2.54)
    names = [
        window.palette_dock.terrain_list.item(i).text()
        for i in range(window.palette_dock.terrain_list.count())
    ]
    assert names and all("Bastion" not in n for n in names)


def _place(window, name):
    palette = window.palette_dock
    names = [palette.terrain_list.item(i).text() for i in range(palette.terrain_list.count())]
    palette.terrain_list.setCurrentRow(names.index(name))
    QTest.mouseClick(palette.place_button, Qt.MouseButton.LeftButton)


def test_a_multi_part_building_is_placed_dragged_and_turned_as_one(window):
    window.view.centerOn(36.0, 30.0)
    _place(window, "Fortress of Redemption")
    parts = [p for p in window.scenario.terrain if p.group is not None]
    assert len(parts) >= 2 and len({p.group for p in parts}) == 1
    assert window.undo_stack.count() == 1
    start = {p.id: (p.x, p.y, p.rotation) for p in parts}
    sample = parts[0]
    moved = drag(window.view, (sample.x, sample.y), (sample.x + 3.0, sample.y + 2.0))
    assert sorted(window.scene.selected_piece_ids()) == sorted(p.id for p in parts)
    for p in parts:
        x, y, r = start[p.id]
        assert (p.x, p.y, p.rotation) == pytest.approx((x + moved.x(), y + moved.y(), r), abs=0.01)
    gaps = {p.id: (p.x - parts[0].x, p.y - parts[0].y) for p in parts}
    QTest.keyClick(window.view, Qt.Key.Key_R)
    for p in parts:  # turned 15° about the group's middle: the gaps between parts turn too
        assert p.rotation == pytest.approx((start[p.id][2] + 15.0) % 360.0)
    dx, dy = gaps[parts[1].id]
    new = (parts[1].x - parts[0].x, parts[1].y - parts[0].y)
    assert (new[0] ** 2 + new[1] ** 2) == pytest.approx(dx * dx + dy * dy)
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert {p.id: (p.x, p.y, p.rotation) for p in parts} == start
    item = window.scene.piece_item(parts[0].id)
    assert (item.pos().x(), item.pos().y(), item.rotation()) == start[parts[0].id]


def test_claim_a_building_from_its_menu_and_undo(window):
    from board.view.context_menu import building_menu

    assert window.scene.piece_at(QPointF(50.0, 12.5), window.view.transform()) == "hut"
    assert window.scene.piece_at(QPointF(5.0, 5.0), window.view.transform()) is None
    menu = building_menu(window.document, window.undo_stack, "hut", window)
    actions = {a.text(): a for a in menu.actions()}
    assert set(actions) == {"Claimed by Red", "Claimed by Blue", "Unclaimed"}
    assert actions["Unclaimed"].isChecked()
    actions["Claimed by Blue"].trigger()
    assert window.scenario.piece("hut").claimed_by == "blue"
    assert "held by Blue" in window.scene.piece_item("hut").name_text
    window.undo_stack.undo()
    assert window.scenario.piece("hut").claimed_by is None
    assert "held by" not in window.scene.piece_item("hut").name_text


def test_a_scenario_s_own_datasheets_are_drawn_and_offered(window, scenario, library, tmp_path):
    import dataclasses

    from board.document.model import TerrainPiece

    mine = dataclasses.replace(library["wh40k_small_building"], id="my_tower", name="My Tower")
    scenario.custom_datasheets.append(mine)
    scenario.terrain.append(TerrainPiece("tower", "my_tower", 60.0, 10.0))
    window.show_scenario(scenario)
    assert window.scene.piece_item("tower").name_text.startswith("My Tower")
    palette = window.palette_dock.terrain_list
    assert "My Tower" in [palette.item(i).text() for i in range(palette.count())]
    assert window.files.save_to(tmp_path / "custom.json")
    assert window.files.open_file(tmp_path / "custom.json")
    assert window.scene.piece_item("tower").name_text.startswith("My Tower")


def test_a_failed_save_says_why_and_keeps_the_changes_marked(window, tmp_path, errors):
    drag(window.view, (10.0, 40.0), (10.0, 43.0))
    assert not window.files.save_to(tmp_path / "missing-folder" / "x.json")
    assert len(errors) == 1 and "missing-folder" in errors[0][1]
    assert window.isWindowModified() and window.files.path is None
    assert window.windowTitle() == "Sample[*] — battleboard"


def test_the_status_bar_names_the_selected_building(window):
    from board.view.deletion import selection_text

    window.scene.piece_item("bastion").setSelected(True)
    text = selection_text(window.scene, window.scenario)
    assert text.startswith("Imperial Bastion at x ") and "bastion (" not in text
    assert window.selection_label.text() == text
