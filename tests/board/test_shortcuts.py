"""The window's keys: Enter belongs to the focused widget, the docs name the program's keys.

Real key events; the focus is put where a player's click would put it.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QMenu, QVBoxLayout

from board.view.buildings import BuildingController, DisembarkTool
from tests.board.qt_helpers import click

ROOT = Path(__file__).resolve().parents[2]


def controller(window) -> BuildingController:
    found = window.findChild(BuildingController, "buildings")
    assert found is not None
    return found


def start_disembark(window) -> DisembarkTool:
    """Select the sample bastion and press the dock's Disembark (its veterans come out)."""
    click(window.view, (25.5, 25.5))
    QTest.mouseClick(controller(window).dock.disembark_button, Qt.MouseButton.LeftButton)
    tool = window.scene.tool
    assert isinstance(tool, DisembarkTool)
    return tool


def focus(qtbot, window, widget) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    widget.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=1000)


# -- Enter ----------------------------------------------------------------------------------
def test_enter_on_the_board_completes_a_disembarkation(window, qtbot):
    tool = start_disembark(window)
    assert window.view.hasFocus() or window.view.viewport().hasFocus()  # the tool took the keys
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Enter)
    assert window.scenario.unit("red-vets").embarked_in is None
    assert window.scene.tool is not tool


def test_enter_in_the_palette_while_disembarking_stays_the_palettes(window, qtbot):
    tool = start_disembark(window)
    edit = window.palette_dock.name_edit
    pressed: list[str] = []
    edit.returnPressed.connect(lambda: pressed.append(edit.text()))
    focus(qtbot, window, edit)
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert pressed == ["New unit"]
    assert window.scene.tool is tool  # still placing the models
    assert window.scenario.unit("red-vets").embarked_in == "bastion"
    assert window.undo_stack.count() == 0


def test_enter_in_a_spin_box_of_the_palette_is_not_taken_while_disembarking(window, qtbot):
    tool = start_disembark(window)
    box = window.palette_dock.count_box
    focus(qtbot, window, box)
    box.lineEdit().setText("12")
    QTest.keyClick(box, Qt.Key.Key_Enter)
    assert box.value() == 12  # Enter commits the typed number
    assert window.scene.tool is tool and window.undo_stack.count() == 0


def test_enter_in_a_dialogs_line_edit_accepts_the_dialog(window, qtbot):
    dialog = QDialog(window)
    edit = QLineEdit("6")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
    buttons.accepted.connect(dialog.accept)
    layout = QVBoxLayout(dialog)
    layout.addWidget(edit)
    layout.addWidget(buttons)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    edit.setFocus()
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.isVisible()


def test_enter_on_the_board_without_a_disembarkation_changes_nothing(window, qtbot):
    focus(qtbot, window, window.view)
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Return)
    assert window.undo_stack.count() == 0
    assert window.scenario.unit("red-vets").embarked_in == "bastion"


# -- the keys the docs name -----------------------------------------------------------------
#: "Menu ▸ Item (Key)", "**Menu ▸ Item** (Key)", "(Menu ▸ Item, `Key`)", "Menu → Item… (…, Key)".
MENU_KEY = re.compile(
    r"(?P<menu>[A-Z][A-Za-z]+) (?:▸|→) \*{0,2}(?P<item>[A-Z][^*(),\n]*?)\*{0,2}"
    r"(?: \((?P<paren>[^)\n]*)\)|, `?(?P<comma>[^)`\n]+)`?\))"
)
#: A key standing alone: not the "-" of ``import-list`` or ``--side`` in a command beside it.
KEY = re.compile(
    r"(?<![\w-])(?:(?:Ctrl|Shift|Alt)\+)*(?:\+|-|Enter|Return|Escape|[A-Z]\b)(?![\w-])")


def _plain(text: str) -> str:
    return text.replace("&", "").replace("…", "").strip().casefold()


def documented_keys() -> list[tuple[str, str, str, str]]:
    """Each (page, menu, item, key) the README and docs/*.md name for a menu item."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for match in MENU_KEY.finditer(page.read_text(encoding="utf-8")):
            tail = match["paren"] if match["paren"] is not None else match["comma"]
            items = [i for i in match["item"].split(" / ")]
            keys = [k for k in KEY.findall(tail.split(", or ")[-1]) if k]
            if not keys:
                continue
            for item, key in zip(items, keys, strict=len(items) > 1):
                found.append((page.name, match["menu"], item, key))
    return found


def menu_action(window, menu_title: str, item: str) -> QAction | None:
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu) and _plain(top.text()) == _plain(menu_title):
            for action in menu.actions():
                if _plain(action.text()) == _plain(item):
                    return action
    return None


def test_the_docs_parse_the_keys_they_name():
    keys = {(menu, item): key for _, menu, item, key in documented_keys()}
    assert keys[("Shoot", "Shoot a building…")] == "Ctrl+Shift+F"
    assert keys[("Shoot", "Line of sight")] == "L"
    assert keys[("View", "Zoom out")] == "Ctrl+-"
    assert keys[("Buildings", "Storm a Building…")] == "Ctrl+Shift+A"
    # A command line beside a menu item names no key.
    assert ("File", "Import Army List…") not in keys


def test_every_menu_key_the_docs_name_is_the_programs(window):
    wrong = []
    for page, menu, item, key in documented_keys():
        action = menu_action(window, menu, item)
        if action is None:
            wrong.append(f"{page}: no menu item {menu} ▸ {item}")
            continue
        have = [k.toString() for k in action.shortcuts()]
        if QKeySequence(key).toString() not in have:
            wrong.append(f"{page}: {menu} ▸ {item} says {key}, the program has {have}")
    assert wrong == []
