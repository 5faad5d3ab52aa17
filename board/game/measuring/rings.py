"""Range rings and auras kept on the board, and moving shapes to follow a drag.

A ring a player keeps is an :class:`~board.document.model.Annotation` of kind ``ring``::

    {"target": TARGET, "distances": [6, 12], "distance_unit": "in", "weapons": false}

``distances`` are in ``distance_unit`` (``"in"``, or ``"cm"`` in Epic 40,000). With
``"weapons": true`` the target is a terrain piece and the rings are its emplaced weapons'
ranges, each from its own mount; ``distances`` may then be empty. With ``"mount": ID`` (a
piece target) the rings are at ``distances`` around that one emplaced weapon's mount.

The ring follows its model while it is dragged: the board hands :func:`ring_areas` the shapes
moved to where the items stand (:func:`shifted`), not where the document has them.

>>> from board.game.core.targets import UnitTarget
>>> kept = read_ring(ring_annotation("r1", UnitTarget("u1"), (6, 12), "in"))
>>> kept.radii, kept.text
((6.0, 12.0), 'rings 6.00", 12.00" around unit u1')
>>> parse_distances("6, 12 18", "in")
(6.0, 12.0, 18.0)
"""

from __future__ import annotations

import copy
import dataclasses
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from shapely import affinity

from board.document.model import Annotation
from board.game.core.names import Namer
from board.game.core.targets import PieceTarget, Target, TargetError, describe, target_from_dict
from board.game.core.terrain_world import PieceShapes, TerrainWorld
from board.game.core.units import to_inches
from board.game.core.world import World
from board.game.measuring.annotations import AnnotationError
from board.game.measuring.range_rings import ring_areas
from geometry import Circle, Shape, format_distance

__all__ = [
    "RING_KIND",
    "RingAnnotation",
    "ring_annotation",
    "read_ring",
    "parse_distances",
    "shifted",
    "shifted_piece",
    "ring_areas",
    "moved_world",
]

#: The annotation kind of a kept range ring or aura.
RING_KIND = "ring"

XY = tuple[float, float]


@dataclass(frozen=True)
class RingAnnotation:
    """Rings around ``target`` at ``distances`` (in ``distance_unit``), or its weapons' ranges."""

    id: str
    target: Target
    distances: tuple[float, ...]
    distance_unit: str
    weapons: bool = False
    mount: str | None = None

    @property
    def radii(self) -> tuple[float, ...]:
        """The distances in inches."""
        return tuple(to_inches(d, self.distance_unit) for d in self.distances)

    @property
    def text(self) -> str:
        """The ring in words with ids, e.g. ``rings 6.00", 12.00" around unit u1``."""
        return self.words()

    def words(self, namer: Namer | None = None) -> str:
        """The ring in words, by name with a ``namer``.

        E.g. ``rings 6.00", 12.00" around Tactical Squad Cato`` or ``ring 36.00" around
        Heavy bolter (front) of Imperial Bastion``.
        """
        what = describe(self.target, namer)
        if self.weapons:
            return f"emplaced weapon ranges of {what}"
        shown = ", ".join(format_distance(r, unit=self.distance_unit) for r in self.radii)
        word = "ring" if len(self.radii) == 1 else "rings"
        if self.mount and namer is not None and isinstance(self.target, PieceTarget):
            weapon = namer.mount(self.target.piece_id, self.mount)
            return f"{word} {shown} around {weapon} of {what}"
        around = f"weapon {self.mount} of " if self.mount else ""
        return f"{word} {shown} around {around}{what}"

    def to_annotation(self) -> Annotation:
        """The document's annotation for it."""
        data = {"target": self.target.to_dict(), "distances": list(self.distances),
                "distance_unit": self.distance_unit, "weapons": self.weapons}
        if self.mount is not None:
            data["mount"] = self.mount
        return Annotation(self.id, RING_KIND, data)


def ring_annotation(annotation_id: str, target: Target, distances: Iterable[float],
                    distance_unit: str, weapons: bool = False,
                    mount: str | None = None) -> Annotation:
    """Make the annotation that keeps rings around ``target`` (or one of its weapons)."""
    kept = RingAnnotation(annotation_id, target, tuple(float(d) for d in distances),
                          distance_unit, weapons, mount)
    return read_ring(kept.to_annotation()).to_annotation()  # checked as a file would be


