"""A full disk while journalling: nothing accepted before it is lost, the board goes on.

A real process (``journal_full_worker.py``) journals under a file size limit
(``RLIMIT_FSIZE``), so the kernel itself refuses the write that does not fit, part way
through a line. The journal left on disk must hold every edit accepted before that one, each
whole (the half-written line is cut off again), and the process must go on editing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from board.document.datasheets import load_library
from board.document.edits import ScenarioDocument
from board.document.io import load_scenario, scenario_to_dict
from board.document.journal import read_journal, recover
from resources import DEMO_SCENARIO
from tests.board.random_edits import run_edits

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("journal_full_worker.py")


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
@pytest.mark.parametrize("seed, room", [(1, 3000), (2, 7777), (3, 20011)])
def test_a_full_disk_loses_nothing_accepted_before_it(tmp_path: Path, seed: int,
                                                      room: int) -> None:
    library = load_library()
    path = tmp_path / "unsaved-1.journal"
    done = subprocess.run([sys.executable, str(WORKER), str(path), str(seed), str(room)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    lines = done.stdout.splitlines()
    failure = next(line for line in lines if line.startswith("failure "))
    failed_at = int(lines[lines.index(failure) - 1].split()[1])  # the edit it could not write
    assert "The disk is full" in failure and f"The {failed_at - 1} changes" in failure
    assert lines[-1].startswith(f"done {failed_at + 20} ")  # the board went on
    limit = int(lines[-1].split()[-1])
    assert path.stat().st_size <= limit
    _, records, note = read_journal(path)
    assert len(records) == failed_at - 1 and note == ""
    assert path.read_bytes().endswith(b"\n")  # no half line left behind
    expected = ScenarioDocument(load_scenario(DEMO_SCENARIO, library))
    run_edits(expected, seed, failed_at - 1, library)
    assert scenario_to_dict(recover(path, library).scenario) == scenario_to_dict(
        expected.scenario)
