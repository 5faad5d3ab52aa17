"""install.sh and uninstall.sh (.ci/bundle), run on a stand-in bundle in a home whose name has
every character the Desktop Entry Specification makes a command quote: space, ", $, ` and \\.

The stand-in program records how it was started; GLib's ``gio launch`` starts it from the menu
entry as GNOME does. The real bundle is installed by .ci/bundle/install_check in CI.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / ".ci" / "bundle"

pytestmark = pytest.mark.skipif(shutil.which("update-mime-database") is None,
                                reason="needs shared-mime-info")


def stand_in_bundle(folder: Path, record: Path) -> Path:
    """A folder laid out as the bundle, whose program writes its arguments to ``record``."""
    bundle = folder / "un packed" / "battleboard"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "battleboard").write_text(
        f'#!/bin/sh\nprintf "%s\\n" "$@" > "{record}"\necho "battleboard 9.9.9"\n')
    (bundle / "battleboard").chmod(0o755)
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy(TOOLS / script, bundle / script)
    icons = ROOT / "resources" / "icons"
    places = {"applications/battleboard.desktop": TOOLS / "battleboard.desktop",
              "mime/packages/battleboard.xml": TOOLS / "battleboard-mime.xml",
              "icons/hicolor/48x48/apps/battleboard.png": icons / "battleboard.png",
              "icons/hicolor/scalable/apps/battleboard.svg": icons / "battleboard.svg"}
    for place, source in places.items():
        (bundle / "share" / place).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, bundle / "share" / place)
    return bundle


def run(home: Path, *command: str) -> str:
    done = subprocess.run(command, env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def files_under(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / 'home "of" $ann`s \\x'
    home.mkdir()
    return home


def test_install_places_everything_and_the_menu_entry_starts_it_with_a_file(home, tmp_path):
    record = tmp_path / "started.txt"
    bundle = stand_in_bundle(tmp_path, record)
    said = run(home, str(bundle / "install.sh"))
    assert "battleboard 9.9.9 installed" in said
    program = home / ".local/lib/battleboard/battleboard"
    entry = home / ".local/share/applications/battleboard.desktop"
    assert program.exists() and (home / ".local/bin/battleboard").resolve() == program.resolve()
    assert (home / ".local/share/icons/hicolor/48x48/apps/battleboard.png").exists()
    assert (home / ".local/share/mime/packages/battleboard.xml").exists()
    assert (home / ".local/share/mime/mime.cache").exists()  # the database was made
    if shutil.which("desktop-file-validate"):
        run(home, "desktop-file-validate", str(entry))
    if shutil.which("gio"):  # GNOME's reading of the quoted Exec line
        scenario = tmp_path / "my game.json"
        scenario.write_text("{}")
        run(home, "gio", "launch", str(entry), str(scenario))
        for _ in range(50):
            if record.exists():
                break
            subprocess.run(["sleep", "0.1"], check=True)
        assert record.read_text().splitlines() == [str(scenario)]


def test_uninstall_takes_away_only_what_install_put_there(home, tmp_path):
    data = home / ".local/share"
    mine = {data / "applications/other.desktop": "[Desktop Entry]\nType=Application\nName=o\n"
                                                 "Exec=o\n",
            data / "mime/packages/other.xml": (TOOLS / "battleboard-mime.xml").read_text()
            .replace("x-battleboard", "x-other").replace("battlescribe", "other"),
            data / "battleboard/journals/game.journal": "my game",
            home / ".local/bin/other": "#!/bin/sh\n"}
    for path, text in mine.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    before = files_under(home)
    bundle = stand_in_bundle(tmp_path, tmp_path / "started.txt")
    run(home, str(bundle / "install.sh"))
    run(home, str(bundle / "install.sh"))  # again, as an update does
    said = run(home, str(home / ".local/lib/battleboard/uninstall.sh"))
    assert "your games, settings and buildings stay" in said
    left = files_under(home)
    assert before <= left  # the player's own files are all there
    assert not [name for name in left - before if "battleboard" in name]
    assert (data / "mime/mime.cache").exists()  # rebuilt for the other package
    assert "x-battleboard" not in (data / "mime/types").read_text()


def test_uninstall_in_an_empty_home_leaves_it_empty(home, tmp_path):
    bundle = stand_in_bundle(tmp_path, tmp_path / "started.txt")
    run(home, str(bundle / "install.sh"))
    run(home, str(home / ".local/lib/battleboard/uninstall.sh"))
    assert files_under(home) == set()
