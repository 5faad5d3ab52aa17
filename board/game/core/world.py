"""The world of a scenario: every piece's and model's shapes in table inches, built once.

A :class:`World` turns a :class:`~board.document.model.Scenario` and the datasheets into
geometry: each terrain piece's footprint, access points, fire points (with their wall and the
direction they look), battlements, emplaced weapon mounts and height (inches for 40K sight, the
Line of Sight value in Warhammer Fantasy), and each model's base as a
:class:`geometry.Circle` or polygon. The terrain index (sight) and the obstacles (placement)
are built on first use.

A :class:`WorldCache` hands out worlds for a scenario that changes under it: it keys the
terrain part on a fingerprint of the pieces (id, datasheet, place, turn) and the model part on
a fingerprint of the models, and rebuilds only the part whose fingerprint changed, so a tool
can ask every paint.

>>> from board.document.model import Scenario
>>> from board.document.io import default_library
>>> cache = WorldCache(default_library())
>>> empty = Scenario()
>>> cache.world_for(empty) is cache.world_for(empty), cache.terrain_builds
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
from board.document.distance_option import SYSTEM_RULE, distance_choice
from board.document.model import LevelRef, Model, RuleSystem, Scenario, TerrainPiece, Unit
from board.game.systems.facts import facts_for
from geometry import (
    EPSILON,
    Blocker,
    Circle,
    DistanceRule,
    Obstacles,
    Shape,
    TerrainIndex,
    model_footprint,
    place_footprint,
    place_points,
    wholly_within,
)

__all__ = [
    "WorldPoint",
    "WorldFirePoint",
    "WorldMount",
    "PieceShapes",
    "ModelShape",
    "TerrainWorld",
    "World",
    "WorldCache",
    "piece_shapes",
    "terrain_fingerprint",
    "models_fingerprint",
    "distance_rule_of",
]

XY = tuple[float, float]

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


@dataclass(frozen=True)
class ModelShape:
    """A model on the table: its id, unit, side and base (a ``Circle`` or a polygon)."""

    model_id: str
    unit_id: str
    side: str
    shape: Shape
    level: LevelRef | None = None


def _same_models(old: Unit, new: Unit) -> bool:
    """Whether ``new`` has the models of ``old``, on the table or off it as ``old`` was."""
    return old.on_table == new.on_table and [m.id for m in old.models] == [
        m.id for m in new.models]


def terrain_fingerprint(scenario: Scenario) -> tuple[Any, ...]:
    """What the terrain shapes depend on: each piece's id, datasheet, place and turn."""
    pieces = tuple((p.id, p.datasheet, p.x, p.y, p.rotation) for p in scenario.terrain)
    customs = tuple(scenario.custom_datasheets)  # compared by value: few, small
    return (scenario.rule_system, pieces, customs)


def models_fingerprint(scenario: Scenario) -> tuple[Any, ...]:
    """What the model shapes depend on: every model on the table, its base, place and facing."""
    return tuple((u.id, u.side, tuple((m.id, m.base, m.x, m.y, m.facing, m.level)
                                      for m in u.models))
                 for u in scenario.units if u.on_table)


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


