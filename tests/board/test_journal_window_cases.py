"""The window's side of issue 29: a file open elsewhere, damaged journals, a full disk.

Real windows, their real message boxes answered by clicking their buttons, real files. Two
windows of one program on one file tell each other apart by the journal's lock, as two
programs do (those, killed, are test_journal_windows.py).
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from board.document.io import load_scenario, save_scenario, scenario_to_dict
from board.document.journal import aside_files, journal_path, read_journal, recover
from board.view.window import MainWindow
from tests.board.qt_helpers import drag


def _window(qtbot, library, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings, journal_folder=tmp_path / "data")
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def _answer(text: str, seen: list[str]) -> None:
    """Click the button ``text`` of the next modal box once it shows; note what it said."""
    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        button = next(b for b in box.findChildren(QPushButton) if b.text() == text)
        button.click()
    QTimer.singleShot(0, click)


def _errors(window: MainWindow, monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append(text))
    return shown


def _saved_game(library, scenario, tmp_path: Path) -> Path:
    file = tmp_path / "game.json"
    save_scenario(scenario, file)
    return file


# -- a file open in another window ---------------------------------------------------------------
def test_a_second_window_is_told_and_opens_read_only(
    qtbot, library, scenario, tmp_path, monkeypatch
) -> None:
    file = _saved_game(library, scenario, tmp_path)
    first = _window(qtbot, library, tmp_path)
    assert first.files.open_file(file)
    drag(first.view, (10.0, 40.0), (14.0, 36.0))
    second = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Open read-only", seen)
    assert second.files.open_file(file)
    assert "game.json is open in another battleboard window" in seen[0]
    assert f"process {os.getpid()}, 1 unsaved change" in seen[0]
    assert "(read-only)" in second.windowTitle()
    shown = _errors(second, monkeypatch)
    before = file.read_bytes()
    assert not second.files.save_to(file)
    assert "opened here read-only" in shown[0] and file.read_bytes() == before
    assert second.journal.journal.path != first.journal.journal.path  # still its own


def test_open_anyway_gives_each_window_its_own_journal_and_cancel_opens_nothing(
    qtbot, library, scenario, tmp_path
) -> None:
    file = _saved_game(library, scenario, tmp_path)
    first = _window(qtbot, library, tmp_path)
    assert first.files.open_file(file)
    drag(first.view, (10.0, 40.0), (14.0, 36.0))
    second = _window(qtbot, library, tmp_path)
    shown_before = scenario_to_dict(second.scenario)
    _answer("Cancel", [])
    assert not second.files.open_file(file)
    assert scenario_to_dict(second.scenario) == shown_before
    _answer("Open anyway", [])
    assert second.files.open_file(file)
    assert "(read-only)" not in second.windowTitle()
    drag(second.view, (10.0, 40.0), (12.0, 38.0))
    drag(second.view, (12.0, 38.0), (13.0, 35.0))
    mine, theirs = first.journal.journal.path, second.journal.journal.path
    assert mine == journal_path(file) and theirs.name == f".game.json.{os.getpid()}.journal"
    assert len(read_journal(mine)[1]) == 1 and len(read_journal(theirs)[1]) == 2
    assert second.files.save_to(file)  # the file is the second's now; the first's edit is
    assert scenario_to_dict(recover(mine, library).scenario) == scenario_to_dict(first.scenario)


# -- journals that cannot be read, or only in part ---------------------------------------------
VERSION_99 = (b'{"format":"battleboard-journal","version":99,"pid":1,"host":"x","base":{}}\n'
              b'{"n":1,"op":"teleport","args":{}}\n')


def test_a_newer_journal_beside_the_file_is_moved_aside_named_and_kept(
    qtbot, library, scenario, tmp_path
) -> None:
    file = _saved_game(library, scenario, tmp_path)
    journal_path(file).write_bytes(VERSION_99)
    window = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Keep", seen)
    assert window.files.open_file(file)
    [moved] = aside_files([tmp_path])
    assert moved.name.startswith(".game.json.journal.unreadable-")
    assert moved.read_bytes() == VERSION_99  # not overwritten, not deleted
    assert str(moved) in seen[0] and "journal version 99 is not known" in seen[0]
    assert window.journal.journal.path == journal_path(file)  # the name is free again
    assert window.files.open_file(file) and len(seen) == 1  # reported once, not at each start


def test_an_unsaved_boards_garbage_journal_is_reported_once_then_deleted_when_asked(
    qtbot, library, tmp_path
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    garbage = data / "unsaved-1234-5.journal"
    garbage.write_bytes(os.urandom(300).replace(b"\n", b"") + b"\n{}")
    window = _window(qtbot, library, tmp_path)
    seen: list[str] = []
    _answer("Keep", seen)
    assert not window.journal.offer_recovery()
    assert len(seen) == 1 and "not a battleboard journal" in seen[0]
    assert not window.journal.offer_recovery() and len(seen) == 1  # not read again
    [moved] = aside_files([data])
    assert not garbage.exists() and moved.exists()
    garbage.write_bytes(b"garbage\n")
    _answer("Delete", seen)
    assert not window.journal.offer_recovery()
    assert len(seen) == 2 and aside_files([data]) == [moved]  # the new one deleted as asked


def test_a_journal_with_an_edit_that_cannot_be_made_keeps_the_good_ones_and_the_rest_aside(
    qtbot, library, scenario, tmp_path, monkeypatch
) -> None:
    file = _saved_game(library, scenario, tmp_path)
    first = _window(qtbot, library, tmp_path)
    assert first.files.open_file(file)
    drag(first.view, (10.0, 40.0), (14.0, 36.0))
    drag(first.view, (14.0, 36.0), (16.0, 34.0))
    expected = scenario_to_dict(first.scenario)
    path = first.journal.journal.path
    first.journal.journal.close(delete=False)  # as a killed program leaves it
    first.journal.journal = None
    model = next(iter(read_journal(path)[1][0]["args"]["positions"]))
    with path.open("ab") as handle:
        handle.write(json.dumps({"n": 3, "t": 1.0, "op": "move_models", "args": {
            "positions": {model: [float("nan"), float("nan")]}}}).encode() + b"\n")
    original = path.read_bytes()
    second = _window(qtbot, library, tmp_path)
    shown = _errors(second, monkeypatch)
    seen: list[str] = []
    _answer("Recover", seen)
    assert second.files.open_file(file)
    assert "2 changes since it was last saved can be recovered" in seen[0]
    assert "1 change after that cannot be made" in seen[0]
    assert scenario_to_dict(second.scenario) == expected
    [kept] = aside_files([tmp_path])
    assert kept.read_bytes() == original and not path.exists()
    assert "2 changes were recovered; 1 change could not be made" in shown[0]
    assert "not a finite number" in shown[0] and str(kept) in shown[0]


# -- a full disk --------------------------------------------------------------------------------
def test_a_full_disk_is_said_and_the_game_goes_on(qtbot, library, scenario, tmp_path) -> None:
    window = _window(qtbot, library, tmp_path)
    window.show_scenario(scenario)
    drag(window.view, (10.0, 40.0), (14.0, 36.0))
    journal = window.journal.journal
    kept = scenario_to_dict(window.scenario)
    real_write = os.write

    room = [10]

    def full(fd: int, data: bytes) -> int:  # the journal's disk is full: 10 bytes, then none
        if fd != journal._fd:
            return real_write(fd, data)
        if room[0] <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        written = real_write(fd, data[:room[0]])
        room[0] -= written
        return written

    shown: list[str] = []
    window.show_error = lambda title, text: shown.append(text)  # type: ignore[method-assign]
    os.write = full  # type: ignore[assignment]
    try:
        drag(window.view, (14.0, 36.0), (18.0, 30.0))
    finally:
        os.write = real_write
    moved = scenario_to_dict(window.scenario)
    assert moved != kept and window.undo_stack.count() == 2  # the board took the edit
    qtbot.waitUntil(lambda: bool(shown), timeout=3000)
    assert shown[0].startswith("The disk is full: the journal") and "1 change" in shown[0]
    assert window.journal.journal is None
    found = recover(journal.path, library)  # every edit before the full disk, no half line
    assert found.edits == 1 and found.note == "" and scenario_to_dict(found.scenario) == kept
    window.undo_stack.undo()  # the game goes on, in memory
    assert scenario_to_dict(window.scenario) == kept
    assert window.files.save_to(tmp_path / "elsewhere.json")  # saving starts a journal again
    assert window.journal.journal is not None


def test_saving_over_a_file_another_window_saved_asks_first(
    qtbot, library, scenario, tmp_path
) -> None:
    from board.view.journal_dialogs import SaveChoice

    file = _saved_game(library, scenario, tmp_path)
    first = _window(qtbot, library, tmp_path)
    assert first.files.open_file(file)
    second = _window(qtbot, library, tmp_path)
    _answer("Open anyway", [])
    assert second.files.open_file(file)
    drag(second.view, (10.0, 40.0), (12.0, 38.0))
    assert second.files.save_to(file)  # the file as the second window read it: no question
    drag(first.view, (10.0, 40.0), (14.0, 36.0))
    theirs = file.read_bytes()
    asked: list[Path] = []
    first.files.ask_save_over = lambda path: asked.append(path) or SaveChoice.CANCEL
    assert not first.files.save_to(file) and file.read_bytes() == theirs and asked == [file]
    seen: list[str] = []
    del first.files.ask_save_over
    _answer("Save over it", seen)
    assert first.files.save_to(file)
    assert "game.json was changed on disk since this window opened or saved it" in seen[0]
    assert scenario_to_dict(load_scenario(file, library)) == scenario_to_dict(first.scenario)
