"""Help opens in the program; keys are named as the platform writes them; redo on every platform.

Real keys on the window (F1, Ctrl+Y, Ctrl+Shift+Z), real clicks on the help's links.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QDesktopServices, QKeySequence, QTextCursor
from PySide6.QtTest import QTest

from board.view.help import shortcut_rows
from board.view.help_browser import HelpBrowser
from board.view.keys import typeable, with_documented
from tests.board.qt_helpers import drag

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_desktop(monkeypatch):
    """Whatever is handed to the desktop to open, recorded instead of opened."""
    handed: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl",
                        staticmethod(lambda url: handed.append(url.toString()) or True))
    return handed


def link_point(browser: HelpBrowser, href: str) -> QPoint:
    """Where the link to ``href`` is drawn in the browser's viewport (scrolled into view)."""
    document = browser.text.document()
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(document)
                cursor.setPosition(fragment.position() + 1)
                browser.text.setTextCursor(cursor)
                browser.text.ensureCursorVisible()
                return browser.text.cursorRect(cursor).center()
            it += 1
        block = block.next()
    raise AssertionError(f"no link to {href} on the page")


def test_f1_opens_the_docs_in_the_programs_help_browser_and_follows_links(
        window, qtbot, no_desktop):
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_F1)
    browser = window.findChild(HelpBrowser)
    assert browser is not None and browser.isVisible()
    qtbot.waitExposed(browser)
    assert no_desktop == []  # nothing handed to the desktop
    assert browser.current_page() == "first-game.md"
    assert "Your first game" in browser.text.toPlainText()
    pages = [browser.pages.item(k) for k in range(browser.pages.count())]
    listed = [i for i in pages if i.flags() & Qt.ItemFlag.ItemIsSelectable]
    assert len(listed) == len(list((ROOT / "docs").glob("*.md")))
    headings = [i.text() for i in pages if not i.flags() & Qt.ItemFlag.ItemIsSelectable]
    assert headings == ["For players", "For developers"]
    QTest.mouseClick(browser.text.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, link_point(browser, "first-game-40k.md"))
    assert browser.current_page() == "first-game-40k.md"
    assert browser.pages.currentItem().text() == browser.text.documentTitle() or \
        "40,000" in browser.pages.currentItem().text()
    assert no_desktop == []
    QTest.mouseClick(browser.back, Qt.MouseButton.LeftButton)
    assert browser.current_page() == "first-game.md"
    QTest.mouseClick(browser.pages.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier,
                     browser.pages.visualItemRect(browser.pages.item(1)).center())
    assert browser.current_page() == "first-game.md"  # the players' first page, under its heading
    QTest.mouseClick(browser.pages.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier,
                     browser.pages.visualItemRect(browser.pages.item(0)).center())
    assert browser.current_page() == "first-game.md"  # the heading opens nothing


def test_help_without_the_docs_says_where_it_looked(qtbot, tmp_path):
    browser = HelpBrowser(tmp_path / "nowhere")
    qtbot.addWidget(browser)
    assert not browser.open_page()
    assert "found none" in browser.text.toPlainText()
    assert str(tmp_path / "nowhere") in browser.text.toPlainText()


def test_the_shortcut_list_names_only_keys_a_keyboard_has_as_the_platform_writes_them(window):
    rows = dict(shortcut_rows(window))
    assert rows["File ▸ Save"] == "Ctrl+S"  # not "Ctrl+S, Save"
    assert rows["File ▸ Save As"] == "Ctrl+Shift+S"  # not "Shift+Save"
    assert rows["View ▸ Zoom in"] == "Ctrl++"
    for path, keys in rows.items():
        for part in keys.split(", "):
            sequence = QKeySequence.fromString(part, QKeySequence.SequenceFormat.NativeText)
            assert typeable(sequence), (path, part)
    save = window.actions_["save"]
    assert save.toolTip().endswith("(Ctrl+S)")


def test_redo_is_ctrl_shift_z_and_ctrl_y_on_every_platform(window, qtbot):
    x11 = [QKeySequence("Ctrl+Shift+Z"), QKeySequence(Qt.Key.Key_Redo)]  # X11's own binding
    assert [k.toString() for k in with_documented(QKeySequence.StandardKey.Redo, x11)] == [
        "Ctrl+Shift+Z", "Ctrl+Y", "Redo"]
    keys = {k.toString() for k in window.actions_["redo"].shortcuts()}
    assert {"Ctrl+Y", "Ctrl+Shift+Z"} <= keys
    viewport = window.view.viewport()
    drag(window.view, (10.0, 40.0), (10.0, 37.0))
    moved = window.scenario.model("r0")[1].y
    for redo in (QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")):
        QTest.keySequence(viewport, QKeySequence("Ctrl+Z"))
        assert window.scenario.model("r0")[1].y == pytest.approx(40.0)
        QTest.keySequence(viewport, redo)
        assert window.scenario.model("r0")[1].y == pytest.approx(moved), redo.toString()


_ON_X11 = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    app = QApplication(["battleboard"])
    from board.document.datasheets import load_library
    from board.view.window import MainWindow
    from board.view.help import shortcut_rows
    window = MainWindow(load_library(), QSettings(sys.argv[1], QSettings.Format.IniFormat))
    rows = dict(shortcut_rows(window))
    print(app.platformName(), "|", rows["Edit ▸ Undo"], "|", rows["Edit ▸ Redo"])
""")


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs Xvfb for an X11 window")
def test_on_x11_redo_has_ctrl_y_and_undo_lists_no_f14(tmp_path):
    """The offscreen platform binds Ctrl+Y itself; X11 binds only Ctrl+Shift+Z (and F14)."""
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(ROOT))
    done = subprocess.run(["xvfb-run", "-a", sys.executable, "-c", _ON_X11,
                           str(tmp_path / "s.ini")], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    if "could not load the Qt platform plugin" in done.stderr.lower():
        pytest.skip("Qt's xcb platform cannot load here (its X libraries are missing)")
    assert done.returncode == 0, done.stderr[-800:]
    platform, undo, redo = (part.strip() for part in done.stdout.strip().splitlines()[-1]
                            .split("|"))
    assert platform == "xcb"
    assert undo == "Ctrl+Z"  # F14 (a Sun keyboard's Undo) and the Undo key stay bound, unlisted
    assert redo == "Ctrl+Shift+Z, Ctrl+Y"
