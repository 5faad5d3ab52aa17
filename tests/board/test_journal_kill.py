"""kill -9 a real process in the middle of its edits and saves; recover; compare exactly.

Each run starts ``journal_worker.py`` (the demo board, random edits of every kind, saves now
and then), kills it with SIGKILL after a random moment, then does what the window does on the
next start: finds the journal the dead process left (beside the saved file, or in the data
folder for the unsaved board), rebuilds the board from it, or opens the saved file when there
is nothing to recover. The board must equal, to the last value of the file format, the board
after the last edit the process had accepted: the demo with the same seeded edits made again
in this process. ``KILLS`` runs in CI; benchmarks/journal_bench.py documents a larger run.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from board.document.datasheets import DatasheetLibrary, load_library
from board.document.edits import ScenarioDocument
from board.document.io import load_scenario, scenario_to_dict
from board.document.journal import (
    find_recoverable,
    journal_path,
    read_journal,
    recover,
    remove_stale_saves,
)
from resources import DEMO_SCENARIO
from tests.board.random_edits import run_edits

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("journal_worker.py")
KILLS = 20


def kill_and_recover(folder: Path, seed: int, library: DatasheetLibrary,
                     wait: float) -> tuple[int, int, str]:
    """One kill: return (edits acknowledged, revision recovered, how it was recovered)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BATTLEBOARD_DATA_DIR": str(folder / "data")}
    process = subprocess.Popen([sys.executable, str(WORKER), str(folder), str(seed)],
                               stdout=subprocess.PIPE, env=env, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "rev 0"
    time.sleep(wait)
    process.send_signal(signal.SIGKILL)
    process.wait()
    lines = process.stdout.read().split()
    process.stdout.close()
    revs = [int(n) for word, n in zip(lines, lines[1:], strict=False) if word == "rev"]
    acknowledged = max(revs, default=0)
    file = folder / "game.json"
    found = find_recoverable([journal_path(file), folder / "data" / "journals"])
    if found:
        header, records, _ = read_journal(found[0])
        board = recover(found[0], library).scenario
        revision, how = int(header["revision"]) + len(records), found[0].name
    elif file.exists():
        board, revision, how = load_scenario(file, library), acknowledged, "the saved file"
    else:
        board, revision, how = load_scenario(DEMO_SCENARIO, library), 0, "nothing"
    expected = ScenarioDocument(load_scenario(DEMO_SCENARIO, library))
    run_edits(expected, seed, revision, library)
    assert revision in (acknowledged, acknowledged + 1), (acknowledged, revision, how)
    assert scenario_to_dict(board) == scenario_to_dict(expected.scenario), (seed, how)
    remove_stale_saves(file, older_than=0.0)
    assert not list(folder.glob(".game.json.*.tmp")) + list(folder.glob("*.journal.new"))
    return acknowledged, revision, how


@pytest.mark.parametrize("seed", range(KILLS))
def test_kill_9_mid_edit_recovers_the_last_accepted_change(tmp_path: Path, seed: int) -> None:
    library = load_library()
    wait = random.Random(seed).uniform(0.05, 0.6)
    acknowledged, revision, how = kill_and_recover(tmp_path, seed, library, wait)
    assert acknowledged > 0, "the worker was killed before it made an edit"
