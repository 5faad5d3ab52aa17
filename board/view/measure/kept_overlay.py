"""A kept ruler or "within" on the board, measured again as the models it names move.

When the document changes the measurement is worked out at once (a document change is rare).
While a drag previews some of its models elsewhere it is only marked out of date, with a cheap
estimate of where it will be, and measured when painted, on a world where those models stand
where their items are (:func:`board.game.rings.moved_world`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF

from board.document.model import Annotation
from board.game.annotations import AnnotationError, RulerAnnotation, read_annotation
from board.game.measure import display_unit
from board.game.rings import moved_world
from board.game.targets import ModelTarget, Target, UnitTarget
from board.game.world import World
from board.view.measure.overlay_item import OverlayItem, Sketch
from board.view.measure.pictures import kept_sketch
from geometry import Circle, Shape

if TYPE_CHECKING:
    from board.view.measure.layer import MeasureLayer

__all__ = ["KeptOverlay"]

XY = tuple[float, float]


def _rect(shape: Shape, dx: float, dy: float, grow: float) -> QRectF:
    if isinstance(shape, Circle):
        x0, y0 = shape.x - shape.radius, shape.y - shape.radius
        x1, y1 = shape.x + shape.radius, shape.y + shape.radius
    else:
        x0, y0, x1, y1 = shape.bounds
    return QRectF(x0 + dx - grow, y0 + dy - grow, x1 - x0 + 2 * grow, y1 - y0 + 2 * grow)


class KeptOverlay:
    """The item of the kept ``ruler`` or ``within`` ``annotation_id``."""

    def __init__(self, layer: MeasureLayer, annotation_id: str) -> None:
        self.layer = layer
        self.annotation_id = annotation_id
        self.item = OverlayItem(self._compute, self._estimate, 35.0)
        self._ready: Sketch | None = None
        self._has_ready = False
        self._moved: dict[str, XY] = {}
        self._still = QRectF()
        self._named: tuple[Annotation, World, list[tuple[str, float]]] | None = None

    def refresh(self) -> None:
        """The document changed: measure again now."""
        self._moved = {}
        self.item.mark_dirty()

    def follow(self) -> None:
        """A drag preview moved items: measure again when painted if any of its models moved."""
        moved = self._moved_models()
        if moved or self._moved:
            self._moved = moved
            self.item.mark_dirty()

    # -- the picture -------------------------------------------------------------------------
    def _annotation(self) -> Annotation | None:
        notes = self.layer.scene.document.scenario.annotations
        return next((a for a in notes if a.id == self.annotation_id), None)

    def _estimate(self) -> QRectF:
        annotation = self._annotation()
        if annotation is None:
            return QRectF()
        if not self._moved:  # measured where the document has everything: work it out now
            self._ready, self._has_ready = kept_sketch(annotation, self.layer.world(),
                                                       self.layer.zones, self.layer.namer()), True
            self._still = self._ready.bounds() if self._ready is not None else QRectF()
            return self.layer.pad(self._still)
        rect = QRectF(self._still)
        world = self.layer.world()
        named = self._names()
        for model_id, grow in named[2] if named is not None else []:
            dx, dy = self._moved.get(model_id, (0.0, 0.0))
            rect = rect.united(_rect(world.models[model_id].shape, dx, dy, grow))
        return self.layer.pad(rect)

    def _compute(self) -> Sketch | None:
        if self._has_ready:
            self._has_ready = False
            return self._ready
        annotation = self._annotation()
        if annotation is None:
            return None
        world = moved_world(self.layer.world(), self._moved)
        return kept_sketch(annotation, world, self.layer.zones, self.layer.namer())

    # -- which models it names --------------------------------------------------------------
    def _names(self) -> tuple[Annotation, World, list[tuple[str, float]]] | None:
        """The models the measurement names, each with how far its drawing reaches beyond it.

        Kept until the document changes. A "within" draws its reach around the target.
        """
        annotation, world = self._annotation(), self.layer.world()
        if annotation is None:
            return None
        if self._named is not None and self._named[0] is annotation and self._named[1] is world:
            return self._named
        try:
            kept = read_annotation(annotation, display_unit(world.rule_system))
        except AnnotationError:
            return None
        if kept is None:
            return None
        if isinstance(kept, RulerAnnotation):
            targets: list[tuple[Target, float]] = [(kept.first, 0.0), (kept.second, 0.0)]
        else:
            targets = [(UnitTarget(kept.unit_id), 0.0), (kept.target, kept.reach)]
        names = [(m, grow) for t, grow in targets for m in _models_of(t, world)]
        self._named = (annotation, world, names)
        return self._named

    def _moved_models(self) -> dict[str, XY]:
        named = self._names()
        if named is None:
            return {}
        offsets = {m: self.layer.model_offset(m) for m, _ in named[2]}
        return {m: o for m, o in offsets.items() if o != (0.0, 0.0)}


def _models_of(target: Target, world: World) -> list[str]:
    """The models on the table a target names (none for a point, piece or zone)."""
    if isinstance(target, ModelTarget):
        return [target.model_id] if target.model_id in world.models else []
    if isinstance(target, UnitTarget) and target.unit_id in world.units:
        return [model_id for model_id, _ in world.unit_models(target.unit_id)]
    return []
