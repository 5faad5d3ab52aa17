"""The Shoot and Game menus: line of sight, shooting a building, automated fire, end of turn."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence
from shiboken6 import isValid

from board.document.events import DocumentChange
from board.game.core.clock import TurnError, clock_text, goes_first
from board.game.core.shots import AutomatedTarget, FireResult
from board.game.core.targets import PieceTarget
from board.game.firers import Firer
from board.game.kit import Circle
from board.game.measuring.pick import preselected_piece
from board.game.systems.registry import system_for
from board.game.turns import PhaseStepError, end_turn, play_phase_step
from board.view.commands import ApplyChangeCommand
from board.view.measure.overlay_item import OverlayItem
from board.view.measure.sketch import Label, Line, Sketch
from board.view.shooting.dialog import ShootDialog
from board.view.shooting.dock import ShootingDock
from board.view.sight import SightOverlay, SightTool

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["ShootingFeature", "install"]

#: The colour automated fire is highlighted in.
AUTOMATED = QColor("#ff9800")


class _CloseWatcher(QObject):
    """Closes the feature's dialog when its window closes (a modeless dialog would stay)."""

    def __init__(self, feature: ShootingFeature) -> None:
        super().__init__(feature.window)
        self._feature = feature

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        dialog = self._feature.dialog  # every event of the window comes: the class, not type()
        if dialog is not None and isinstance(event, QCloseEvent) and isValid(dialog):
            dialog.close()
        return False


