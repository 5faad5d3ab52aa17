"""Models on levels in the window, with real mouse and key events on the demo.

A scout of Scout Squad Telion (25 mm) is dragged onto the ruin's upper level and lifted
there with Page Up; a Space Marine of Tactical Squad Cato (32 mm) climbs onto the bastion's
battlements. Each is measured from with the ruler, undone, redone, saved and opened again.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.document.model import LevelRef
from board.game.core.targets import ModelTarget
from rules.dice import FixedDice
from tests.board.qt_helpers import click, drag

R40, R25, R32 = 20 / 25.4, 12.5 / 25.4, 16 / 25.4
SCOUT = "scouts-telion-3"  # at (60.469, 36)
CATO = "tactical-cato-1"  # at (36, 40.5)
Ctrl = Qt.KeyboardModifier.ControlModifier
CtrlShift = Ctrl | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def demo(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    return win


def scout(window):
    return window.document.scenario.model(SCOUT)[1]


def key(window, which, modifier=Qt.KeyboardModifier.NoModifier):
    window.activateWindow()
    QTest.keyClick(window.view, which, modifier)


def lift_scout_onto_the_ruin(window):
    """Drag a scout onto the ruin's upper level (x 52–60, y 18–20.5), then press Page Up."""
    start = (scout(window).x, scout(window).y)
    moved = drag(window.view, start, (56.0, 19.25))
    model = scout(window)
    assert (model.x, model.y) == pytest.approx((start[0] + moved.x(), start[1] + moved.y()))
    assert 18.0 + R25 <= model.y <= 20.5 - R25, "the drop must leave the base on the level"
    assert window.scene.selected_model_ids() == [SCOUT]
    key(window, Qt.Key.Key_PageUp)
    return model


def test_page_up_lifts_a_model_onto_the_ruins_upper_level_and_the_ruler_reads_up(demo):
    model = lift_scout_onto_the_ruin(demo)
    assert scout(demo).level == LevelRef("ruins", "upper")
    item = demo.scene.model_item(SCOUT)
    assert item.level_badge == '3"'
    tool = demo.measure.start_ruler()
    drag(demo.view, (model.x, model.y), (45.5, 38.0))  # to Captain Severus (40 mm)
    reading = tool.reading
    assert tool.second == ModelTarget("captain-severus-1")
    across = math.dist((model.x, model.y), (45.5, 38.0)) - R40 - R25
    assert reading.across == pytest.approx(across, abs=1e-9)
    assert reading.up == 1.5  # from the level's 3" down to the captain's 1.5" top
    assert reading.distance == pytest.approx(math.hypot(across, 1.5), abs=1e-9)
    assert reading.text == f'{math.hypot(across, 1.5):.2f}" ({across:.2f}" across, 1.50" up)'
    assert "up" in demo.measure.dock.readout.text()


def test_undo_and_redo_a_level_then_save_and_reopen(demo, tmp_path, qtbot):
    lift_scout_onto_the_ruin(demo)
    item = demo.scene.model_item(SCOUT)
    key(demo, Qt.Key.Key_Z, Ctrl)
    assert scout(demo).level is None and item.level_badge == ""
    key(demo, Qt.Key.Key_Z, CtrlShift)
    assert scout(demo).level == LevelRef("ruins", "upper") and item.level_badge == '3"'
    key(demo, Qt.Key.Key_PageDown)
    assert scout(demo).level is None and item.level_badge == ""
    key(demo, Qt.Key.Key_PageUp)
    path = tmp_path / "raised.json"
    assert demo.files.save_to(path)
    assert '"level": {"piece": "ruins", "level": "upper"}' in path.read_text().replace(
        "\n", "").replace("  ", " ").replace("{ ", "{").replace(" }", "}")
    key(demo, Qt.Key.Key_PageDown)
    assert demo.files.open_file(path)
    assert scout(demo).level == LevelRef("ruins", "upper")
    assert demo.scene.model_item(SCOUT).level_badge == '3"'


def test_a_model_dragged_wholly_off_its_level_stands_on_the_table_partly_off_is_flagged(demo):
    lift_scout_onto_the_ruin(demo)
    item = demo.scene.model_item(SCOUT)
    assert item.level_badge == '3"'
    # Half off the level's edge (y 18-20.5): the level kept, the badge red until Page Down.
    drag(demo.view, (scout(demo).x, scout(demo).y), (56.0, 20.5))
    assert scout(demo).level == LevelRef("ruins", "upper")
    demo.measure.levels.refresh()
    assert item.level_badge == '3"' and item._level_wrong  # noqa: SLF001 - the red badge
    # Wholly off, out on the table: down on the table in the same undo step.
    drag(demo.view, (scout(demo).x, scout(demo).y), (56.0, 26.0))
    model = scout(demo)
    assert model.level is None and item.level_badge == ""
    assert model.y == pytest.approx(26.0, abs=0.2)
    key(demo, Qt.Key.Key_Z, Ctrl)  # one step: back on the edge of the level, flagged
    assert scout(demo).level == LevelRef("ruins", "upper")
    assert scout(demo).y == pytest.approx(20.5, abs=0.2)
    key(demo, Qt.Key.Key_Z, CtrlShift)
    assert scout(demo).level is None and scout(demo).y == pytest.approx(26.0, abs=0.2)


