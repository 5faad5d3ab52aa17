"""Footprints lie under every building's symbols: two parts sharing a wall hide no door.

The Fortress of Redemption's tower has a weapon and fire points on the wall it shares with
the wall-and-walkway part. Drawn with their own part, they were half under the walkway's
fill, which was drawn after the tower.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.edits import ScenarioDocument
from board.document.io import load_scenario
from board.view.items import BuildingItem
from board.view.items.building_footprint import FOOTPRINT_Z
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.scene import BoardScene

SYMBOLS = (AccessPointMarker, FirePointMarker, WeaponMarker)


def demo(library) -> BoardScene:
    scene = BoardScene(ScenarioDocument(load_scenario(DEMO_SCENARIO_PATH, library)), library,
                       QUndoStack())
    QApplication.processEvents()
    return scene


def test_every_symbol_is_drawn_above_every_footprint_it_touches(qapp, library):
    scene = demo(library)
    buildings = [i for i in scene.items() if isinstance(i, BuildingItem)]
    checked = 0
    for building in buildings:
        for symbol in (c for c in building.childItems() if isinstance(c, SYMBOLS)):
            at = symbol.scenePos()
            stack = scene.items(at, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                                Qt.SortOrder.DescendingOrder)  # topmost first
            footprints = [i for i in stack if i.zValue() == FOOTPRINT_Z]
            assert stack.index(symbol) < min(stack.index(f) for f in footprints)
            checked += len(footprints) > 1  # on a wall two parts share
    assert checked >= 3  # the tower's symbols on the walkway's wall, the annexes'


def test_the_footprint_follows_its_building_and_leaves_with_it(qapp, library):
    scene = demo(library)
    tower = scene.piece_item("fortress.tower")
    footprint = tower.footprint_item
    assert footprint.scene() is scene and footprint.pos() == tower.pos()
    tower.setPos(tower.pos() + QPointF(3.0, -1.0))  # what a drag preview does
    tower.setRotation(90.0)
    assert footprint.pos() == tower.pos() and footprint.rotation() == 90.0
    tower.setOpacity(0.0)  # what the drag backdrop does
    assert footprint.opacity() == 0.0
    tower.setOpacity(1.0)
    scene.removeItem(tower)
    assert footprint.scene() is None
    clicks = scene.items(tower.mapToScene(QPointF(0.0, 0.0)))
    assert footprint not in clicks  # never under the mouse
