"""Tools: objects that get the scene's mouse events first (STYLE.md habit 7).

A tool's handlers return ``True`` when they used the event; the scene then does nothing more
with it. :class:`SelectTool` selects and drags models and terrain; the drag previews by moving
the items and becomes one undo command on release. The arithmetic of a drag is the pure
function :func:`board.document.edits.offset_positions`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneMouseEvent
from shiboken6 import isValid

from board.document.edits import offset_positions, snapped_offset
from board.game.core.units import from_inches
from board.view.items import BuildingItem, LabelItem, ModelItem

if TYPE_CHECKING:
    from board.view.scene import BoardScene

__all__ = ["Tool", "SelectTool", "DRAGGED_RAISE"]

#: How much higher the dragged models and buildings are drawn than where they lie: above the
#: others of their kind (their labels too), below the overlays.
DRAGGED_RAISE = 0.5


class Tool:
    """A way of handling the mouse on the board; the scene offers it every event first."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def start(self) -> None:
        """Become the active tool."""

    def finish(self) -> None:
        """Stop being the active tool, keeping what was done."""

    def prompt(self) -> str:
        """What the tool expects next, in words (``""``: nothing to ask)."""
        return ""

    def say_prompt(self) -> None:
        """Tell the window the tool's :meth:`prompt` changed (it shows it in the status bar)."""
        self.scene.prompt_changed.emit(self.prompt())

    def cancel(self) -> None:
        """Abandon a gesture in progress, leaving the document as it was."""

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:
        """Handle a press; return whether the event was used."""
        return False

    def mouse_move_event(self, event: QGraphicsSceneMouseEvent) -> bool:
        """Handle a move; return whether the event was used."""
        return False

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:
        """Handle a release; return whether the event was used."""
        return False


def board_item_at(items: list[QGraphicsItem]) -> ModelItem | BuildingItem | None:
    """Return the top model or building among ``items`` (a marker counts as its owner).

    Labels do not count: a name hangs over the table beside its building or model, and what
    a player points at through it is what lies under it.
    """
    for item in items:
        if isinstance(item, LabelItem):
            continue
        owner: QGraphicsItem | None = item
        while owner is not None and not isinstance(owner, ModelItem | BuildingItem):
            owner = owner.parentItem()
        if owner is not None:
            return owner
    return None


def building_under(items: list[QGraphicsItem]) -> str | None:
    """Return the id of the topmost building among ``items``, looking past models and labels.

    A unit dropped beside a building, under its name label, is not dropped on the building.
    """
    for item in items:
        if isinstance(item, LabelItem):
            continue
        owner: QGraphicsItem | None = item
        while owner is not None and not isinstance(owner, BuildingItem):
            owner = owner.parentItem()
        if isinstance(owner, BuildingItem):
            return owner.piece_id
    return None


