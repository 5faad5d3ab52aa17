"""The window's habits, driven with real keys and clicks (issue 27, part 4).

Reset Layout shows every dock, every dock has a View toggle, Escape leaves a tool wherever the
focus is, the status bar says what the active tool expects and nothing stale, a drag in a
picking tool moves and measures nothing, dock messages end with their game.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QMessageBox, QPushButton

from board.document.io import save_scenario
from board.view.measure.tools import RulerTool, WithinTool
from board.view.sight import SightTool
from board.view.tools import SelectTool
from tests.board.qt_helpers import click, drag

RED = (10.0, 40.0)  # r0 of the sample's red squad
BLUE = (40.0, 30.0)  # b0 of the blue squad


def view_menu(window) -> QMenu:
    return window.menu("&View")


def docks(window) -> dict[str, QDockWidget]:
    return {d.objectName(): d for d in window.findChildren(QDockWidget)}


def key(window, which, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the keyboard focus is (the board's viewport when none)."""
    target = QApplication.focusWidget() or window.view.viewport()
    QTest.keyClick(target, which, modifier)


def board_focus(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    window.view.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(window.view.hasFocus, timeout=1000)


def launched(qtbot, library, path: str):
    """A window as ``battleboard`` opens it: shown and painted first, its tools after."""
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(path, QSettings.Format.IniFormat), features=False)
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.install_features()
    qtbot.wait(50)  # Qt shows the docks added to a shown window from the event loop
    return win


# -- the layout -----------------------------------------------------------------------------
def test_reset_layout_shows_every_dock_and_they_stay_after_a_restart(qtbot, library, tmp_path):
    path = str(tmp_path / "settings.ini")
    first = launched(qtbot, library, path)
    built = {name for name, d in docks(first).items() if d.isVisible()}
    assert built == {"palette", "building", "measurements", "shooting", "garrisons", "log"}
    for dock in docks(first).values():
        dock.hide()  # the player closes them all
    reset = next(a for a in view_menu(first).actions() if a.text() == "&Reset Layout")
    reset.trigger()
    qtbot.wait(20)
    assert {n for n, d in docks(first).items() if d.isVisible()} == built
    first.close()
    second = launched(qtbot, library, path)
    assert {n for n, d in docks(second).items() if d.isVisible()} == built


def test_every_dock_has_a_toggle_in_the_view_menu(window, qtbot):
    toggles = [a for a in view_menu(window).actions() if a.isCheckable()]
    for dock in docks(window).values():
        toggle = next((a for a in toggles if a.text().replace("&", "").endswith(
            dock.windowTitle())), None)
        assert toggle is not None, f"no View menu toggle for the {dock.windowTitle()} dock"
        was = dock.isVisible()
        toggle.trigger()
        qtbot.waitUntil(lambda d=dock, w=was: d.isVisible() != w, timeout=1000)
        toggle.trigger()
        qtbot.waitUntil(lambda d=dock, w=was: d.isVisible() == w, timeout=1000)


# -- Escape and the status bar -------------------------------------------------------------
def test_escape_after_a_click_in_a_dock_leaves_the_tool(window, qtbot):
    board_focus(qtbot, window)
    key(window, Qt.Key.Key_M)
    assert isinstance(window.scene.tool, RulerTool)
    kept = window.measure.dock.kept
    QTest.mouseClick(kept.viewport(), Qt.MouseButton.LeftButton)  # the dock has the keys now
    qtbot.waitUntil(kept.hasFocus, timeout=1000)
    QTest.keyClick(kept, Qt.Key.Key_Escape)
    assert isinstance(window.scene.tool, SelectTool)
    # ... and a drag then moves the model: it is no measurement
    drag(window.view, RED, (RED[0], RED[1] - 3.0))
    _, model = window.scenario.model("r0")
    assert abs(model.y - (RED[1] - 3.0)) < 0.1
    assert window.undo_stack.count() == 1


def test_the_status_bar_says_what_the_tool_expects_and_nothing_once_it_is_left(window, qtbot):
    bar = window.statusBar()
    board_focus(qtbot, window)
    key(window, Qt.Key.Key_L)
    assert isinstance(window.scene.tool, SightTool)
    assert "click the shooter" in bar.currentMessage()
    click(window.view, RED)
    assert "now click the target" in bar.currentMessage()
    key(window, Qt.Key.Key_Escape)
    assert isinstance(window.scene.tool, SelectTool)
    assert bar.currentMessage() == ""
    key(window, Qt.Key.Key_N)  # Is it within N?
    click(window.view, RED)
    assert "now click the target" in bar.currentMessage()
    key(window, Qt.Key.Key_Escape)
    assert bar.currentMessage() == ""


