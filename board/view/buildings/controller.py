"""The buildings feature: the dock kept live, embarking, disembarking, the void-shield overlay.

Every decision comes from the pure functions of :mod:`board.game` (:func:`try_embark`,
:func:`plan_disembark`, :func:`summarise`, :func:`void_shield_coverage`); this module only
wires them to the window, pushes one :class:`ApplyChangeCommand` per action and shows the
words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, Signal
from PySide6.QtGui import QAction, QMouseEvent, QPainterPath
from shiboken6 import isValid

from board.document.events import DocumentChange
from board.game.core.buildings import BuildingStateError
from board.game.core.names import Namer
from board.game.core.targets import centre
from board.game.core.world import World
from board.game.kit import Decision
from board.game.measuring.coverage import (
    UnitCoverage,
    unit_coverage,
    void_shield_area,
    void_shield_coverage,
)
from board.game.measuring.rings import moved_world
from board.game.occupancy.common import adjacent_parts
from board.game.occupancy.disembarking import plan_disembark
from board.game.occupancy.embarking import EmbarkAttempt, try_embark, try_move_between_parts
from board.game.reports.summary import summarise
from board.game.words import counted, member_word, says
from board.view.buildings.disembark_tool import DisembarkTool
from board.view.buildings.dock import BuildingDock
from board.view.buildings.void_shield_item import ShieldPicture, UnitMark, VoidShieldItem
from board.view.commands import ApplyChangeCommand
from board.view.convert import geometry_to_path
from board.view.palette import offered_datasheets

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["BuildingController"]


class BuildingController(QObject):
    """Connects the Building dock, the board and the document for one window."""

    #: A disembarkation started (True) or ended (False).
    disembarking = Signal(bool)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.scene = window.scene
        self.dock = BuildingDock(window)
        self.tool: DisembarkTool | None = None
        self.void_item: VoidShieldItem | None = None
        self._shields: ShieldPicture | None = None
        self._pressed = QPointF(-1e9, -1e9)
        #: How many times the void-shield picture was made (once per paint at most).
        self.pictures_made = 0
        self._still: dict[str, UnitMark] | None = None  # the labels as the document has them
        self._zones = QPainterPath()
        #: The Buildings menu's *Show void shield zones* (shown as the dock's box is).
        self.shields_action: QAction | None = None
        window.view.viewport().installEventFilter(self)
        self._connect()
        self.refresh()

    @property
    def piece_id(self) -> str | None:
        """The building the dock shows."""
        return self.dock.piece_id

    # -- acting -----------------------------------------------------------------------------
    def embark(self, unit_id: str, piece_id: str) -> Decision:
        """Ask the rules; on success push one undo step, else say why and change nothing."""
        return self._attempt(try_embark, "embark", ("embarks in", "embark in"), unit_id,
                             piece_id)

    def drop_on_building(self, unit_ids: list[str], piece_id: str) -> bool:
        """A whole unit dragged onto a building: embark it (the drag itself is dropped)."""
        scenario = self.scene.document.scenario
        leaders = [u for u in unit_ids if scenario.unit(u).joined_to not in unit_ids]
        if len(leaders) != 1:
            self.say(f"cannot embark: drag one unit (with its joined characters) onto "
                     f"{self._piece_name(piece_id)}, not {counted(len(leaders), 'unit')}")
            return True
        self.show_piece(piece_id)
        self.embark(leaders[0], piece_id)
        return True

    def move_between_parts(self, unit_id: str, target_id: str) -> Decision:
        """Move a unit inside into an adjacent part of its multi-part building (one step)."""
        return self._attempt(try_move_between_parts, "move", ("moves into", "move into"),
                             unit_id, target_id)

    def _attempt(self, rule: Callable[..., EmbarkAttempt], verb: str, done: tuple[str, str],
                 unit_id: str, piece_id: str) -> Decision:
        """Ask ``rule`` about ``unit_id`` and ``piece_id``; push its change as one step.

        ``done`` names the step, with the verb for one and for a plural name ("Black Orcs
        embark in …").
        """
        scene = self.scene
        try:
            attempt = rule(scene.document.scenario, scene.datasheets, scene.world(),
                           unit_id, piece_id)
        except BuildingStateError as error:
            self.say(f"cannot {verb}: {error}")
            return Decision.no(str(error))
        if attempt.change is not None:
            name = scene.document.scenario.unit(unit_id).name
            text = f"{name} {says(name, *done)} {self._piece_name(piece_id)}"
            scene.undo_stack.push(ApplyChangeCommand(scene.document, attempt.change, text))
        self.say(attempt.decision.reason)
        return attempt.decision

    def start_disembark(self, unit_id: str) -> Decision:
        """Draw the zone and the models to place; the tool takes the mouse until done."""
        scene = self.scene
        try:
            plan = plan_disembark(scene.document.scenario, scene.datasheets, scene.world(),
                                  unit_id)
        except BuildingStateError as error:
            self.say(f"cannot disembark: {error}")
            return Decision.no(str(error))
        if not plan.decision:
            self.say(plan.decision.reason)
            return plan.decision
        self.tool = DisembarkTool(scene, plan, self.say, self._on_tool_finished)
        scene.set_tool(self.tool)
        self.dock.set_disembarking(True)
        self.disembarking.emit(True)
        return plan.decision

    def complete_disembark(self) -> Decision:
        """Finish the disembarkation in progress (Enter)."""
        if self.tool is None or self.scene.tool is not self.tool:
            return Decision.no("no disembarkation in progress")
        return self.tool.complete()

    def abandon_disembark(self) -> None:
        """Escape: leave the disembarkation, changing nothing."""
        if self.tool is not None and self.scene.tool is self.tool:
            self.scene.escape()

    def say(self, text: str) -> None:
        """Show ``text`` in the dock and the status bar."""
        if not isValid(self.dock):
            return
        self.dock.set_message(text)
        self.window.statusBar().showMessage(text, 10000)

    # -- the void-shield overlay ------------------------------------------------------------
    def offer_void_shields(self) -> None:
        """Offer the void-shield zones only where the rule system's buildings have them.

        Warhammer Fantasy and Epic 40,000 have no void shields: no box, no menu item there.
        """
        window = self.window
        sheets = offered_datasheets(window.library, window.scenario)
        offered = any(s.void_shields or s.projects_void_shields for s in sheets) or bool(
            self.scene.world().terrain.generators)
        if not offered and self.dock.show_void_shields.isChecked():
            self.show_void_shields(False)
        self.dock.show_void_shields.setVisible(offered)
        self.dock.coverage_list.setVisible(offered)
        if self.shields_action is not None and isValid(self.shields_action):
            self.shields_action.setVisible(offered)

    def show_void_shields(self, visible: bool) -> None:
        """Draw (or hide) every generator's zone and each unit's coverage."""
        if visible and self.void_item is None:
            self.void_item = VoidShieldItem(self.shield_picture, self.scene.table_rect())
            self.scene.addItem(self.void_item)
            self.void_item.mark_dirty()
        elif not visible and self.void_item is not None:
            self.scene.removeItem(self.void_item)
            self.void_item = None
        if self.dock.show_void_shields.isChecked() != visible:
            self.dock.show_void_shields.setChecked(visible)
        self._refresh_coverage()

    def shield_picture(self) -> ShieldPicture:
        """The zones and unit labels, made again when the board has changed since last asked.

        Asked by the overlay once after the board changed (at the end of the mouse move that
        changed it, before the repaint), never while painting. While a drag previews things
        elsewhere it is made where their items stand: a
        dragged Void Shield Generator takes its zone along and every unit is judged again;
        dragged models have only their units judged again.
        """
        if self._shields is None:
            self._shields = self._picture()
            self.pictures_made += 1
        return self._shields

    def _picture(self) -> ShieldPicture:
        world = self.scene.world()
        if not world.terrain.generators:
            return ShieldPicture()
        if self._still is None:
            self._still = self._marks(world, list(void_shield_coverage(world)))
            self._zones = _zones_path(world)
        units, generators, preview = self._world_as_dragged(world)
        if generators:
            marks = self._marks(preview, list(void_shield_coverage(preview)))
            return ShieldPicture(_zones_path(preview), tuple(marks.values()))
        marks = dict(self._still)
        marks.update(self._marks(preview, [unit_coverage(preview, u) for u in units]))
        return ShieldPicture(self._zones, tuple(marks.values()))

    @staticmethod
    def _marks(world: World, covers: list[UnitCoverage]) -> dict[str, UnitMark]:
        """A label per unit, under the middle of its rear models (where ``world`` has them)."""
        marks = {}
        names = Namer.for_world(world)
        for cover in covers:
            spots = [centre(shape) for _, shape in world.unit_models(cover.unit_id)]
            middle = QPointF(sum(x for x, _ in spots) / len(spots), max(y for _, y in spots))
            marks[cover.unit_id] = UnitMark(middle, cover.explain(names), cover.status.value,
                                            cover.unit_id)
        return marks

    def _world_as_dragged(self, world: World) -> tuple[set[str], set[str], World]:
        """The units and generators being dragged, and the world as their items stand now."""
        scenario = self.scene.document.scenario
        models: dict[str, tuple[float, float]] = {}
        units: set[str] = set()
        for model_id in self.scene.selected_model_ids():
            at = self.scene.model_item(model_id).pos()
            unit, model = scenario.model(model_id)
            if model_id in world.models and (at.x(), at.y()) != (model.x, model.y):
                models[model_id] = (at.x() - model.x, at.y() - model.y)
                units.add(unit.id)
        pieces: dict[str, tuple[float, float]] = {}
        for piece_id in self.scene.selected_piece_ids():
            at, piece = self.scene.piece_item(piece_id).pos(), scenario.piece(piece_id)
            shapes = world.pieces.get(piece_id)
            if shapes is not None and shapes.void_shields and (at.x(), at.y()) != (piece.x,
                                                                                  piece.y):
                pieces[piece_id] = (at.x() - piece.x, at.y() - piece.y)
        return units, set(pieces), moved_world(world, models, pieces=pieces)

    def _on_drag_moved(self, _: str) -> None:
        """Make the picture again at the next paint, if the drag can change it."""
        if self.void_item is not None and isValid(self.void_item) and self._drag_matters():
            self._shields = None
            self.void_item.mark_dirty()

    def _drag_matters(self) -> bool:
        """Whether models or a Void Shield Generator are dragged.

        Other buildings change nothing here, and the overlay covers the table: a repaint of
        it is not free.
        """
        pieces = self.scene.world().pieces
        return bool(self.scene.selected_model_ids()) or any(
            p in pieces and pieces[p].void_shields for p in self.scene.selected_piece_ids())

    # -- keeping the dock live --------------------------------------------------------------
    def show_piece(self, piece_id: str | None) -> None:
        """Show ``piece_id`` in the dock (None: the hint)."""
        self.dock.piece_id = piece_id
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the dock's lines from the document as it is now."""
        if not isValid(self.dock):
            return
        scenario = self.scene.document.scenario
        piece_id = self.dock.piece_id
        if piece_id is not None and not any(p.id == piece_id for p in scenario.terrain):
            piece_id = None
        lines: list[str] = []
        title = ""
        if piece_id is not None:
            title, lines = self._summary_lines(piece_id)
        self.dock.show_building(piece_id, title, lines)
        sides = {s.id: s.name for s in scenario.sides}
        word = member_word(scenario.rule_system)
        label = {u.id: f"{u.name} ({sides.get(u.side, 'no side')}, "
                       f"{counted(len(u.models), word)})"
                 for u in scenario.units}
        outside = [(u.id, label[u.id]) for u in scenario.units if u.on_table and u.models]
        inside = [(u.id, label[u.id]) for u in scenario.units_in(piece_id or "")]
        self.dock.set_units(outside, inside)
        parts = adjacent_parts(scenario, self.scene.world(), piece_id) if piece_id else []
        self.dock.set_parts([(part, self._piece_name(part)) for part in parts])

    def _piece_name(self, piece_id: str) -> str:
        """The piece's datasheet name (never its id: "the building" when it is unknown)."""
        piece = self.scene.world().pieces.get(piece_id)
        if piece is not None:
            return piece.sheet.name
        found = next((p for p in self.scene.document.scenario.terrain if p.id == piece_id), None)
        sheets = self.scene.datasheets
        return sheets[found.datasheet].name if found and found.datasheet in sheets \
            else "the building"

    def _summary_lines(self, piece_id: str) -> tuple[str, list[str]]:
        scenario = self.scene.document.scenario
        name = self._piece_name(piece_id)
        try:
            summary = summarise(scenario, self.scene.datasheets, scenario.piece(piece_id))
        except BuildingStateError as error:
            return name, [str(error)]
        if summary is None:
            return name, [f"{name} is not a building of {scenario.rule_system.label}"]
        return summary.name, summary.lines()

    def _refresh_coverage(self) -> None:
        self._shields = self._still = None
        if self.void_item is not None:
            self.void_item.mark_dirty()
        if not self.dock.show_void_shields.isChecked():
            self.dock.set_coverage([])
            return
        world = self.scene.world()
        names = Namer.for_world(world, self.scene.document.scenario)
        lines = [c.explain(names) for c in void_shield_coverage(world)]
        self.dock.set_coverage(lines or ["(no Void Shield Generator on the table)"])

    def _on_change(self, event: DocumentChange) -> None:
        if event.replaced:
            self.offer_void_shields()
        if event.board_changed:
            self._on_document_changed()

    def _on_document_changed(self, *_: object) -> None:
        # The message answered the last action; any later change to the board (an undo, a
        # garrison fleeing a shot, a peer's move) may have made it untrue. An action of this
        # dock says its own words after its change lands.
        self.dock.set_message("")
        self._drop_stale_disembark()
        self.refresh()
        self._refresh_coverage()

    def _drop_stale_disembark(self) -> None:
        """Leave a disembarkation whose unit is no longer inside (undo, another file)."""
        if self.tool is None or self.scene.tool is not self.tool:
            return
        scenario = self.scene.document.scenario
        plan = self.tool.plan
        still = [u for u in scenario.units if u.id in plan.unit_ids
                 and u.embarked_in == plan.piece_id]
        if len(still) != len(plan.unit_ids):
            self.scene.set_tool(None)
            self.say("disembarkation abandoned: the unit is no longer inside "
                     + self._piece_name(plan.piece_id))

    def _on_selection_changed(self) -> None:
        if not isValid(self.scene) or not isValid(self.dock):
            return
        pieces = self.scene.selected_piece_ids()
        if not pieces:
            return
        view = self.window.view
        clicked = self.scene.piece_at(self._pressed, view.transform())
        chosen = clicked if clicked in pieces else pieces[0]  # a part of a multi-part building
        if chosen != self.dock.piece_id:
            self.show_piece(chosen)
            self.dock.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Note where the board was last pressed: the part of a building the player clicked."""
        if event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            self._pressed = self.window.view.mapToScene(event.position().toPoint())
        return False

    def _edit_unit(self, unit_id: str) -> None:
        """Open the unit editor on a unit inside (Units ▸ Edit Unit… needs no selection)."""
        units = self.window.features.units
        if units is not None:
            units.open_edit(unit_id)

    def _on_tool_finished(self) -> None:
        self.tool = None
        if isValid(self.dock):
            self.dock.set_disembarking(False)
        if isValid(self):
            self.disembarking.emit(False)

    def _connect(self) -> None:
        document = self.scene.document
        document.changed.connect(self._on_change)
        self.scene.selectionChanged.connect(self._on_selection_changed)
        self.scene.drag_moved.connect(self._on_drag_moved)
        self.dock.embark_requested.connect(self.embark)
        self.dock.disembark_requested.connect(self.start_disembark)
        self.dock.move_requested.connect(self.move_between_parts)
        self.dock.complete_requested.connect(self.complete_disembark)
        self.dock.abandon_requested.connect(self.abandon_disembark)
        self.dock.void_shields_toggled.connect(self.show_void_shields)
        self.dock.edit_requested.connect(self._edit_unit)


def _zones_path(world: World) -> QPainterPath:
    """Every generator's zone in ``world``, as one outline (overlapping zones merged)."""
    area = void_shield_area(world)
    return geometry_to_path(area) if area is not None else QPainterPath()
