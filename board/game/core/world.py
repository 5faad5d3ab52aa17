"""The world of a scenario: every piece's and model's shapes in table inches, built once.

A :class:`World` turns a :class:`~board.document.model.Scenario` and the datasheets into
geometry: the terrain (a :class:`~board.game.core.terrain_world.TerrainWorld`: each piece's
footprint, access points, fire points, battlements, emplaced weapon mounts and height) and
each model's base as a :class:`geometry.Circle` or polygon. The terrain index (sight) and the
obstacles (placement) are built on first use.

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
from typing import Any

import numpy as np

from board.document.datasheet import Datasheet, levels_of
from board.document.distance_option import SYSTEM_RULE, distance_choice
from board.document.model import LevelRef, Model, Scenario, Unit
from board.game.core.terrain_world import PieceShapes, TerrainWorld, terrain_fingerprint
from board.game.systems.facts import facts_for
from geometry import (
    EPSILON,
    Circle,
    DistanceRule,
    Obstacles,
    Shape,
    model_footprint,
    wholly_within,
)

__all__ = [
    "ModelShape",
    "World",
    "WorldCache",
    "models_fingerprint",
    "distance_rule_of",
]


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


def models_fingerprint(scenario: Scenario) -> tuple[Any, ...]:
    """What the model shapes depend on: every model on the table, its base, place and facing."""
    return tuple((u.id, u.side, tuple((m.id, m.base, m.x, m.y, m.facing, m.level)
                                      for m in u.models))
                 for u in scenario.units if u.on_table)


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
