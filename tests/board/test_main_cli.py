"""The battleboard command: the demo, a file, --screenshot, and bad files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from board.main import SCREENSHOT_SIZE, main

ROOT = Path(__file__).resolve().parents[2]


def _is_png(path: Path) -> bool:
    return path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_screenshot_of_the_demo_in_process(qapp, tmp_path, capsys):
    out = tmp_path / "demo.png"
    assert main(["--screenshot", str(out)]) == 0
    assert _is_png(out)
    image = QImage(str(out))
    assert (image.width(), image.height()) == SCREENSHOT_SIZE
    assert "wrote" in capsys.readouterr().out


def test_the_screenshot_draws_the_kept_measurements(qapp, tmp_path):
    out = tmp_path / "demo.png"
    assert main(["--screenshot", str(out)]) == 0  # the demo keeps a ruler and a verdict
    image = QImage(str(out))
    yellow = sum(  # the ruler's line (#ffeb3b) somewhere on the table
        1
        for x in range(0, image.width(), 2)
        for y in range(0, image.height(), 2)
        if image.pixelColor(x, y).red() > 230 and image.pixelColor(x, y).green() > 215
        and image.pixelColor(x, y).blue() < 90
    )
    assert yellow > 30


def test_screenshot_of_a_file(qapp, tmp_path, window):
    path = tmp_path / "sample.json"
    assert window.files.save_to(path)
    out = tmp_path / "sample.png"
    assert main(["--screenshot", str(out), str(path)]) == 0
    image = QImage(str(out))
    # The red Tactical Squad's first model at (10, 40) in is drawn in red somewhere there.
    reds = sum(
        1
        for x in range(0, image.width(), 4)
        for y in range(image.height() // 2, image.height(), 4)
        if image.pixelColor(x, y).red() > 170 and image.pixelColor(x, y).green() < 80
    )
    assert reds > 20


@pytest.mark.parametrize("content", ["{broken", '{"format": "battleboard-scenario"}'])
def test_screenshot_of_a_bad_file_fails_with_a_message(qapp, tmp_path, capsys, content):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    out = tmp_path / "never.png"
    assert main(["--screenshot", str(out), str(bad)]) == 2
    assert not out.exists()
    err = capsys.readouterr().err
    assert "bad.json" in err and "cannot open" in err


def test_screenshot_as_a_subprocess(tmp_path):
    out = tmp_path / "sub.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "board.main", "--screenshot", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert _is_png(out)
    bad = subprocess.run(
        [sys.executable, "-m", "board.main", "--screenshot", str(out), str(tmp_path / "no.json")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "no.json" in bad.stderr
