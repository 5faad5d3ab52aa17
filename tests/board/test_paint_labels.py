"""A model's name label exists only while it shows (hidden ones slowed every repaint)."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from board.view.items import ModelItem
from board.view.items.label_item import LabelItem
from board.view.scene import BoardScene


def labels_in(scene: BoardScene) -> list[LabelItem]:
    return [i for i in scene.items()
            if isinstance(i, LabelItem) and isinstance(i.parentItem(), ModelItem)]


def test_name_labels_exist_only_for_selected_models(qapp, document, library):
    scene = BoardScene(document, library, QUndoStack())
    assert labels_in(scene) == []
    trooper = scene.model_item("r0")
    trooper.setSelected(True)
    assert trooper.label_visible and [i.text for i in labels_in(scene)] == [trooper.name]
    trooper.set_name("Renamed Squad")
    assert [i.text for i in labels_in(scene)] == ["Renamed Squad"]
    trooper.setSelected(False)
    assert not trooper.label_visible and labels_in(scene) == []
    assert trooper.name == "Renamed Squad"  # the name stays for the next time it shows


def test_a_selected_unit_shows_its_name_once_over_its_topmost_model(qapp, document, library):
    from board.view.view import BoardView

    scene = BoardScene(document, library, QUndoStack())
    view = BoardView(scene)
    view.resize(800, 600)
    view.show()
    scene.select_unit_of("r0")  # five models in a row: the leftmost of the top row leads
    view.grab()  # the view names the units, then lays the labels out, then paints
    assert [i.text for i in labels_in(scene)] == [scene.model_item("r0").name]
    assert scene.model_item("r0").label_visible
    scene.model_item("r3").setY(scene.model_item("r3").y() - 2.0)  # now r3 stands highest
    scene.model_item("r0").setSelected(False)
    view.grab()
    assert [m for m in ("r0", "r1", "r2", "r3", "r4") if scene.model_item(m).label_visible] \
        == ["r3"]
    scene.clearSelection()
    view.grab()
    assert labels_in(scene) == []
    scene.model_item("r2").setSelected(True)  # alone again: it names its unit
    view.grab()
    assert scene.model_item("r2").label_visible
    view.close()


def test_items_drawn_by_the_thousand_leave_their_bounds_to_cpp(qapp, document, library):
    """Qt asks a full repaint for 3,000 model bounds: no Python override answers them."""
    from board.view.items.markers import AccessPointMarker

    for cls in (ModelItem, LabelItem, AccessPointMarker):
        assert all("boundingRect" not in vars(k) for k in cls.__mro__ if k.__module__.startswith(
            "board.")), cls
    scene = BoardScene(document, library, QUndoStack())
    trooper = scene.model_item("r0")  # a 32 mm base: 1.26" across, with 0.12" of margin
    rect = trooper.boundingRect()
    assert rect.width() == rect.height() and abs(rect.width() - (32 / 25.4 + 0.24)) < 1e-9
    label = LabelItem("AV 12")
    before = label.boundingRect()
    label.set_text("AV 12, 13 and 14")
    assert label.boundingRect().width() > before.width()
