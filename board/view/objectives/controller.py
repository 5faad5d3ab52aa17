"""Who holds each objective, live on the board (Deploy ▸ Objective Ranges draws the ranges).

Worked out by :func:`board.game.objectives.control.holdings` once per turn of the event loop
after the document changes, and while a drag previews models where their items are (their
shapes shifted, no world built), so the rings and captions follow the drag; the item is
told only when a holder or a level changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from shiboken6 import isValid

from board.document.model import Scenario
from board.game.core.world import World
from board.game.objectives.control import Holding, holdings
from board.game.words import says
from board.view.convert import to_colour
from board.view.objectives.items import CONTESTED, ObjectiveLook, ObjectivesItem

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["ObjectivesController", "looks_of"]


def looks_of(scenario: Scenario, held: tuple[Holding, ...]) -> list[ObjectiveLook]:
    """What the item draws for ``held``: the holder's colour, the caption."""
    colours = {side.id: side.colour for side in scenario.sides}
    names = {side.id: side.name for side in scenario.sides}
    looks = []
    for h in held:
        holder = h.control.holder
        colour = to_colour(colours[holder]) if holder in colours else CONTESTED
        levels = " to ".join(f"{n}" for n in h.control.levels.values())
        side = names.get(holder, holder) if holder else ""
        words = f"{side} {says(side, 'holds', 'hold')}" if holder else "contested"
        nobody = not any(h.control.levels.values())
        caption = h.objective.name if nobody else f"{h.objective.name}: {words}, {levels}"
        looks.append(ObjectiveLook(tuple((c.x, c.y, c.radius) for _, c in h.objective.markers),
                                   colour, holder is not None, caption))
    return looks


class ObjectivesController(QObject):
    """Keeps the objectives item in step with the document and with a drag's preview."""

    def __init__(self, window: MainWindow, ranges_action: QAction) -> None:
        super().__init__(window)
        self.window = window
        self.item = ObjectivesItem()
        self.held: tuple[Holding, ...] = ()
        #: Deploy ▸ Objective Ranges (made with the window, maybe checked before this was).
        self.ranges_action = ranges_action
        self.item.set_ranges_shown(ranges_action.isChecked())
        ranges_action.toggled.connect(self.item.set_ranges_shown)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self._drag_timer = QTimer(self)
        self._drag_timer.setSingleShot(True)
        self._drag_timer.setInterval(0)
        self._drag_timer.timeout.connect(self.follow_drag)
        #: The dragged models' places in the document (``None``: no drag under way).
        self._dragged: dict[str, tuple[float, float]] | None = None
        self._drag_world: World | None = None
        scene = window.scene
        scene.addItem(self.item)
        item = self.item
        window.destroyed.connect(lambda *_: _take_off(scene, item))
        scene.drag_moved.connect(self._on_drag_moved)
        window.document.changed.connect(lambda *_: self._timer.start())
        self.refresh()

    def refresh(self) -> None:
        """Work out who holds each objective in the document now."""
        self._timer.stop()
        self._show(self.window.document.scenario, self.window.scene.world())

    def follow_drag(self) -> None:
        """Who would hold each objective with the dragged models where their items are.

        The dragged models are the selection when the drag began, with the document's
        places of them (asked once a drag); each frame only shifts their shapes.
        """
        self._drag_timer.stop()
        if not self.held:
            return
        scene, scenario = self.window.scene, self.window.document.scenario
        if self._dragged is None:
            ids = set(scene.selected_model_ids())
            self._dragged = {m.id: (m.x, m.y) for u in scenario.units for m in u.models
                             if m.id in ids}
            self._drag_world = scene.world()  # the document's, the same all the drag
        moved = {}
        for model_id, (x, y) in self._dragged.items():
            at = scene.model_item(model_id).pos()
            if (at.x(), at.y()) != (x, y):
                moved[model_id] = (at.x() - x, at.y() - y)
        world = self._drag_world if self._drag_world is not None else scene.world()
        self._show(scenario, world, moved)

    def _show(self, scenario: Scenario, world: World,
              moved: dict[str, tuple[float, float]] | None = None) -> None:
        try:
            held = holdings(scenario, world, moved)
        except (KeyError, ValueError):
            held = ()
        if [(h.control, h.objective) for h in held] != \
                [(h.control, h.objective) for h in self.held]:
            self.item.set_looks(looks_of(scenario, held))  # only what changed is drawn again
        self.held = held

    def _on_drag_moved(self, text: str) -> None:
        if text:
            self._drag_timer.start()  # once per turn of the event loop
        else:
            self._dragged = None
            self._drag_timer.stop()
            self._timer.start()


def _take_off(scene: QGraphicsScene, item: QGraphicsItem) -> None:
    if isValid(item) and item.scene() is scene:
        scene.removeItem(item)
