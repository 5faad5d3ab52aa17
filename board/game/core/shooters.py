"""Who looks: a shooter on the board turned into geometry observers (eyes).

A shooter is a model, a unit, a building's fire point, its battlements, one of its emplaced
weapons, or (Warhammer Fantasy) the garrison of a building. Each becomes one or more
:class:`Eye` values: a label a player reads, a :class:`geometry.Observer` and the point
range and facings are measured from.

Heights (inches for 40K, Horus Heresy and Epic; Line of Sight values in Warhammer Fantasy)
come from ``Unit.stats["height"]`` / ``Unit.stats["line_of_sight"]`` when a player set them,
otherwise from :data:`~board.game.systems.heights.MODEL_HEIGHTS` /
:data:`~board.game.systems.heights.FANTASY_LOS_VALUES` by troop type: our own defaults, not the
seeds' numbers (each rule system's facts choose, :mod:`board.game.systems.facts`).

>>> from board.document.model import Base, Model, TroopType, Unit
>>> squad = Unit("u", "Squad", "red", TroopType.INFANTRY, [Model("m", Base.round_mm(32), 1, 2)])
>>> model_height(squad, RuleSystem.WH40K), model_height(squad, RuleSystem.WARHAMMER_FANTASY)
(1.5, 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from shapely.geometry import Point
from shapely.ops import nearest_points

from board.document.datasheet import FACINGS
from board.document.model import RuleSystem, Unit
from board.game.core.terrain_world import PieceShapes, WorldMount
from board.game.core.world import World
from board.game.systems.facts import facts_for
from board.game.systems.heights import FANTASY_LOS_VALUES, MODEL_HEIGHTS
from geometry import (
    Circle,
    Observer,
    battlement_observer,
    building_los_value,
    facing_in_box,
    fire_point_observer,
    garrison_observer,
    model_observer,
)

__all__ = [
    "MODEL_HEIGHTS",
    "FANTASY_LOS_VALUES",
    "FIRE_POINT_HEIGHT",
    "MOUNT_HEIGHT",
    "ShooterKind",
    "Shooter",
    "Eye",
    "ShooterError",
    "model_height",
    "mount_height",
    "mount_arc",
    "shooter_eyes",
]

XY = tuple[float, float]

#: A fire point's height above the table, inches (a slit at head height of a ground floor).
FIRE_POINT_HEIGHT = 1.5
#: An emplaced weapon's mount height on a wall, inches; one on the battlements stands on them.
MOUNT_HEIGHT = 2.0


class ShooterError(ValueError):
    """A shooter that is not on the table (the message names it)."""


class ShooterKind(StrEnum):
    """What kind of thing shoots or looks."""

    MODEL = "model"
    UNIT = "unit"
    FIRE_POINT = "fire point"
    BATTLEMENTS = "battlements"
    EMPLACED_WEAPON = "emplaced weapon"
    GARRISON = "garrison"


@dataclass(frozen=True)
class Shooter:
    """A shooter by id: ``id`` is the model, unit or piece; ``point`` the fire point or weapon."""

    kind: ShooterKind
    id: str
    point: str | None = None

    @property
    def label(self) -> str:
        """How a player names it: ``fire point front-1 of bastion``."""
        if self.point is not None:
            return f"{self.kind.value} {self.point} of {self.id}"
        return f"{self.kind.value} {self.id}"


@dataclass(frozen=True)
class Eye:
    """One observer of a shooter: a label, the observer, and where it stands.

    ``model_id`` is the model it is (a model's or a unit's eye); ``point`` the fire point or
    emplaced weapon it is (a building's), so that a reading can name it.
    """

    label: str
    observer: Observer
    at: XY
    model_id: str = ""
    point: str = ""


def model_height(unit: Unit, system: RuleSystem) -> float:
    """Return a unit's model height (inches) or, in Warhammer Fantasy, its Line of Sight value."""
    return facts_for(system).model_height(unit)


def _model_eye(world: World, model_id: str, up: Mapping[str, str] | None = None) -> Eye:
    shape = world.models.get(model_id)
    if shape is None:
        raise ShooterError(f"model {model_id!r} is not on the table")
    base = shape.shape
    x, y = base.centre if isinstance(base, Circle) else (base.centroid.x, base.centroid.y)
    height = world.standing_height(model_id, up) + model_height(world.units[shape.unit_id],
                                                                 world.rule_system)
    return Eye(f"model {model_id}", model_observer(x, y, height), (x, y), model_id=model_id)


def _fire_point_eye(piece: PieceShapes, point_id: str) -> Eye:
    for point in piece.fire_points:
        if point.id == point_id:
            height = min(FIRE_POINT_HEIGHT, piece.height) if piece.height else FIRE_POINT_HEIGHT
            observer = fire_point_observer(point.x, point.y, point.direction, height,
                                           piece.piece_id)
            return Eye(f"fire point {point_id}", observer, (point.x, point.y), point=point_id)
    known = [p.id for p in piece.fire_points]
    raise ShooterError(f"{piece.piece_id!r} has no fire point {point_id!r}; it has {known}")


def mount_height(piece: PieceShapes, mount: WorldMount) -> float:
    """An emplaced weapon's height: on the battlements, or :data:`MOUNT_HEIGHT` on a wall."""
    roof = piece.sheet.battlements.height if piece.sheet.battlements else piece.height
    return roof + MOUNT_HEIGHT if mount.on_battlements else MOUNT_HEIGHT


def mount_arc(piece: PieceShapes, mount: WorldMount) -> tuple[float, float] | None:
    """A wall-mounted weapon looks outwards from its wall (like a fire point); others all round.

    The wall is the facing of the footprint the mount stands on (within 0.05").
    """
    on_wall = piece.footprint.exterior.distance(Point(mount.x, mount.y)) <= 0.05
    if mount.on_battlements or not on_wall:
        return None
    spec = next(w for w in piece.sheet.emplaced_weapons if w.id == mount.id)
    xs, ys = [p[0] for p in piece.sheet.footprint], [p[1] for p in piece.sheet.footprint]
    facing = facing_in_box((spec.x, spec.y), (min(xs), min(ys), max(xs), max(ys)))
    return ((FACINGS.index(facing) * 90.0 + piece.rotation) % 360.0, 90.0)


def _mount_eye(piece: PieceShapes, weapon_id: str) -> Eye:
    for mount in piece.mounts:
        if mount.id == weapon_id:
            observer = Observer(((mount.x, mount.y),), mount_height(piece, mount),
                                "emplaced weapon", mount_arc(piece, mount),
                                frozenset({piece.piece_id}))
            return Eye(f"{mount.weapon.name} ({weapon_id})", observer, (mount.x, mount.y),
                       point=weapon_id)
    known = [m.id for m in piece.mounts]
    raise ShooterError(f"{piece.piece_id!r} has no emplaced weapon {weapon_id!r}; it has {known}")


def _battlement_eye(piece: PieceShapes, towards: XY | None) -> Eye:
    if piece.battlements is None:
        raise ShooterError(f"{piece.piece_id!r} has no battlements")
    spot = piece.battlements.centroid
    if towards is not None:
        spot = nearest_points(piece.battlements, Point(towards))[0]
    height = (piece.sheet.battlements.height if piece.sheet.battlements else piece.height) + 1.5
    observer = battlement_observer(spot.x, spot.y, height, piece.piece_id)
    return Eye("battlements", observer, (spot.x, spot.y))


def _garrison_eye(world: World, piece: PieceShapes) -> Eye:
    inside = [u for u in world.units.values() if u.embarked_in == piece.piece_id]
    floors = piece.sheet.floors or 1
    model = max((model_height(u, world.rule_system) for u in inside), default=1.0)
    height = max(building_los_value(floors), model + 5.0 * (floors - 1))
    observer = garrison_observer(piece.footprint, height, piece.piece_id)
    centre = piece.footprint.centroid
    return Eye(f"garrison of {piece.piece_id}", observer, (centre.x, centre.y))


def shooter_eyes(world: World, shooter: Shooter, towards: XY | None = None) -> list[Eye]:
    """Return the eyes of ``shooter`` (one per model for a unit).

    ``towards`` is where the target is: battlements look from their point nearest to it.
    """
    if shooter.kind is ShooterKind.MODEL:
        return [_model_eye(world, shooter.id)]
    if shooter.kind is ShooterKind.UNIT:
        if shooter.id not in world.units:
            raise ShooterError(f"no unit {shooter.id!r} in the scenario")
        models = [mid for mid, _ in world.unit_models(shooter.id)]
        if not models:
            raise ShooterError(f"unit {shooter.id!r} has no models on the table")
        up = world.on_battlements(models)  # asked once for the unit, not once per eye
        return [_model_eye(world, mid, up) for mid in models]
    try:
        piece = world.piece(shooter.id)
    except KeyError as error:
        raise ShooterError(str(error.args[0])) from None
    if shooter.kind is ShooterKind.GARRISON:
        return [_garrison_eye(world, piece)]
    if shooter.kind is ShooterKind.BATTLEMENTS:
        return [_battlement_eye(piece, towards)]
    if shooter.point is None:
        raise ShooterError(f"a {shooter.kind.value} shooter needs the point's id")
    if shooter.kind is ShooterKind.FIRE_POINT:
        return [_fire_point_eye(piece, shooter.point)]
    return [_mount_eye(piece, shooter.point)]
