"""Shared sample tables, buildings and units for the board's Qt tests (STYLE.md habit 12)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from board.document.datasheets import DatasheetLibrary, load_library, place_datasheet
from board.document.edits import ScenarioDocument
from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    Table,
    TroopType,
    Unit,
)


@pytest.fixture(autouse=True)
def close_leftover_windows() -> Iterator[None]:
    """Hide every top-level window a test leaves shown (a modeless dialog outlives its window).

    QTest moves a widget's mouse by moving the pointer, and the pointer lands on whatever
    window is on top there: a dialog left by an earlier test took the next test's mouse.
    Hidden, not closed: closing a window with unsaved changes would wait on its prompt.
    """
    yield
    widgets = sys.modules.get("PySide6.QtWidgets")  # a test without Qt has nothing to close
    if widgets is None or widgets.QApplication.instance() is None:
        return
    # The platform windows, not topLevelWidgets(): that wraps every top-level widget in
    # Python, as its own Python class even when that side is gone, and crashed. A window
    # already deleted (its wrapper says so) is skipped.
    from shiboken6 import isValid

    for window in widgets.QApplication.topLevelWindows():
        if isValid(window) and window.isVisible():
            window.hide()


@pytest.fixture(scope="session")
def library() -> DatasheetLibrary:
    return load_library()


def make_scenario(library: DatasheetLibrary) -> Scenario:
    """A 72×48 40K table: a bastion (red holds it, a squad inside), a small building,
    a red squad of five 32 mm models, a blue squad of three and a blue tank."""
    terrain = place_datasheet(library, "imperial_bastion", 24.0, 24.0, piece_id="bastion")
    terrain[0].claimed_by = "red"
    terrain += place_datasheet(
        library, "wh40k_small_building", 50.0, 14.0, rotation=90.0, piece_id="hut"
    )
    red = Unit(
        "red-tac",
        "Tactical Squad",
        "red",
        TroopType.INFANTRY,
        [Model(f"r{i}", Base.round_mm(32), 10.0 + 1.5 * i, 40.0) for i in range(5)],
    )
    blue = Unit(
        "blue-guard",
        "Guard Squad",
        "blue",
        TroopType.INFANTRY,
        [Model(f"b{i}", Base.round_mm(25), 40.0 + 2.0 * i, 30.0, 180.0) for i in range(3)],
    )
    tank = Unit(
        "blue-tank",
        "Leman Russ",
        "blue",
        TroopType.VEHICLE,
        [Model("t0", Base.hull_in(5.0, 3.5), 60.0, 36.0, 270.0)],
    )
    inside = Unit(
        "red-vets",
        "Veteran Squad",
        "red",
        TroopType.INFANTRY,
        [Model("v0", Base.round_mm(32), 24.0, 24.0)],
        embarked_in="bastion",
    )
    return Scenario(
        name="Sample",
        table=Table(72.0, 48.0),
        rule_system=RuleSystem.WH40K,
        sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
        terrain=terrain,
        units=[red, blue, tank, inside],
    )


@pytest.fixture
def scenario(library: DatasheetLibrary) -> Scenario:
    return make_scenario(library)


@pytest.fixture
def document(scenario: Scenario) -> ScenarioDocument:
    return ScenarioDocument(scenario)


@pytest.fixture
def window(qtbot, library, scenario, tmp_path):
    """A shown main window on the sample scenario, with its own settings file."""
    from PySide6.QtCore import QSettings

    from board.view.window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    from PySide6.QtWidgets import QMessageBox

    win = MainWindow(library, settings)
    # Closing at teardown must not wait on the unsaved-changes prompt.
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(scenario)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    park_the_pointer(win)
    return win


def park_the_pointer(window) -> None:
    """Move the pointer to the window's top-left corner, off the board.

    Qt drops a mouse move to where the pointer already is, and the pointer's position outlives
    each test's window (they all open at the same place): a test whose first move went to the
    pixel an earlier test left the pointer on got no move, so no hover. Parked, it always moves.
    """
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    QTest.mouseMove(window, QPoint(0, 0))


@pytest.fixture
def fresh_window(qtbot, library, tmp_path):
    """A shown main window as ``battleboard`` opens with no file, its own settings file."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win
