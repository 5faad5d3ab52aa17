"""Two real processes on one file, kill -9 in every order: every accepted edit of both offered.

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
        while int(self._next("rev")) < revision:
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
