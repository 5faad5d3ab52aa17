"""Hit-testing looks through labels: a name label hanging over the table is not its building.

Real mouse events on the real view: a unit dropped under the bastion's name label just moves
(it once tried to embark: "cannot embark: Imperial Bastion is already occupied").
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from board.view.items import BuildingItem, LabelItem
from board.view.tools import board_item_at
from tests.board.qt_helpers import drag

Shift = Qt.KeyboardModifier.ShiftModifier


def label_centre(window, piece_id: str) -> QPointF:
    """Where the building's name label is drawn, table inches (it is sized in pixels)."""
    item = window.scene.piece_item(piece_id)
    label = next(c for c in item.childItems() if isinstance(c, LabelItem) and "\n" in c.text)
    view = window.view
    box = label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())
    return view.mapToScene(box.center().toPoint())


def test_a_unit_dropped_under_a_buildings_label_moves_and_does_not_embark(window):
    at = label_centre(window, "bastion")
    footprint = window.scene.piece_item("bastion").mapToScene(
        window.scene.piece_item("bastion").shape()).boundingRect()
    assert not footprint.contains(at)  # the label hangs off the footprint, over the table
    under = window.scene.items(at, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder, window.view.transform())
    assert any(isinstance(i, LabelItem) for i in under)  # the label is really there
    assert board_item_at(under) is None or not isinstance(board_item_at(under), BuildingItem)
    r0 = window.scenario.model("r0")[1]
    start = (r0.x, r0.y)
    moved = drag(window.view, start, (at.x(), at.y()), Shift)
    unit = window.scenario.unit("red-tac")
    assert unit.embarked_in is None
    assert abs(unit.models[0].x - (start[0] + moved.x())) < 1e-6  # moved where dropped
    assert "cannot embark" not in window.statusBar().currentMessage()
    assert window.undo_stack.count() == 1 and window.undo_stack.text(0).startswith("Move")


def test_shooting_a_clicked_part_of_the_fortress_starts_on_that_part(qtbot, library, tmp_path):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from board.document.datasheets import DEMO_SCENARIO_PATH
    from board.document.io import load_scenario
    from board.view.window import MainWindow
    from tests.board.qt_helpers import click

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    click(win.view, (59.0, 12.75))  # the Fortress of Redemption's left annex
    assert sorted(win.scene.selected_piece_ids()) == sorted(
        ["fortress.tower", "fortress.wall", "fortress.left_annex", "fortress.right_annex"])
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    QTest.keyClick(win.view, Qt.Key.Key_F,  # Shoot ▸ Shoot a building…
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = win.shooting.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.target.currentData() == "fortress.left_annex"  # once the Imperial Bastion
    dialog.close()
