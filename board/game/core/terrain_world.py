"""The terrain of a scenario in table inches: every piece's shapes, built once.

:func:`piece_shapes` places one piece's datasheet on the table: its footprint, access
points, fire points (with their wall and the direction they look), battlements, emplaced
weapon mounts, each level's area, and its height (inches for 40K sight, the Line of Sight
value in Warhammer Fantasy). A :class:`TerrainWorld` holds every piece of a scenario so, with
the sight index, the battlements and the obstacles made on first use;
:func:`terrain_fingerprint` is what it depends on. The models and the rest of the world are
:mod:`board.game.core.world`.

>>> from board.document.io import default_library
>>> from board.document.model import Scenario
>>> terrain = TerrainWorld(Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 30, 20)]),
...                        default_library())
>>> sorted(terrain.pieces), terrain.pieces["b"].solid, terrain.pieces["b"].blocks_sight
(['b'], True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from board.document.datasheet import (
    FACINGS,
    Datasheet,
    TerrainKind,
    VoidShieldProjection,
    WeaponProfile,
    levels_of,
)
from board.document.model import RuleSystem, Scenario, TerrainPiece
from board.game.systems.facts import facts_for
from geometry import (
    Blocker,
    Obstacles,
    TerrainIndex,
    place_footprint,
    place_points,
)

__all__ = [
    "SOLID_KINDS",
    "SEE_THROUGH_KINDS",
    "WorldPoint",
    "WorldFirePoint",
    "WorldMount",
    "PieceShapes",
    "TerrainWorld",
    "piece_shapes",
    "terrain_fingerprint",
]

#: Terrain kinds a model may not stand in (RULES.md: buildings and impassable terrain).
SOLID_KINDS = (TerrainKind.BUILDING, TerrainKind.IMPASSABLE)
#: Terrain kinds that never block sight: a crater or a wood is area terrain.
SEE_THROUGH_KINDS = (TerrainKind.CRATER, TerrainKind.AREA)


@dataclass(frozen=True)
class WorldPoint:
    """An access point placed on the table: its id and ``(x, y)`` in inches."""

    id: str
    x: float
    y: float


@dataclass(frozen=True)
class WorldFirePoint:
    """A fire point on the table: where it is, the wall (``facing``) it is in, where it looks.

    ``direction`` is the world angle (degrees clockwise, 0 up the table) the wall faces.
    """

    id: str
    x: float
    y: float
    facing: str
    direction: float
    models: int


@dataclass(frozen=True)
class WorldMount:
    """An emplaced weapon's mount on the table (range and sight are measured from here)."""

    id: str
    x: float
    y: float
    weapon: WeaponProfile
    on_battlements: bool


@dataclass(frozen=True)
class PieceShapes:
    """One terrain piece in table inches.

    ``height`` is what the piece blocks sight up to: inches in 40K, Horus Heresy and Epic,
    the Line of Sight value (5 per floor) for a Warhammer Fantasy building.
    """

    piece_id: str
    sheet: Datasheet
    footprint: Polygon
    access_points: tuple[WorldPoint, ...]
    fire_points: tuple[WorldFirePoint, ...]
    battlements: Polygon | None
    mounts: tuple[WorldMount, ...]
    height: float
    rotation: float
    #: Each level's area on the table by level id (the battlements' too; docs/measure.md).
    level_areas: tuple[tuple[str, Polygon], ...] = ()

    @property
    def solid(self) -> bool:
        """Whether models may not stand in it (a building or impassable terrain)."""
        return self.sheet.kind in SOLID_KINDS or self.sheet.impassable

    @property
    def blocks_sight(self) -> bool:
        """Whether it can hide anything: not a crater or area terrain, and some height."""
        return self.sheet.kind not in SEE_THROUGH_KINDS and self.height > 0.0

    @property
    def void_shields(self) -> VoidShieldProjection | None:
        """The shields it projects, if it is a Void Shield Generator."""
        return self.sheet.projects_void_shields

    def access_point(self, point_id: str) -> WorldPoint:
        """Return the access point ``point_id`` (``KeyError`` naming the known ones)."""
        for point in self.access_points:
            if point.id == point_id:
                return point
        known = [p.id for p in self.access_points]
        raise KeyError(f"piece {self.piece_id!r} has no access point {point_id!r}; it has {known}")


def _facing_direction(facing: str, rotation: float) -> float:
    """The world angle a wall named ``facing`` looks toward once the piece is turned."""
    return (FACINGS.index(facing) * 90.0 + rotation) % 360.0


