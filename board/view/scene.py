"""The board's scene: one item per document object, kept in step with the document.

The scene owns the map from document ids to items, creates items from a registry of item
classes, listens to the document's signals and moves, adds and removes items when the
document changes (STYLE.md habit 5). One scene unit is one inch.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QPixmapCache, QTransform, QUndoStack
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
)
from shiboken6 import isValid

from board.document.datasheet import Datasheet, TerrainKind
from board.document.edits import ScenarioDocument, turn_placements
from board.document.model import Model, Scenario, TerrainPiece, Unit
from board.game.core.world import World, WorldCache
from board.view import commands
from board.view.building_look import BuildingLook, look_of
from board.view.convert import to_colour
from board.view.items import BuildingItem, ModelItem, TableItem
from board.view.tools import SelectTool, Tool, board_item_at

__all__ = ["BoardScene", "ITEM_CLASSES"]

#: Which item class draws which kind of document object.
ITEM_CLASSES: dict[type, type[BuildingItem | ModelItem]] = {
    TerrainPiece: BuildingItem,
    Model: ModelItem,
}

#: Room around the table for pieces and models put beside it, inches.
TABLE_MARGIN = 6.0

#: Qt's pixmap cache size for the board, KiB: 1,000 cached model items need more than Qt's
#: default 10 MB (DESIGN.md pitfalls).
PIXMAP_CACHE_KIB = 256 * 1024


def _unknown_look(datasheet_id: str) -> BuildingLook:
    square = ((-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0))
    return BuildingLook(f"unknown datasheet {datasheet_id}", TerrainKind.IMPASSABLE, square)


class BoardScene(QGraphicsScene):
    """The table, its terrain and its models, drawn from a :class:`ScenarioDocument`.

    Parameters
    ----------
    document
        The document to show; the scene listens to its signals.
    library
        Datasheets by id, to draw terrain pieces.
    undo_stack
        Where the scene's tools push their commands.
    """

    #: While a drag goes on: how far and which way (empty when it ends).
    drag_moved = Signal(str)
    #: The active tool changed (the new tool).
    tool_changed = Signal(object)

    def __init__(
        self,
        document: ScenarioDocument,
        library: Mapping[str, Datasheet],
        undo_stack: QUndoStack,
    ) -> None:
        super().__init__()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KIB))
        self.document = document
        self.library = library
        #: The library plus the scenario's own datasheets: what its pieces are drawn from.
        self.datasheets: dict[str, Datasheet] = dict(library)
        self.undo_stack = undo_stack
        self.table_item = TableItem()
        self.addItem(self.table_item)
        self._pieces: dict[str, BuildingItem] = {}
        self._models: dict[str, ModelItem] = {}
        self._unit_models: dict[str, list[str]] = {}
        self._naming_due = False
        #: The part of a multi-part building last clicked (its whole building is selected).
        self.picked_part: str | None = None
        #: Drags land the grabbed model or piece on multiples of this many inches (0: free).
        self.snap_step = 0.0
        self.tool: Tool = SelectTool(self)
        self._worlds = WorldCache(self.datasheets)
        self._connect(document)
        self._sync(document.scenario)

    # -- look-ups -----------------------------------------------------------------------------
    def model_item(self, model_id: str) -> ModelItem:
        """Return the item drawing the model ``model_id``."""
        return self._models[model_id]

    def piece_item(self, piece_id: str) -> BuildingItem:
        """Return the item drawing the terrain piece ``piece_id``."""
        return self._pieces[piece_id]

    def model_items(self) -> dict[str, ModelItem]:
        """Every model item by model id."""
        return dict(self._models)

    def piece_items(self) -> dict[str, BuildingItem]:
        """Every terrain item by piece id."""
        return dict(self._pieces)

    def selected_model_ids(self) -> list[str]:
        """Return the ids of the selected models, in document order.

        Items already deleted (the scene emits ``selectionChanged`` while it is destroyed)
        are skipped.
        """
        return [mid for mid, item in self._models.items() if isValid(item) and item.isSelected()]

    def selected_piece_ids(self) -> list[str]:
        """Return the ids of the selected terrain pieces, in document order."""
        return [pid for pid, item in self._pieces.items() if isValid(item) and item.isSelected()]

    def model_positions(self, model_ids: Iterable[str]) -> dict[str, tuple[float, float]]:
        """Return the document's positions of these models."""
        scenario = self.document.scenario
        return {mid: (m.x, m.y) for mid in model_ids for m in [scenario.model(mid)[1]]}

    def piece_placements(self, piece_ids: Iterable[str]) -> dict[str, tuple[float, float, float]]:
        """Return the document's ``(x, y, rotation)`` of these pieces."""
        scenario = self.document.scenario
        return {pid: (p.x, p.y, p.rotation) for pid in piece_ids for p in [scenario.piece(pid)]}

    def items_under(self, event: QGraphicsSceneMouseEvent) -> list[QGraphicsItem]:
        """Return the items under the mouse, topmost first, as the view shows them.

        The view's transform is needed: labels and symbols that ignore the zoom are a few
        pixels big on screen, which without it would count as that many inches.
        """
        widget = event.widget()
        view = widget.parentWidget() if widget is not None else None
        transform = view.transform() if isinstance(view, QGraphicsView) else QTransform()
        return self.items(
            event.scenePos(),
            Qt.ItemSelectionMode.IntersectsItemShape,
            Qt.SortOrder.DescendingOrder,
            transform,
        )

    def piece_at(self, at: QPointF, transform: QTransform) -> str | None:
        """Return the id of the topmost terrain piece at ``at`` (inches) as a view shows it."""
        items = self.items(
            at, Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder, transform
        )
        item = board_item_at(items)
        return item.piece_id if isinstance(item, BuildingItem) else None

    def table_rect(self) -> QRectF:
        """Return the table, inches."""
        return self.table_item.rect

    def world(self) -> World:
        """The geometry of the scenario as it is now (rebuilt only where it changed).

        Tools ask for it when they paint or answer; asking twice costs a fingerprint.
        """
        return self._worlds.world_for(self.document.scenario)

    # -- the active tool ------------------------------------------------------------------
    def set_tool(self, tool: Tool | None) -> None:
        """Make ``tool`` the active tool (``None``: back to selecting and dragging).

        The old tool finishes (keeping what it did) before the new one starts; the scene
        then offers the new tool every mouse event first.
        """
        new = tool if tool is not None else SelectTool(self)
        if new is self.tool:
            return
        old, self.tool = self.tool, new
        old.finish()
        new.start()
        self.tool_changed.emit(new)

    def escape(self) -> None:
        """Escape: abandon the gesture in progress, then leave any tool but selecting."""
        self.tool.cancel()
        if not isinstance(self.tool, SelectTool):
            self.set_tool(None)

    # -- actions the tools and the window use ----------------------------------------------
    def select_unit_of(self, model_id: str) -> None:
        """Select every model of the unit ``model_id`` belongs to, and nothing else."""
        unit, _ = self.document.scenario.model(model_id)
        self.clearSelection()
        for model in unit.models:
            if model.id in self._models:
                self._models[model.id].setSelected(True)

    def select_all(self) -> None:
        """Select every model and terrain piece."""
        for item in [*self._models.values(), *self._pieces.values()]:
            item.setSelected(True)

    def push_drag(
        self,
        old_models: dict[str, tuple[float, float]],
        new_models: dict[str, tuple[float, float]],
        old_pieces: dict[str, tuple[float, float, float]],
        new_pieces: dict[str, tuple[float, float, float]],
    ) -> None:
        """Record a finished drag as one undo step."""
        parts: list[commands.QUndoCommand] = []
        if new_models:
            parts.append(commands.MoveModelsCommand(self.document, old_models, new_models))
        if new_pieces:
            parts.append(commands.PlacePiecesCommand(self.document, old_pieces, new_pieces))
        # The rules are not loaded before the first paint (the launch shows the board first).
        from board.game.moves import after_drag

        claims = after_drag(self.document.scenario, self.datasheets, self.world(), old_models,
                            new_models, bool(new_pieces))
        if claims is not None:  # onto an unclaimed building's battlements: it is claimed
            parts.append(commands.ApplyChangeCommand(self.document, claims, "Claim"))
        self._push_as_one(parts, "Move selection")

    def rotate_selected(self, degrees: float) -> bool:
        """Turn the selection ``degrees`` clockwise as one undo step; False if none.

        Models turn about their own centres; a building turns in place, a multi-part
        building about the middle of its parts.
        """
        model_ids, piece_ids = self.selected_model_ids(), self.selected_piece_ids()
        parts: list[commands.QUndoCommand] = []
        if model_ids:
            old = {mid: self.document.scenario.model(mid)[1].facing for mid in model_ids}
            new = {mid: (facing + degrees) % 360.0 for mid, facing in old.items()}
            parts.append(commands.RotateModelsCommand(self.document, old, new))
        if piece_ids:
            placements = self.piece_placements(piece_ids)
            groups = {pid: self.document.scenario.piece(pid).group or pid for pid in piece_ids}
            turned = turn_placements(placements, groups, degrees)
            parts.append(commands.PlacePiecesCommand(self.document, placements, turned))
        self._push_as_one(parts, "Rotate selection")
        return bool(parts)

    def select_group_of(self, piece_id: str) -> None:
        """Select every part of the multi-part building ``piece_id`` belongs to (or it alone)."""
        group = self.document.scenario.piece(piece_id).group
        self.picked_part = piece_id
        self.clearSelection()
        for piece in self.document.scenario.terrain:
            if piece.id == piece_id or (group is not None and piece.group == group):
                self._pieces[piece.id].setSelected(True)

    def _push_as_one(self, parts: list[commands.QUndoCommand], text: str) -> None:
        if len(parts) == 1:
            self.undo_stack.push(parts[0])
        elif parts:
            self.undo_stack.beginMacro(text)
            for part in parts:
                self.undo_stack.push(part)
            self.undo_stack.endMacro()

    def set_grid_visible(self, visible: bool) -> None:
        """Show or hide the table's inch grid."""
        self.table_item.set_grid_visible(visible)

    # -- mouse: the active tool first ------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: D102
        if self.tool.mouse_press_event(event):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: D102
        if self.tool.mouse_move_event(event):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: D102
        if self.tool.mouse_release_event(event):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    # -- keeping items in step with the document --------------------------------------------
    def _connect(self, document: ScenarioDocument) -> None:
        document.models_changed.connect(self._on_models_changed)
        document.models_removed.connect(self._on_models_removed)
        document.models_added.connect(self._on_models_added)
        document.piece_added.connect(self._on_piece_added)
        document.piece_removed.connect(self._on_piece_removed)
        document.pieces_changed.connect(self._on_pieces_changed)
        document.unit_added.connect(self._on_unit_added)
        document.unit_removed.connect(self._on_unit_removed)
        document.replaced.connect(self._sync)

    def name_units_soon(self) -> None:
        """A model was selected or let go: choose which show their unit's name.

        Once the selection has settled: a rubber band selects hundreds one by one.
        """
        if not self._naming_due:
            self._naming_due = True
            QTimer.singleShot(0, self._name_one_per_unit)

    def _name_one_per_unit(self) -> None:
        """Of a unit's selected models only the topmost (then leftmost) shows the unit's name.

        Twenty selected models used to show twenty copies of the name, stacked over each other.
        """
        if not isValid(self):
            return
        self._naming_due = False
        for ids in self._unit_models.values():
            items = [self._models[m] for m in ids if m in self._models]
            chosen = [item for item in items if isValid(item) and item.isSelected()]
            lead = min(chosen, key=lambda i: (round(i.y(), 6), round(i.x(), 6)), default=None)
            for item in items:
                if isValid(item):
                    item.set_named_when_selected(item is lead or not item.isSelected())

    def _sync(self, scenario: Scenario) -> None:
        self.tool.cancel()
        # Forget the items before removing them: removal emits selectionChanged.
        old = [*self._pieces.values(), *self._models.values()]
        self._pieces, self._models, self._unit_models = {}, {}, {}
        for item in old:
            self.removeItem(item)
        self.datasheets = {**self.library, **{d.id: d for d in scenario.custom_datasheets}}
        self._worlds = WorldCache(self.datasheets)
        self.table_item.set_size(scenario.table.width, scenario.table.height)
        self.table_item.set_grid_cm(scenario.rule_system.uses_cm)
        margin = TABLE_MARGIN
        self.setSceneRect(self.table_rect().adjusted(-margin, -margin, margin, margin))
        for piece in scenario.terrain:
            self._on_piece_added(piece)
        for unit in scenario.units:
            self._on_unit_added(unit)

    def _make_item(self, obj: TerrainPiece | Model) -> BuildingItem | ModelItem:
        item_class = ITEM_CLASSES[type(obj)]
        if isinstance(obj, TerrainPiece):
            sheet = self.datasheets.get(obj.datasheet)
            look = look_of(sheet) if sheet is not None else _unknown_look(obj.datasheet)
            return item_class(obj.id, look)  # type: ignore[call-arg]
        return item_class(obj.id)  # type: ignore[call-arg]

    def _on_piece_added(self, piece: TerrainPiece) -> None:
        item = self._make_item(piece)
        assert isinstance(item, BuildingItem)
        self._pieces[piece.id] = item
        self.addItem(item)
        self._sync_piece(piece)

    def _sync_piece(self, piece: TerrainPiece) -> None:
        item = self._pieces[piece.id]
        item.set_part_of_group(piece.group is not None)
        item.set_placement(piece.x, piece.y, piece.rotation)
        scenario = self.document.scenario
        holder = next((s for s in scenario.sides if s.id == piece.claimed_by), None)
        item.set_claim(to_colour(holder.colour) if holder else None, holder.name if holder else "")
        item.set_occupants([u.name for u in scenario.units_in(piece.id)])

    def _on_piece_removed(self, piece_id: str) -> None:
        item = self._pieces.pop(piece_id)
        self.removeItem(item)

    def _on_pieces_changed(self, piece_ids: tuple[str, ...]) -> None:
        for piece_id in piece_ids:
            self._sync_piece(self.document.scenario.piece(piece_id))

    def _on_unit_added(self, unit: Unit) -> None:
        self._unit_models[unit.id] = []
        if unit.on_table:
            self._add_model_items(unit, unit.models)
        elif unit.embarked_in in self._pieces:
            self._sync_piece(self.document.scenario.piece(unit.embarked_in))

    def _add_model_items(self, unit: Unit, models: Iterable[Model]) -> None:
        side = next((s for s in self.document.scenario.sides if s.id == unit.side), None)
        colour = to_colour(side.colour if side else "#808080")
        for model in models:
            item = self._make_item(model)
            assert isinstance(item, ModelItem)
            item.set_base(model.base.shape.value, model.base.length_in, model.base.width_in)
            item.set_colour(colour)
            item.set_name(f"{unit.name} ({side.name if side else unit.side})")
            item.set_placement(model.x, model.y, model.facing)
            self._models[model.id] = item
            self._unit_models[unit.id].append(model.id)
            self.addItem(item)

    def _on_unit_removed(self, unit_id: str) -> None:
        items = [self._models.pop(mid) for mid in self._unit_models.pop(unit_id, [])]
        for item in items:
            self.removeItem(item)
        for piece in self.document.scenario.terrain:
            self._sync_piece(piece)

    def _on_models_changed(self, model_ids: tuple[str, ...]) -> None:
        for model_id in model_ids:
            _, model = self.document.scenario.model(model_id)
            self._models[model_id].set_placement(model.x, model.y, model.facing)

    def _on_models_removed(self, model_ids: tuple[str, ...]) -> None:
        items = [self._models.pop(model_id) for model_id in model_ids]
        for ids in self._unit_models.values():
            ids[:] = [mid for mid in ids if mid not in model_ids]
        for item in items:
            self.removeItem(item)

    def _on_models_added(self, model_ids: tuple[str, ...]) -> None:
        for model_id in model_ids:
            unit, model = self.document.scenario.model(model_id)
            if unit.on_table:
                self._add_model_items(unit, [model])
