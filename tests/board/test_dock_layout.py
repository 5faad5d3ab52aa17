"""The window fits a laptop's screen: at 1280×800 (and 1920×1080) every dock's buttons are in
sight without scrolling and every dock tab reads its whole title (board.view.dock_layout).

The window is shown offscreen at that size with the demo and driven with real clicks: the
Building tab clicked, the bastion clicked on the board, a disembarkation started with the
Disembark… button. Each button is checked where Qt really put it: inside the part of its
dock's scroll area that shows, inside its dock, inside the window.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QDockWidget,
    QMessageBox,
    QScrollArea,
    QTabBar,
    QWidget,
)

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.view.dock_layout import TAB_GROUPS
from board.view.window import MainWindow
from tests.board.qt_helpers import click

Left = Qt.MouseButton.LeftButton

#: The buttons of each dock a player must reach without scrolling.
BUTTONS = {
    "palette": ["Place on table", "Add unit", "Delete selected"],
    "building": ["Embark", "Disembark…", "Complete (Enter)", "Abandon (Esc)"],
    "measurements": ["Ruler", "Within N?", "Within zone", "Rings", "Weapons", "Keep", "Remove"],
    "deployment": [],
    "shooting": ["End turn", "Start turn 1", "Line of sight", "Shoot a building…",
                 "Automated fire"],
}


@pytest.fixture(params=[(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def laptop(request, qtbot, library, tmp_path):
    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.resize(*request.param)
    win.show()
    qtbot.waitExposed(win)
    win.deploy.set_shown(True)  # the Deployment tab too: four tabs in the top group
    qtbot.wait(20)
    win.view.fit_table()
    return win


def docks(window) -> dict[str, QDockWidget]:
    return {d.objectName(): d for d in window.findChildren(QDockWidget)}


def tab_bar_of(window, titles: list[str]) -> QTabBar:
    """The tab bar shown over the tab group of ``titles``, right of the board."""
    board = window.centralWidget().geometry()
    for bar in window.findChildren(QTabBar):
        shown = {bar.tabText(k) for k in range(bar.count())}
        if bar.isVisible() and shown == set(titles) and bar.geometry().left() > board.right():
            return bar
    raise AssertionError(f"no tab bar of {titles}")


def shown_rect(widget: QWidget, window) -> QRect:
    """Where ``widget`` is, window pixels."""
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def click_tab(window, title: str) -> None:
    """Click the dock tab that reads ``title``, as a player does."""
    for bar in window.findChildren(QTabBar):
        for k in range(bar.count()):
            if bar.isVisible() and bar.tabText(k) == title:
                QTest.mouseClick(bar, Left, Qt.KeyboardModifier.NoModifier,
                                 bar.tabRect(k).center())
                return
    raise AssertionError(f"no tab {title!r}")


def assert_in_sight(window, dock: QDockWidget, texts: list[str]) -> None:
    """Each button is shown, whole, where the dock's scroll area shows without scrolling."""
    assert dock.isVisible() and not dock.visibleRegion().isEmpty(), dock.windowTitle()
    scroll = dock.widget()
    assert isinstance(scroll, QScrollArea), dock.windowTitle()
    assert scroll.verticalScrollBar().value() == 0
    seen = shown_rect(scroll.viewport(), window)
    assert window.rect().contains(shown_rect(dock, window))
    found = {b.text(): b for b in dock.findChildren(QAbstractButton) if b.isVisible()}
    for text in texts:
        assert text in found, (dock.windowTitle(), text, sorted(found))
        where = shown_rect(found[text], window)
        assert seen.contains(where), (dock.windowTitle(), text, where, seen)


def test_the_window_fits_the_screen_and_can_be_smaller(laptop):
    width, height = laptop.size().width(), laptop.size().height()
    assert (width, height) in {(1280, 800), (1920, 1080)}  # not made taller by a dock
    least = laptop.minimumSizeHint()
    assert least.width() <= 1024 and least.height() <= 640, least


def test_every_dock_tab_reads_its_whole_title(laptop):
    found = docks(laptop)
    for group in TAB_GROUPS:
        bar = tab_bar_of(laptop, [found[name].windowTitle() for name in group])
        titles = [bar.tabText(k) for k in range(bar.count())]
        assert laptop.rect().contains(shown_rect(bar, laptop))
        for k in range(bar.count()):
            tab = bar.tabRect(k)
            assert bar.rect().contains(tab), (titles[k], tab, bar.rect())  # not scrolled off
            assert tab.width() >= bar.tabSizeHint(k).width(), titles[k]  # not elided: "Pale…"
            text = bar.fontMetrics().horizontalAdvance(titles[k])
            assert tab.width() > text, (titles[k], tab.width(), text)


def test_every_docks_buttons_are_in_sight_without_scrolling(laptop, qtbot):
    found = docks(laptop)
    for name in ("palette", "measurements", "deployment", "shooting"):
        click_tab(laptop, found[name].windowTitle())
        qtbot.wait(10)
        assert_in_sight(laptop, found[name], BUTTONS[name])


def test_the_building_docks_actions_are_in_sight_while_disembarking(laptop, qtbot):
    click(laptop.view, (22.0, 34.0))  # the Imperial Bastion, a squad inside
    assert laptop.scene.selected_piece_ids() == ["bastion"]
    building = docks(laptop)["building"]
    click_tab(laptop, building.windowTitle())
    qtbot.wait(10)
    assert_in_sight(laptop, building, BUTTONS["building"])
    disembark = next(b for b in building.findChildren(QAbstractButton)
                     if b.text() == "Disembark…")
    assert disembark.isEnabled()
    QTest.mouseClick(disembark, Left)
    complete = next(b for b in building.findChildren(QAbstractButton)
                    if b.text() == "Complete (Enter)")
    assert complete.isEnabled()  # a disembarkation is in progress
    assert_in_sight(laptop, building, BUTTONS["building"])
