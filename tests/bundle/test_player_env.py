"""Programs started from the players' bundle get the player's environment (board/player_env.py).

The bundle's starter puts its folder on LD_LIBRARY_PATH and its Qt hook points QT_PLUGIN_PATH
at the bundle's Qt; a browser started with those loads the bundle's libraries. Here a real
Help link is clicked in a real window on a real X server (Xvfb), Qt starts ``xdg-open`` (a
recording one), and what that child saw is read.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from board import main as board_main

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = "/opt/the bundle/_internal"  # stands for sys._MEIPASS


def as_the_bundle_leaves_it(bundle: str = BUNDLE) -> dict[str, str]:
    """The environment the bundle's starter and hooks leave (read from /proc of a running
    bundle: the starter's LD_LIBRARY_PATH and _PYI_ notes, then the Qt hook's QT_PLUGIN_PATH).
    """
    return {
        "LD_LIBRARY_PATH": f"{bundle}:/home/ann/lib",
        "LD_LIBRARY_PATH_ORIG": "/home/ann/lib",
        "QT_PLUGIN_PATH": f"{bundle}/PySide6/Qt/plugins",
        "QT_PLUGIN_PATH_ORIG": "/home/ann/plugins",
        "QML2_IMPORT_PATH": f"{bundle}/PySide6/Qt/qml",
        "_PYI_ARCHIVE_FILE": f"{Path(bundle).parent}/battleboard",
        "_PYI_PARENT_PROCESS_LEVEL": "-1",
    }


def recording_xdg_open(folder: Path) -> Path:
    """An ``xdg-open`` that writes its environment and arguments to ``folder/seen.txt``."""
    script = folder / "xdg-open"
    script.write_text(f'#!/bin/sh\nenv > "{folder}/seen.tmp"\necho "ARGS=$*" >> '
                      f'"{folder}/seen.tmp"\nmv "{folder}/seen.tmp" "{folder}/seen.txt"\n')
    script.chmod(0o755)
    return folder / "seen.txt"


def click_a_link(tmp_path: Path, how: str) -> tuple[str, dict[str, str]]:
    """``(bundle, what xdg-open saw)`` when a Help link was clicked (``restore`` or ``keep``).

    The bundle's folder (a space in its name) holds Qt's plugins, as the real one does.
    """
    import PySide6

    bundle = tmp_path / "the bundle" / "_internal"
    (bundle / "PySide6" / "Qt").mkdir(parents=True)
    (bundle / "PySide6" / "Qt" / "plugins").symlink_to(
        Path(PySide6.__file__).parent / "Qt" / "plugins")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "first-game.md").write_text("# Your first game\n\nSee [the site](https://example.org/).\n")
    tools = tmp_path / "bin"
    tools.mkdir()
    seen = recording_xdg_open(tools)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("QT_", "LD_LIBRARY_PATH", "_PYI_", "BROWSER", "DEFAULT_BROWSER"))}
    env.update(as_the_bundle_leaves_it(str(bundle)), QT_QPA_PLATFORM="xcb", HOME=str(tmp_path),
               PATH=f"{tools}:{env['PATH']}", PYTHONPATH=str(ROOT))
    done = subprocess.run(["xvfb-run", "-a", sys.executable, "-m", "tests.bundle.open_link_worker",
                           how, str(docs), str(bundle)], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    for _ in range(100):  # xdg-open is started detached: it may finish after the window
        if seen.exists():
            break
        subprocess.run(["sleep", "0.1"], check=True)
    assert seen.exists(), f"xdg-open was never started: {done.stderr[-1000:]}"
    lines = seen.read_text().splitlines()
    return str(bundle), dict(line.split("=", 1) for line in lines if "=" in line)


needs_x = pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs Xvfb (xvfb-run)")


@needs_x
def test_a_browser_started_from_a_help_link_sees_the_players_environment(tmp_path):
    bundle, seen = click_a_link(tmp_path, "restore")
    assert seen["ARGS"] == "https://example.org/"
    assert seen["LD_LIBRARY_PATH"] == "/home/ann/lib"
    assert seen["QT_PLUGIN_PATH"] == "/home/ann/plugins"
    assert not [key for key in seen if key.startswith("_PYI_") or key.endswith("_ORIG")]
    assert "QML2_IMPORT_PATH" not in seen
    assert bundle not in "".join(seen.values())


@needs_x
def test_without_the_restore_the_browser_got_the_bundles_libraries(tmp_path):
    bundle, seen = click_a_link(tmp_path, "keep")  # the old bundle: what the issue found
    assert seen["LD_LIBRARY_PATH"].startswith(bundle)
    assert seen["QT_PLUGIN_PATH"].startswith(bundle)


def test_the_command_restores_before_it_does_anything(monkeypatch, capsys):
    monkeypatch.setattr(sys, "_MEIPASS", BUNDLE, raising=False)
    for key, value in as_the_bundle_leaves_it().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("PATH", f"{BUNDLE}:/usr/bin:/bin")
    assert board_main.main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("battleboard ")
    assert os.environ["LD_LIBRARY_PATH"] == "/home/ann/lib"
    assert os.environ["QT_PLUGIN_PATH"] == "/home/ann/plugins"
    assert os.environ["PATH"] == "/usr/bin:/bin"
    assert not [key for key in os.environ if key.startswith("_PYI_") or key.endswith("_ORIG")]


def test_outside_the_bundle_nothing_is_touched(monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setenv("QT_PLUGIN_PATH", "/home/ann/plugins")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/elsewhere")
    assert board_main.main(["--version"]) == 0
    assert os.environ["QT_PLUGIN_PATH"] == "/home/ann/plugins"
    assert os.environ["LD_LIBRARY_PATH_ORIG"] == "/elsewhere"
