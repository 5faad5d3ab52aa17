"""The Deploy tools on the window: the map menu, the zones and marks, the Deployment dock.

The deployment is worked out by
:func:`board.game.deployment.deploy_choice.deployment_status` at most once per turn of the event
loop after the document changes (a timer coalesces the signals),
and only while the deployment is shown. While a drag previews models (the items move before
the document does), only the dragged units are measured again, where their items are
(:func:`board.game.deployment.deploy_choice.restatus_units`), so the rings and counts
follow the drag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QMenu
from shiboken6 import isValid

from board.document.events import DocumentChange
from board.document.model import Scenario
from board.game.core.preview import moved_scenario
from board.game.core.world import WorldCache
from board.game.deployment.deploy_choice import (
    DeploymentRow,
    DeploymentStatus,
    caption_point,
    choose_deployment,
    deployment_choices,
    deployment_status,
    restatus_units,
)
from board.game.words import says
from board.view.commands import ApplyChangeCommand
from board.view.convert import geometry_to_path, to_colour
from board.view.deploy.dock import DeploymentDock
from board.view.deploy.items import (
    DeploymentZonesItem,
    OutMark,
    OutOfZoneItem,
    OutText,
    ZoneLook,
)

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["DeployController"]


class DeployController(QObject):
    """Shows the deployment of ``window``'s scenario on request and lets the player pick the map.

    Attributes
    ----------
    status
        The deployment last worked out (``None`` before the first time it is shown).
    """

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.status: DeploymentStatus | None = None
        self.zones_item = DeploymentZonesItem()
        #: The rings and texts of each unit with models out (one item a unit: a drag
        #: repaints only where the dragged unit's marks were and are).
        self.mark_items: dict[str, OutOfZoneItem] = {}
        self.dock = DeploymentDock(window)
        self.show_action = QAction("Show &Deployment", self)
        self.show_action.setCheckable(True)
        self.show_action.setShortcut("Ctrl+Shift+D")
        self.map_menu = QMenu("Deployment &Map", window)
        self._map_group = QActionGroup(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._drag_timer = QTimer(self)
        self._drag_timer.setSingleShot(True)
        self._drag_timer.setInterval(0)
        #: The status of the document itself (what a drag preview starts from).
        self._settled: DeploymentStatus | None = None
        #: What changed since: units whose models moved, or anything else (all again).
        self._moved_units: set[str] = set()
        self._everything = True
        self._preview_worlds = WorldCache(window.scene.datasheets)
        self._build()

    # -- what the player does -------------------------------------------------------------
    def set_shown(self, shown: bool) -> None:
        """Show or hide the zones, the marks and the dock (the action follows)."""
        self.show_action.setChecked(shown)
        for item in (self.zones_item, *self.mark_items.values()):
            item.setVisible(shown)
        self.dock.setVisible(shown)
        if shown:
            self.dock.raise_()  # the front tab where it shares a place with other docks
            self._everything = True  # the document may have changed while hidden
            self.refresh()

    def choose_map(self, key: str) -> bool:
        """Make ``key`` the scenario's map as one undo step; False if it already is."""
        scenario = self.window.document.scenario
        change = choose_deployment(scenario, key)
        if change.empty:
            return False
        name = next(c.name for c in deployment_choices(scenario) if c.key == key)
        self.window.undo_stack.push(
            ApplyChangeCommand(self.window.document, change, f"Deployment map: {name}"))
        return True

    def refresh(self) -> None:
        """Work out the deployment now and give the items and the dock what to show.

        When only models moved since the last time, only their units are measured again.
        """
        self._timer.stop()
        scenario, world = self.window.document.scenario, self.window.scene.world()
        if self._everything or self._settled is None:
            status = deployment_status(scenario, world)
        else:
            status = restatus_units(self._settled, scenario, world, self._moved_units)
        self._everything, self._moved_units = False, set()
        self._settled = status
        self.zones_item.set_zones(self._zone_looks(scenario, status))
        self.zones_item.set_note("Deployment zones", [status.headline()])
        self._show(scenario, status)

    def follow_drag(self) -> None:
        """Measure the dragged units again where their items are now (a drag preview)."""
        self._drag_timer.stop()
        if self._settled is None or not self.show_action.isChecked():
            return
        scene, scenario = self.window.scene, self.window.document.scenario
        moved = {}
        for model_id in scene.selected_model_ids():
            at, model = scene.model_item(model_id).pos(), scenario.model(model_id)[1]
            if (at.x(), at.y()) != (model.x, model.y):
                moved[model_id] = (at.x(), at.y())
        if self._preview_worlds.library is not scene.datasheets:
            self._preview_worlds = WorldCache(scene.datasheets)
        preview = moved_scenario(scenario, moved)
        units = {scenario.model(model_id)[0].id for model_id in moved}
        status = restatus_units(self._settled, preview, self._preview_worlds.world_for(preview),
                                units)
        self._show(preview, status, units)

    def marks(self) -> list[OutMark]:
        """Every ring drawn, unit by unit."""
        return [mark for item in self.mark_items.values() for mark in item.marks]

    def mark_texts(self) -> list[str]:
        """Every text written under a unit with models out."""
        return [text for item in self.mark_items.values() for text in item.label_texts()]

    def _show(self, scenario: Scenario, status: DeploymentStatus,
              units: set[str] | None = None) -> None:
        """Show ``status``: the marks of ``units`` only (``None``: of every unit)."""
        self.status = status
        rows = [r for r in status.rows if units is None or r.unit_id in units]
        for row in rows:
            marks, texts = _unit_marks(scenario, row)
            item = self.mark_items.get(row.unit_id)
            if item is None and not marks:
                continue
            if item is None:
                item = self.mark_items[row.unit_id] = OutOfZoneItem()
                item.setVisible(self.show_action.isChecked())
                self.window.scene.addItem(item)
            if (item.marks, item.texts) != (tuple(marks), tuple(texts)):
                item.set_marks(marks, texts)
        if units is None:
            for unit_id in set(self.mark_items) - {r.unit_id for r in status.rows}:
                self.window.scene.removeItem(self.mark_items.pop(unit_id))
        self.dock.set_status(status.headline(), status.rows)

    # -- helpers ------------------------------------------------------------------------------
    def _build(self) -> None:
        scene = self.window.scene
        self.zones_item.setVisible(False)
        scene.addItem(self.zones_item)
        # The scene outlives the window's widgets: take the items of Python classes off it
        # when the window goes, so that the scene never deletes what Python frees (a crash).
        zones, marks = self.zones_item, self.mark_items
        self.window.destroyed.connect(lambda *_: _take_off(scene, (zones, *marks.values())))
        self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.window.tabifyDockWidget(self.window.palette_dock, self.dock)
        self.dock.setVisible(False)
        self.show_action.toggled.connect(self._on_show_toggled)
        self.dock.visibilityChanged.connect(self._on_dock_visibility_changed)
        self.dock.unit_chosen.connect(self._on_unit_chosen)
        self.map_menu.aboutToShow.connect(self._fill_map_menu)
        self._timer.timeout.connect(self.refresh)
        self._drag_timer.timeout.connect(self.follow_drag)
        scene.drag_moved.connect(self._on_drag_moved)
        document = self.window.document
        document.changed.connect(self._on_change)

    def _fill_map_menu(self) -> None:
        self.map_menu.clear()
        for choice in deployment_choices(self.window.document.scenario):
            text = choice.name + (" (default)" if choice.default else "")
            action = self.map_menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(choice.current)
            action.setData(choice.key)
            self._map_group.addAction(action)
            action.triggered.connect(lambda _=False, key=choice.key: self.choose_map(key))

    def _on_show_toggled(self, shown: bool) -> None:
        if shown != self.zones_item.isVisible():
            self.set_shown(shown)

    def _on_dock_visibility_changed(self, visible: bool) -> None:
        if not visible and self.dock.isHidden() and self.show_action.isChecked():
            self.set_shown(False)  # the player closed the dock

    def _on_change(self, event: DocumentChange) -> None:
        """Models that only moved: their units are measured again; anything else: all."""
        moved_only = event.models_changed and not (
            event.replaced or event.units_touched or event.models_added
            or event.models_removed or event.pieces_added or event.pieces_removed
            or event.pieces_changed or event.options)
        if moved_only:
            self._on_models_changed(event.models_changed)
        elif event.board_changed or event.options:
            self._on_document_changed()

    def _on_document_changed(self, *_: object) -> None:
        self._everything = True
        if self.show_action.isChecked():
            self._timer.start()

    def _on_models_changed(self, model_ids: tuple[str, ...]) -> None:
        """Models moved or turned: only their units need measuring again."""
        scenario = self.window.document.scenario
        self._moved_units.update(scenario.model(model_id)[0].id for model_id in model_ids)
        if self.show_action.isChecked():
            self._timer.start()

    def _on_drag_moved(self, text: str) -> None:
        if not self.show_action.isChecked():
            return
        if text:
            self._drag_timer.start()  # once per turn of the event loop, however many moves
        else:  # the drag ended: the document has the result (or nothing moved)
            self._drag_timer.stop()
            self._timer.start()

    def _on_unit_chosen(self, unit_id: str) -> None:
        unit = self.window.document.scenario.unit(unit_id)
        if unit.on_table and unit.models:
            self.window.scene.select_unit_of(unit.models[0].id)

    @staticmethod
    def _zone_looks(scenario: Scenario, status: DeploymentStatus) -> list[ZoneLook]:
        if status.plan is None:
            return []
        plan, looks = status.plan, []
        for side in scenario.sides:
            zone = plan.zones.get(side.id)
            if zone is not None:
                path = geometry_to_path(plan.zone(zone))
                x, y = caption_point(plan, zone)
                deploys = says(side.name, "deploys", "deploy")
                looks.append(ZoneLook(path, to_colour(side.colour),
                                      f"{side.name} {deploys} here ({zone})", QPointF(x, y)))
        return looks

