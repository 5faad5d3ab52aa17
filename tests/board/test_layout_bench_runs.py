"""benchmarks/layout_bench.py runs on the program as it is, and its fast and naive layouts agree.

A benchmark reads the layout model's facts the way the view hands them over; when those
change shape, the script must change with them (it once stopped at an unpacking error, unseen
until it was run). This runs it once with the fewest repeats and checks what it says of the
answers, not its times (benchmarks time; tests assert behaviour).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_layout_benchmark_runs_and_its_two_layouts_give_the_same_answers():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "layout_bench.py"),
                           "--repeats", "1", "--drops", "1", "--repaints", "3"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "the same answers" in done.stdout, done.stdout
    assert "THE ANSWERS DIFFER" not in done.stdout