class World:
    """A scenario's pieces and models as shapes; see the module docstring.

    ``terrain`` may be shared with an earlier world whose terrain was the same.
    """

    def __init__(self, scenario: Scenario, terrain: TerrainWorld,
                 reuse: Mapping[str, tuple[Any, ModelShape]] | None = None,
                 enemy_store: dict[str, tuple[tuple[int, ...], Obstacles]] | None = None,
                 ) -> None:
        self.rule_system = scenario.rule_system
        #: How distances with heights are read here (the option, else the system's rule).
        self.distance_rule = distance_rule_of(scenario)
        self.terrain = terrain
        self.units: dict[str, Unit] = {u.id: u for u in scenario.units}
        self.models: dict[str, ModelShape] = {}
        #: Each model's fingerprint and shape, for the next world to reuse.
        self.model_keys: dict[str, tuple[Any, ModelShape]] = {}
        old = reuse or {}
        for unit in scenario.units:
            if unit.on_table:
                for m in unit.models:
                    key = (unit.id, unit.side, m.base, m.x, m.y, m.facing, m.level)
                    found = old.get(m.id)
                    made = found[1] if found and found[0] == key else _model_shape(unit, m)
                    self.models[m.id] = made
                    self.model_keys[m.id] = (key, made)
        self._enemy_store = {} if enemy_store is None else enemy_store

    def moved(self, scenario: Scenario, unit_ids: Iterable[str]) -> World:
        """The world of ``scenario``, whose units differ from this world's in ``unit_ids`` only.

        The same as ``World(scenario, self.terrain, self.model_keys)`` (a new store of enemy
        obstacles included) without looking at every other model again: a drag's preview
        reads the line of sight with two units moved on a table of a thousand models. A unit
        that came onto or left the table, or got other models, is looked at in full.
        """
        units = {u.id: u for u in scenario.units}
        changed = [units[unit_id] for unit_id in unit_ids if unit_id in units]
        if units.keys() != self.units.keys() or not all(
                _same_models(self.units[unit.id], unit) for unit in changed):
            return World(scenario, self.terrain, self.model_keys)
        world = World.__new__(World)
        world.rule_system = scenario.rule_system
        world.distance_rule = distance_rule_of(scenario)
        world.terrain = self.terrain
        world.units = units
        world.models = dict(self.models)
        world.model_keys = dict(self.model_keys)
        for unit in changed:
            for m in unit.models if unit.on_table else ():
                key = (unit.id, unit.side, m.base, m.x, m.y, m.facing, m.level)
                found = self.model_keys.get(m.id)
                made = found[1] if found and found[0] == key else _model_shape(unit, m)
                world.models[m.id] = made
                world.model_keys[m.id] = (key, made)
        world._enemy_store = {}
        return world

    @property
    def pieces(self) -> dict[str, PieceShapes]:
        """Every placed piece's shapes by piece id."""
        return self.terrain.pieces

    def piece(self, piece_id: str) -> PieceShapes:
        """Return the piece ``piece_id``'s shapes (``KeyError`` with the id if none)."""
        try:
            return self.terrain.pieces[piece_id]
        except KeyError:
            raise KeyError(f"no terrain piece {piece_id!r} on the table") from None

    def on_battlements(self, model_ids: Sequence[str]) -> dict[str, str]:
        """Each of ``model_ids`` standing wholly on a piece's battlements: that piece's id.

        Boxes first (one array test for every model and every roof), then the exact test
        only where a model's box lies inside a roof's.
        """
        roofs, tops = self.terrain.roofs
        shapes = [(m, self.models[m].shape) for m in model_ids if m in self.models]
        if not roofs or not shapes:
            return {}
        boxes = np.array([_box(s) for _, s in shapes])
        # to the 1e-9" allowance of "wholly within": a base flush with a turned building's
        # edge reads 1e-15" outside it
        low = boxes[:, None, :2] >= tops[None, :, :2] - EPSILON
        high = boxes[:, None, 2:] <= tops[None, :, 2:] + EPSILON
        inside = low.all(axis=2) & high.all(axis=2)
        found: dict[str, str] = {}
        for i, k in zip(*np.nonzero(inside), strict=True):
            model_id, shape = shapes[int(i)]
            piece_id, roof = roofs[int(k)]
            if model_id not in found and wholly_within(shape, roof, 0.0):
                found[model_id] = piece_id
        return found

    def standing_height(self, model_id: str, on: Mapping[str, str] | None = None) -> float:
        """How high a model's base stands: its level's height; on battlements theirs; else 0.

        A model the document puts on a level stands at that level's height while its base is
        wholly on the level's area (a level the piece does not have, or a base off it: on the
        table, and ``battleboard check`` says so); one wholly on a building's battlements
        stands on them. ``on`` is :meth:`on_battlements` already
        asked for the models concerned.
        """
        model = self.models.get(model_id)
        if model is not None and model.level is not None:
            return self._on_level(model)
        piece_id = (on if on is not None else self.on_battlements([model_id])).get(model_id)
        if piece_id is None:
            return 0.0
        piece = self.pieces[piece_id]
        sheet = piece.sheet.battlements
        return sheet.height if sheet is not None and sheet.height else piece.height

    def kept(self, name: str) -> dict[Any, Any]:
        """A dictionary of answers worked out from this world, kept while it stands.

        Kept with the world's models and terrain: a drag preview's copy
        (:func:`board.game.measuring.rings.moved_world`) has models of its own, and so a
        dictionary of its own; a world is never changed once made.
        """
        stored = self.__dict__.setdefault("_kept", {})
        found = stored.get(name)
        if found is None or found[0] is not self.models or found[1] is not self.terrain:
            found = stored[name] = (self.models, self.terrain, {})
        return found[2]

    def _on_level(self, model: ModelShape) -> float:
        """The height of the model's level if its base stands wholly on the level's area.

        Off it (dragged away, or a file's), it stands on the table, and ``battleboard check``
        and the badge say so.
        """
        assert model.level is not None
        piece = self.pieces.get(model.level.piece)
        area = dict(piece.level_areas).get(model.level.level) if piece is not None else None
        if area is None or not wholly_within(model.shape, area, 0.0):
            return 0.0
        return self.level_height(model.level)

    def level_height(self, ref: LevelRef) -> float:
        """The height of a piece's level, inches (0 when the piece or the level is not there)."""
        piece = self.pieces.get(ref.piece)
        if piece is None:
            return 0.0
        return next((v.height for v in levels_of(piece.sheet) if v.id == ref.level), 0.0)

    def unit_models(self, unit_id: str) -> list[tuple[str, Shape]]:
        """The ``(model_id, shape)`` pairs of a unit on the table (empty when embarked)."""
        if unit_id not in self.units:
            raise KeyError(f"no unit {unit_id!r} in the scenario")
        # Each unit's model ids, made once per dictionary of models (a reading asks for its
        # units' models several times; a preview's copy has a dictionary of its own).
        kept = self.__dict__.get("_by_unit")
        if kept is None or kept[0] is not self.models:
            by_unit: dict[str, list[str]] = {}
            for m in self.models.values():
                by_unit.setdefault(m.unit_id, []).append(m.model_id)
            kept = self._by_unit = (self.models, by_unit)
        models = self.models
        return [(model_id, models[model_id].shape) for model_id in kept[1].get(unit_id, ())]

    def obstacles_for(self, side: str) -> Obstacles:
        """Obstacles for a unit of ``side``: terrain plus every other side's models.

        Kept until one of those enemy models changes (moving the side's own models, as a
        drag does, keeps them).
        """
        enemies = [(m.model_id, m.shape) for m in self.models.values() if m.side != side]
        key = tuple(id(shape) for _, shape in enemies)  # shapes are reused while unchanged
        stored = self._enemy_store.get(side)
        if stored is not None and stored[0] == key:
            return stored[1]
        base = stored[1] if stored is not None else self.terrain.obstacles
        found = base.with_enemies(enemies)  # keeps the terrain union if already made
        self._enemy_store[side] = (key, found)
        return found


