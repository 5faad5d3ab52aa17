"""Two real processes on one file, kill -9 in every order: every accepted edit of both offered.

Two kinds of process: ``journal_window_worker.py`` makes the window's journal calls without a
window (fast, every kind of edit, compared value for value), and ``journal_window_app.py`` is
the real window (File ▸ Open's code answering the real "open elsewhere" box, the scene's own
drag command), compared by a digest of the board it printed after each accepted drag.

Each process (``journal_window_worker.py``) opens ``game.json`` as a window does, with its own
journal beside it, and edits it with its own seed. The second one is told the file is open
elsewhere. Both are killed with SIGKILL (in either order, one after saving over the file, or
one closed cleanly discarding its changes), then the next start's scan finds the journals and
rebuilds each board: it must equal, value for value, that process's board after the last edit
it had accepted. Before issue 29 the second window's journal was renamed over the first's, and
only the second's edits were offered.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from board.document.datasheets import DatasheetLibrary, load_library
from board.document.edits import ScenarioDocument
from board.document.io import load_scenario, save_scenario, scenario_to_dict
from board.document.journal import journals_of, read_journal, recover, scan_journals
from resources import DEMO_SCENARIO
from tests.board.random_edits import run_edits

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("journal_window_worker.py")


RUNNING: list[subprocess.Popen[str]] = []


@pytest.fixture(scope="module")
def sheets() -> DatasheetLibrary:
    return load_library()


@pytest.fixture(autouse=True)
def no_worker_left() -> Iterator[None]:
    """A failing test leaves no worker running (each is killed by its own process id)."""
    yield
    while RUNNING:
        process = RUNNING.pop()
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


class Window:
    """One worker process: what it printed, read as it goes."""

    def __init__(self, file: Path, seed: int, mode: str = "") -> None:
        self.seed = seed
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), str(file), str(seed), mode],
            stdout=subprocess.PIPE, env=env, text=True)
        RUNNING.append(self.process)
        assert self.process.stdout is not None
        self.lines: list[str] = []
        self.elsewhere = int(self._next("elsewhere"))
        self.journal = Path(self._next("journal"))

    def _next(self, word: str) -> str:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            assert line, f"worker {self.seed} ended: {self.lines}"
            self.lines.append(line.strip())
            if line.split(" ", 1)[0].strip() == word:
                return line.partition(" ")[2].strip()

    def wait_for(self, revision: int) -> None:
        while int(self._next("rev").split()[0]) < revision:
            pass

    def kill(self) -> int:
        """SIGKILL it; return the last revision it said it had accepted."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        assert self.process.stdout is not None
        self.lines += self.process.stdout.read().split("\n")
        return max(int(line.split()[1]) for line in self.lines if line.startswith("rev "))


def _expected(start: dict, seed: int, revision: int, sheets: DatasheetLibrary) -> dict:
    from board.document.io import scenario_from_dict

    doc = ScenarioDocument(scenario_from_dict(start, sheets))
    run_edits(doc, seed, revision, sheets)
    return scenario_to_dict(doc.scenario)


def _check_offered(file: Path, killed: dict[int, tuple[int, dict]],
                   sheets: DatasheetLibrary) -> None:
    """Each killed worker's journal is offered and rebuilds exactly its last accepted board.

    ``killed``: each worker's seed, the last revision it said it had accepted, and the board
    it opened.
    """
    scan = scan_journals(journals_of(file), sheets)
    assert scan.unreadable == []
    assert len(scan.recoverable) == len(killed), (scan, killed)
    matched = []
    for path in scan.recoverable:
        header, records, _ = read_journal(path)
        revision = int(header["revision"]) + len(records)
        found = recover(path, sheets)
        assert found.left == 0 and found.note == ""
        board = scenario_to_dict(found.scenario)
        matched += [seed for seed, (ack, start) in killed.items()
                    if revision in (ack, ack + 1)
                    and _expected(start, seed, revision, sheets) == board]
    assert sorted(matched) == sorted(killed)


@pytest.mark.parametrize("order", ["first killed first", "second killed first",
                                   "first saves over the file, then both killed"])
def test_two_windows_on_one_file_killed_in_any_order_lose_nothing(
    tmp_path: Path, sheets: DatasheetLibrary, order: str
) -> None:
    file = tmp_path / "game.json"
    save_scenario(load_scenario(DEMO_SCENARIO, sheets), file)
    start = scenario_to_dict(load_scenario(file, sheets))
    first = Window(file, 11, "save" if "saves" in order else "")
    first.wait_for(5)
    second = Window(file, 22)
    assert (first.elsewhere, second.elsewhere) == (0, 1)  # the second is told
    assert first.journal != second.journal
    second.wait_for(5)
    if "saves" in order:  # the second's journal began from the file as it was before
        first.process.send_signal(signal.SIGUSR1)
        saved = int(first._next("saved"))
        assert scenario_to_dict(load_scenario(file, sheets)) == _expected(start, 11, saved,
                                                                          sheets)
        first.wait_for(saved + 3)
    windows = [second, first] if order == "second killed first" else [first, second]
    killed = {}
    for window in windows:
        killed[window.seed] = (window.kill(), start)
        time.sleep(0.05)  # the other goes on editing meanwhile
    _check_offered(file, killed, sheets)


