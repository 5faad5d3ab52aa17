"""Issue 38, problem 6: every system's attack shows its exact odds; only what a system has.

The Epic 40,000 Storm dialog and the Warhammer Fantasy garrison shot show their chances before
the roll, as 40K's shot does; the void-shield box and menu item are offered only on a board
whose buildings have void shields; Help lists the players' pages and, apart, the developers'.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.view.help_browser import HelpBrowser
from tests.board.qt_helpers import click
from tests.board.test_assault_epic_view import epic_scenario
from tests.board.test_garrison_shot_view import garrison_scenario

Left = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_the_epic_storm_shows_the_chances_before_the_roll(window):
    window.show_scenario(epic_scenario())
    window.view.fit_table()
    window.view.setFocus()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_A,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    click(window.view, (20.0, 20.0))
    text = window.storm.dialog.preview.text()
    assert "the assaulters win the roll-off: 50.0%" in text  # +1 psykers, +1 higher factor
    assert "\ndamage: 0: " in text and "brought down (damage capacity reached): " in text
    item = window.storm.dialog.stand_list.item(3)  # the Librarian out: the odds follow
    item.setCheckState(Qt.CheckState.Unchecked)
    # 12 against 30: the building +2. The assaulters' D6 beats the building's by 3 or more
    # in 6 of the 36 rolls; the 4 of a tie (a = b + 2) are rolled again: 6 / 32.
    assert "the assaulters win the roll-off: 18.8%" in window.storm.dialog.preview.text()


def test_the_garrison_shot_shows_the_chances_before_the_roll(window):
    window.show_scenario(garrison_scenario())
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.garrison.attack.setCurrentIndex(dialog.garrison.attack.findData("cannon"))
    lines = dialog.odds.toPlainText().split("\n")
    # S10 on T3 wounds on 2+: none lost when each of the D6 hits fails its 2+ roll.
    none = sum(Fraction(1, 6) * Fraction(1, 6) ** hits for hits in range(1, 7))
    assert lines[-3].startswith(f"models of Spearmen lost: 0: {float(none) * 100:.1f}%, 1: ")
    assert lines[-2].startswith("a Panic test: ") and "the garrison flees: " in lines[-2]
    assert lines[-1].startswith("wiped out: ")
    dialog.garrison.strength.setValue(1)  # S1 on T3 wounds on 6s: the odds follow
    none = sum(Fraction(1, 6) * Fraction(5, 6) ** hits for hits in range(1, 7))
    assert dialog.odds.toPlainText().split("\n")[-3].startswith(
        f"models of Spearmen lost: 0: {float(none) * 100:.1f}%")


def shields_offered(window) -> tuple[bool, bool]:
    dock = window.features.buildings.dock
    return (dock.show_void_shields.isVisibleTo(dock),
            window.features.buildings.shields_action.isVisible())


def test_void_shields_are_offered_only_where_buildings_have_them(window, scenario):
    window.show_scenario(garrison_scenario())
    assert shields_offered(window) == (False, False)
    window.show_scenario(epic_scenario())
    assert shields_offered(window) == (False, False)
    window.show_scenario(scenario)  # Warhammer 40,000
    assert shields_offered(window) == (True, True)


def test_help_lists_the_players_pages_then_the_developers_apart(window, qtbot, monkeypatch):
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: True))
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_F1)
    browser = window.findChild(HelpBrowser)
    qtbot.waitExposed(browser)
    rows = [browser.pages.item(k) for k in range(browser.pages.count())]
    texts = [row.text() for row in rows]
    players, developers = texts.index("For players"), texts.index("For developers")
    assert players == 0 < developers
    assert texts[1].startswith("Your first game")
    for name in ("Adding a rule system", "Testing"):
        found = next(k for k, t in enumerate(texts) if t.startswith(name))
        assert found > developers, (name, texts)
    testing = next(row for row in rows if row.text().startswith("Testing"))
    QTest.mouseClick(browser.pages.viewport(), Left, Qt.KeyboardModifier.NoModifier,
                     browser.pages.visualItemRect(testing).center())
    assert browser.current_page() == "testing.md"
    QTest.mouseClick(browser.pages.viewport(), Left, Qt.KeyboardModifier.NoModifier,
                     browser.pages.visualItemRect(rows[developers]).center())
    assert browser.current_page() == "testing.md"  # a heading opens nothing
