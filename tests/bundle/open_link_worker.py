"""A Help link clicked in a process that stands as the players' bundle does (test_player_env).

Usage: python -m tests.bundle.open_link_worker restore|keep DOCS BUNDLE

Run under Xvfb with QT_QPA_PLATFORM=xcb (Qt's offscreen platform opens no links) and the
environment the bundle's starter and Qt hook leave; BUNDLE stands for the bundle's folder
(``sys._MEIPASS``). ``restore`` gives the player's environment back first, as
``battleboard`` does; ``keep`` does not (the old bundle). Then the help browser opens DOCS'
page, the web link on it is clicked with the mouse, and Qt hands it to ``xdg-open``: the test
puts a recording one first on the PATH. Exits 0 once the browser is shown and clicked.
"""

import sys

from board.player_env import restore_player_environment


def main() -> int:
    how, docs, bundle = sys.argv[1:4]
    sys._MEIPASS = bundle  # what PyInstaller's starter sets in the bundle
    qt_plugins = restore_player_environment().get("QT_PLUGIN_PATH") if how == "restore" else None
    from pathlib import Path

    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from board.view.help_browser import HelpBrowser
    from tests.board.test_help_and_keys import link_point

    if qt_plugins:
        QCoreApplication.setLibraryPaths(qt_plugins.split(":"))
    app = QApplication(["battleboard"])
    browser = HelpBrowser(Path(docs))
    browser.resize(700, 500)
    browser.show()
    if not QTest.qWaitForWindowExposed(browser, 10_000):
        return 3
    assert browser.open_page("first-game.md")
    QTest.mouseClick(browser.text.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, link_point(browser, "https://example.org/"))
    QTest.qWait(200)
    browser.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
