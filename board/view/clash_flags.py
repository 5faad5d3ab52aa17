"""Overlapping bases flagged on the board: at rest with the numbers, and live while dragging.

A drop that would overlap is refused (:meth:`board.view.scene.BoardScene.push_drag`), but a
board can still hold overlaps nobody dropped: a building placed or moved onto models (terrain
is setup, not refused), a file or an imported army, a shared game's peer. At rest every such
model is ringed (a dashed amber ring, apart from deployment's solid red) and each unit's
clashes are written beside it with the numbers ("Rhino overlaps 4 models of Tactical Squad by
up to 1.25""), the text laid out clear of models, symbols and other labels as deployment's
"out" texts are. While a drag goes on, the dragged models that would clash where they are now
are ringed, and the status bar's drag line says with what and by how much, so a player
dragging a unit through a crowd sees where a drop would be refused before letting go.

The computing is :mod:`board.game.core.standing` (one bulk spatial-index query); this module
hands its answers to :class:`ClashFlagsItem`, which only draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QLabel
from shiboken6 import isValid

from board.document.events import DocumentChange
from board.game.core.names import Namer
from board.game.core.standing import (
    Clash,
    ClashKind,
    DragCheck,
    base_box,
    clash_short,
    clash_text,
    off_table_clashes,
    overlapping_pairs,
)
from board.game.core.world import World
from board.game.kit import Shape
from board.view.deploy.items import OutMark, OutOfZoneItem, OutText

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["LIVE_MS", "CLASH_COLOUR", "ClashFlagsItem", "ClashFlags", "install"]

#: Milliseconds between two checks of a drag: a drag's rings and words follow the mouse
#: within a frame or two, and a fast mouse's dozens of moves a frame cost one check.
LIVE_MS = 60
#: The ring round a model that overlaps another base, a building or the table's edge.
CLASH_COLOUR = QColor("#ff9100")


class ClashFlagsItem(OutOfZoneItem):
    """Dashed amber rings round clashing models, and texts beside them (laid out clear).

    Each text has a shorter form, the numbers alone, for a board too crowded for the whole.
    """

    def set_flags(self, marks: Sequence[OutMark], texts: Sequence[OutText],
                  shorter: Sequence[str]) -> None:
        """Ring ``marks``, write ``texts``; ``shorter`` are their short forms, in order.

        The board's layout model writes a text's short form where the whole covers
        something near its unit and the short form does not.
        """
        self.set_marks(marks, texts, shorter)

    def paint_rings(self, painter: QPainter) -> None:
        """A dashed amber ring round each clashing model."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(CLASH_COLOUR, 2.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for mark in self.marks:
            r = mark.radius + 0.15
            painter.drawEllipse(mark.centre, r, r)


def _marks(shapes: Mapping[str, Shape], model_ids: Sequence[str]) -> list[OutMark]:
    """A ring round each model: about its box's centre, its half-diagonal out."""
    marks = []
    for model_id in model_ids:
        shape = shapes.get(model_id)
        if shape is None:
            continue
        x0, y0, x1, y1 = base_box(shape)
        half = max(x1 - x0, y1 - y0) / 2
        marks.append(OutMark(QPointF((x0 + x1) / 2, (y0 + y1) / 2), half))
    return marks


def _texts(world: World, clashes: Sequence[Clash], namer: Namer, cm: bool,
           ) -> tuple[list[OutText], list[str]]:
    """One text a unit, above its clashing models (the label layout moves it clear)."""
    by_unit: dict[str, list[Clash]] = {}
    for clash in clashes:
        unit = world.models[clash.model_id].unit_id if clash.model_id in world.models else ""
        by_unit.setdefault(unit, []).append(clash)
    texts, shorter = [], []
    for found in by_unit.values():
        boxes = [base_box(world.models[c.model_id].shape) for c in found
                 if c.model_id in world.models]
        if not boxes:
            continue
        middle = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
        top = min(b[1] for b in boxes)  # above: a building a unit stands in is below or on it
        texts.append(OutText(QPointF(middle, top - 2.0), clash_text(found, world, namer, cm)))
        shorter.append(clash_short(found, cm))
    return texts, shorter


