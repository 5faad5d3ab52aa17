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
