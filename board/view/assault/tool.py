"""The storm tool: click the building to assault (Escape leaves it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from board.view.items import BuildingItem
from board.view.tools import Tool, board_item_at

if TYPE_CHECKING:
    from board.view.scene import BoardScene

__all__ = ["StormTool"]


class StormTool(Tool):
    """Wait for a click on a building, then hand its id to ``on_building``."""

    def __init__(self, scene: BoardScene, on_building: Callable[[str], None]) -> None:
        super().__init__(scene)
        self._on_building = on_building

    def prompt(self) -> str:  # noqa: D102 - documented on Tool
        return "Click the building to storm (Escape to stop)"

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        item = board_item_at(self.scene.items_under(event))
        if not isinstance(item, BuildingItem):
            return True  # a click beside the building does nothing, and selects nothing
        self._on_building(item.piece_id)
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        return event.button() == Qt.MouseButton.LeftButton
