"""Desktop habits: Help menu, shortcut list from the actions, tooltips, Quit last, layout kept."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from board.view.help import ShortcutsDialog, shortcut_rows


def _menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_the_help_menu_is_last_with_help_on_f1_shortcuts_and_about(window):
    assert _menu_titles(window)[-1] == "&Help"
    help_menu = window.menuBar().actions()[-1].menu()
    texts = [a.text() for a in help_menu.actions()]
    assert texts == ["battleboard &Help", "&Keyboard Shortcuts…", "&About battleboard"]
    assert window.actions_["help"].shortcut() == QKeySequence(Qt.Key.Key_F1)


def test_the_shortcut_list_is_made_from_the_actions_and_no_keys_are_shared(window):
    rows = dict(shortcut_rows(window))
    assert rows["Buildings ▸ Storm a Building"] == "Ctrl+Shift+A"
    assert rows["Units ▸ Add Unit"] == "Ctrl+U"
    assert rows["File ▸ Quit"] == "Ctrl+Q"
    # A new action appears in the list at once: it is read from the menus, never kept.
    extra = QAction("Brand new", window)
    extra.setShortcut(QKeySequence("Ctrl+Alt+B"))
    window.menu("&Units").addAction(extra)
    assert dict(shortcut_rows(window))["Units ▸ Brand new"] == "Ctrl+Alt+B"
    dialog = ShortcutsDialog(window)
    assert dialog.table.rowCount() == len(rows) + 1
    keys = Counter(k for _, keys in shortcut_rows(window) for k in keys.split(", "))
    shared = {k: n for k, n in keys.items() if n > 1}
    assert not shared, f"two commands on the same keys: {shared}"


def test_every_action_with_keys_names_them_in_its_tooltip(window):
    storm = window.storm.action
    assert storm.toolTip().endswith("(Ctrl+Shift+A)")
    for action in window.findChildren(QAction):
        if action.shortcuts() and action.text():
            assert action.shortcut().toString() in action.toolTip(), action.text()


def test_quit_is_last_in_the_file_menu(window):
    file_menu = window.menuBar().actions()[0].menu()
    actions = [a for a in file_menu.actions() if not a.isSeparator()]
    assert actions[-1] is window.actions_["quit"]
    assert len(actions) > 5  # export and the log were added before it


def test_the_layout_is_saved_on_close_restored_next_time_and_reset(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    path = str(tmp_path / "settings.ini")

    def open_window() -> MainWindow:
        win = MainWindow(library, QSettings(path, QSettings.Format.IniFormat))
        win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        return win

    first = open_window()
    assert first.palette_dock.isVisible()
    first.palette_dock.hide()
    first.close()
    second = open_window()
    assert not second.palette_dock.isVisible()  # as it was left
    second.actions_["reset_layout"].trigger()
    assert second.palette_dock.isVisible()
    assert QSettings(path, QSettings.Format.IniFormat).value("window/state") is None