class ShootingFeature:
    """The shooting tools of one window: what the menus, the tool bar and the dock call."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dock = ShootingDock(window)
        self.sight = SightOverlay(window.scene, self.dock.show_lines)
        self.targets: list[AutomatedTarget] = []
        self.highlight = OverlayItem(self._highlight, self._highlight_room, z=41.0)
        window.scene.addItem(self.highlight)
        self.dialog: ShootDialog | None = None
        self.actions: dict[str, QAction] = {}
        document = window.document
        document.changed.connect(self._on_change)
        self.dock.end_turn.clicked.connect(lambda: self.end_turn())
        self.dock.start.clicked.connect(lambda: self.start_battle(self.dock.first.currentData()))
        self.dock.sight.setCheckable(True)
        self.dock.sight.clicked.connect(lambda on: self.toggle_sight(on))
        window.scene.tool_changed.connect(self._on_tool_changed)
        self.dock.shoot.clicked.connect(lambda: self.open_shoot_dialog())
        self.dock.automated.clicked.connect(lambda: self.automated_fire())
        self.show_clock()
        self.show_steps()

    # -- actions ------------------------------------------------------------------------------
    def start_sight(self) -> SightTool:
        """Make the line-of-sight tool the active tool."""
        scene = self.window.scene
        if isinstance(scene.tool, SightTool):  # armed already: keep its shooter and answer
            return scene.tool
        tool = SightTool(scene, self.sight)
        scene.set_tool(tool)
        self.dock.show_lines(["Line of sight: click the shooter (Shift: its whole unit)"])
        return tool

    def toggle_sight(self, on: bool) -> None:
        """The pressed-in button or menu item: arm the tool, or (pressed again) leave it."""
        if on:
            self.start_sight()
        elif isinstance(self.window.scene.tool, SightTool):
            self.window.scene.set_tool(None)

    def _on_tool_changed(self, tool: object) -> None:
        """The button and the menu item look pressed exactly while the tool is armed."""
        armed = isinstance(tool, SightTool)
        for shown in (self.actions.get("sight"), self.dock.sight):
            if shown is not None and isValid(shown):
                shown.setChecked(armed)

    def open_shoot_dialog(self, piece_id: str | None = None) -> ShootDialog:
        """Show the Shoot a building dialog (modeless).

        The target is ``piece_id``, else the building the line of sight looks at, else the
        selected building; the firer is the line of sight's shooter when it can fire.
        """
        scene = self.window.scene
        selected = scene.selected_piece_ids()
        looked_at = self.sight.target.piece_id if isinstance(self.sight.target,
                                                             PieceTarget) else None
        groups = {p.id: p.group for p in self.window.scenario.terrain}
        chosen = piece_id or looked_at or preselected_piece(selected, groups, scene.picked_part)
        if self.dialog is not None:
            self.dialog.close()
        units = self.window.features.units
        self.dialog = ShootDialog(self.window.scene, chosen, self.window,
                                  firer=Firer.from_shooter(self.window.scenario,
                                                         self.sight.shooter),
                                  edit_unit=units.open_edit if units is not None else None)
        self.dialog.show()
        return self.dialog

    def automated_fire(self, seed: int | None = None) -> FireResult | None:
        """Highlight each claimed building's automated targets and resolve their fire."""
        scene = self.window.scene
        try:
            scenario = scene.document.scenario
            result = system_for(scenario.rule_system).automated_fire(
                scenario, scene.datasheets, scene.world(), seed)
        except (ValueError, KeyError) as error:
            self.dock.show_lines([f"Automated fire: {error}"])
            return None
        self.targets = result.targets
        self.highlight.mark_dirty()
        if not result.targets:
            self.dock.show_lines(["Automated fire: no claimed building has a weapon to fire"])
            return result
        scene.undo_stack.push(ApplyChangeCommand(scene.document, result.change,
                                                 "Automated fire"))
        self.dock.show_lines(result.lines)
        return result

    def end_turn(self, seed: int | None = None) -> bool:
        """End the player turn: expire effects, roll void shields back, move the clock."""
        scene = self.window.scene
        try:
            done = end_turn(scene.document.scenario, scene.datasheets, seed)
        except (TurnError, ValueError, KeyError) as error:
            self.dock.show_lines([f"End turn: {error}"])
            return False
        scene.undo_stack.push(ApplyChangeCommand(scene.document, done.change, "End turn"))
        self.dock.show_lines(done.lines)
        return True

    def play_step(self, key: str, seed: int | None = None) -> bool:
        """Play a phase step of the rule system (Epic: crumbling, flames) as one undo step."""
        scene = self.window.scene
        try:
            done = play_phase_step(scene.document.scenario, scene.datasheets, key, seed)
        except (PhaseStepError, TurnError, ValueError, KeyError) as error:
            self.dock.show_lines([f"Refused: {error}"])
            return False
        scene.undo_stack.push(ApplyChangeCommand(scene.document, done.change, done.lines[0]))
        self.dock.show_lines(done.lines)
        return True

    def show_steps(self) -> None:
        """The phase step buttons of the scenario's rule system."""
        steps = system_for(self.window.document.scenario.rule_system).phase_steps
        buttons = self.dock.set_steps([(s.key, s.label, s.rule) for s in steps])
        for key, button in buttons.items():
            button.clicked.connect(lambda *_, k=key: self.play_step(k))

    def start_battle(self, side_id: str | None) -> bool:
        """Set the clock to game turn 1 with ``side_id`` to play first (one undo step)."""
        scene = self.window.scene
        try:
            change = goes_first(scene.document.scenario, side_id or "")
        except TurnError as error:
            self.dock.show_lines([f"Goes first: {error}"])
            return False
        scene.undo_stack.push(ApplyChangeCommand(scene.document, change, "Who goes first"))
        self.dock.show_lines([change.log[0].text])
        return True

    def show_clock(self) -> None:
        """Show whose turn it is, and offer the sides to go first."""
        scenario = self.window.document.scenario
        first = self.dock.first
        wanted = [(s.name, s.id) for s in scenario.sides]
        if [(first.itemText(k), first.itemData(k)) for k in range(first.count())] != wanted:
            first.clear()
            for name, side_id in wanted:
                first.addItem(name, side_id)
        try:
            text = clock_text(self.window.document.scenario)
        except TurnError as error:
            text = f"no turn clock: {error}"
        self.dock.clock.setText(text)

    # -- drawing ------------------------------------------------------------------------------
    def _highlight_room(self) -> QRectF:
        """Where the automated fire's highlight may draw: the table, or nowhere when none.

        Empty bounds when there is nothing to highlight: an item over the whole table is
        asked to paint on every repaint of any part of it (every move of a drag).
        """
        return self.window.scene.table_rect() if self.targets else QRectF()

    def _highlight(self) -> Sketch | None:
        if not self.targets:
            return None
        world = self.window.scene.world()
        sketch = Sketch()
        for target in self.targets:
            if target.target is None or target.target not in world.units:
                continue
            models = world.unit_models(target.target)
            if not models:
                continue
            xy = [m.centre if isinstance(m, Circle) else (m.centroid.x, m.centroid.y)
                  for _, m in models]
            mx, my = target.mount
            end = min(xy, key=lambda p: math.hypot(p[0] - mx, p[1] - my))
            sketch.lines.append(Line(QPointF(mx, my), QPointF(*end), AUTOMATED))
            sketch.labels.append(Label(QPointF(mx, my), f"{target.weapon} → {target.target}",
                                       QColor(120, 60, 0, 220)))
        return sketch

    def detach(self) -> None:
        """Take the overlay items off the scene (the window is going).

        The scene outlives the window's widgets; items of Python classes left in it would be
        deleted by the scene while Python's garbage collector frees their wrappers, which
        crashes. Taken off, Python owns and frees them.
        """
        scene = self.window.scene
        if not isValid(scene):
            return
        for item in (self.highlight, self.sight.item):
            if isValid(item) and item.scene() is scene:
                scene.removeItem(item)

    def _on_change(self, event: DocumentChange) -> None:
        if event.replaced:
            self._on_replaced()
        elif event.options:
            self.show_clock()
        dialog = self.dialog  # a unit's profile edited from the dialog's refusal: read again
        if (not event.replaced and event.units_touched and dialog is not None
                and isValid(dialog) and dialog.isVisible()):
            dialog.update_odds()

    def _on_replaced(self) -> None:
        self.targets = []
        self.highlight.mark_dirty()
        self.sight.clear()
        self.show_clock()
        self.show_steps()

    # -- menus --------------------------------------------------------------------------------
    def build_menus(self) -> None:
        """Add the Shoot and Game menus and the line-of-sight tool bar button."""
        shoot = self.window.menu("&Shoot")
        for key, text, slot, shortcut in (
            ("sight", "&Line of sight", self.start_sight, "L"),
            ("shoot", "&Shoot a building…", self.open_shoot_dialog, "Ctrl+Shift+F"),
            ("automated", "&Automated fire (end of Shooting phase)", self.automated_fire, None),
        ):
            self.actions[key] = self._action(text, slot, shortcut)
            shoot.addAction(self.actions[key])
        sight = self.actions["sight"]
        sight.setCheckable(True)  # pressed in while armed: the tool shows it is on
        sight.triggered.disconnect()
        sight.triggered.connect(lambda on: self.toggle_sight(on))
        sight.setStatusTip("Line of sight: click a shooter, then a target; Esc leaves the tool")
        shoot.addSeparator()
        shoot.addAction(self.dock.toggleViewAction())
        game = self.window.menu("&Game")
        self.actions["end_turn"] = self._action("&End turn", self.end_turn, "Ctrl+E")
        game.addAction(self.actions["end_turn"])
        self.window.tool_bar.addAction(self.actions["sight"])

    def _action(self, text: str, slot: object, shortcut: str | None) -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda *_, s=slot: s())  # type: ignore[operator]
        return action


def install(window: MainWindow) -> None:
    """Give ``window`` the Shoot and Game menus, the line-of-sight tool and the Shooting dock."""
    feature = ShootingFeature(window)
    feature.build_menus()
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, feature.dock)
    window.features.shooting = feature
    window.destroyed.connect(lambda *_: feature.detach())
    window.installEventFilter(_CloseWatcher(feature))
