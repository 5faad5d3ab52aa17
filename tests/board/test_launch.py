"""The launch: ``battleboard`` paints the board first and gives the window its tools right after."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel

from board.main import main
from board.view.first_paint import after_first_paint
from board.view.window import MainWindow


class Paints(QObject):
    """Writes "paint" into ``events`` at each paint of the widgets it watches."""

    def __init__(self, events: list[str]) -> None:
        super().__init__()
        self.events = events

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.events.append("paint")
        return False


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_the_callback_comes_once_after_the_first_paint_not_before(qtbot):
    label = QLabel("board")
    qtbot.addWidget(label)
    events: list[str] = []
    watcher = Paints(events)
    label.installEventFilter(watcher)
    after_first_paint(label, lambda: events.append("called"))
    qtbot.wait(20)
    assert events == []  # not shown: no paint, no call
    label.show()
    qtbot.waitUntil(lambda: "called" in events, timeout=2000)
    assert events.index("paint") < events.index("called")
    label.update()
    qtbot.waitUntil(lambda: events.count("paint") >= 2, timeout=2000)
    qtbot.wait(20)
    assert events.count("called") == 1


def test_a_window_without_features_gets_them_once(qtbot, library, scenario):
    window = MainWindow(library, features=False)
    qtbot.addWidget(window)
    window.show_scenario(scenario)
    assert "&Shoot" not in menu_titles(window) and not window.features_installed
    window.install_features()
    window.install_features()  # a second call adds nothing
    titles = menu_titles(window)
    assert titles.count("&Shoot") == 1 and titles.count("&Buildings") == 1
    assert window.features_installed and window.shooting.dock is not None


def test_battleboard_paints_the_demo_board_then_gives_the_tools(qtbot, monkeypatch):
    events: list[str] = []
    windows: list[MainWindow] = []
    watcher = Paints(events)
    real_show, real_install = MainWindow.show, MainWindow.install_features

    def show(self: MainWindow) -> None:
        windows.append(self)
        self.view.viewport().installEventFilter(watcher)
        real_show(self)

    def install(self: MainWindow) -> None:
        events.append("tools")
        real_install(self)

    def run_until_the_tools_come(_: QApplication) -> int:
        qtbot.waitUntil(lambda: bool(windows) and windows[0].features_installed, timeout=5000)
        return 0

    monkeypatch.setattr(MainWindow, "show", show)
    monkeypatch.setattr(MainWindow, "install_features", install)
    monkeypatch.setattr(QApplication, "exec", run_until_the_tools_come)
    assert main([]) == 0
    window = windows[0]
    try:
        assert events[0] == "paint" and events.count("tools") == 1  # the board came first
        assert {"&Shoot", "&Game", "&Buildings", "&Measure"} <= set(menu_titles(window))
        assert window.scenario.units  # the demo is on the board
    finally:
        window.undo_stack.setClean()
        window.close()


def test_a_window_never_painted_gets_its_tools_all_the_same(qtbot, monkeypatch):
    import board.main

    windows: list[MainWindow] = []

    def run_until_the_tools_come(_: QApplication) -> int:
        qtbot.waitUntil(lambda: bool(windows) and windows[0].features_installed, timeout=5000)
        return 0

    monkeypatch.setattr(MainWindow, "show", lambda self: windows.append(self))  # never painted
    monkeypatch.setattr(QApplication, "exec", run_until_the_tools_come)
    monkeypatch.setattr(board.main, "TOOLS_AT_THE_LATEST_MS", 50)
    assert main([]) == 0
    assert "&Shoot" in menu_titles(windows[0]) and not windows[0].isVisible()


def test_the_tests_never_write_the_users_own_settings(qapp):
    """``main([])`` makes its window's QSettings itself: the run's own folder has them."""
    import os
    from pathlib import Path

    from PySide6.QtCore import QSettings

    where = Path(QSettings("battleboard", "battleboard").fileName()).resolve()
    assert Path(os.environ["BATTLEBOARD_TEST_SETTINGS"]).resolve() in where.parents
    assert Path.home().resolve() / ".config" not in where.parents


def test_a_new_scenario_of_another_system_changes_the_palettes_choices(window, library):
    """The setup editors hear a new scenario through ``document.changed`` (its one event)."""
    from board.document.model import RuleSystem, Scenario, Table
    from board.game.systems.setup import base_sizes, troop_types

    def offered() -> tuple[list[str], list[str], list[str]]:
        palette = window.palette_dock
        return ([palette.troop_box.itemText(k) for k in range(palette.troop_box.count())],
                [palette.base_box.itemText(k) for k in range(palette.base_box.count())],
                [palette.terrain_list.item(k).text()
                 for k in range(palette.terrain_list.count())])

    before = offered()
    window.show_scenario(Scenario(name="Epic", table=Table(72.0, 48.0),
                                  rule_system=RuleSystem.EPIC40K))
    troops, bases, sheets = offered()
    assert troops == [t.label for t in troop_types(RuleSystem.EPIC40K)]
    assert bases == [b.label for b in base_sizes(RuleSystem.EPIC40K)]
    assert (troops, bases, sheets) != before
    assert all(library[s].name in sheets for s in library
               if "epic40k" in library[s].systems)
