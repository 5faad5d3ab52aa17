"""The line-of-sight tool: click the shooter, then the target; the rays and verdicts appear.

- A model is the shooter (Shift: its whole unit); on a building, the fire point or emplaced
  weapon nearest the click (within :data:`PICK_REACH` inches) shoots, else its battlements, or
  in Warhammer Fantasy its garrison.
- The target is a model (a vehicle with armour: its facing too), Shift a whole unit, or a
  building (the facing each firer stands in and its Armour Value).
- Once the answer is shown the prompt says so, and that a further click picks a new shooter;
  the answer then stays in the Shooting dock under the new prompt ("Last answer"), never
  erased without a word. Escape leaves the tool and clears the rays.
- Pressing and dragging a model or a building moves it as the select tool does (one undo
  step on release); the rays follow it while it moves.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneMouseEvent

from board.game.core.names import Namer
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import ModelTarget, PieceTarget, UnitTarget
from board.game.sight import SightTarget
from board.game.systems.registry import system_for
from board.view.items import BuildingItem, ModelItem
from board.view.scene import BoardScene
from board.view.sight.overlay import SightOverlay
from board.view.tools import SelectTool, Tool, board_item_at

__all__ = ["PICK_REACH", "DRAG_START", "SightTool", "building_shooter"]

#: How near a click must be to a fire point or weapon mount to pick it, inches.
PICK_REACH = 0.6
#: How far the mouse must move with the button down for a press to be a drag, inches.
DRAG_START = 0.1


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
    looker = system_for(scene.document.scenario.rule_system).building_looker
    return Shooter(ShooterKind(looker.value), piece_id)


class SightTool(Tool):
    """Pick a shooter and a target with the mouse; :class:`SightOverlay` draws the result."""

    def __init__(self, scene: BoardScene, overlay: SightOverlay) -> None:
        super().__init__(scene)
        self.overlay = overlay
        self._mover = SelectTool(scene)
        self._press: tuple[ModelItem | BuildingItem, QPointF, bool] | None = None
        self._selected: list[QGraphicsItem] = []

    def start(self) -> None:  # noqa: D102 - documented on Tool
        self.overlay.clear()

    def finish(self) -> None:  # noqa: D102
        self.overlay.clear()

    def prompt(self) -> str:  # noqa: D102 - documented on Tool
        shooter = self.overlay.shooter
        if shooter is None:
            return "Line of sight: click the shooter (Shift: its whole unit); Esc: leave the tool"
        if self.overlay.target is not None:
            return (f"Line of sight from {self._name(shooter)}: the answer is in the Shooting "
                    "dock. Click a new shooter for another line; Esc: leave the tool")
        return (f"Line of sight from {self._name(shooter)}: now click the target "
                "(Shift: its whole unit); Esc: leave the tool")

    def _name(self, shooter: Shooter) -> str:
        """The shooter as a player names it (never its id)."""
        scenario = self.scene.document.scenario
        return Namer.for_scenario(scenario, self.scene.world()).shooter(shooter)

    def cancel(self) -> None:  # noqa: D102
        self._mover.cancel()
        self._press = None
        self.overlay.clear()

    def _shooter(self, item: ModelItem | BuildingItem, at: QPointF, shift: bool) -> Shooter:
        if isinstance(item, BuildingItem):
            return building_shooter(self.scene, item.piece_id, at)
        if shift:
            unit, _ = self.scene.document.scenario.model(item.model_id)
            return Shooter(ShooterKind.UNIT, unit.id)
        return Shooter(ShooterKind.MODEL, item.model_id)

    def _target(self, item: ModelItem | BuildingItem, shift: bool) -> SightTarget:
        if isinstance(item, BuildingItem):
            return PieceTarget(item.piece_id)
        if shift:
            unit, _ = self.scene.document.scenario.model(item.model_id)
            return UnitTarget(unit.id)
        return ModelTarget(item.model_id)

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        item = board_item_at(self.scene.items_under(event))
        if item is None:
            return True  # a click on the open table does nothing, and selects nothing
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._press = (item, QPointF(event.scenePos()), shift)
        self._selected = self.scene.selectedItems()
        self._mover.mouse_press_event(event)  # a drag may follow (it selects what it moves)
        return True

    def mouse_move_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if self._press is None:
            return False
        self._mover.mouse_move_event(event)
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if self._press is None or event.button() != Qt.MouseButton.LeftButton:
            return event.button() == Qt.MouseButton.LeftButton
        item, at, shift = self._press
        self._press = None
        moved = event.scenePos() - at
        if math.hypot(moved.x(), moved.y()) >= DRAG_START:
            self._mover.mouse_release_event(event)
            return True
        self._mover.cancel()
        self.scene.clearSelection()  # a click picks; it leaves the selection as it was
        for kept in self._selected:
            kept.setSelected(True)
        self._pick(item, at, shift)
        return True

    def _pick(self, item: ModelItem | BuildingItem, at: QPointF, shift: bool) -> None:
        if self.overlay.shooter is None or self.overlay.target is not None:
            answer = self.overlay.reading.lines() if self.overlay.reading is not None else []
            shooter = self._shooter(item, at, shift)
            self.overlay.set(shooter, None)
            kept = ["", "Last answer (kept until the next one):", *answer] if answer else []
            self.overlay.say([f"Shooter: {self._name(shooter)}",
                              "Now click the target (Shift: its whole unit)", *kept])
        else:
            self.overlay.set(self.overlay.shooter, self._target(item, shift))
        self.say_prompt()
