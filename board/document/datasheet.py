"""Terrain datasheets: what a kind of terrain piece is, read from ``resources/datasheets/*.json``.

A datasheet is data, not code: adding a building is adding a file. Coordinates are inches in
the datasheet's local frame: origin at the piece's reference point (usually the footprint's
centre), x to the right, y down, the front facing up (−y) at rotation 0. Placing a piece
(``TerrainPiece.x, .y, .rotation``) rotates the local frame clockwise by ``rotation`` degrees
about the origin and moves the origin to ``(x, y)``.

Facings are named ``front``, ``right``, ``rear``, ``left`` relative to the piece.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

__all__ = [
    "FACINGS",
    "TerrainKind",
    "SizeClass",
    "AccessPoint",
    "FirePoint",
    "Battlements",
    "Level",
    "BATTLEMENTS_LEVEL",
    "levels_of",
    "WeaponProfile",
    "EmplacedWeapon",
    "VoidShieldProjection",
    "PartRef",
    "Datasheet",
]

FACINGS = ("front", "right", "rear", "left")

#: How far from its building's outline an escape hatch may stand (inches; our default).
ESCAPE_HATCH_REACH = 12.0

Point = tuple[float, float]


class TerrainKind(StrEnum):
    """What a terrain piece is, for drawing and for the rules."""

    BUILDING = "building"
    MULTI_PART = "multi_part"  # a group of separately claimable buildings (``parts``)
    RUINS = "ruins"
    CRATER = "crater"
    IMPASSABLE = "impassable"  # rocks, walls: blocks movement and sight
    AREA = "area"  # woods and other area terrain


class SizeClass(StrEnum):
    """Building size (seed 000 for 40K; seed 001 for Epic 40,000)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


@dataclass(frozen=True)
class AccessPoint:
    """A door or other opening models enter and leave by (local inches).

    ``escape_hatch``: seed 000 FAQ, not part of the building for radius measurements, never
    assaulted as an access point, and a unit coming out of it cannot charge. It may stand
    away from the walls (up to :data:`ESCAPE_HATCH_REACH` inches).
    """

    id: str
    x: float
    y: float
    label: str = ""
    escape_hatch: bool = False


@dataclass(frozen=True)
class FirePoint:
    """A firing slit: up to ``models`` models inside may shoot through it (2 unless stated).

    ``facing`` names the wall it is in; it looks outwards only.
    """

    id: str
    x: float
    y: float
    facing: str
    models: int = 2


@dataclass(frozen=True)
class Battlements:
    """The roof space models may stand on: a separate piece of difficult terrain, 4+ cover."""

    polygon: tuple[Point, ...]
    height: float = 0.0  # inches above the table (40K sight)


@dataclass(frozen=True)
class Level:
    """A height models can stand at on the piece: a floor, a ruin's level, a walkway.

    ``height`` is inches above the table (where the bases stand); ``polygon`` the local area
    a base must stand wholly on (empty: the whole footprint); ``capacity`` how many models
    it holds (``None``: as many as fit).
    """

    id: str
    name: str
    height: float
    polygon: tuple[Point, ...] = ()
    capacity: int | None = None


#: The id of the level a datasheet's battlements make (seed 000: models stand on them).
BATTLEMENTS_LEVEL = "battlements"


@dataclass(frozen=True)
class WeaponProfile:
    """A 40K-style weapon profile (range in inches; ``type`` e.g. ``Heavy 3``)."""

    name: str
    range: float
    strength: int
    ap: int | None
    type: str
    shots: int = 1
    blast: float | None = None  # marker diameter, inches (3 or 5)
    template: bool = False
    special: tuple[str, ...] = ()


@dataclass(frozen=True)
class EmplacedWeapon:
    """A weapon built into the building, mounted at ``(x, y)`` local inches."""

    id: str
    x: float
    y: float
    weapon: WeaponProfile
    on_battlements: bool = False  # a gun emplacement upgrade placed on the battlements


@dataclass(frozen=True)
class VoidShieldProjection:
    """A Void Shield Generator's projected shields: ``shields`` of them, ``range`` inches."""

    shields: int
    range: float = 12.0
    armour: int = 12


@dataclass(frozen=True)
class PartRef:
    """One part of a multi-part building: another datasheet placed at a local offset."""

    part: str
    datasheet: str
    x: float
    y: float
    rotation: float = 0.0


@dataclass(frozen=True)
class Datasheet:
    """A kind of terrain piece.

    ``armour`` maps each facing to its Armour Value (one listed value fills all four).
    ``transport_capacity`` and ``hull_points`` are ``None`` when the datasheet lists none (the
    rules then derive them from ``size``). ``height`` is inches (40K sight); ``floors`` the
    Warhammer Fantasy floors (line-of-sight value 5 per floor). ``systems`` lists the rule
    systems the datasheet is written for.
    """

    id: str
    name: str
    kind: TerrainKind
    systems: tuple[str, ...]
    footprint: tuple[Point, ...] = ()
    size: SizeClass | None = None
    armour: dict[str, int] | None = None
    transport_capacity: int | None = None
    hull_points: int | None = None
    damage_capacity: int | None = None  # Epic 40,000
    assault_factor: int | None = None  # Epic 40,000
    epic_armour: int | None = None  # Epic 40,000 kill roll needed (buildings 6+)
    height: float = 0.0
    floors: int = 1
    access_points: tuple[AccessPoint, ...] = ()
    fire_points: tuple[FirePoint, ...] = ()
    battlements: Battlements | None = None
    levels: tuple[Level, ...] = ()
    emplaced_weapons: tuple[EmplacedWeapon, ...] = ()
    impassable: bool = False
    mighty_bulwark: bool = False
    void_shields: int = 0  # the Void shield upgrade on the building itself
    projects_void_shields: VoidShieldProjection | None = None
    parts: tuple[PartRef, ...] = ()
    adjacent_parts: tuple[tuple[str, str], ...] = ()
    notes: str = ""
    tags: tuple[str, ...] = field(default=())


def levels_of(sheet: Datasheet) -> tuple[Level, ...]:
    """Every height models can stand at on ``sheet``: its battlements first, then its levels.

    The battlements are a level of their own (id ``battlements``) at their height, else the
    datasheet's.

    >>> sheet = Datasheet("b", "Bastion", TerrainKind.BUILDING, ("wh40k",),
    ...                   battlements=Battlements(((0, 0), (1, 0), (1, 1)), 0.0), height=6.0)
    >>> [(level.id, level.height) for level in levels_of(sheet)]
    [('battlements', 6.0)]
    """
    roof = sheet.battlements
    if roof is None:
        return sheet.levels
    top = Level(BATTLEMENTS_LEVEL, "Battlements", roof.height or sheet.height, roof.polygon)
    return (top, *sheet.levels)
