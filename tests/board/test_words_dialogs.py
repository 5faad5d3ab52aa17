"""The words test on the dialogs, in each system: Import Army List, Edit Unit (and the chooser
of a unit inside a building), the unit that does not fit, New from Layout with its objectives,
and the offer to recover a crashed board.

Each dialog is opened the way a player opens it (its menu action or key) and every text it
shows is read (:func:`tests.game.plain_words.faults`), then the window after it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox, QPushButton, QWidget

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
from board.view.army import controller as army_controller
from tests.board.first_game import activate
from tests.board.words import texts_of, visible_texts
from tests.game.plain_words import faults

ROSTERS = Path(__file__).resolve().parents[1] / "game" / "rosters"

#: Each system: a roster file of it, the building of its board.
SYSTEMS = {
    "40K 7th": (RuleSystem.WH40K, "wh40k_7th_space_marines.ros", "wh40k_medium_building"),
    "40K 10th": (RuleSystem.WH40K, "wh40k_10th_space_marines.rosz", "wh40k_medium_building"),
    "Horus Heresy": (RuleSystem.HORUS_HERESY, "horus_heresy_legion.json",
                     "wh40k_medium_building"),
    "Epic": (RuleSystem.EPIC40K, "epic_armageddon_marines.ros", "epic40k_medium_building"),
    "Fantasy": (RuleSystem.WARHAMMER_FANTASY, "fantasy_8th_empire.ros", "whfb_building_2_floor"),
}


def board(system: RuleSystem, building: str) -> Scenario:
    """Id-like side ids, plural names, one unit outside and one inside the building."""
    base = Base.round_mm(20 if system in (RuleSystem.EPIC40K,
                                          RuleSystem.WARHAMMER_FANTASY) else 32)
    orcs = Unit("black-orcs-1", "Black Orcs", "side-b", TroopType.INFANTRY,
                [Model(f"orc-{k}", base, 10.0 + 1.5 * k, 40.0) for k in range(3)])
    inside = Unit("guard-2", "Iron Guardsmen", "side-a", TroopType.INFANTRY,
                  [Model(f"ig-{k}", base, 30.0, 24.0) for k in range(2)],
                  embarked_in="house-1")
    return Scenario(name="Words", rule_system=system,
                    sides=[Side("side-a", "Iron Warriors", "#c62828"),
                           Side("side-b", "Orc Warbands", "#1e63d6")],
                    terrain=[TerrainPiece("house-1", building, 30.0, 24.0)],
                    units=[orcs, inside])


def dialog_texts(widget: QWidget) -> list[str]:
    """Every text a dialog shows now."""
    found = [t for w in [widget, *widget.findChildren(QWidget)] if w.isVisibleTo(widget)
             for t in texts_of(w)]
    if isinstance(widget, QMessageBox):
        found += [widget.text(), widget.informativeText(), widget.detailedText()]
    return [t for t in found if t]


@pytest.fixture
def boxes(monkeypatch) -> list[str]:
    """The texts of every error box, instead of showing it."""
    shown: list[str] = []

    def critical(parent, title, text, *args):
        shown.extend([title, text])
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", critical)
    return shown


@pytest.fixture(autouse=True)
def own_bases(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOARD_BASES", str(tmp_path / "bases.json"))


def assert_plain(scenario: Scenario, texts: list[str], step: str) -> None:
    if dump := __import__("os").environ.get("WORDS_DUMP"):
        with open(f"{dump}/dialogs.txt", "a", encoding="utf-8") as out:
            out.write(f"== {step}\n" + "\n".join(texts) + "\n")
    epic = scenario.rule_system is RuleSystem.EPIC40K
    wrong = faults(texts, scenario, cm=scenario.rule_system.uses_cm, stands=epic)
    assert not wrong, f"{step}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("name", SYSTEMS)
def test_import_army_list_and_edit_unit_read_plainly(fresh_window, qtbot, monkeypatch, boxes,
                                                     name):
    window = fresh_window
    system, roster, building = SYSTEMS[name]
    window.show_scenario(board(system, building))
    scenario = window.scenario
    monkeypatch.setattr(army_controller.QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(ROSTERS / roster), ""))
    window.features.army.action.trigger()
    dialog = window.features.army.dialog
    assert dialog is not None and dialog.isVisible(), boxes
    shown = dialog_texts(dialog)
    assert dialog.table.rowCount() > 0
    assert_plain(scenario, shown, "Import Army List")
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert_plain(window.scenario, visible_texts(window) + boxes, "imported")

    window.scene.clearSelection()  # Edit Unit with nothing selected: the chooser
    activate(window)
    QTest.keyClick(window, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    chooser = window.features.units.chooser
    assert chooser is not None and chooser.isVisible()
    assert_plain(window.scenario, dialog_texts(chooser), "Edit Unit: the chooser")
    chooser.close()
    for unit_id in ("guard-2", "black-orcs-1"):  # inside the building, and on the table
        editor = window.features.units.open_edit(unit_id)
        assert editor is not None and editor.isVisible()
        assert_plain(window.scenario, dialog_texts(editor), f"Edit Unit {unit_id}")
        editor.close()


@pytest.mark.parametrize("name", ["40K 7th", "Epic", "Fantasy"])
def test_a_unit_that_does_not_fit_is_refused_plainly(fresh_window, boxes, name):
    window = fresh_window
    system, _, building = SYSTEMS[name]
    window.show_scenario(board(system, building))
    activate(window)
    QTest.keyClick(window, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    editor = window.features.units.editor
    editor.name_edit.setText("Gretchin Mobs")
    editor.count_box.setFocus()
    QTest.keyClick(editor.count_box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(editor.count_box, "200")
    big = max(range(1, editor.preset_box.count()),  # the largest base offered
              key=lambda k: editor.preset_box.itemData(k).length_in
              * editor.preset_box.itemData(k).width_in)
    editor.preset_box.setCurrentIndex(big)
    QTest.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    said = boxes + dialog_texts(editor) + visible_texts(window)
    assert not any(u.name == "Gretchin Mobs" for u in window.scenario.units)
    assert any("room" in t or "fit" in t for t in said), said
    assert_plain(window.scenario, said, "a unit that does not fit")


def test_new_from_layout_and_its_objectives_read_plainly(fresh_window, qtbot):
    """File ▸ New from Layout… (a 10th-edition table with objectives), then who holds them."""
    from board.game.layouts.catalogue import load_catalogue

    if load_catalogue() is None:
        pytest.skip("wh40kdc is not installed")
    window = fresh_window
    seen: list[str] = []

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        box = dialog.pattern_box
        box.setFocus()
        while not box.currentText().startswith("Hammer and Anvil"):
            QTest.keyClick(box, Qt.Key.Key_Down)
        view = dialog.layouts
        rect = view.visualItemRect(view.item(1))
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, rect.center())
        seen.extend(dialog_texts(dialog) + [view.item(k).text() for k in range(view.count())])
        QTest.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok),
                         Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, act)
    window.actions_["new_from_layout"].trigger()
    assert seen and window.scenario.options.get("edition")
    objectives = window.features.objectives
    qtbot.waitUntil(lambda: bool(objectives.held))
    captions = [look.caption for look in objectives.item.looks]
    zones = [z.caption for z in window.deploy.zones_item.zones]
    assert_plain(window.scenario, seen + captions + zones + visible_texts(window),
                 "New from Layout")


def test_the_offer_to_recover_a_crashed_board_reads_plainly(qtbot, library, scenario, tmp_path):
    from tests.board.test_recovery_window import _crash, _edit, _window

    first = _window(qtbot, library, tmp_path)
    first.show_scenario(scenario)
    first.view.fit_table()
    file = tmp_path / "game.json"
    assert first.files.save_to(file)
    _edit(first)
    _crash(first)
    second = _window(qtbot, library, tmp_path)
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.extend(dialog_texts(box))
        next(b for b in box.findChildren(QPushButton) if b.text() == "Recover").click()

    QTimer.singleShot(0, answer)
    assert second.files.open_file(file)
    assert any("was open" in t for t in seen), seen
    assert_plain(second.scenario, seen + visible_texts(second), "recovery offer")


def test_the_building_editor_counts_in_words(fresh_window, tmp_path, monkeypatch):
    """Buildings ▸ New Building… (Ctrl+Shift+B): a footprint and one door drawn with clicks."""
    from tests.board.test_first_game_epic import draw

    monkeypatch.setenv("BATTLEBOARD_LIBRARY", str(tmp_path / "library"))
    window = fresh_window
    activate(window)
    QTest.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    editor = window.features.building_library.editor
    assert editor is not None and editor.isVisible()
    draw(editor, door=(0.1, 1.6))
    said = dialog_texts(editor)
    assert any("door" in t for t in said), said
    assert_plain(window.scenario, said, "the building editor")


def test_a_line_of_sight_whose_shooter_is_deleted_says_so_by_name(fresh_window):
    """The Shooting dock's answer when the shooter leaves the table while the line is shown."""
    from tests.board.qt_helpers import click

    window = fresh_window
    window.show_scenario(board(RuleSystem.WH40K, "wh40k_medium_building"))
    window.view.fit_table()
    activate(window)
    orc = window.scenario.unit("black-orcs-1").models[0]
    house = window.scenario.piece("house-1")
    QTest.keyClick(window, Qt.Key.Key_L)
    click(window.view, (orc.x, orc.y), Qt.KeyboardModifier.ShiftModifier)
    click(window.view, (house.x, house.y))
    assert "Black Orcs" in window.statusBar().currentMessage() or visible_texts(window)
    window.scene.clearSelection()  # the line stays shown while its shooter is deleted
    for model in window.scenario.unit("black-orcs-1").models:
        window.scene.model_item(model.id).setSelected(True)
    QTest.keyClick(window.view, Qt.Key.Key_Delete)
    assert all(u.id != "black-orcs-1" for u in window.scenario.units)
    said = visible_texts(window)
    assert any("Line of sight" in t for t in said), said
    assert_plain(board(RuleSystem.WH40K, "wh40k_medium_building"), said, "shooter deleted")