def _take_off(scene: QGraphicsScene, items: tuple[QGraphicsItem, ...]) -> None:
    for item in items:
        if isValid(item) and item.scene() is scene:
            scene.removeItem(item)


def _unit_marks(scenario: Scenario, row: DeploymentRow) -> tuple[list[OutMark], list[OutText]]:
    """A ring on each model of the row out of zone, and one text under the lowest of them."""
    models = [m for m in scenario.unit(row.unit_id).models if m.id in row.out]
    radii = [max(m.base.length_in, m.base.width_in) / 2 for m in models]
    marks = [OutMark(QPointF(m.x, m.y), r) for m, r in zip(models, radii, strict=True)]
    if not models:
        return marks, []
    bottom = max(m.y + r for m, r in zip(models, radii, strict=True))
    middle = sum(m.x for m in models) / len(models)
    return marks, [OutText(QPointF(middle, bottom), _unit_text(row))]


def _unit_text(row: DeploymentRow) -> str:
    """``out 3.18"`` for one model; ``3 out, up to 7.48"`` for several."""
    if len(row.out) == 1:
        return f"out {row.out_by[0]}"
    worst = max(range(len(row.out)), key=lambda k: row.excess[k])
    return f"{len(row.out)} out, up to {row.out_by[worst]}"
