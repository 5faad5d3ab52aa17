"""The board's legibility rule: zoomed out, less important labels shorten or hide.

Each label is placed by its own item, clear of what is near where it can be. With the whole
table on a laptop's screen (some 15 pixels to the inch) there is not room for every name in
full: a building's name with its stats is as tall as two inches of table. So, like a map, the
board decides once over every label it shows (:func:`board.game.core.label_layout.fit_labels`):
the most important first, each shown whole if it covers no model, no door, fire point or
weapon and no label already kept; else its shorter form (a building's name alone); else not
at all (its name is still on the tooltip). Zoomed in, the labels that fit again come back.

What matters most (:data:`PRIORITY`): a model's name while the pointer is on it, then the
verdicts written on the board (deployment "out" marks, ring distances), the armour badges,
then building names.

:class:`Legibility` runs the rule for one view a moment after the zoom changes, the scenario
changes, a drag ends or a label changes its text or place (:func:`labels_changed`); never
during a drag.

The overlays' labels (a line of sight's verdicts) and these labels each keep off the other,
so each pass must not read what the other showed last, or the board could settle in one of
two layouts depending on which ran first. So the rule is applied in two strata. First the
board alone, every overlay's labels left out: each label's :attr:`~LabelItem.board_fit`.
The overlays lay their labels out clear of those forms (the ones that give way only where
they can: :func:`~board.view.items.obstacles.label_obstacles`), never of what is shown now.
Then the labels are fitted again with the overlays' labels as obstacles, which is what is
shown: a name gives way under a verdict. When the first fit changes the overlays are
painted again, so they lay out their labels anew; the second never changes what they read.
Among the overlays themselves, one keeps off the labels of those stacked below it only.
So the layout at rest is a function of the board, its overlays, the zoom and the scroll.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, QTimer
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView
from shiboken6 import isValid

from board.game.core.label_layout import Fitting, Rect, fit_labels
from board.view.items.board_changes import board_changed
from board.view.items.building_item import BuildingItem
from board.view.items.label_item import PRIORITY, LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.passive_item import PaintsLabels

__all__ = ["PRIORITY", "Legibility", "fit_scene_labels", "labels_changed"]

#: Milliseconds the board must be still before its labels are judged again.
SETTLE_MS = 40


def _ltrb(box: QRectF) -> Rect:
    return (box.left(), box.top(), box.right(), box.bottom())


def _obstacles(scene: QGraphicsScene, view: QTransform) -> tuple[list[Rect], list[Rect]]:
    """What a label must keep off, pixels: the board's, then the overlays' labels.

    The board's: every shown model, door, fire point and weapon symbol (its core). The
    overlays': every label an overlay painted (a verdict being read: a name gives way to it).
    """
    board: list[Rect] = []
    painted: list[Rect] = []
    for item in scene.items():
        if not item.isVisible():
            continue
        boxes = getattr(item, "painted_labels", None)
        if boxes:
            painted += [_ltrb(view.mapRect(box)) for box in boxes]
        elif isinstance(item, ModelItem):
            board.append(_ltrb(item.deviceTransform(view).mapRect(item.boundingRect())))
        elif isinstance(item, AccessPointMarker | FirePointMarker | WeaponMarker):
            board.append(_ltrb(item.deviceTransform(view).mapRect(item.core())))
    return board, painted


def fit_scene_labels(scene: QGraphicsScene, view: QTransform) -> int:
    """Show each label of ``scene`` whole, shorter or not at all, as seen through ``view``.

    Each label's :attr:`~LabelItem.board_fit` is fitted first, among the board's models and
    symbols alone; what is shown, among those and the overlays' labels. Returns how many
    labels are shortened or hidden.
    """
    labels = [item for item in scene.items()
              if isinstance(item, LabelItem) and item.isVisible() and item.forms]
    labels.reverse()  # the order they were added: among equals, the first keeps its place
    asked = []
    for label in labels:
        at = view.map(label.scenePos())
        asked.append(Fitting(tuple(_ltrb(label.box_of(text).translated(at))
                                   for text in label.forms), label.priority))
    board, painted = _obstacles(scene, view)
    alone = fit_labels(asked, board)
    chosen = fit_labels(asked, board + painted) if painted else alone
    for label, first, form in zip(labels, alone, chosen, strict=True):
        board_fit = first if first >= 0 else len(label.forms)
        if board_fit != label.board_fit:
            label.board_fit = board_fit
            board_changed()  # what the overlays' labels keep off
        label.set_fit(form if form >= 0 else len(label.forms))
    return sum(1 for form in chosen if form != 0)


def _read_by_overlays(scene: QGraphicsScene, view: QTransform) -> object:
    """What the overlays lay their labels out among: the labels' board forms, theirs (pixels).

    Compared from run to run: when it changed, the overlays are painted again.
    """
    found: list[object] = []
    for item in scene.items():
        if isinstance(item, LabelItem):
            box = item.board_box()
            if item.isVisible() and not box.isEmpty():
                found.append(_ltrb(item.deviceTransform(view).mapRect(box)))
        elif isinstance(item, PaintsLabels) and item.isVisible():
            found.append(tuple(_ltrb(view.mapRect(box)) for box in item.painted_labels))
    return found


def labels_changed(scene: QGraphicsScene | None) -> None:
    """A label of ``scene`` changed: judge the labels again once the board settles."""
    board_changed()
    for view in scene.views() if scene is not None else ():
        legibility = getattr(view, "legibility", None)
        if isinstance(legibility, Legibility):
            legibility.schedule()


class Legibility(QObject):
    """Keeps the labels of ``view``'s scene legible (see the module's docstring)."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self._view = view
        self._dragging = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.run)
        #: How many labels the last run shortened or hid.
        self.crowded = 0
        self._read: object = None  # what the overlays read at the last run

    @property
    def pending(self) -> bool:
        """Whether a run is waiting for the board to settle."""
        return self._timer.isActive()

    def schedule(self) -> None:
        """Judge the labels once the board settles (not while a drag goes on)."""
        if not self._dragging and isValid(self):
            self._timer.start()

    def run(self) -> None:
        """Judge every label now (not during a drag: the board may be drawn from a picture)."""
        self._timer.stop()
        if self._dragging or not isValid(self._view) or self._view.scene() is None:
            return
        scene, view = self._view.scene(), self._view.viewportTransform()
        self.crowded = fit_scene_labels(scene, view)
        read = _read_by_overlays(scene, view)
        if read != self._read:  # the overlays lay out their labels again (a no-op if same)
            self._read = read
            for item in scene.items():
                if isinstance(item, PaintsLabels) and item.isVisible():
                    item.update()

    def on_zoom_changed(self, _scale: float) -> None:
        """Re-place the buildings' labels at the new zoom, then fit the labels again."""
        # The buildings judge their name's spot at the new zoom first (their own timers, at
        # the next turn of the event loop); the labels are fitted after.
        scene = self._view.scene()
        for item in scene.items() if scene is not None else ():
            if isinstance(item, BuildingItem):
                item.place_labels_again()
        self.schedule()

    def on_document_changed(self, event: object) -> None:
        """Fit the labels again once the board settles after an edit.

        A whole new board (``replaced``: a file opened, a game joined) in a shown view is
        fitted at once, before its first paint: that paint shows no label over another or
        over a model. (A view not shown yet has no final zoom: it waits as for an edit.)
        """
        if not isValid(self):
            return
        if getattr(event, "replaced", False) and not self._dragging and self._view.isVisible():
            self.run()
        else:
            self.schedule()

    def on_drag_moved(self, feedback: str) -> None:
        """Hold the pass while models are dragged (``feedback`` empty: the drag ended)."""
        board_changed()
        self._dragging = bool(feedback)
        self.schedule()
