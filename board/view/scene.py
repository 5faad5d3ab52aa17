"""The board's scene: the table, its items, the active tool, and the edits tools make.

The items are kept in step with the document by :class:`~board.view.scene_items.SceneItems`
(one change event, only the items of what changed are touched; STYLE.md habit 5); this module
adds the tools, the selection and the undoable actions. One scene unit is one inch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QPixmapCache, QTransform, QUndoStack
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
)
from shiboken6 import isValid

from board.document.datasheet import Datasheet
from board.document.edits import ScenarioDocument, turn_placements
from board.document.model import Scenario
from board.present.presentation import Presentation
from board.view import commands
from board.view.items import BuildingItem, ModelItem
from board.view.readings import Readings
from board.view.scene_items import ITEM_CLASSES, TABLE_MARGIN, SceneItems
from board.view.tools import SelectTool, Tool, board_item_at

if TYPE_CHECKING:
    from board.game.core.world import World, WorldCache
    from board.game.kit import Dice

__all__ = ["BoardScene", "ITEM_CLASSES", "TABLE_MARGIN", "PIXMAP_CACHE_KIB"]

#: Qt's pixmap cache size for the board, KiB: 1,000 cached model items need more than Qt's
#: default 10 MB (DESIGN.md pitfalls).
PIXMAP_CACHE_KIB = 256 * 1024


class BoardScene(SceneItems):
    """The table, its terrain and its models, drawn from a :class:`ScenarioDocument`.

    Parameters
    ----------
    document
        The document to show; the items follow its ``changed`` event.
    library
        Datasheets by id, to draw terrain pieces.
    undo_stack
        Where the scene's tools push their commands.
    """

    #: While a drag goes on: how far and which way (empty when it ends).
    drag_moved = Signal(str)
    #: A drag's items were just moved to follow the mouse (before ``drag_moved``: what must
    #: leave at once, such as a shared game's presence, goes before the overlays' work). It
    #: carries the dragged models' ids (a mapping whose keys are the ids; read, never kept).
    drag_previewed = Signal(object)
    #: ``move_refused(text)``: a drag of models this player may not move was not begun.
    move_refused = Signal(str)
    #: The active tool changed (the new tool).
    tool_changed = Signal(object)
    #: What the active tool expects next, in words (``""``: nothing; the status bar shows it).
    prompt_changed = Signal(str)
    #: Items were moved with no edit of the document (another player's drag shown live):
    #: what was drawn of them, or laid out around them, is out of date.
    moved_live = Signal()

    def __init__(
        self,
        document: ScenarioDocument,
        library: Mapping[str, Datasheet],
        undo_stack: QUndoStack,
    ) -> None:
        super().__init__(document, library)
        #: The overlays' labels as the layout reads them (Qt-free models, board.present).
        self.presentation = Presentation()
        #: The overlays' readings due (worked out at the next turn of the event loop).
        self.readings = Readings()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KIB))
        self.undo_stack = undo_stack
        self._naming_due = False
        #: The part of a multi-part building last clicked (its whole building is selected).
        self.picked_part: str | None = None
        #: Drags land the grabbed model or piece on multiples of this many inches (0: free).
        self.snap_step = 0.0
        #: Whole units released over a building: ``(unit_ids, piece_id) -> taken`` (the
        #: buildings feature offers them to embark); ``None``: such a drop is a move.
        self.drop_on_building: Callable[[list[str], str], bool] | None = None
        #: The dice of what a drag brings about (a battlements terrain test); ``None``: fresh
        #: dice each time. Tests hand in :class:`rules.dice.FixedDice`.
        self.make_dice: Callable[[], Dice] | None = None
        #: Why this player may not move these models (``None``: they may). A shared game
        #: sets it: the other side's models are refused before a drag begins.
        self.may_move: Callable[[list[str]], str | None] = lambda _models: None
        self.tool: Tool = SelectTool(self)
        #: Whether the select tool is dragging models or pieces (``drag_moved`` says so).
        self.dragging = False
        #: Whether another player's drag is shown on this board now (``moved_live`` moves its
        #: items; :class:`~board.view.remote.live.LiveDrags` says when it ends).
        self.shows_live_drag = False
        self._after_drag: list[Callable[[], object]] = []
        self.drag_moved.connect(self._follow_drag)
        #: The datasheets the board's geometry is built from, and its cache (made when a tool
        #: first asks: the geometry modules are not needed for the first paint).
        self._world_sheets: Mapping[str, Datasheet] = self.datasheets
        self._worlds: WorldCache | None = None
        self._connect(document)
        self.selectionChanged.connect(self.name_units_soon)
        self._sync(document.scenario)

    def when_drag_ends(self, call: Callable[[], object]) -> None:
        """Call ``call`` once, when the drag going on ends (an overlay that held its labels)."""
        self._after_drag.append(call)

    def _follow_drag(self, text: str) -> None:
        self.dragging = bool(text)
        if not text:
            calls, self._after_drag = self._after_drag, []
            for call in calls:
                call()

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

    def world(self) -> World:
        """The geometry of the scenario as it is now (rebuilt only where it changed).

        Tools ask for it when they paint or answer; asking twice costs a fingerprint.
        """
        if self._worlds is None:
            from board.game.core.world import WorldCache

            self._worlds = WorldCache(self._world_sheets)
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
        self.prompt_changed.emit(new.prompt())

    def escape(self) -> None:
        """Escape: abandon the gesture in progress, then leave any tool but selecting."""
        self.tool.cancel()
        if not isinstance(self.tool, SelectTool):
            self.set_tool(None)

    # -- actions the tools and the window use ----------------------------------------------
    @contextmanager
    def one_selection_change(self) -> Iterator[None]:
        """Items selected and let go inside as one change: ``selectionChanged`` once, after.

        Qt tells each ``setSelected`` at once, and every listener reads the selection again:
        a unit of 20 selected on a table of 3,000 models was told 21 times (110 ms), Select
        All thousands of times. Nothing else the scene says is said during the change.
        """
        before = {id(item) for item in self.selectedItems()}
        blocked = self.blockSignals(True)
        try:
            yield
        finally:
            self.blockSignals(blocked)
            if {id(item) for item in self.selectedItems()} != before:
                self.selectionChanged.emit()

    def select_unit_of(self, model_id: str) -> None:
        """Select every model of the unit ``model_id`` belongs to, and nothing else."""
        unit, _ = self.document.scenario.model(model_id)
        with self.one_selection_change():
            self.clearSelection()
            for model in unit.models:
                if model.id in self._models:
                    self._models[model.id].setSelected(True)

    def select_all(self) -> None:
        """Select every model and terrain piece."""
        with self.one_selection_change():
            for item in [*self._models.values(), *self._pieces.values()]:
                item.setSelected(True)

    def push_drag(
        self,
        old_models: dict[str, tuple[float, float]],
        new_models: dict[str, tuple[float, float]],
        old_pieces: dict[str, tuple[float, float, float]],
        new_pieces: dict[str, tuple[float, float, float]],
    ) -> bool:
        """Record a finished drag as one undo step; False if the drop is refused.

        Models dropped off the table, on other models' bases or into a building (not on its
        battlements) are refused: nothing changes, no step is pushed, and the status bar says
        what and why with the numbers. A drag that moves terrain is setup and is not refused
        (what it leaves overlapping is flagged on the board).
        """
        # The rules are not loaded before the first paint (the launch shows the board first).
        from board.game.core.standing import placement_refusal
        from board.game.moves import after_drag

        scenario = self.document.scenario
        if new_models and not new_pieces:
            facings = {m.id: m.facing for u in scenario.units for m in u.models
                       if m.id in new_models}
            why = placement_refusal(scenario, self.world(), {
                mid: (x, y, facings[mid]) for mid, (x, y) in new_models.items()})
            if why:
                self.refuse(f"{why}; put back")
                return False
        parts: list[commands.QUndoCommand] = []
        if new_models:
            parts.append(commands.MoveModelsCommand(self.document, old_models, new_models))
        if new_pieces:
            parts.append(commands.PlacePiecesCommand(self.document, old_pieces, new_pieces))
        claims = after_drag(scenario, self.datasheets, self.world(), old_models,
                            new_models, bool(new_pieces),
                            make() if (make := getattr(self, "make_dice", None)) else None)
        if claims is not None:  # battlements: the terrain test rolled, an unclaimed one claimed
            parts.append(commands.ApplyChangeCommand(self.document, claims, "Claim"))
        self._push_as_one(parts, "Move selection")
        return True

    def refuse(self, why: str) -> None:
        """Say in the status bar why an edit was refused (nothing changed, no step pushed)."""
        if isinstance(self.undo_stack, commands.BoardUndoStack):
            self.undo_stack.refused.emit(why)

    def rotate_selected(self, degrees: float) -> bool:
        """Turn the selection ``degrees`` clockwise as one undo step; False if none.

        Models turn as their system says (:mod:`board.game.turning`: a Warhammer Fantasy
        unit about the centre of its formation, other systems' models about their own
        centres); a turn that would put a base off the table, on another model or into a
        building is refused with the numbers. A building turns in place, a multi-part
        building about the middle of its parts.
        """
        from board.game.core.standing import placement_refusal
        from board.game.turning import turned_placements

        model_ids, piece_ids = self.selected_model_ids(), self.selected_piece_ids()
        scenario = self.document.scenario
        parts: list[commands.QUndoCommand] = []
        if model_ids:
            turned = turned_placements(scenario, model_ids, degrees)
            why = placement_refusal(scenario, self.world(), turned, among=True)
            if why:
                self.refuse(f"{why}; not turned")
                return True
            old = {mid: (m.x, m.y, m.facing) for mid in model_ids
                   for m in [scenario.model(mid)[1]]}
            parts.append(commands.TurnModelsCommand(self.document, old, turned))
        if piece_ids:
            placements = self.piece_placements(piece_ids)
            groups = {pid: scenario.piece(pid).group or pid for pid in piece_ids}
            turned_pieces = turn_placements(placements, groups, degrees)
            parts.append(commands.PlacePiecesCommand(self.document, placements, turned_pieces))
        self._push_as_one(parts, "Rotate selection")
        return bool(parts)

    def select_group_of(self, piece_id: str) -> None:
        """Select every part of the multi-part building ``piece_id`` belongs to (or it alone)."""
        group = self.document.scenario.piece(piece_id).group
        self.picked_part = piece_id
        with self.one_selection_change():
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

    def set_snap_step(self, step: float) -> None:
        """Land drags on multiples of ``step`` inches (0: free)."""
        self.snap_step = max(0.0, float(step))

    def set_grid_visible(self, visible: bool) -> None:
        """Show or hide the table's inch grid."""
        self.table_item.set_grid_visible(visible)

    # -- mouse: the active tool first ------------------------------------------------------
    # What a press, move or release changed is read at its end (the overlays' readings due,
    # board.view.readings), before Qt works out what to repaint: one repaint draws it all.
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: D102
        if self.tool.mouse_press_event(event):
            event.accept()
        else:
            super().mousePressEvent(event)
        self.readings.now()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: D102
        if self.tool.mouse_move_event(event):
            event.accept()
        else:
            super().mouseMoveEvent(event)
        self.readings.now()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: D102
        if self.tool.mouse_release_event(event):
            event.accept()
        else:
            super().mouseReleaseEvent(event)
        self.readings.now()

    def _before_redraw(self, scenario: Scenario) -> None:
        self.tool.cancel()
        self._world_sheets = {**self.library, **{d.id: d for d in scenario.custom_datasheets}}
        self._worlds = None

    def name_units_soon(self) -> None:
        """A model was selected or let go: which models show their unit's name is due.

        Chosen once the selection has settled, by :meth:`name_units_if_due`, which the view
        runs before it lays out its labels and paints: a rubber band or Select All selects
        hundreds one by one, each telling this.
        """
        if not self._naming_due:
            self._naming_due = True
            for view in self.views():
                view.viewport().update()

    def name_units_if_due(self) -> None:
        """Choose which selected models show their unit's name, if the selection changed."""
        if self._naming_due and isValid(self):
            self._name_one_per_unit()

    def _name_one_per_unit(self) -> None:
        """Of a unit's selected models only the topmost (then leftmost) shows the unit's name.

        Twenty selected models used to show twenty copies of the name, stacked over each other.
        """
        self._naming_due = False
        for ids in self._unit_models.values():
            items = [self._models[m] for m in ids if m in self._models]
            chosen = [item for item in items if isValid(item) and item.isSelected()]
            lead = min(chosen, key=lambda i: (round(i.y(), 6), round(i.x(), 6)), default=None)
            for item in items:
                if isValid(item):
                    item.set_named_when_selected(item is lead or not item.isSelected())