def test_a_window_closed_discarding_leaves_the_other_windows_journal(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    file = tmp_path / "game.json"
    save_scenario(load_scenario(DEMO_SCENARIO, sheets), file)
    start = scenario_to_dict(load_scenario(file, sheets))
    first = Window(file, 33)
    first.wait_for(3)
    second = Window(file, 44, "discard5")
    second._next("closed")
    assert not second.journal.exists() and first.journal.exists()
    killed = {33: (first.kill(), start)}
    second.kill()
    _check_offered(file, killed, sheets)


APP = Path(__file__).with_name("journal_window_app.py")


class AppWindow(Window):
    """A real battleboard window in its own process (``journal_window_app.py``)."""

    def __init__(self, file: Path, data: Path, seed: int) -> None:
        self.seed = seed
        env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
        self.process = subprocess.Popen([sys.executable, str(APP), str(file), str(data),
                                         str(seed)], stdout=subprocess.PIPE, env=env, text=True)
        RUNNING.append(self.process)
        self.lines = []
        self.journal = Path(self._next("journal"))
        self.asked = [line for line in self.lines if line.startswith("asked ")]

    def boards(self) -> dict[int, str]:
        """Each revision it said it had accepted, and the digest of its board then."""
        return {int(line.split()[1]): line.split()[2] for line in self.lines
                if line.startswith("rev ")}


@pytest.mark.parametrize("second_killed_first", [False, True])
def test_two_real_windows_on_one_file_killed_both_offer_every_accepted_drag(
    tmp_path: Path, sheets: DatasheetLibrary, second_killed_first: bool
) -> None:
    from tests.board.journal_window_app import digest_of

    file = tmp_path / "game.json"
    save_scenario(load_scenario(DEMO_SCENARIO, sheets), file)
    data = tmp_path / "data"
    data.mkdir()
    first = AppWindow(file, data, 1)
    first.wait_for(3)
    second = AppWindow(file, data, 2)
    assert first.asked == []
    assert len(second.asked) == 1  # told, once; it chose "Open anyway"
    assert second.asked[0].startswith("asked game.json is open in another battleboard window "
                                      f"(process {first.process.pid}, ")
    second.wait_for(3)
    windows = [second, first] if second_killed_first else [first, second]
    acknowledged = {}
    for window in windows:
        acknowledged[window.seed] = window.kill()
        time.sleep(0.1)
    scan = scan_journals(journals_of(file), sheets)
    assert scan.unreadable == [] and len(scan.recoverable) == 2
    found = {}
    for path in scan.recoverable:
        header, records, _ = read_journal(path)
        board = recover(path, sheets).scenario
        found[path] = (int(header["revision"]) + len(records), digest_of(board))
    for window in windows:
        revision, board = found[window.journal]
        ack = acknowledged[window.seed]
        assert revision in (ack, ack + 1)
        if revision == ack:  # killed after it said so: the very board it had
            assert board == window.boards()[ack]


def test_battleboard_launched_on_a_file_open_in_another_window_asks_first(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    """``battleboard game.json`` while a window has it open: the box, then read-only."""
    file = tmp_path / "game.json"
    save_scenario(load_scenario(DEMO_SCENARIO, sheets), file)
    data = tmp_path / "data"
    data.mkdir()
    first = AppWindow(file, data, 5)
    first.wait_for(2)
    script = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton\n"
        "app = QApplication(['battleboard'])\n"
        "def answer():\n"
        "    box = QApplication.activeModalWidget()\n"
        "    if not isinstance(box, QMessageBox):\n"
        "        QTimer.singleShot(20, answer)\n"
        "        return\n"
        "    print('asked', box.text().splitlines()[0], flush=True)\n"
        "    next(b for b in box.findChildren(QPushButton) if b.text() == 'Open read-only')"
        ".click()\n"
        "    QTimer.singleShot(500, report)\n"
        "def report():\n"
        "    window = next(w for w in QApplication.topLevelWidgets()\n"
        "                  if type(w).__name__ == 'MainWindow')\n"
        "    print('title', window.windowTitle(), flush=True)\n"
        "    window.undo_stack.setClean()\n"
        "    window.close()\n"
        "    app.exit(0)\n"
        "QTimer.singleShot(0, answer)\n"
        "from board.main import main\n"
        f"sys.exit(main([{str(file)!r}]))\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
           "BATTLEBOARD_DATA_DIR": str(data), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    lines = done.stdout.splitlines()
    assert any(line.startswith("asked game.json is open in another battleboard window")
               for line in lines), done.stderr[-2000:]
    assert "title game.json (read-only)[*] — battleboard" in lines
    assert first.process.poll() is None and first.journal.exists()  # left alone
