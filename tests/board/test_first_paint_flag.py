"""``battleboard --first-paint``: the window opens, the board is painted, the window closes.

The players' bundle is smoke-tested with it (.ci/bundle/smoke) and its start time measured with
it (benchmarks/bundle_bench.py), so it must say the truth: a moment after the launch, once the
board is painted, and a clean close (no journal left to be offered as a crash next time).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtGui import QImage

from resources import APP_ICON, SCENARIOS

ROOT = Path(__file__).resolve().parents[2]


def _launch(home: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    home.mkdir(exist_ok=True)
    start = time.time()
    done = subprocess.run([sys.executable, "-m", "board.main", "--first-paint", *args], env=env,
                          capture_output=True, text=True, timeout=120, cwd=home)
    return done, start, time.time()


def _files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()]


def test_the_demo_is_painted_then_the_window_closes_cleanly(tmp_path):
    done, start, end = _launch(tmp_path)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stdout.splitlines() if line.startswith("battleboard: first")]
    assert len(said) == 1, done.stdout
    moment = float(said[0].rsplit(" ", 1)[1])
    assert start < moment < end
    assert _files(tmp_path) == [], "a clean close leaves no journal (nor anything else)"


def test_a_file_is_painted_and_its_journal_removed(tmp_path):
    game = tmp_path / "game.json"
    game.write_bytes((SCENARIOS / "demo.json").read_bytes())
    done, _, _ = _launch(tmp_path / "home", str(game))
    assert done.returncode == 0, done.stderr
    assert "first paint at" in done.stdout
    # The game's history beside it stays (docs/files.md); its journal does not.
    assert sorted(p.name for p in _files(tmp_path)) == [".game.json.history", "game.json"]


def test_a_bad_file_is_refused_before_any_window(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a scenario"}')
    done, _, _ = _launch(tmp_path, str(bad))
    assert done.returncode == 2
    assert "first paint" not in done.stdout
    assert "Traceback" not in done.stderr


def test_the_icon_ships_as_a_picture_beside_its_drawing(qapp):
    picture = QImage(str(APP_ICON))
    assert not picture.isNull() and (picture.width(), picture.height()) == (256, 256)
    assert APP_ICON.with_suffix(".svg").exists()
