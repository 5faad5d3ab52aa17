"""The window's journal: kept while editing, compacted on save, offered and recovered after a crash.

A crashed run is a window whose journal is left on disk, its header's process id set to one
that no longer runs (what a killed program leaves; the real kill is test_journal_kill.py).
The recovery question is answered by clicking its real button.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from board.document.io import scenario_to_dict
from board.document.journal import journal_path, read_journal
from board.view.window import MainWindow
from tests.board.qt_helpers import drag

DEAD_PID = 2**22 + 4321


def _window(qtbot, library, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings, journal_folder=tmp_path / "data")
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def _crash(window: MainWindow) -> Path:
    """Leave the window's journal as a killed program would: on disk, its process gone."""
    assert window.journal is not None and window.journal.journal is not None
    path = window.journal.journal.path
    window.journal.journal.close(delete=False)  # its lock goes, as when the process dies
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["pid"] = DEAD_PID
    lines[0] = json.dumps(header).encode()
    path.write_bytes(b"\n".join(lines))
    window.journal.journal = None  # the dead program writes no more
    return path


def _answer(text: str, seen: list[str]) -> None:
    """Click the button ``text`` of the modal box once it shows."""
    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        button = next(b for b in box.findChildren(QPushButton) if b.text() == text)
        button.click()
    QTimer.singleShot(0, click)


def _edit(window: MainWindow) -> None:
    window.place_terrain("aquila_strongpoint")
    window.place_terrain("aquila_strongpoint")  # the second one: fresh ids
    drag(window.view, (10.0, 40.0), (14.0, 36.0))
    window.undo_stack.undo()
    window.undo_stack.redo()


def test_a_crashed_saved_board_is_offered_and_recovered_exactly(
    qtbot, library, scenario, tmp_path
) -> None:
    file = tmp_path / "game.json"
    first = _window(qtbot, library, tmp_path)
    first.show_scenario(scenario)
    first.view.fit_table()
    assert first.files.save_to(file)
    _edit(first)
    expected = scenario_to_dict(first.scenario)
    _, records, _ = read_journal(journal_path(file))
    assert len(records) == first.document.revision - read_journal(journal_path(file))[0][
        "revision"] > 0
    journal = _crash(first)

    second = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Recover", seen)
    assert second.files.open_file(file)
    assert "game.json was open" in seen[0] and f"{len(records)} changes" in seen[0]
    assert scenario_to_dict(second.scenario) == expected
    assert second.files.path == file.resolve() or second.files.path == file
    assert second.isWindowModified() and not second.undo_stack.isClean()
    # The recovered board is journalled from itself (a second crash loses nothing either).
    assert not journal.exists()  # recovered whole: the crashed journal is gone
    own = second.journal.journal.path
    header, records, _ = read_journal(own)
    assert "scenario" in header["base"] and "sha256" not in header["base"] and records == []
    assert second.files.save_to(file)
    header, records, _ = read_journal(own)
    assert "sha256" in header["base"] and records == []


def test_a_crashed_unsaved_board_is_offered_at_start(qtbot, library, scenario, tmp_path) -> None:
    first = _window(qtbot, library, tmp_path)
    first.show_scenario(scenario)
    first.view.fit_table()
    _edit(first)
    expected = scenario_to_dict(first.scenario)
    journal = _crash(first)
    assert journal.parent == tmp_path / "data"

    second = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Recover", seen)
    assert second.journal is not None and second.journal.offer_recovery()
    assert "Sample (not saved) was open" in seen[0]
    assert scenario_to_dict(second.scenario) == expected
    assert not journal.exists()  # replaced by the new board's own journal


def test_discarding_deletes_the_journal_and_opens_the_file(qtbot, library, scenario, tmp_path):
    file = tmp_path / "game.json"
    first = _window(qtbot, library, tmp_path)
    first.show_scenario(scenario)
    assert first.files.save_to(file)
    saved = scenario_to_dict(first.scenario)
    _edit(first)
    _crash(first)
    second = _window(qtbot, library, tmp_path)
    _answer("Discard", [])
    assert second.files.open_file(file)
    assert scenario_to_dict(second.scenario) == saved
    # The crashed journal was deleted; the name is free for the second window's own.
    assert second.journal.journal.path == journal_path(file)
    assert read_journal(journal_path(file))[1] == []


def test_closing_cleanly_leaves_no_journal(qtbot, library, scenario, tmp_path) -> None:
    win = _window(qtbot, library, tmp_path)
    win.show_scenario(scenario)
    drag(win.view, (10.0, 40.0), (14.0, 36.0))
    assert win.journal is not None and win.journal.journal is not None
    path = win.journal.journal.path
    assert path.exists()
    win.close()
    assert not path.exists()
    assert list((tmp_path / "data").glob("*.journal")) == []