def _box(shape: Shape) -> tuple[float, float, float, float]:
    """A base's box: worked out for a circle (making its polygon costs 0.05 ms)."""
    if isinstance(shape, Circle):
        return (shape.x - shape.radius, shape.y - shape.radius, shape.x + shape.radius,
                shape.y + shape.radius)
    x0, y0, x1, y1 = shape.bounds
    return (float(x0), float(y0), float(x1), float(y1))


def _model_shape(unit: Unit, model: Model) -> ModelShape:
    base = model.base
    shape = model_footprint(base.shape.value, base.length, base.width, model.x, model.y,
                            model.facing)
    return ModelShape(model.id, unit.id, unit.side, shape, model.level)


def distance_rule_of(scenario: Scenario) -> DistanceRule:
    """The scenario's ``distance_rule`` option, else its rule system's own rule."""
    choice = distance_choice(scenario.options)
    if choice == SYSTEM_RULE:
        return facts_for(scenario.rule_system).distance_rule
    return DistanceRule(choice)


class WorldCache:
    """Hand out a :class:`World` for a scenario, rebuilding only what changed.

    ``terrain_builds`` and ``model_builds`` count the rebuilds (for tests and benchmarks).
    """

    def __init__(self, library: Mapping[str, Datasheet]) -> None:
        self.library = library
        self.terrain_builds = 0
        self.model_builds = 0
        self._terrain_key: tuple[Any, ...] | None = None
        self._models_key: tuple[Any, ...] | None = None
        self._terrain: TerrainWorld | None = None
        self._world: World | None = None
        self._enemy_store: dict[str, tuple[tuple[int, ...], Obstacles]] = {}

    def world_for(self, scenario: Scenario) -> World:
        """Return the world of ``scenario`` as it is now."""
        terrain_key = terrain_fingerprint(scenario)
        if self._terrain is None or terrain_key != self._terrain_key:
            self._terrain = TerrainWorld(scenario, self.library)
            self._terrain_key, self._world = terrain_key, None
            self.terrain_builds += 1
        models_key = (models_fingerprint(scenario), tuple(u.id for u in scenario.units),
                      distance_choice(scenario.options))
        if self._world is None or models_key != self._models_key:
            if self._world is None or self._world.terrain is not self._terrain:
                self._enemy_store = {}
            reuse = self._world.model_keys if self._world is not None else None
            self._world = World(scenario, self._terrain, reuse, self._enemy_store)
            self._models_key = models_key
            self.model_builds += 1
        return self._world
