"""Hit-testing looks through labels: a name label hanging over the table is not its building.

Real mouse events on the real view: a unit dropped under the bastion's name label just moves
(it once tried to embark: "cannot embark: Imperial Bastion is already occupied").
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

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
