"""A kept range ring on the board, following its models and buildings while they are dragged.

A drag previews by moving the items before the document changes. When everything the ring is
around moves together (the usual drag of a unit or a building) the ring is drawn once where
the document has it and its item is moved with it: Qt moves the pieces' kept pixmaps and
repaints only along the edge (:mod:`board.view.measure.ring_item`); nothing is measured
again. When only some of a unit's models move, the union of the rings is made again around
where they stand, at most once per turn of the event loop.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely.geometry import Point

from board.document.model import Annotation
from board.game.core.shooters import mount_height
from board.game.core.targets import PieceTarget, TargetError
from board.game.core.world import World
from board.game.kit import DistanceRule, Shape
from board.game.measuring.annotations import AnnotationError
from board.game.measuring.range_rings import RangeRing, part_heights
from board.game.measuring.rings import RingAnnotation, read_ring, ring_areas, shifted
from board.view.measure.ring_item import RingItem, RingPicture, ring_pictures

if TYPE_CHECKING:
    from board.view.measure.layer import MeasureLayer

__all__ = ["RingOverlay"]

XY = tuple[float, float]
Part = tuple[str, Shape]


class RingOverlay:
    """The item of the kept ring ``annotation_id`` and how it follows a drag preview."""

    def __init__(self, layer: MeasureLayer, annotation_id: str) -> None:
        self.layer = layer
        self.annotation_id = annotation_id
        self.item = RingItem(25.0)
        self._base: tuple[Annotation, World, list[RingPicture], list[Part],
                          RingAnnotation] | None = None
        self._reshaped = False
        self._target: tuple[RingAnnotation | None, dict[str, object]] = (None, {})
        #: Each part's height and the world's rule (a raised model's ring meets the table nearer).
        self._part_heights: tuple[list[float], DistanceRule] = ([], DistanceRule.STRAIGHT)

    def refresh(self) -> None:
        """The document changed: draw the ring again where it now is."""
        self._reshaped = False
        self.item.set_offset(0.0, 0.0)
        self._draw_base()
        self.follow()

    def follow(self) -> None:
        """Keep up with the items of what the ring is around (a drag preview moved them)."""
        base = self._ring_base()
        if base is None:
            return
        offsets = self._offsets(base[3])
        if _together(offsets):
            dx, dy = offsets[0] if offsets else (0.0, 0.0)
            self.item.set_offset(dx, dy)
            if self._reshaped:
                self._reshaped = False
                self._draw_base()
            return
        self._reshaped = True
        self.item.set_offset(0.0, 0.0)
        self.item.show_soon(self._reshaped_pictures)

    # -- the picture -------------------------------------------------------------------------
    def _annotation(self) -> Annotation | None:
        notes = self.layer.scene.document.scenario.annotations
        return next((a for a in notes if a.id == self.annotation_id), None)

    def _ring_base(self) -> tuple[Annotation, World, list[RingPicture], list[Part],
                                  RingAnnotation] | None:
        """The rings where the document has them (kept until the document changes)."""
        annotation, world = self._annotation(), self.layer.world()
        if annotation is None:
            return None
        if self._base is not None and self._base[0] is annotation and self._base[1] is world:
            return self._base
        try:
            kept = read_ring(annotation)
            parts, rings = self._parts(kept, world)
            heights = ([0.0] * len(parts) if kept.weapons or kept.mount is not None
                       else part_heights(world, kept.target, parts))
        except (AnnotationError, TargetError, KeyError, ValueError):
            return None
        self._base = (annotation, world, ring_pictures(rings, kept.distance_unit), parts, kept)
        self._part_heights = (heights, world.distance_rule)
        return self._base

    def _parts(self, kept: RingAnnotation, world: World,
               ) -> tuple[list[Part], list[tuple[str, RangeRing]]]:
        if kept.weapons or kept.mount is not None:
            assert isinstance(kept.target, PieceTarget)
            mounts = [m for m in world.piece(kept.target.piece_id).mounts
                      if kept.mount in (None, m.id)]
            if not mounts:
                raise KeyError(f"piece {kept.target.piece_id!r} has no weapon {kept.mount!r}")
            parts: list[Part] = [(m.id, Point(m.x, m.y)) for m in mounts]
            namer, piece_id = self.layer.namer(), kept.target.piece_id
            piece, rule = world.piece(piece_id), world.distance_rule
            if kept.mount is not None:
                name = namer.mount(piece_id, kept.mount)
                up = [mount_height(piece, mounts[0])]
                return parts, [(name, r) for r in ring_areas([parts[0][1]], kept.radii, up, rule)]
            rings = [(namer.mount(piece_id, m.id),
                      ring_areas([p], [m.weapon.range], [mount_height(piece, m)], rule)[0])
                     for m, (_, p) in zip(mounts, parts, strict=True)]
            return parts, rings
        parts = self.layer.parts(kept.target)
        areas = ring_areas([s for _, s in parts], kept.radii,
                           part_heights(world, kept.target, parts), world.distance_rule)
        return parts, [("", r) for r in areas]

    def _draw_base(self) -> None:
        base = self._ring_base()
        self.item.show_rings(base[2] if base is not None else None)

    def _reshaped_pictures(self) -> list[RingPicture] | None:
        """Some of the parts moved apart: the rings around where they stand now."""
        base = self._ring_base()
        if base is None:
            return None
        _, _, pictures, parts, kept = base
        if not self._reshaped:
            return pictures
        offsets = self._offsets(parts)
        moved = [shifted(s, *o) for (_, s), o in zip(parts, offsets, strict=True)]
        heights, rule = self._part_heights
        return ring_pictures([("", r) for r in ring_areas(moved, kept.radii, heights, rule)],
                             kept.distance_unit)

    # -- where the items stand ---------------------------------------------------------------
    def _offsets(self, parts: list[Part]) -> list[XY]:
        base = self._base
        if base is None or self._target[0] is not base[4]:  # read once per ring, not per move
            self._target = (base[4] if base is not None else None,
                            base[4].target.to_dict() if base is not None else {})
        target = self._target[1]
        kind = target.get("type")
        if kind in ("model", "unit"):
            return [self.layer.model_offset(part_id) for part_id, _ in parts]
        if kind == "piece" or (kind == "zone" and target.get("kind") == "void_shield"):
            offset = self.layer.piece_offset(str(target.get("id", target.get("name"))))
            return [offset for _ in parts]
        return [(0.0, 0.0) for _ in parts]


def _together(offsets: list[XY]) -> bool:
    """Whether every part moved by the same amount."""
    return all(math.isclose(o[0], offsets[0][0], abs_tol=1e-9)
               and math.isclose(o[1], offsets[0][1], abs_tol=1e-9) for o in offsets)
