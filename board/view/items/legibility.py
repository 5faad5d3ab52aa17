"""The board's legibility rule: zoomed out, less important labels shorten or hide.

Each label is placed by its own item, clear of what is near where it can be. With the whole
table on a laptop's screen (some 15 pixels to the inch) there is not room for every name in
full: a building's name with its stats is as tall as two inches of table. So, like a map, the
board decides once over every label it shows (:func:`board.game.core.label_fitting.fit_labels`):
the most important first, each shown whole if it covers no model, no door, fire point or
weapon and no label already kept; else its shorter form (a building's name alone); else not
at all (its name is still on the tooltip). Zoomed in, the labels that fit again come back.

What matters most (:data:`PRIORITY`): a model's name while the pointer is on it, then the
verdicts written on the board (deployment "out" marks, ring distances), the armour badges,
then building names.

The rule is one step of the board's layout model (:mod:`board.game.core.board_layout`),
which places the overlays' labels in the same synchronous pass: first the board alone, then
the overlays' labels clear of it, then what is shown, a name giving way under a verdict.
:class:`Legibility` is the view's handle on it: the view settles the layout before it
paints (:class:`board.view.layout.SceneLayout`), so nothing waits on a timer and no order of
events or paints changes what is shown.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QGraphicsView
from shiboken6 import isValid

from board.view.items.label_item import PRIORITY
from board.view.layout import SceneLayout
from board.view.scene_items import SceneItems

__all__ = ["PRIORITY", "Legibility"]


class Legibility(QObject):
    """Keeps the labels of ``view``'s scene legible (see the module's docstring)."""

    def __init__(self, view: QGraphicsView, layout: SceneLayout) -> None:
        super().__init__(view)
        self._view = view
        self.layout = layout

    @property
    def crowded(self) -> int:
        """How many labels the last layout shortened or hid."""
        return self.layout.crowded

    @property
    def pending(self) -> bool:
        """Nothing waits: the layout is settled before every paint (kept for callers)."""
        return False

    def schedule(self) -> None:
        """A label changed: the view paints again, and lays the labels out first."""
        if isValid(self) and isValid(self._view):
            self._view.viewport().update()

    def run(self) -> None:
        """Lay the labels out now, for the view's page (not during a drag)."""
        if isValid(self._view) and self._view.scene() is not None:
            self.layout.settle(self._view)

    def on_zoom_changed(self, _scale: float) -> None:
        """The buildings' labels are judged at the new zoom, then laid out, before the paint."""
        scene = self._view.scene()
        if isinstance(scene, SceneItems):
            scene.zoom_changed()
        self.schedule()
