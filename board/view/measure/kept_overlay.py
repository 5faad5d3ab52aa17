"""A kept ruler or "within" on the board, measured again as the models and pieces it names move.

When the document changes the measurement is worked out at once (a document change is rare).
While a drag previews some of its models or buildings elsewhere it is only marked out of date,
with a cheap estimate of where it will be, and measured when painted, on a world where those
models and pieces stand where their items are
(:func:`board.game.measuring.rings.moved_world`). A piece is named by a piece target or by a
void-shield zone target (its generator).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF

from board.document.model import Annotation
from board.game.core.targets import (
    FeatureTarget,
    ModelTarget,
    PieceTarget,
    Target,
    UnitTarget,
    ZoneTarget,
)
from board.game.core.units import display_unit
from board.game.core.world import World
from board.game.kit import Circle, Shape
from board.game.measuring.annotations import AnnotationError, RulerAnnotation, read_annotation
from board.game.measuring.rings import moved_world
from board.view.measure.overlay_item import OverlayItem
from board.view.measure.pictures import kept_sketch
from board.view.measure.sketch import Sketch

if TYPE_CHECKING:
    from board.view.measure.layer import MeasureLayer

__all__ = ["KeptOverlay"]

XY = tuple[float, float]
#: An id with how far (inches) the measurement's drawing reaches beyond its shape.
Reach = tuple[str, float]


def _rect(shape: Shape, dx: float, dy: float, grow: float) -> QRectF:
    if isinstance(shape, Circle):
        x0, y0 = shape.x - shape.radius, shape.y - shape.radius
        x1, y1 = shape.x + shape.radius, shape.y + shape.radius
    else:
        x0, y0, x1, y1 = shape.bounds
    return QRectF(x0 + dx - grow, y0 + dy - grow, x1 - x0 + 2 * grow, y1 - y0 + 2 * grow)


@dataclass(frozen=True)
class _Named:
    """The models and pieces a kept measurement names, for the annotation and world given."""

    annotation: Annotation
    world: World
    models: list[Reach]
    pieces: list[Reach]


class KeptOverlay:
    """The item of the kept ``ruler`` or ``within`` ``annotation_id``."""

    def __init__(self, layer: MeasureLayer, annotation_id: str) -> None:
        self.layer = layer
        self.annotation_id = annotation_id
        self.item = OverlayItem(self._compute, self._estimate, 35.0)
        self.item.lines_clear_of_labels = True  # a line never crosses a label's text
        self._ready: Sketch | None = None
        self._has_ready = False
        self._moved: dict[str, XY] = {}  # models, by how far their items stand off
        self._moved_pieces: dict[str, XY] = {}  # pieces, likewise
        self._still = QRectF()
        self._named: _Named | None = None

    def refresh(self) -> None:
        """The document changed: measure again now."""
        self._moved, self._moved_pieces = {}, {}
        self.item.mark_dirty()

    def follow(self) -> None:
        """A drag preview moved items: measure again when painted if what it names moved."""
        named = self._names()
        moved = _offsets(named.models, self.layer.model_offset) if named else {}
        pieces = _offsets(named.pieces, self.layer.piece_offset) if named else {}
        if moved or pieces or self._moved or self._moved_pieces:
            self._moved, self._moved_pieces = moved, pieces
            self.item.mark_dirty()

    # -- the picture -------------------------------------------------------------------------
    def _annotation(self) -> Annotation | None:
        notes = self.layer.scene.document.scenario.annotations
        return next((a for a in notes if a.id == self.annotation_id), None)

    def _estimate(self) -> QRectF:
        annotation = self._annotation()
        if annotation is None:
            return QRectF()
        if not self._moved and not self._moved_pieces:  # as the document has it: work it out
            self._ready, self._has_ready = kept_sketch(annotation, self.layer.world(),
                                                       self.layer.zones, self.layer.namer()), True
            self._still = self._ready.bounds() if self._ready is not None else QRectF()
            return self.layer.pad(self._still)
        rect = QRectF(self._still)
        world = self.layer.world()
        named = self._names()
        for model_id, grow in named.models if named is not None else []:
            dx, dy = self._moved.get(model_id, (0.0, 0.0))
            rect = rect.united(_rect(world.models[model_id].shape, dx, dy, grow))
        for piece_id, grow in named.pieces if named is not None else []:
            dx, dy = self._moved_pieces.get(piece_id, (0.0, 0.0))
            rect = rect.united(_rect(world.pieces[piece_id].footprint, dx, dy, grow))
        return self.layer.pad(rect)

    def _compute(self) -> Sketch | None:
        if self._has_ready:
            self._has_ready = False
            return self._ready
        annotation = self._annotation()
        if annotation is None:
            return None
        world = moved_world(self.layer.world(), self._moved, pieces=self._moved_pieces)
        return kept_sketch(annotation, world, self.layer.zones, self.layer.namer())

    # -- what it names --------------------------------------------------------------------
    def _names(self) -> _Named | None:
        """The models and pieces the measurement names, each with how far its drawing reaches.

        Kept until the document changes. A "within" draws its reach around the target.
        """
        annotation, world = self._annotation(), self.layer.world()
        if annotation is None:
            return None
        if self._named is not None and self._named.annotation is annotation \
                and self._named.world is world:
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
        self._named = _Named(annotation, world,
                             [(m, grow) for t, grow in targets for m in _models_of(t, world)],
                             [(p, grow + zone) for t, grow in targets
                              for p, zone in _pieces_of(t, world)])
        return self._named


def _offsets(named: list[Reach], offset: Callable[[str], XY]) -> dict[str, XY]:
    """How far the items of the ``named`` things stand from the document, those that moved."""
    found = {thing: offset(thing) for thing, _ in named}
    return {thing: at for thing, at in found.items() if at != (0.0, 0.0)}


def _models_of(target: Target, world: World) -> list[str]:
    """The models on the table a target names (none for a point, piece or zone)."""
    if isinstance(target, ModelTarget):
        return [target.model_id] if target.model_id in world.models else []
    if isinstance(target, UnitTarget) and target.unit_id in world.units:
        return [model_id for model_id, _ in world.unit_models(target.unit_id)]
    return []


def _pieces_of(target: Target, world: World) -> list[Reach]:
    """The piece a target names, with how far what is measured reaches beyond its footprint.

    A piece target is its footprint; a void-shield zone target is its generator's footprint
    and the range of its shields. Deployment zones, points, models and units name none.
    """
    if isinstance(target, PieceTarget | FeatureTarget) and target.piece_id in world.pieces:
        return [(target.piece_id, 0.0)]  # a door or a fire point moves with its building
    if isinstance(target, ZoneTarget) and target.kind == "void_shield":
        piece = world.pieces.get(target.name)
        if piece is not None and piece.void_shields is not None:
            return [(target.name, piece.void_shields.range)]
    return []