def _fail(annotation: Annotation, message: str) -> AnnotationError:
    return AnnotationError(f"annotation {annotation.id!r} (ring): {message}")


def _distances(annotation: Annotation, raw: object) -> tuple[float, ...]:
    if not isinstance(raw, list):
        raise _fail(annotation, f"distances must be a list of numbers, got {raw!r}")
    for value in raw:
        bad = isinstance(value, bool) or not isinstance(value, (int, float))
        if bad or not math.isfinite(value) or value <= 0:
            raise _fail(annotation, f"each distance must be a number above 0, got {value!r}")
    return tuple(float(v) for v in raw)


def read_ring(annotation: Annotation) -> RingAnnotation:
    """Read a ``ring`` annotation; a bad one raises :class:`AnnotationError` naming it.

    Examples
    --------
    >>> try:
    ...     read_ring(Annotation("r2", "ring", {"target": {"type": "unit", "id": "u"},
    ...                                         "distances": [0]}))
    ... except AnnotationError as error:
    ...     print(error)
    annotation 'r2' (ring): each distance must be a number above 0, got 0
    """
    data: Mapping[str, Any] = annotation.data
    weapons = data.get("weapons", False)
    if not isinstance(weapons, bool):
        raise _fail(annotation, f"weapons must be true or false, got {weapons!r}")
    unit = data.get("distance_unit", "in")
    if unit not in ("in", "cm"):
        raise _fail(annotation, f"distance_unit must be 'in' or 'cm', got {unit!r}")
    distances = _distances(annotation, data.get("distances", []))
    try:
        target = target_from_dict(data.get("target"))
    except TargetError as error:
        raise _fail(annotation, str(error)) from None
    if weapons and not isinstance(target, PieceTarget):
        raise _fail(annotation, f"weapon ranges need a piece target, got {describe(target)}")
    if not weapons and not distances:
        raise _fail(annotation, "give at least one distance")
    mount = data.get("mount")
    if mount is not None and (not isinstance(mount, str) or not mount):
        raise _fail(annotation, f"mount must be an emplaced weapon's id, got {mount!r}")
    if mount is not None and not isinstance(target, PieceTarget):
        raise _fail(annotation, f"a mount needs a piece target, got {describe(target)}")
    return RingAnnotation(annotation.id, target, distances, unit, weapons, mount)


def parse_distances(text: str, unit: str) -> tuple[float, ...]:
    """Read distances typed by a player: numbers separated by commas or spaces.

    Examples
    --------
    >>> parse_distances(" 3 ;6", "cm")
    (3.0, 6.0)
    >>> parse_distances("6, -2", "in")
    Traceback (most recent call last):
    ...
    ValueError: a ring distance must be above 0 in, got -2
    >>> parse_distances("six", "in")
    Traceback (most recent call last):
    ...
    ValueError: 'six' is not a distance; type numbers such as 6, 12
    """
    found = []
    for word in (w for w in re.split(r"[,;\s]+", text.strip()) if w):
        try:
            value = float(word.rstrip('"'))
        except ValueError:
            raise ValueError(f"{word!r} is not a distance; type numbers such as 6, 12") from None
        if not math.isfinite(value) or value <= 0:
            raise ValueError(f"a ring distance must be above 0 {unit}, got {word}")
        found.append(value)
    if not found:
        raise ValueError("type at least one distance, such as 6, 12")
    return tuple(found)


def shifted(shape: Shape, dx: float, dy: float) -> Shape:
    """Return ``shape`` moved by ``(dx, dy)`` inches (the same object when not moved).

    Examples
    --------
    >>> shifted(Circle(1, 2, 0.5), 3, 0)
    Circle(x=4, y=2, radius=0.5)
    """
    if dx == 0 and dy == 0:
        return shape
    if isinstance(shape, Circle):
        return Circle(shape.x + dx, shape.y + dy, shape.radius)
    return affinity.translate(shape, dx, dy)


