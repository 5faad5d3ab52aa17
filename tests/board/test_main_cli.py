"""The battleboard command: the demo, a file, --screenshot, and bad files."""

from __future__ import annotations

import os
import shutil
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


# -- without a display ------------------------------------------------------------------------

def _headless_env() -> dict[str, str]:
    """The environment of a machine with no display: no DISPLAY, no Qt platform chosen."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _battleboard(*args: str) -> list[str]:
    """The installed ``battleboard`` script (PYTHONPATH makes it run this tree), else the same
    entry point through this Python."""
    script = shutil.which("battleboard", path=str(Path(sys.executable).parent))
    if script is not None:
        return [script, *args]
    return [sys.executable, "-c", "import sys; from board.main import main; sys.exit(main())",
            *args]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="displays are a Linux matter")
def test_without_a_display_battleboard_says_so_in_one_line_and_exits_2():
    done = subprocess.run(_battleboard(), env=_headless_env(), capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("battleboard: no display to open the window on")
    assert "--screenshot" in lines[0] and "check" in lines[0]
    assert "qt.qpa" not in done.stderr and "Aborted" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="displays are a Linux matter")
def test_without_a_display_the_screenshot_and_check_run_by_themselves(tmp_path):
    out = tmp_path / "demo.png"
    done = subprocess.run(_battleboard("--screenshot", str(out)), env=_headless_env(),
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert _is_png(out)
    demo = ROOT / "resources" / "scenarios" / "demo.json"
    done = subprocess.run(_battleboard("check", str(demo)), env=_headless_env(),
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    for form in ("battleboard FILE", "battleboard --screenshot OUT.png [FILE]",
                 "battleboard check FILE [--json]"):
        assert form in text
