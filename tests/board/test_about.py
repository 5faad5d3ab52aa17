"""Help ▸ About: the version from pyproject.toml, the credits, the licences of every component."""

import sys
import tomllib
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QTest

from board.licences import Component, write_index
from board.view.about import AboutDialog
from board.view.help import CREDITS
from tests.board.test_help_and_keys import link_point

ROOT = Path(__file__).resolve().parents[2]


def open_about(window, qtbot) -> AboutDialog:
    help_menu = window.menuBar().actions()[-1].menu()
    [about] = [a for a in help_menu.actions() if a.text() == "&About battleboard"]
    about.trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


def test_about_shows_the_version_the_credits_and_what_it_is_made_of(window, qtbot):
    dialog = open_about(window, qtbot)
    text = dialog.text.toPlainText()
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert f"battleboard {version}" in text
    assert "Credits" in text and all(credit in text for credit in CREDITS)
    assert "Powered by 40kdc-data" in text and "CC BY 4.0" in text  # issue 35's credit
    assert "wh40kdc" in text  # and its licence among the components
    for row in ("Python", "PySide6", "Qt", "LGPL-3.0-only", "shapely", "GEOS",
                "LGPL-2.1-only", "numpy", "pycrdt"):
        assert row in text, row
    assert "pytest" not in text  # test tools are not part of the program
    open_about(window, qtbot)  # asked again: the same box
    assert len(window.findChildren(AboutDialog)) == 1


def test_in_the_bundle_about_lists_its_index_and_opens_the_licences_folder(
        window, qtbot, tmp_path, monkeypatch):
    licences = tmp_path / "the bundle" / "LICENSES"
    licences.mkdir(parents=True)
    write_index(licences, [
        Component("Python", "3.11.7", "PSF-2.0", ("Python/LICENSE.txt",)),
        Component("libxcb-cursor0", "0.1.4-1", "MIT/X", ("system/libxcb-cursor0/copyright",),
                  files=("libxcb-cursor.so.0",)),
    ])
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "the bundle" / "_internal"),
                        raising=False)
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl",
                        staticmethod(lambda url: opened.append(url.toLocalFile()) or True))
    dialog = open_about(window, qtbot)
    text = dialog.text.toPlainText()
    assert "libxcb-cursor0" in text and "MIT/X" in text
    assert "shapely" not in text  # the bundle's own index, not this environment's packages
    link = dialog.text.document().toHtml().split('href="', 1)[1].split('"', 1)[0]
    QTest.mouseClick(dialog.text.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, link_point(dialog, link))
    assert opened == [str(licences)]