def shifted_piece(piece: PieceShapes, dx: float, dy: float) -> PieceShapes:
    """Return ``piece`` moved by ``(dx, dy)`` inches, all its points with it (unturned).

    The footprint, battlements, access points, fire points and mounts move together, as the
    piece's item does while it is dragged; the same object when not moved.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import TerrainPiece
    >>> from board.game.core.terrain_world import piece_shapes
    >>> sheet = default_library()["imperial_bastion"]
    >>> from board.document.model import RuleSystem
    >>> bastion = piece_shapes(TerrainPiece("b", sheet.id, 22, 34, 180), sheet,
    ...                        RuleSystem.WH40K)
    >>> moved = shifted_piece(bastion, 10, -4)
    >>> moved.footprint.bounds, moved.access_point("door")
    ((29.0, 27.0, 35.0, 33.0), WorldPoint(id='door', x=33.0, y=33.0))
    >>> shifted_piece(bastion, 0, 0) is bastion
    True
    """
    if dx == 0 and dy == 0:
        return piece
    roof = piece.battlements
    return dataclasses.replace(
        piece,
        footprint=affinity.translate(piece.footprint, dx, dy),
        battlements=None if roof is None else affinity.translate(roof, dx, dy),
        access_points=tuple(dataclasses.replace(a, x=a.x + dx, y=a.y + dy)
                            for a in piece.access_points),
        fire_points=tuple(dataclasses.replace(f, x=f.x + dx, y=f.y + dy)
                          for f in piece.fire_points),
        mounts=tuple(dataclasses.replace(m, x=m.x + dx, y=m.y + dy) for m in piece.mounts))


def _moved_terrain(terrain: TerrainWorld, offsets: Mapping[str, XY]) -> TerrainWorld:
    """``terrain`` with some pieces moved; its sight index and obstacles made again on use."""
    moved = copy.copy(terrain)
    for name, attribute in vars(TerrainWorld).items():
        if isinstance(attribute, cached_property):  # built from the old places: drop them
            moved.__dict__.pop(name, None)
    moved.pieces = dict(terrain.pieces)
    for piece_id, (dx, dy) in offsets.items():
        moved.pieces[piece_id] = shifted_piece(terrain.pieces[piece_id], dx, dy)
    return moved


def moved_world(world: World, offsets: Mapping[str, XY],
                pieces: Mapping[str, XY] | None = None) -> World:
    """``world`` with some models and pieces moved by ``(dx, dy)`` inches: a drag preview.

    ``offsets`` moves models by id, ``pieces`` terrain pieces by id (:func:`shifted_piece`).
    What is not named is shared with ``world``, the terrain too when no piece moved. Used to
    measure again while things are dragged, before the document changes.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import Base, Model, Scenario, TroopType, Unit
    >>> from board.document.datasheets import place_datasheet
    >>> from board.game.core.world import WorldCache
    >>> squad = Unit("u1", "Squad", "red", TroopType.INFANTRY,
    ...              [Model("m1", Base.round_mm(32), 5, 5)])
    >>> vsg = place_datasheet(default_library(), "void_shield_generator", 20, 5, piece_id="v")
    >>> world = WorldCache(default_library()).world_for(Scenario(terrain=vsg, units=[squad]))
    >>> moved = moved_world(world, {"m1": (2.0, 0.0)})
    >>> moved.models["m1"].shape.centre, world.models["m1"].shape.centre
    ((7.0, 5.0), (5.0, 5.0))
    >>> moved.terrain is world.terrain
    True
    >>> dragged = moved_world(world, {}, pieces={"v": (0.0, 10.0)})
    >>> dragged.piece("v").footprint.bounds, world.piece("v").footprint.bounds
    ((18.0, 13.0, 22.0, 17.0), (18.0, 3.0, 22.0, 7.0))
    >>> moved_world(world, {}) is world, moved_world(world, {}, {"v": (0.0, 0.0)}) is world
    (True, True)
    """
    pieces = {p: o for p, o in (pieces or {}).items() if o != (0.0, 0.0)}
    if not offsets and not pieces:
        return world
    preview = copy.copy(world)
    preview.models = dict(world.models)
    for model_id, (dx, dy) in offsets.items():
        found = world.models[model_id]
        preview.models[model_id] = dataclasses.replace(found, shape=shifted(found.shape, dx, dy))
    if pieces:
        preview.terrain = _moved_terrain(world.terrain, pieces)
        preview._enemy_store = {}  # its obstacles were made around the old terrain
    return preview
