"""Who sees whom, for the unit selected: the Shooting dock's list and marks on the board.

When the models selected are one unit's (a click on a model selects it; Shift: its unit),
:func:`board.game.sight_overview.sight_overview` reads every enemy unit as that unit sees
it, with the line of sight tool's own exact sight; the dock lists them, the units it sees
best first, and the board rings every enemy model seen (green in the open, amber in cover).
Worked out again once per turn of the event loop after the selection or the document
changes; during a drag whenever the mouse rests 150 ms, with the dragged models where their
items are (a full table's reading takes 10 to 40 ms: read on every move, it would cost the
drag its frames), and once more when it is let go. Shoot ▸ Who Sees Whom turns it off and on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QLabel,
    QListWidget,
    QListWidgetItem,
)
from shiboken6 import isValid

from board.game.core.preview import moved_scenario
from board.game.core.shooters import Shooter, ShooterError, ShooterKind
from board.game.core.targets import UnitTarget
from board.game.core.world import WorldCache
from board.game.sight_overview import sight_overview
from board.game.sight_verdicts import UnitVerdict, model_verdict
from board.game.words import says
from board.view.overview.items import MARK_COLOURS, SeenMark, SeenMarksItem

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["OverviewController", "DRAG_EVERY"]

#: How long the mouse rests in a drag before the preview is read (ms).
DRAG_EVERY = 150


class OverviewController(QObject):
    """Keeps the list and the marks in step with the selection and the document."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.unit_id: str | None = None
        self.verdicts: tuple[UnitVerdict, ...] = ()
        self.item = SeenMarksItem()
        self.heading = QLabel("Who sees whom: select a unit")
        self.heading.setWordWrap(True)  # never wider than the dock
        self.list = QListWidget()
        self.list.setMinimumHeight(120)
        self.list.setWordWrap(True)  # a verdict is read whole, not cut at the dock's edge
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.action = QAction("Who Sees &Whom", self)
        self.action.setCheckable(True)
        self.action.setChecked(True)
        self.action.toggled.connect(self._on_toggled)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        scene = window.scene
        scene.addItem(self.item)
        item = self.item
        window.destroyed.connect(lambda *_: _take_off(scene, item))
        scene.selectionChanged.connect(self._soon)
        window.document.changed.connect(self._soon)
        scene.drag_moved.connect(self._on_drag_moved)
        self.list.itemDoubleClicked.connect(self._on_chosen)
        #: During a drag: read again once the mouse has rested :data:`DRAG_EVERY` ms (a
        #: reading of a full table takes 10 to 40 ms, more than a frame), where the items are.
        self._drag_timer = QTimer(self)
        self._drag_timer.setSingleShot(True)
        self._drag_timer.setInterval(DRAG_EVERY)
        self._drag_timer.timeout.connect(self.follow_drag)
        self._preview_worlds = WorldCache(window.scene.datasheets)
        #: What was read last: the unit, the document's revision and its scenario (``None``:
        #: nothing, or a drag's preview).
        self._read: tuple[str | None, int, object] | None = None

    def _on_drag_moved(self, text: str) -> None:
        if not text:  # let go: the document has it
            self._drag_timer.stop()
            self._soon()
        elif self.unit_id is not None:
            self._drag_timer.start()  # again: read when the hand rests, not while it moves

    def follow_drag(self) -> None:
        """Read again with the dragged models where their items are (a drag's preview)."""
        scene, scenario = self.window.scene, self.window.document.scenario
        if self.unit_id is None or not self.action.isChecked():
            return
        ids = set(scene.selected_model_ids())
        moved = {}
        for unit in scenario.units:
            for m in unit.models:
                if m.id in ids:
                    at = scene.model_item(m.id).pos()
                    if (at.x(), at.y()) != (m.x, m.y):
                        moved[m.id] = (at.x(), at.y())
        if self._preview_worlds.library is not scene.datasheets:
            self._preview_worlds = WorldCache(scene.datasheets)
        preview = moved_scenario(scenario, moved)
        world = self._preview_worlds.world_for(preview)
        self._read = None  # the board under the drag is not the document's
        try:
            self.verdicts = sight_overview(preview, world, self.unit_id)
        except (ShooterError, KeyError):
            self.verdicts = ()
        self._show(world)

    def _soon(self, *_: object) -> None:
        if isValid(self) and self.action.isChecked():
            self._timer.start()

    def _chosen_unit(self) -> str | None:
        """The unit whose models are all the selection (``None``: none, or several units)."""
        scene, scenario = self.window.scene, self.window.document.scenario
        ids = scene.selected_model_ids()
        units = {scenario.model(model_id)[0].id for model_id in ids} if ids else set()
        return next(iter(units)) if len(units) == 1 else None

    def refresh(self) -> None:
        """Read the selected unit's view of every enemy unit now."""
        self._timer.stop()
        if not isValid(self.list):
            return
        self.unit_id = self._chosen_unit() if self.action.isChecked() else None
        scenario, world = self.window.document.scenario, self.window.scene.world()
        read = (self.unit_id, self.window.document.revision, scenario)
        if self._read == read:
            return  # the same unit, no edit since: what the list says stands
        self._read = read
        try:
            self.verdicts = sight_overview(scenario, world, self.unit_id) \
                if self.unit_id else ()
        except (ShooterError, KeyError):
            self.verdicts = ()
        self._show(world)

    def _show(self, world: object) -> None:
        self.list.clear()
        marks: list[SeenMark] = []
        models = getattr(world, "models", {})
        for verdict in self.verdicts:
            row = QListWidgetItem(verdict.text.replace("\n", " – "))
            row.setToolTip(verdict.text)
            row.setData(Qt.ItemDataRole.UserRole, verdict.unit_id)
            row.setForeground(QColor(MARK_COLOURS.get(verdict.kind, QColor("#777"))) if
                              verdict.seen else QColor("#888"))
            self.list.addItem(row)
            for m in verdict.models:
                kind = model_verdict(m)[1]
                shape = models[m.model_id].shape if m.model_id in models else None
                if kind in MARK_COLOURS and shape is not None and hasattr(shape, "radius"):
                    marks.append((shape.x, shape.y, shape.radius, kind))
                elif kind in MARK_COLOURS and shape is not None:
                    (x0, y0, x1, y1) = shape.bounds
                    marks.append(((x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0) / 2, kind))
        self.item.set_marks(marks)
        seen = sum(1 for v in self.verdicts if v.seen)
        name = self.window.document.scenario.unit(self.unit_id).name if self.unit_id else ""
        total = len(self.verdicts)
        self.heading.setText(f"Who sees whom: {name} {says(name, 'sees', 'see')} {seen} of "
                             f"{total} enemy {'unit' if total == 1 else 'units'}"
                             if self.unit_id else
                             "Who sees whom: select a unit (Shift+click one of its models)")

    def _on_toggled(self, on: bool) -> None:
        self.item.setVisible(on)
        self.list.setVisible(on)
        self.heading.setVisible(on)
        self.refresh()

    def _on_chosen(self, row: QListWidgetItem) -> None:
        """Double-click: the line of sight tool's reading, rays and all, to that unit."""
        unit_id = str(row.data(Qt.ItemDataRole.UserRole))
        shooting = self.window.features.shooting
        if shooting is None or self.unit_id is None:
            return
        shooting.sight.set(Shooter(ShooterKind.UNIT, self.unit_id), UnitTarget(unit_id))


def _take_off(scene: QGraphicsScene, item: QGraphicsItem) -> None:
    if isValid(item) and item.scene() is scene:
        scene.removeItem(item)