def test_a_drag_in_the_within_tool_moves_the_model_and_measures_nothing(window, qtbot):
    board_focus(qtbot, window)
    key(window, Qt.Key.Key_N)
    tool = window.scene.tool
    assert isinstance(tool, WithinTool)
    click(window.view, RED)
    assert tool.unit_id == "red-tac" and tool.target is None
    drag(window.view, BLUE, (BLUE[0] + 3.0, BLUE[1]))
    _, model = window.scenario.model("b0")
    assert abs(model.x - (BLUE[0] + 3.0)) < 0.1  # moved, one undo step
    assert window.undo_stack.count() == 1
    assert tool.target is None and tool.reading is None  # and nothing measured
    click(window.view, (BLUE[0] + 3.0, BLUE[1]))  # a click still picks the target
    assert tool.target is not None and tool.reading is not None


# -- messages belong to their game ---------------------------------------------------------
def test_dock_messages_and_tools_end_with_their_game(window, qtbot, tmp_path):
    other = tmp_path / "other.json"
    save_scenario(window.scenario, other)
    board_focus(qtbot, window)
    key(window, Qt.Key.Key_L)
    click(window.view, RED)
    click(window.view, BLUE)
    shooting = window.shooting.dock.readout
    assert "Shooter" in shooting.toPlainText() or shooting.toPlainText()
    building_dock = window.buildings.dock
    click(window.view, (25.5, 25.5))  # the sample's bastion: a disembarkation starts ...
    key(window, Qt.Key.Key_Escape)  # ... the line of sight is left
    click(window.view, (25.5, 25.5))
    QTest.mouseClick(building_dock.disembark_button, Qt.MouseButton.LeftButton)
    board_focus(qtbot, window)
    key(window, Qt.Key.Key_Escape)  # ... and abandoned: the dock says so
    assert "abandoned" in building_dock.message.text()
    key(window, Qt.Key.Key_M)
    drag(window.view, RED, BLUE)
    assert "Ruler" in window.measure.dock.readout.text()
    assert window.files.open_file(other)
    assert isinstance(window.scene.tool, SelectTool)
    assert building_dock.message.text() == ""
    assert shooting.toPlainText() == ""
    assert window.measure.dock.readout.text() == ""


# -- File ▸ Replay ---------------------------------------------------------------------------
def _saved_game(window, tmp_path):
    """The demo played a little (a battle, a strongpoint, automated fire, a move, a turn)."""
    from board.document.io import load_scenario
    from resources import DEMO_SCENARIO

    window.show_scenario(load_scenario(DEMO_SCENARIO, window.library))
    file = tmp_path / "game.json"
    window.shooting.start_battle(window.scenario.sides[0].id)
    window.place_terrain("aquila_strongpoint")
    assert window.files.save_to(file)
    window.shooting.automated_fire(seed=7)
    model = window.scenario.units[0].models[0]
    drag(window.view, (model.x, model.y), (model.x + 2.0, model.y - 1.0))
    window.shooting.end_turn(seed=3)
    assert window.files.save_to(file)
    return file


def test_replay_opens_fitted_to_the_table_and_stepping_never_grows_it(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                        journal_folder=tmp_path / "data")
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    file = _saved_game(window, tmp_path)
    dialog = window.features.replay.open(file)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    view = dialog.view
    table = view.mapFromScene(dialog.scene.table_rect()).boundingRect()
    room = view.viewport().rect()
    assert room.contains(table), (table, room)  # all of the table ...
    assert max(table.width() / room.width(), table.height() / room.height()) > 0.9  # ... big
    screen = dialog.screen().availableGeometry()
    size = dialog.size()
    assert size.width() <= screen.width() and size.height() <= screen.height()
    for step in range(len(dialog.timeline) + 1):
        dialog.show_step(step)
        qtbot.wait(1)
        assert dialog.size() == size, step
    forward = next(b for b in dialog.findChildren(QPushButton) if "Forward" in b.text())
    dialog.show_step(0)
    QTest.mouseClick(forward, Qt.MouseButton.LeftButton)
    assert dialog.step == 1 and dialog.size() == size
    dialog.close()
