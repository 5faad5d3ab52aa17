"""The Windows and macOS builds, as the spec asks PyInstaller for them (not built here: Linux).

The spec is run with PyInstaller's build steps recorded instead of run, as on each platform.
"""

import ast
import plistlib
import sys
import tomllib
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / ".ci" / "bundle" / "battleboard.spec"
sys.path.insert(0, str(SPEC.parent))

import platform_meta  # noqa: E402

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


class Step:
    """A PyInstaller build step: its arguments kept, nothing built."""

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        self.binaries, self.datas, self.pure, self.scripts = [], [], [], []


def run_spec(platform: str, tmp_path: Path, monkeypatch) -> dict[str, list[Step]]:
    made: dict[str, list[Step]] = {}

    def step(name):
        def record(*args, **kwargs):
            made.setdefault(name, []).append(Step(*args, **kwargs))
            return made[name][-1]
        return record

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = hooks.collect_submodules = hooks.copy_metadata = lambda *a, **k: []
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    names = {"SPECPATH": str(SPEC.parent), "workpath": str(tmp_path), "__file__": str(SPEC)}
    names.update({name: step(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")})
    exec(compile(SPEC.read_text(), str(SPEC), "exec"), names)
    return made


def test_macos_builds_a_windowed_app_with_its_version_and_document_type(tmp_path, monkeypatch):
    made = run_spec("darwin", tmp_path, monkeypatch)
    [exe] = made["EXE"]
    assert exe.kwargs["console"] is False  # console=True made a background-only app
    assert exe.kwargs["icon"].endswith("battleboard.png") and Path(exe.kwargs["icon"]).exists()
    [app] = made["BUNDLE"]
    plist = app.kwargs["info_plist"]
    plistlib.dumps(plist)  # a real plist
    assert app.kwargs["version"] == VERSION == plist["CFBundleShortVersionString"]
    assert plist["NSHighResolutionCapable"] is True and "LSBackgroundOnly" not in plist
    [scenarios] = plist["CFBundleDocumentTypes"]
    assert scenarios["LSItemContentTypes"] == ["public.json"]
    assert scenarios["LSHandlerRank"] == "Alternate"  # never the default for every JSON file


def test_windows_builds_a_windowed_exe_a_console_one_and_a_version(tmp_path, monkeypatch):
    made = run_spec("win32", tmp_path, monkeypatch)
    windowed, console = made["EXE"]
    assert (windowed.kwargs["name"], windowed.kwargs["console"]) == ("battleboard", False)
    assert (console.kwargs["name"], console.kwargs["console"]) == ("battleboard-cli", True)
    assert made["COLLECT"][0].args[:2] == (windowed, console)
    text = Path(windowed.kwargs["version"]).read_text()
    numbers = platform_meta.version_numbers(VERSION)
    assert f"filevers={numbers}" in text and f"'ProductVersion', {VERSION!r}" in text
    ast.parse(text)  # PyInstaller eval()s it with its version-resource classes
    assert "BUNDLE" not in made


def test_linux_keeps_its_terminal_output_and_leaves_the_desktops_libraries(tmp_path, monkeypatch):
    made = run_spec("linux", tmp_path, monkeypatch)
    [exe] = made["EXE"]
    assert exe.kwargs["console"] is True and exe.kwargs["version"] is None
    assert (tmp_path / "bundled_binaries.json").exists()


@pytest.mark.parametrize("version, numbers", [("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)),
                                              ("2.0.1.7", (2, 0, 1, 7))])
def test_windows_version_numbers(version, numbers):
    assert platform_meta.version_numbers(version) == numbers
