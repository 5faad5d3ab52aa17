"""File ▸ New from Layout… on the real window: a pattern, a layout by its preview, the table
built, saved as ours and reopened, a piece dragged (still editable), undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from board.document.io import load_scenario
from board.game.layouts.catalogue import load_catalogue
from board.view.layouts import LayoutDialog
from tests.board.qt_helpers import drag

pytestmark = pytest.mark.skipif(load_catalogue() is None, reason="wh40kdc is not installed")


def _choose(qtbot, pattern_name, row, seen):
    """When the dialog shows: pick the pattern by keyboard, click the layout, press OK."""
    def act():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, LayoutDialog)
        seen.append(dialog)
        box = dialog.pattern_box
        box.setFocus()
        while not box.currentText().startswith(pattern_name):
            QTest.keyClick(box, Qt.Key.Key_Down)
        view = dialog.layouts
        rect = view.visualItemRect(view.item(row))
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, rect.center())
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
    QTimer.singleShot(0, act)


def test_new_from_layout_builds_the_table_and_it_saves_as_ours(window, qtbot, tmp_path):
    seen = []
    action = window.actions_["new_from_layout"]
    file_menu = window.menu("&File").actions()
    assert file_menu.index(action) == 1  # just under New…
    _choose(qtbot, "Hammer and Anvil", 1, seen)
    action.trigger()
    dialog = seen[0]
    wanted = load_catalogue().pattern("hammer-and-anvil").layouts
    assert dialog.layouts.count() == len(wanted) == 5  # each with its picture
    assert not dialog.layouts.item(0).icon().isNull()
    scenario = window.scenario
    layout = load_catalogue().pattern("hammer-and-anvil").layouts[1]
    assert scenario.options["layout"]["id"] == layout.id
    assert scenario.name == f"{layout.name} (Hammer and Anvil)"
    assert (scenario.table.width, scenario.table.height) == (60.0, 44.0)
    assert window.deploy.zones_item.isVisible()
    captions = [z.caption for z in window.deploy.zones_item.zones]
    assert captions == ["Red deploys here (defender)", "Blue deploys here (attacker)"]
    marker = next(p for p in scenario.terrain if p.datasheet == "objective_marker")
    # Still editable: drag the marker through the view, one undo step.
    window.view.fit_table()
    x0, y0 = marker.x, marker.y
    moved = drag(window.view, (x0, y0), (x0 + 3.0, y0 + 1.0))
    after = window.document.scenario.piece(marker.id)
    assert (after.x, after.y) == pytest.approx((x0 + moved.x(), y0 + moved.y()))
    path = tmp_path / "mine.json"
    assert window.files.save_to(path)
    opened = load_scenario(path)
    assert opened.piece(marker.id).x == pytest.approx(after.x)
    assert opened.custom_datasheets == scenario.custom_datasheets
    window.undo_stack.undo()
    back = window.document.scenario.piece(marker.id)
    assert (back.x, back.y) == pytest.approx((x0, y0))


def test_the_preview_is_drawn_from_the_built_table(qtbot):
    from board.document.model import Side
    from board.game.layouts.preview import preview_of
    from board.view.layouts.dialog import THUMB
    catalogue = load_catalogue()
    dialog = LayoutDialog(catalogue, [Side("red", "Red", "#c62828"),
                                      Side("blue", "Blue", "#1e63d6")])
    qtbot.addWidget(dialog)
    preview = preview_of(dialog.scenario())
    assert len(preview.objectives) >= 5 and len(preview.zones) == 2
    assert len(preview.areas) + len(preview.ruins) + len(preview.solid) == \
        len(dialog.scenario().terrain) - len(preview.objectives)
    image = dialog.layouts.item(0).icon().pixmap(THUMB).toImage()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert centre.alpha() == 255  # the table is drawn where the thumbnail's middle is


def test_without_the_package_new_from_layout_says_so_and_keeps_the_board(window, monkeypatch):
    import board.game.layouts.catalogue as catalogue
    import board.view.layouts as layouts

    said = []
    monkeypatch.setattr(catalogue, "load_catalogue", lambda: None)  # read when the item is chosen
    monkeypatch.setattr(window, "show_error", lambda title, text: said.append((title, text)))
    before = window.scenario
    assert layouts.new_from_layout(window) is None
    assert said == [("New from Layout", "The published layouts come with the wh40kdc package "
                     "(pip install wh40kdc), which is not installed.")]
    assert window.scenario is before


def test_cancel_keeps_the_board(window, qtbot):
    before = window.scenario

    def cancel():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, LayoutDialog)
        QTest.keyClick(dialog, Qt.Key.Key_Escape)
    QTimer.singleShot(0, cancel)
    window.actions_["new_from_layout"].trigger()
    assert window.scenario is before