def _sight_height(sheet: Datasheet, system: RuleSystem) -> float:
    """Inches for 40K-style sight; the Line of Sight value for a Warhammer Fantasy building."""
    return facts_for(system).building_sight_height(sheet)


def piece_shapes(piece: TerrainPiece, sheet: Datasheet,
                 system: RuleSystem) -> PieceShapes:
    """Place one piece's datasheet on the table.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> sheet = default_library()["imperial_bastion"]
    >>> shapes = piece_shapes(TerrainPiece("b", sheet.id, 22, 34, 180), sheet,
    ...                       RuleSystem.WH40K)
    >>> shapes.access_point("door"), shapes.footprint.bounds
    (WorldPoint(id='door', x=23.0, y=37.0), (19.0, 31.0, 25.0, 37.0))
    """
    x, y, turn = piece.x, piece.y, piece.rotation
    doors = place_points([(a.x, a.y) for a in sheet.access_points], x, y, turn)
    slits = place_points([(f.x, f.y) for f in sheet.fire_points], x, y, turn)
    guns = place_points([(w.x, w.y) for w in sheet.emplaced_weapons], x, y, turn)
    roof = sheet.battlements
    footprint = place_footprint(sheet.footprint, x, y, turn)
    areas = tuple((v.id, place_footprint(v.polygon, x, y, turn) if v.polygon else footprint)
                  for v in levels_of(sheet))
    return PieceShapes(
        piece_id=piece.id, sheet=sheet, footprint=footprint, level_areas=areas,
        access_points=tuple(WorldPoint(a.id, *xy) for a, xy in zip(sheet.access_points, doors,
                                                                    strict=True)),
        fire_points=tuple(
            WorldFirePoint(f.id, *xy, f.facing, _facing_direction(f.facing, turn), f.models)
            for f, xy in zip(sheet.fire_points, slits, strict=True)),
        battlements=place_footprint(roof.polygon, x, y, turn) if roof else None,
        mounts=tuple(WorldMount(w.id, *xy, w.weapon, w.on_battlements)
                     for w, xy in zip(sheet.emplaced_weapons, guns, strict=True)),
        height=_sight_height(sheet, system), rotation=turn)


def terrain_fingerprint(scenario: Scenario) -> tuple[Any, ...]:
    """What the terrain shapes depend on: each piece's id, datasheet, place and turn."""
    pieces = tuple((p.id, p.datasheet, p.x, p.y, p.rotation) for p in scenario.terrain)
    customs = tuple(scenario.custom_datasheets)  # compared by value: few, small
    return (scenario.rule_system, pieces, customs)


class TerrainWorld:
    """The terrain of a scenario in table inches, with its sight index and obstacles.

    Built from the pieces that have a footprint (a multi-part building's group datasheet has
    none; its parts are pieces of their own). The index and the obstacles are made on first use.
    """

    def __init__(self, scenario: Scenario, library: Mapping[str, Datasheet]) -> None:
        sheets = dict(library)
        sheets.update({s.id: s for s in scenario.custom_datasheets})
        self.pieces: dict[str, PieceShapes] = {}
        for piece in scenario.terrain:
            sheet = sheets.get(piece.datasheet)
            if sheet is None:
                raise KeyError(f"piece {piece.id!r} names unknown datasheet {piece.datasheet!r}")
            if sheet.footprint:
                self.pieces[piece.id] = piece_shapes(piece, sheet, scenario.rule_system)

    @cached_property
    def index(self) -> TerrainIndex:
        """The sight index: every piece that can hide something, at its height."""
        return TerrainIndex([Blocker(s.piece_id, s.footprint, s.height)
                             for s in self.pieces.values() if s.blocks_sight])

    @cached_property
    def roofs(self) -> tuple[list[tuple[str, BaseGeometry]], np.ndarray]:
        """The pieces' battlements by piece id, and their boxes (rows x0, y0, x1, y1)."""
        found: list[tuple[str, BaseGeometry]] = [
            (pid, p.battlements) for pid, p in self.pieces.items() if p.battlements is not None]
        boxes = np.array([r.bounds for _, r in found], dtype=float).reshape(-1, 4)
        return found, boxes

    @cached_property
    def obstacles(self) -> Obstacles:
        """What a placed model must keep out of, without enemies (buildings, impassable)."""
        return Obstacles([(s.piece_id, s.footprint) for s in self.pieces.values() if s.solid])

    @property
    def generators(self) -> tuple[tuple[str, BaseGeometry], ...]:
        """Every Void Shield Generator's ``(piece_id, footprint)``."""
        return tuple((s.piece_id, s.footprint) for s in self.pieces.values() if s.void_shields)