class SelectTool(Tool):
    """Click to select, Ctrl+click to add or remove, drag to move the selection.

    Shift+drag on a model moves its whole unit, keeping the formation; releasing a whole unit
    over a building asks to embark it instead (:meth:`_building_drop`). Pressing on empty
    table leaves the event to the view, which draws a rubber band.
    """

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self._press: QPointF | None = None
        self._anchor: tuple[float, float] = (0.0, 0.0)
        self._models: dict[str, tuple[float, float]] = {}
        self._pieces: dict[str, tuple[float, float, float]] = {}
        self._raised: list[tuple[QGraphicsItem, float]] = []
        self._ended = False

    def cancel(self) -> None:  # noqa: D102 - documented on Tool
        if self._press is not None:
            self._preview(0.0, 0.0)
        self._reset()

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        item = board_item_at(self.scene.items_under(event))
        if item is None:
            return False
        modifiers = event.modifiers()
        if modifiers & Qt.KeyboardModifier.ControlModifier:
            item.setSelected(not item.isSelected())
            return True
        if modifiers & Qt.KeyboardModifier.ShiftModifier and isinstance(item, ModelItem):
            self.scene.select_unit_of(item.model_id)
        elif isinstance(item, BuildingItem) and not item.isSelected():
            self.scene.select_group_of(item.piece_id)  # a multi-part building moves whole
        elif not item.isSelected():
            with self.scene.one_selection_change():
                self.scene.clearSelection()
                item.setSelected(True)
        self._begin_drag(event.scenePos(), item)
        return True

    def mouse_move_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if self._press is None:
            return False
        dx, dy = self._offset(event)
        if not self._raised:  # what is dragged passes over the rest, labels and all
            self._raised = [(item, item.zValue()) for item in self._dragged_items()]
            for item, z in self._raised:
                item.setZValue(z + DRAGGED_RAISE)
        self._preview(dx, dy)
        self.scene.drag_previewed.emit(self._models)
        self.scene.drag_moved.emit(self._feedback(dx, dy))
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if self._press is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        dx, dy = self._offset(event)
        # The drag is over before what lies under the mouse is asked: a drag draws the still
        # board from one picture, its items fully transparent, and Qt finds none of those.
        self._end_drag()
        drop = self._building_drop(event) if dx or dy else None
        if drop is not None:
            self._preview(0.0, 0.0)
            self._reset()
            drop()
            return True
        self._preview(dx, dy)  # released where it was pressed: the items go back
        if (dx or dy) and not self.scene.push_drag(
                self._models,
                offset_positions(self._models, dx, dy),
                self._pieces,
                {pid: (x + dx, y + dy, r) for pid, (x, y, r) in self._pieces.items()}):
            self._preview(0.0, 0.0)  # refused: put back where they stood
        self._reset()
        return True

    # -- helpers ----------------------------------------------------------------------------
    def _building_drop(self, event: QGraphicsSceneMouseEvent) -> Callable[[], object] | None:
        """Whole units released over a building: the call that offers them to embark.

        The handler (``scene.drop_on_building(unit_ids, piece_id)``, set by the buildings
        feature) takes the drop instead of the move: the models go back where they were (an
        embarked unit then leaves the table; a refused one does not move).
        """
        handler = self.scene.drop_on_building
        if handler is None or self._pieces or not self._models:
            return None
        piece_id = building_under(self.scene.items_under(event))
        scenario = self.scene.document.scenario
        units = {unit.id: unit for unit in (scenario.model(mid)[0] for mid in self._models)}
        whole = all(m.id in self._models for unit in units.values() for m in unit.models)
        if piece_id is None or not whole:
            return None
        pieces = self.scene.world().pieces
        if piece_id in pieces and not pieces[piece_id].solid:
            return None  # a ruin or a crater is somewhere to stand, not to embark in
        return partial(handler, sorted(units), piece_id)

    def _begin_drag(self, at: QPointF, item: ModelItem | BuildingItem) -> None:
        self._press = QPointF(at)
        self._ended = False
        self._anchor = (item.pos().x(), item.pos().y())
        self._models = self.scene.model_positions(self.scene.selected_model_ids())
        self._pieces = self.scene.piece_placements(self.scene.selected_piece_ids())
        refused = self.scene.may_move(sorted(self._models)) if self._models else None
        if refused:  # not this player's to move: no drag, no edit, no undo step
            self._reset()
            self.scene.move_refused.emit(refused)

    def _dragged_items(self) -> list[QGraphicsItem]:
        return [*(self.scene.model_item(m) for m in self._models),
                *(self.scene.piece_item(p) for p in self._pieces)]

    def _preview(self, dx: float, dy: float) -> None:
        for model_id, (x, y) in self._models.items():
            self.scene.model_item(model_id).setPos(x + dx, y + dy)
        for piece_id, (x, y, _) in self._pieces.items():
            self.scene.piece_item(piece_id).setPos(x + dx, y + dy)

    def _offset(self, event: QGraphicsSceneMouseEvent) -> tuple[float, float]:
        assert self._press is not None
        delta = event.scenePos() - self._press
        return snapped_offset(self._anchor, delta.x(), delta.y(), self.scene.snap_step)

    def _feedback(self, dx: float, dy: float) -> str:
        count = len(self._models) + len(self._pieces)
        what = (
            f"{count} model{'s' if count != 1 else ''}"
            if not self._pieces
            else (f"{count} item{'s' if count != 1 else ''}")
        )
        text = f"moving {what} {math.hypot(dx, dy):.2f} in (x {dx:+.2f}, y {dy:+.2f})"
        if self.scene.document.scenario.rule_system.uses_cm:
            text += f" = {from_inches(math.hypot(dx, dy), 'cm'):.1f} cm"
        return text

    def _end_drag(self) -> None:
        """Say once that the drag is over (overlays and the view let go of it)."""
        if self._press is not None and not self._ended:
            self._ended = True
            self.scene.drag_moved.emit("")

    def _reset(self) -> None:
        for item, z in self._raised:
            if isValid(item):
                item.setZValue(z)
        self._raised = []
        self._end_drag()
        self._press = None
        self._models, self._pieces = {}, {}


#: How far the mouse must move with the button down for a press to be a drag, inches.
DRAG_START = 0.1


class ClickOrDrag:
    """A tool's press that is a click (the tool picks) or a drag (it moves, as selecting does).

    A tool that picks with clicks hands each left press, move and release here: a drag of a
    model or building moves it (one undo step on release) and picks nothing; a click leaves
    the selection as it was and :meth:`release` says the tool may pick.
    """

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self._mover = SelectTool(scene)
        self._press: QPointF | None = None
        self._selected: list[QGraphicsItem] = []

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        """A left press: a drag may follow (it selects what it moves)."""
        self._press = QPointF(event.scenePos())
        self._selected = self.scene.selectedItems()
        self._mover.mouse_press_event(event)

    def move(self, event: QGraphicsSceneMouseEvent) -> None:
        """The mouse moved: a drag in progress follows it."""
        if self._press is not None:
            self._mover.mouse_move_event(event)

    def release(self, event: QGraphicsSceneMouseEvent) -> bool:
        """A left release: ``True`` when the press was a click (the tool picks now)."""
        press, self._press = self._press, None
        if press is None:
            return False
        moved = event.scenePos() - press
        if math.hypot(moved.x(), moved.y()) >= DRAG_START:
            self._mover.mouse_release_event(event)  # a move, never a pick
            return False
        self._mover.cancel()
        with self.scene.one_selection_change():
            self.scene.clearSelection()  # a click picks; it leaves the selection as it was
            for kept in self._selected:
                if isValid(kept):
                    kept.setSelected(True)
        return True

    def cancel(self) -> None:
        """Abandon a drag in progress (the items go back)."""
        self._press = None
        self._mover.cancel()
