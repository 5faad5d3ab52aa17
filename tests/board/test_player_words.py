"""Issue 38, problem 4: what a player reads holds no id, no enum name, and agrees in number.

The demo board is played through the real window (every building selected, a line of sight
from a whole unit, a shot, a ruler and a verdict kept, a storm opened, a kept measurement
removed) and every text the window shows is read after each step (:mod:`tests.board.words`).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from tests.board.qt_helpers import click
from tests.board.words import id_leaks, painted_texts, scenario_ids, visible_texts

from .test_garrison_shot_view import cannon_seed, garrison_scenario

Left = Qt.MouseButton.LeftButton
Shift = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


class Reader:
    """Reads the window after each step and keeps every leak with the step's name."""

    def __init__(self, window) -> None:
        self.window, self.leaks = window, []
        self.ids = scenario_ids(window.scenario)

    def read(self, step: str) -> None:
        shown = visible_texts(self.window) + painted_texts(self.window.view.viewport())
        self.leaks += [f"{step}: {leak}" for leak in id_leaks(shown, self.ids)]


def at(window, model_id):
    _, model = window.scenario.model(model_id)
    return (model.x, model.y)


def test_the_demo_board_played_through_shows_no_id(window):
    window.show_scenario(load_scenario(DEMO_SCENARIO_PATH))
    reader = Reader(window)
    sheets = window.scene.datasheets  # a fire point's id ("front-1") is an id too
    reader.ids |= {f.id for p in window.scenario.terrain if p.datasheet in sheets
                   for f in sheets[p.datasheet].fire_points}
    assert {"tactical-cato", "word_bearers", "fortress.tower", "front-1"} <= reader.ids
    scene = window.scene
    for piece in window.scenario.terrain:  # the Building dock on every piece
        scene.clearSelection()
        scene.piece_item(piece.id).setSelected(True)
        reader.read(f"select {piece.id}")
    scene.clearSelection()
    QTest.keyClick(window, Qt.Key.Key_L)
    click(window.view, at(window, "tactical-cato-1"), Shift)
    reader.read("a unit shoots")
    assert "Tactical Squad Cato" in window.statusBar().currentMessage()
    click(window.view, at(window, "chaos-marines-khor-1"), Shift)
    reader.read("at a unit")
    bastion = window.scenario.piece("bastion")
    click(window.view, at(window, "tactical-cato-1"))
    click(window.view, (bastion.x, bastion.y))
    reader.read("at a building")
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.seed.setText("3")
    QTest.mouseClick(dialog.roll_button, Left)
    reader.read("shot")
    dialog.close()
    QTest.keyClick(window, Qt.Key.Key_Escape)
    window.measure.start_ruler()
    click(window.view, at(window, "tactical-cato-1"))
    click(window.view, at(window, "cultists-vash-1"))
    window.measure.keep()
    reader.read("ruler kept")
    window.scene.set_tool(None)
    for model in window.scenario.unit("scouts-telion").models:
        scene.model_item(model.id).setSelected(True)
    window.measure.rings_around_selection("6, 12")
    reader.read("rings")
    scene.clearSelection()
    storm = window.features.storm.storm("hab-block")
    reader.read("storm")
    storm.close()
    window.measure.dock.kept.setCurrentRow(0)
    window.measure.dock.remove_current()
    reader.read("kept removed")
    undo_texts = [window.undo_stack.text(k) for k in range(window.undo_stack.count())]
    reader.leaks += id_leaks(undo_texts, reader.ids)  # Edit ▸ Undo names the step
    assert reader.leaks == []


def test_a_fleeing_garrison_is_said_to_flee_once_and_plural_names_agree(window, library):
    seed, _ = cannon_seed(library, "the garrison is placed outside, away from")
    window.show_scenario(garrison_scenario())
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    text = dialog.outcome.toPlainText()
    assert text.count("flees") == 1 and "Panic test" in text and "failed" in text
    assert Reader(window).ids and id_leaks(visible_texts(window), Reader(window).ids) == []


def test_a_plural_side_deploys_in_agreement(window, qtbot):
    window.show_scenario(load_scenario(DEMO_SCENARIO_PATH))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_D,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    captions = [z.caption for z in window.deploy.zones_item.zones]
    assert captions == ["Ultramarines deploy here (bottom)", "Word Bearers deploy here (top)"]


@pytest.mark.parametrize("board", ["epic", "fantasy"])
def test_an_epic_and_a_fantasy_board_played_through_show_no_id(window, board):
    from rules.dice import FixedDice
    from tests.board.test_assault_epic_view import epic_scenario, guard_inside

    window.show_scenario(epic_scenario([guard_inside()]) if board == "epic"
                         else garrison_scenario())
    reader = Reader(window)
    scene, piece = window.scene, window.scenario.terrain[0]
    scene.clearSelection()
    scene.piece_item(piece.id).setSelected(True)
    reader.read("the building")
    scene.clearSelection()
    QTest.keyClick(window, Qt.Key.Key_L)
    click(window.view, at(window, window.scenario.units[0].models[0].id))
    click(window.view, (piece.x, piece.y))
    reader.read("line of sight")
    QTest.keyClick(window, Qt.Key.Key_Escape)
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    shoot = window.shooting.dialog
    shoot.seed.setText("7")
    QTest.mouseClick(shoot.roll_button, Left)
    reader.read("shot")
    said = shoot.outcome.toPlainText()
    shoot.close()
    window.storm.make_dice = lambda: FixedDice([4, 6, 2, 3, 5, 5, 3, *[3] * 40])
    storm = window.features.storm.storm(piece.id)
    reader.read("storm")
    if storm is not None:
        storm.close()
    assert reader.leaks == []
    if board == "epic":  # a plural unit's verb agrees
        assert said.startswith("Assault Marines shoot Building, medium (Epic 40,000)")
