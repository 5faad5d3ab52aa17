"""What a measurement is between: a point, a model, a unit, a terrain piece or a zone.

Targets are small frozen dataclasses that name what they are by id, so a kept measurement
(an annotation) saves them as JSON and finds them again after the models moved. They are
resolved to shapes through a :class:`~board.game.core.world.World`: a target may have several
parts (a unit's models), each ``(part_id, shape)``; a measurement takes the nearest part.

A zone is a deployment zone (``ZoneTarget("deployment", "top")``) or a Void Shield
Generator's 12" zone (``ZoneTarget("void_shield", piece_id)``). A zone carries its own reach
(:func:`zone_reach`): asking whether a unit is "within" it asks the rule's question (every
model wholly within 12" of the generator; wholly inside the deployment zone), whatever N.

A part of a building that a rule measures from is a :class:`FeatureTarget`: an access point
(``FeatureTarget("bastion", "access_point", "door")``), a fire point, an emplaced weapon's
mount, or the battlements.

>>> target_from_dict({"type": "point", "x": 1, "y": 2})
PointTarget(x=1.0, y=2.0)
>>> target_from_dict(UnitTarget("u1").to_dict())
UnitTarget(unit_id='u1')
>>> target_from_dict(FeatureTarget("b", "access_point", "door").to_dict())
FeatureTarget(piece_id='b', feature='access_point', feature_id='door')
>>> try:
...     target_from_dict({"type": "tree"})
... except TargetError as error:
...     print(error)
unknown target type 'tree'; types: point, model, unit, piece, zone, feature
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from board.game.core.world import World

if TYPE_CHECKING:
    from board.game.core.names import Namer
from geometry import Circle, Shape, void_shield_zone

__all__ = [
    "TargetError",
    "PointTarget",
    "ModelTarget",
    "UnitTarget",
    "PieceTarget",
    "ZoneTarget",
    "FeatureTarget",
    "FEATURES",
    "Target",
    "ZoneResolver",
    "target_from_dict",
    "resolve",
    "centre",
    "describe",
    "zone_reach",
]


class TargetError(ValueError):
    """A target that cannot be read or found (the message names it)."""


@dataclass(frozen=True)
class PointTarget:
    """A point on the table, inches."""

    x: float
    y: float

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"type": "point", "x": self.x, "y": self.y}


@dataclass(frozen=True)
class ModelTarget:
    """One model, by id (measured to its base)."""

    model_id: str

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"type": "model", "id": self.model_id}


@dataclass(frozen=True)
class UnitTarget:
    """A unit, by id (measured to its nearest model)."""

    unit_id: str

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"type": "unit", "id": self.unit_id}


@dataclass(frozen=True)
class PieceTarget:
    """A terrain piece, by id (measured to its footprint)."""

    piece_id: str

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"type": "piece", "id": self.piece_id}


@dataclass(frozen=True)
class ZoneTarget:
    """A zone: ``kind`` ``"deployment"`` (``name`` a zone of the map) or ``"void_shield"``."""

    kind: str
    name: str

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"type": "zone", "kind": self.kind, "name": self.name}


#: The parts of a building a measurement can be from or to, by ``FeatureTarget.feature``.
FEATURES = ("access_point", "fire_point", "weapon", "battlements")


@dataclass(frozen=True)
class FeatureTarget:
    """A part of a terrain piece a rule measures from: ``feature`` is one of :data:`FEATURES`.

    ``feature_id`` is the access point's, fire point's or weapon's id in the datasheet (empty
    for the battlements). An access point, fire point or weapon mount is a point on the table;
    the battlements are their polygon.
    """

    piece_id: str
    feature: str
    feature_id: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        data = {"type": "feature", "piece": self.piece_id, "feature": self.feature}
        return data | ({"id": self.feature_id} if self.feature_id else {})


Target = PointTarget | ModelTarget | UnitTarget | PieceTarget | ZoneTarget | FeatureTarget

#: Finds a deployment zone's polygon by name (the caller knows the scenario's map).
ZoneResolver = Callable[[str], BaseGeometry]

ZONE_KINDS = ("deployment", "void_shield")


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise TargetError(f"target {dict(data)!r}: {key!r} must be a non-empty string")
    return value


def _number(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TargetError(f"target {dict(data)!r}: {key!r} must be a finite number, got {value!r}")
    return float(value)


def _zone(data: Mapping[str, Any]) -> ZoneTarget:
    kind = _text(data, "kind")
    if kind not in ZONE_KINDS:
        raise TargetError(f"unknown zone kind {kind!r}; kinds: {', '.join(ZONE_KINDS)}")
    return ZoneTarget(kind, _text(data, "name"))


def _feature(data: Mapping[str, Any]) -> FeatureTarget:
    feature = _text(data, "feature")
    if feature not in FEATURES:
        raise TargetError(f"unknown feature {feature!r}; features: {', '.join(FEATURES)}")
    if feature == "battlements":
        return FeatureTarget(_text(data, "piece"), feature)
    return FeatureTarget(_text(data, "piece"), feature, _text(data, "id"))


_READERS: dict[str, Callable[[Mapping[str, Any]], Target]] = {
    "point": lambda d: PointTarget(_number(d, "x"), _number(d, "y")),
    "model": lambda d: ModelTarget(_text(d, "id")),
    "unit": lambda d: UnitTarget(_text(d, "id")),
    "piece": lambda d: PieceTarget(_text(d, "id")),
    "zone": _zone,
    "feature": _feature,
}


def target_from_dict(data: object) -> Target:
    """Read a target saved by its ``to_dict``; a bad one raises :class:`TargetError`."""
    if not isinstance(data, Mapping):
        raise TargetError(f"a target must be an object, got {data!r}")
    kind = data.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise TargetError(f"unknown target type {kind!r}; types: {', '.join(_READERS)}")
    return reader(data)


def _no_zones(name: str) -> BaseGeometry:
    raise TargetError(f"no deployment map given to find zone {name!r}")


def resolve(target: Target, world: World,
            zones: ZoneResolver = _no_zones) -> list[tuple[str, Shape]]:
    """Return the target's parts as ``(part_id, shape)`` pairs.

    A unit gives one pair per model on the table (none when it is embarked); the others give
    one. An id not on the table raises :class:`TargetError` naming it.
    """
    try:
        return _resolve(target, world, zones)
    except KeyError as error:
        raise TargetError(str(error.args[0]) if error.args else str(error)) from None


def _resolve(target: Target, world: World, zones: ZoneResolver) -> list[tuple[str, Shape]]:
    if isinstance(target, PointTarget):
        return [(f"({target.x:g}, {target.y:g})", Point(target.x, target.y))]
    if isinstance(target, ModelTarget):
        if target.model_id not in world.models:
            raise TargetError(f"no model {target.model_id!r} on the table")
        return [(target.model_id, world.models[target.model_id].shape)]
    if isinstance(target, UnitTarget):
        return world.unit_models(target.unit_id)
    if isinstance(target, PieceTarget):
        return [(target.piece_id, world.piece(target.piece_id).footprint)]
    if isinstance(target, FeatureTarget):
        return [(target.piece_id, feature_shape(world, target))]
    if target.kind == "void_shield":
        piece = world.piece(target.name)
        if piece.void_shields is None:
            raise TargetError(f"piece {target.name!r} is not a Void Shield Generator")
        return [(target.name, void_shield_zone(piece.footprint, piece.void_shields.range))]
    return [(target.name, zones(target.name))]


def feature_shape(world: World, target: FeatureTarget) -> BaseGeometry:
    """Where a building's feature is on the table: a point, or the battlements' polygon.

    Raises :class:`TargetError` naming the piece and the features it has.
    """
    piece = world.piece(target.piece_id)
    if target.feature == "battlements":
        if piece.battlements is None:
            raise TargetError(f"piece {target.piece_id!r} has no battlements")
        return piece.battlements
    points: dict[str, tuple[float, float]] = {
        "access_point": {p.id: (p.x, p.y) for p in piece.access_points},
        "fire_point": {p.id: (p.x, p.y) for p in piece.fire_points},
        "weapon": {m.id: (m.x, m.y) for m in piece.mounts},
    }[target.feature]
    if target.feature_id not in points:
        kind = target.feature.replace("_", " ")
        raise TargetError(f"piece {target.piece_id!r} has no {kind} {target.feature_id!r}; "
                          f"it has {sorted(points)}")
    return Point(points[target.feature_id])


def zone_reach(world: World, target: Target) -> tuple[BaseGeometry, float] | None:
    """For a zone, what "within it" measures to and how far: its own reach, not N.

    A Void Shield Generator's zone is every point within its projection range (12") of the
    generator's footprint, so a unit is *in* it when every model is wholly within 12" of the
    footprint (seed 000 FAQ; RULES.md 4.13): ``(footprint, 12.0)``. ``None`` for anything
    that is not a void-shield zone (a deployment zone is measured as the polygon it is).
    """
    if isinstance(target, ZoneTarget) and target.kind == "void_shield":
        piece = world.piece(target.name)
        if piece.void_shields is None:
            raise TargetError(f"piece {target.name!r} is not a Void Shield Generator")
        return piece.footprint, piece.void_shields.range
    return None


def centre(shape: Shape) -> tuple[float, float]:
    """The centre of a shape: a base's centre, a polygon's centroid, the point itself."""
    if isinstance(shape, Circle):
        return shape.centre
    point = shape.centroid
    return (point.x, point.y)


def describe(target: Target, namer: Namer | None = None) -> str:
    """Name a target for a reader: by its name with a ``namer``, else ``model m1``, ``unit u1``.

    Examples
    --------
    >>> describe(ZoneTarget("deployment", "top"))
    'deployment zone top'
    """
    if namer is not None:
        return namer.target(target)
    if isinstance(target, PointTarget):
        return f"point ({target.x:g}, {target.y:g})"
    if isinstance(target, ModelTarget):
        return f"model {target.model_id}"
    if isinstance(target, UnitTarget):
        return f"unit {target.unit_id}"
    if isinstance(target, PieceTarget):
        return f"piece {target.piece_id}"
    if isinstance(target, FeatureTarget):
        what = target.feature.replace("_", " ")
        return f"{what} {target.feature_id} of piece {target.piece_id}".replace("  ", " ")
    if target.kind == "void_shield":
        return f"void-shield zone of {target.name}"
    return f"deployment zone {target.name}"
