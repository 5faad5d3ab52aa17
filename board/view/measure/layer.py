"""The measuring layer: the kept measurements drawn on the board, and what the tools share.

:class:`MeasureLayer` keeps one :class:`OverlayItem` per kept measurement (``ruler``,
``within`` and ``ring`` annotations), redrawn when the document changes and while a drag
previews their models elsewhere (the items move before the document does): a kept ruler or
verdict is measured again where the dragged models stand, a ring moves with them. It holds
the settings the measuring tools share (the distance asked about, centre to centre), the
scenario's world and deployment zones, and makes the undoable edits that keep and remove
measurements.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, QRectF, Signal
from shapely.geometry.base import BaseGeometry
from shiboken6 import isValid

from board.document.changes import Change
from board.document.events import DocumentChange
from board.document.model import Annotation
from board.game.core.deploy import Deployment, deployment_for
from board.game.core.names import Namer
from board.game.core.targets import FeatureTarget, Target, ZoneTarget, resolve
from board.game.core.units import display_unit, to_inches
from board.game.core.world import World
from board.game.kit import Shape
from board.game.measuring.annotations import KINDS, AnnotationError, evaluate
from board.game.measuring.pick import building_targets
from board.game.measuring.rings import RING_KIND, read_ring
from board.game.measuring.unmeasured import KIND_NAMES, kept_name, unmeasured_words
from board.view.commands import ApplyChangeCommand
from board.view.measure.kept_overlay import KeptOverlay
from board.view.measure.overlay_item import OverlayItem
from board.view.measure.ring_item import RingItem
from board.view.measure.ring_overlay import RingOverlay
from board.view.scene import BoardScene

__all__ = ["MeasureLayer", "LABEL_ROOM_PX", "KIND_NAMES", "kept_name"]

#: Room kept around an overlay's areas and lines, screen pixels: for the pens and for a
#: label's first paint. Labels painted further out grow their item's bounds (it keeps where
#: it painted them, see :class:`OverlayItem`); 240 px here made most of the table repaint.
LABEL_ROOM_PX = 24.0

XY = tuple[float, float]
Part = tuple[str, Shape]


class MeasureLayer(QObject):
    """Kept measurements on ``scene`` and the measuring tools' shared settings.

    Signals
    -------
    changed()
        The document or a setting changed: live measurements must measure again.
    kept_changed()
        The kept measurements (or their results) changed.
    readout_changed(str)
        A tool's live reading, in words.
    hover_changed(str)
        What a click of the active tool would measure to, by name.
    """

    changed = Signal()
    kept_changed = Signal()
    readout_changed = Signal(str)
    hover_changed = Signal(str)

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.scene = scene
        #: The distance "within" asks about, in the scenario's unit.
        self.reach_value = 6.0
        self.centre_to_centre = False
        self._world: World | None = None
        self._namer: Namer | None = None
        self._deployment: tuple[tuple[int, int], Deployment] | None = None
        self._positions: dict[str, XY] | None = None
        self._overlays: dict[str, RingOverlay | KeptOverlay] = {}
        document = scene.document
        document.changed.connect(self._on_change)
        scene.drag_moved.connect(self._on_drag_moved)
        self._sync()

    # -- what the tools share -----------------------------------------------------------------
    @property
    def unit(self) -> str:
        """The scenario's distance unit: ``"cm"`` in Epic 40,000, else ``"in"``."""
        return display_unit(self.scene.document.scenario.rule_system)

    @property
    def reach(self) -> float:
        """The distance asked about, inches."""
        return to_inches(self.reach_value, self.unit)

    def set_reach(self, value: float) -> None:
        """Ask about ``value`` (the scenario's unit) from now on."""
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"a distance to check must be 0 or more, got {value!r}")
        self.reach_value = float(value)
        self.changed.emit()

    def set_centre_to_centre(self, on: bool) -> None:
        """Measure rulers centre to centre (``True``) or closest points."""
        self.centre_to_centre = bool(on)
        self.changed.emit()

    def world(self) -> World:
        """The scenario's shapes, kept until the document changes (a drag preview does not)."""
        if self._world is None:
            self._world = self.scene.world()
        return self._world

    def namer(self) -> Namer:
        """Names for what the board shows (units, models, pieces, zones), kept like the world."""
        if self._namer is None:
            self._namer = Namer.for_world(self.world(), self.scene.document.scenario)
        return self._namer

    def zones(self, name: str) -> BaseGeometry:
        """The deployment zone called ``name`` on this scenario's map."""
        return self.deployment().zone(name)

    def deployment(self) -> Deployment:
        """The scenario's deployment, kept until the document changes.

        Which zone each side has can depend on where its models stand: it is worked out
        again after every edit (a finished drag), never from a drag's preview.
        """
        document = self.scene.document
        key = (document.revision, id(document.scenario))
        if self._deployment is None or self._deployment[0] != key:
            self._deployment = (key, deployment_for(document.scenario))
        return self._deployment[1]

    def zone_targets(self) -> list[tuple[str, Target]]:
        """The zones a "within" can be asked against, each with its name for a menu.

        With one building selected, its battlements, doors, fire points and emplaced weapons
        come first (:func:`board.game.measuring.pick.building_targets`).
        """
        found: list[tuple[str, Target]] = []
        pieces = self.scene.selected_piece_ids()
        if len(pieces) == 1 and pieces[0] in self.world().pieces:
            found += [(name, target) for name, target in
                      building_targets(self.world(), pieces[0], self.namer())
                      if isinstance(target, FeatureTarget)]
        names = self.namer()
        try:
            plan = self.deployment()
            found += [(names.zone("deployment", n), ZoneTarget("deployment", n))
                      for n in plan.map.zone_names]
        except (ValueError, KeyError):
            pass
        world = self.world()
        found += [(names.zone("void_shield", pid), ZoneTarget("void_shield", pid))
                  for pid, _ in world.terrain.generators]
        return found

    def parts(self, target: Target) -> list[Part]:
        """The target's parts as the document has them."""
        return resolve(target, self.world(), self.zones)

    def pixels(self, count: float) -> float:
        """How many inches ``count`` screen pixels are at the view's zoom."""
        views = self.scene.views()
        scale = views[0].transform().m11() if views else 10.0
        return count / max(scale, 1e-6)

    def pad(self, rect: QRectF) -> QRectF:
        """``rect`` with room for labels that are sized in screen pixels."""
        views = self.scene.views()
        scale = views[0].transform().m11() if views else 10.0
        room = LABEL_ROOM_PX / max(scale, 1e-6)
        return rect.adjusted(-room, -room, room, room)

    # -- keeping and removing -----------------------------------------------------------------
    def new_id(self, kind: str) -> str:
        """An annotation id ``kind-N`` not used yet."""
        used = {a.id for a in self.scene.document.scenario.annotations}
        return next(f"{kind}-{n}" for n in range(1, len(used) + 2) if f"{kind}-{n}" not in used)

    def keep(self, annotation: Annotation, text: str) -> None:
        """Keep ``annotation`` on the board: one undo step."""
        change = Change(annotations={annotation.id: annotation})
        self.scene.undo_stack.push(ApplyChangeCommand(self.scene.document, change, text))

    def remove(self, annotation_id: str) -> None:
        """Take a kept measurement off the board: one undo step."""
        change = Change(annotations={annotation_id: None})
        kept = next((a for a in self.scene.document.scenario.annotations
                     if a.id == annotation_id), None)
        name = kept_name(kept) if kept is not None else "the measurement"
        self.scene.undo_stack.push(ApplyChangeCommand(self.scene.document, change,
                                                      f"Remove {name}"))

    def kept_lines(self) -> list[tuple[str, str]]:
        """Each kept measurement's id and its result in words (or why it cannot be measured)."""
        lines = []
        for annotation in self.scene.document.scenario.annotations:
            lines.append((annotation.id, self._describe(annotation)))
        return lines

    def item(self, annotation_id: str) -> OverlayItem | RingItem:
        """The item drawing the kept measurement ``annotation_id``."""
        return self._overlays[annotation_id].item

    def _describe(self, annotation: Annotation) -> str:
        name = kept_name(annotation)
        try:
            if annotation.kind == RING_KIND:
                return f"{name}: {read_ring(annotation).words(self.namer())}"
            result = evaluate(annotation, self.world(), self.zones, self.namer())
        except (AnnotationError, ValueError, KeyError):  # the error names ids: say it by name
            why = unmeasured_words(annotation, self.world(), self.zones, self.namer())
            return f"{name}: cannot be measured: {why}"
        if result is None:
            return f"{name}: no verdict"
        return "\n  ".join([f"{name}: {result['text']}", *result.get("lines", [])])

    # -- keeping the items in step ----------------------------------------------------------
    def _on_change(self, event: DocumentChange) -> None:
        if event.board_changed or event.options or event.annotations:
            self._on_document_changed()

    def _on_document_changed(self, *_: object) -> None:
        if not isValid(self) or not isValid(self.scene):
            return
        self._world, self._namer, self._positions = None, None, None
        self._sync()
        self.changed.emit()
        self.kept_changed.emit()

    def _on_drag_moved(self, _: str) -> None:
        for overlay in self._overlays.values():
            overlay.follow()

    def _sync(self) -> None:
        wanted = {a.id: a for a in self.scene.document.scenario.annotations
                  if a.kind in (*KINDS, RING_KIND)}
        for annotation_id in [i for i in self._overlays if i not in wanted]:
            self.scene.removeItem(self._overlays.pop(annotation_id).item)
        for annotation_id, annotation in wanted.items():
            if annotation_id not in self._overlays:
                kind = RingOverlay if annotation.kind == RING_KIND else KeptOverlay
                self._overlays[annotation_id] = kind(self, annotation_id)
                self.scene.addItem(self._overlays[annotation_id].item)
            self._overlays[annotation_id].refresh()

    # -- where items stand during a drag preview ------------------------------------------
    def model_offset(self, model_id: str) -> XY:
        """How far a model's item stands from where the document has the model (a drag)."""
        if self._positions is None:
            self._positions = {m.id: (m.x, m.y) for u in self.scene.document.scenario.units
                               if u.on_table for m in u.models}
        if model_id not in self._positions:
            return (0.0, 0.0)
        try:
            item = self.scene.model_item(model_id)
        except KeyError:
            return (0.0, 0.0)
        x, y = self._positions[model_id]
        return (item.x() - x, item.y() - y)  # not pos(): asked for every model on every move

    def piece_offset(self, piece_id: str) -> XY:
        """How far a piece's item stands from where the document has the piece (a drag)."""
        try:
            piece = self.scene.document.scenario.piece(piece_id)
            at = self.scene.piece_item(piece_id).pos()
        except KeyError:
            return (0.0, 0.0)
        return (at.x() - piece.x, at.y() - piece.y)

