"""Scene items: each draws what it is given and computes nothing (STYLE.md habit 4)."""

from board.view.items.building_item import BuildingItem
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.table_item import TableItem

__all__ = [
    "AccessPointMarker",
    "BuildingItem",
    "FirePointMarker",
    "LabelItem",
    "ModelItem",
    "TableItem",
    "WeaponMarker",
]