def test_a_model_dragged_onto_the_battlements_stands_8_inches_up(demo):
    demo.scene.make_dice = lambda: FixedDice([6, 6])  # the battlements' difficult terrain
    drag(demo.view, (36.0, 40.5), (27.5, 34.5))  # Cato's model 1 to the bastion's foot
    foot = demo.document.scenario.model(CATO)[1]
    drag(demo.view, (foot.x, foot.y), (23.0, 34.0))  # and up onto its roof (19..25 x 31..37)
    model = demo.document.scenario.model(CATO)[1]
    assert 19.0 + R32 <= model.x <= 25.0 - R32 and 31.0 + R32 <= model.y <= 37.0 - R32
    item = demo.scene.model_item(CATO)
    assert item.level_badge == '8"'
    tool = demo.measure.start_ruler()
    drag(demo.view, (model.x, model.y), (45.5, 38.0))  # to Captain Severus, on the table
    assert tool.reading.up == pytest.approx(8.0 - 1.5)
    assert "across" in tool.reading.text and '6.50" up' in tool.reading.text
    key(demo, Qt.Key.Key_Escape)
    key(demo, Qt.Key.Key_Z, Ctrl)  # the climb undone: back on the table
    assert demo.document.scenario.model(CATO)[1].x == foot.x
    assert item.level_badge == ""


def test_page_up_with_no_level_under_the_selection_says_so(demo):
    drag(demo.view, (45.5, 38.0), (45.5, 30.5))  # Captain Severus up the open table
    count = demo.undo_stack.count()
    key(demo, Qt.Key.Key_PageUp)
    assert demo.undo_stack.count() == count
    assert "No level higher" in demo.statusBar().currentMessage()


def test_the_dock_picks_a_house_rule_for_heights_and_undo_puts_it_back(demo):
    dock = demo.measure.dock
    texts = [dock.heights.itemText(k) for k in range(dock.heights.count())]
    assert texts == ["the system's rule (the straight line)", "horizontal only",
                     "the straight line", "across then up"]
    assert dock.heights.currentIndex() == 0
    lift_scout_onto_the_ruin(demo)
    model = scout(demo)
    tool = demo.measure.start_ruler()
    drag(demo.view, (model.x, model.y), (45.5, 38.0))
    straight = tool.reading.distance
    dock.raise_()
    QTest.keyClick(dock.heights, Qt.Key.Key_Down)  # the next rule in the list: horizontal
    assert demo.document.scenario.options["distance_rule"] == "horizontal"
    assert dock.heights.currentIndex() == 1
    tool = demo.measure.start_ruler()
    drag(demo.view, (model.x, model.y), (45.5, 38.0))
    assert tool.reading.distance == pytest.approx(tool.reading.across)
    assert tool.reading.distance < straight
    key(demo, Qt.Key.Key_Z, Ctrl)
    assert "distance_rule" not in demo.document.scenario.options
    assert dock.heights.currentIndex() == 0


def test_within_n_of_a_raised_model_draws_where_the_reach_meets_the_table(demo):
    lift_scout_onto_the_ruin(demo)
    model = scout(demo)
    demo.scene.clearSelection()
    tool = demo.measure.start_within()
    demo.measure.layer.set_reach(6.0)
    click(demo.view, (45.5, 38.0))  # Captain Severus is the unit checked
    click(demo.view, (model.x, model.y))  # against the scout on the level
    assert tool.target == ModelTarget(SCOUT)
    dashed = [a for a in tool.item.sketch().areas if a.dashed]
    box = dashed[0].path.boundingRect()
    reach = R25 + math.sqrt(6.0 ** 2 - 3.0 ** 2)  # 3" up: 5.20" across about the base
    assert box.width() / 2 == pytest.approx(reach, abs=0.01)
    assert box.center().x() == pytest.approx(model.x, abs=0.01)


def test_a_one_model_unit_dropped_on_the_ruin_stands_there_and_page_up_lifts_it(demo):
    drag(demo.view, (45.5, 38.0), (56.0, 19.25))  # Captain Severus (40 mm) onto the ruin
    captain = demo.document.scenario.model("captain-severus-1")[1]
    assert (captain.x, captain.y) == pytest.approx((56.0, 19.25), abs=0.1)
    assert demo.document.scenario.unit("captain-severus").embarked_in is None
    key(demo, Qt.Key.Key_PageUp)
    assert demo.document.scenario.model("captain-severus-1")[1].level == \
        LevelRef("ruins", "upper")
