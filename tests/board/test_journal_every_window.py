"""Issue 38, problem 7: recovery offers every window's journal; no journal goes unsaid.

Two windows on one file, both killed: the next start offers both boards, the second in a
window of its own. A whole line of a journal that is damaged (not a write cut short) is never
dropped without a word; a journal that cannot be written is said in a box and marked in the
status bar for as long as the board goes unprotected.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from board.document.io import save_scenario, scenario_to_dict
from board.document.journal import scan_journals
from board.view.recovery import UNJOURNALLED
from board.view.window import MainWindow
from tests.board.qt_helpers import drag
from tests.board.test_journal_window_cases import _answer
from tests.board.test_recovery_window import _crash


def _window(qtbot, library, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings, journal_folder=tmp_path / "data")
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_two_windows_killed_on_one_file_are_both_offered_and_both_recovered(
        qtbot, library, scenario, tmp_path):
    file = tmp_path / "game.json"
    save_scenario(scenario, file)
    first = _window(qtbot, library, tmp_path)
    assert first.files.open_file(file)
    drag(first.view, (10.0, 40.0), (14.0, 36.0))
    second = _window(qtbot, library, tmp_path)
    _answer("Open anyway", [])
    assert second.files.open_file(file)
    drag(second.view, (10.0, 40.0), (12.0, 38.0))
    drag(second.view, (12.0, 38.0), (13.0, 35.0))
    boards = [scenario_to_dict(first.scenario), scenario_to_dict(second.scenario)]
    assert boards[0] != boards[1]
    for window in (first, second):
        _crash(window)
    again = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Recover", seen)
    _answer("Recover", seen)  # the second question, once the first is answered
    assert again.journal.offer_recovery([file], only_extra=True)
    assert len(seen) == 2, seen  # both were asked about
    [other] = again.journal.more_windows
    qtbot.addWidget(other)
    other.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    assert other.isVisible()
    assert other.screen().availableGeometry().contains(other.frameGeometry())  # it fits
    recovered = [scenario_to_dict(again.scenario), scenario_to_dict(other.scenario)]
    assert sorted(map(json.dumps, recovered)) == sorted(map(json.dumps, boards))
    assert "*" in other.windowTitle()  # modified: save it to keep it


def test_a_damaged_whole_last_line_is_offered_with_its_reason_not_dropped(
        qtbot, library, tmp_path):
    data = tmp_path / "data"
    first = _window(qtbot, library, tmp_path)
    first.place_terrain("aquila_strongpoint")
    path = _crash(first)
    with path.open("ab") as journal:  # a whole line, its line end written: not a torn write
        journal.write(b'{"n": 2, "t": 1.0, "op": "teleport", "args": {}}\n')
    assert scan_journals([data], library).recoverable == [path]
    again = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Discard", seen)
    assert not again.journal.offer_recovery()
    assert len(seen) == 1 and "(line 3 is damaged: the 1 edit before it is kept)" in seen[0]
    [kept] = data.glob(f"{path.name}.kept-*")  # not deleted: kept aside whole
    assert kept.read_bytes().endswith(b'"op": "teleport", "args": {}}\n')


def test_a_journal_that_cannot_be_written_is_said_and_marked(qtbot, library, tmp_path,
                                                              monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the journals' folder should be")
    shown: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: shown.append(text))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(library, settings, journal_folder=blocked)
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.journal.journal is None
    qtbot.waitUntil(lambda: len(shown) == 1)
    assert "cannot be recovered after a crash" in shown[0] and "Errno" not in shown[0]
    mark = window.journal.unjournalled
    assert mark is not None and mark.isVisible() and mark.text() == UNJOURNALLED
    window.measure.start_ruler()  # a tool's prompt takes the status bar's message ...
    assert mark.isVisible()  # ... and the mark stays
    assert blocked.read_text() == "a file where the journals' folder should be"
