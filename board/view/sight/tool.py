"""The line-of-sight tool: click the shooter, then the target; the rays and verdicts appear.

- A model is the shooter (Shift: its whole unit); on a building, the fire point or emplaced
  weapon nearest the click (within :data:`PICK_REACH` inches) shoots, else its battlements, or
  in Warhammer Fantasy its garrison.
- The target is a model (a vehicle with armour: its facing too), Shift a whole unit, or a
  building (the facing each firer stands in and its Armour Value).
- A further click picks a new shooter; Escape leaves the tool and clears the rays.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from board.document.model import RuleSystem
from board.game.shooters import Shooter, ShooterKind
from board.game.sight import SightTarget
from board.game.targets import ModelTarget, PieceTarget, UnitTarget
from board.view.items import BuildingItem, ModelItem
from board.view.scene import BoardScene
from board.view.sight.overlay import SightOverlay
from board.view.tools import Tool, board_item_at

__all__ = ["PICK_REACH", "SightTool", "building_shooter"]

#: How near a click must be to a fire point or weapon mount to pick it, inches.
PICK_REACH = 0.6


def building_shooter(scene: BoardScene, piece_id: str, at: QPointF) -> Shooter:
    """The shooter a click at ``at`` on building ``piece_id`` means (see the module doc)."""
    piece = scene.world().piece(piece_id)
    points = [(ShooterKind.FIRE_POINT, p.id, p.x, p.y) for p in piece.fire_points]
    points += [(ShooterKind.EMPLACED_WEAPON, m.id, m.x, m.y) for m in piece.mounts]
    near = [(math.hypot(x - at.x(), y - at.y()), kind, pid) for kind, pid, x, y in points]
    near = [n for n in near if n[0] <= PICK_REACH]
    if near:
        _, kind, point = min(near)
        return Shooter(kind, piece_id, point)
    if scene.document.scenario.rule_system is RuleSystem.WARHAMMER_FANTASY:
        return Shooter(ShooterKind.GARRISON, piece_id)
    return Shooter(ShooterKind.BATTLEMENTS, piece_id)


class SightTool(Tool):
    """Pick a shooter and a target with the mouse; :class:`SightOverlay` draws the result."""

    def __init__(self, scene: BoardScene, overlay: SightOverlay) -> None:
        super().__init__(scene)
        self.overlay = overlay

    def start(self) -> None:  # noqa: D102 - documented on Tool
        self.overlay.clear()

    def finish(self) -> None:  # noqa: D102
        self.overlay.clear()

    def cancel(self) -> None:  # noqa: D102
        self.overlay.clear()

    def _shooter(self, item: ModelItem | BuildingItem, event: QGraphicsSceneMouseEvent
                 ) -> Shooter:
        if isinstance(item, BuildingItem):
            return building_shooter(self.scene, item.piece_id, event.scenePos())
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            unit, _ = self.scene.document.scenario.model(item.model_id)
            return Shooter(ShooterKind.UNIT, unit.id)
        return Shooter(ShooterKind.MODEL, item.model_id)

    def _target(self, item: ModelItem | BuildingItem, event: QGraphicsSceneMouseEvent
                ) -> SightTarget:
        if isinstance(item, BuildingItem):
            return PieceTarget(item.piece_id)
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            unit, _ = self.scene.document.scenario.model(item.model_id)
            return UnitTarget(unit.id)
        return ModelTarget(item.model_id)

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        item = board_item_at(self.scene.items_under(event))
        if item is None:
            return True  # a click on the open table does nothing, and selects nothing
        if self.overlay.shooter is None or self.overlay.target is not None:
            shooter = self._shooter(item, event)
            self.overlay.set(shooter, None)
            self.overlay.say([f"Shooter: {shooter.label}",
                              "Now click the target (Shift: its whole unit)"])
        else:
            self.overlay.set(self.overlay.shooter, self._target(item, event))
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        return event.button() == Qt.MouseButton.LeftButton