class ClashFlags(QObject):
    """Keeps the flags in step with the board and the drag (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.item = ClashFlagsItem()
        self.live_item = ClashFlagsItem()
        self.clashes: tuple[Clash, ...] = ()
        self.live: tuple[Clash, ...] = ()
        self._live_text = ""
        self._hit: list[str] = []
        #: What a drag reads once: the board's world, the dragged bases, the names, the
        #: system's unit (``None``: no drag; ``False``: a drag that moves terrain too).
        self._drag: tuple[World, DragCheck, Namer, bool] | None | bool = None
        for item in (self.item, self.live_item):
            window.scene.addItem(item)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self._dragged: dict[str, tuple[float, float]] = {}
        self._live_timer = QTimer(self)
        self._live_timer.setSingleShot(True)
        self._live_timer.setInterval(LIVE_MS)
        self._live_timer.timeout.connect(self.check_drag)
        window.document.changed.connect(self._on_document_changed)
        window.scene.drag_previewed.connect(self._on_drag_previewed)
        window.scene.drag_moved.connect(self._on_drag_moved)
        #: The drag's warning, at the right of the status bar (beside the drag's own line,
        #: which the window rewrites every move: this changes only when the warning does).
        self.warning = QLabel("")
        self.warning.setStyleSheet(f"color: {CLASH_COLOUR.darker(130).name()}; "
                                   "font-weight: bold")
        self.warning.setVisible(False)
        window.statusBar().addPermanentWidget(self.warning)
        self._timer.start()

    def texts(self) -> list[str]:
        """The texts written on the board (at rest)."""
        return self.item.label_texts()

    def refresh(self) -> None:
        """Flag every overlap on the board now (at rest)."""
        if not isValid(self.item) or self.window.scene.dragging:
            return
        scenario, world = self.window.document.scenario, self.window.scene.world()
        table = scenario.table
        found = overlapping_pairs(world) + off_table_clashes(world, (table.width, table.height))
        if found == self.clashes:
            return
        self.clashes = found
        involved = list(dict.fromkeys(
            [c.model_id for c in found]
            + [c.other for c in found if c.kind is ClashKind.MODEL]))
        shapes = {m: s.shape for m, s in world.models.items()}
        namer = Namer.for_world(world, scenario)
        self.item.set_flags(_marks(shapes, involved),
                            *_texts(world, found, namer, scenario.rule_system.uses_cm))

    # -- the drag ---------------------------------------------------------------------------
    def _on_document_changed(self, event: DocumentChange) -> None:
        self._timer.start()

    def _on_drag_previewed(self, models: Mapping[str, tuple[float, float]]) -> None:
        """Note the drag; the check runs at most every :data:`LIVE_MS` (moves outpace frames)."""
        if models and self._drag is not False:
            self._dragged = dict(models)
            if not self._live_timer.isActive():
                self._live_timer.start()

    def check_drag(self) -> None:
        """Ring the models the dragged ones would land on where their items are now.

        One bulk query a mouse move (:class:`DragCheck`); the board's world, the
        dragged bases and the names are taken once a drag, and the rings change only when
        the models landed on do (the dragged models are on top of them: no ring of theirs
        need follow the mouse).
        """
        models = self._dragged
        if not models or self._drag is False or not self.window.scene.dragging:
            return
        if self._drag is None and self.window.scene.selected_piece_ids():
            self._drag = False  # terrain moves with them: setup, never refused
            return
        if self._drag is None:
            world = self.window.scene.world()
            scenario = self.window.document.scenario
            bases = {m: world.models[m].shape for m in models if m in world.models}
            self._drag = (world, DragCheck(world, bases, (scenario.table.width,
                                                          scenario.table.height)),
                          Namer.for_world(world, scenario), scenario.rule_system.uses_cm)
        assert isinstance(self._drag, tuple)
        world, check, namer, uses_cm = self._drag
        first = next(iter(models))
        item = self.window.scene.model_item(first)
        live = check.at(item.pos().x() - models[first][0], item.pos().y() - models[first][1])
        hit = list(dict.fromkeys(c.other for c in live if c.kind is ClashKind.MODEL))
        if hit != self._hit:
            self._hit = hit
            self.live_item.set_marks(_marks({m: world.models[m].shape for m in hit}, hit))
        self.live = live
        words = clash_text(live, world, namer, uses_cm)
        text = f"dropped here: {words}, refused" if words else ""
        if text != self._live_text:
            self._live_text = text
            self.warning.setText(text)
            self.warning.setVisible(bool(text))

    def _on_drag_moved(self, text: str) -> None:
        if not text:  # the drag is over: the live rings go, the board is flagged again
            self.live, self._live_text, self._drag, self._hit = (), "", None, []
            self._live_timer.stop()
            self._dragged = {}
            if isValid(self.live_item):
                self.live_item.set_marks([])
                self.warning.setVisible(False)
            self._timer.start()


def install(window: MainWindow) -> None:
    """Flag overlapping bases on ``window``'s board."""
    window.features.clash_flags = ClashFlags(window)
