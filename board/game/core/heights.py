"""How high each thing a measurement names stands: the spans :mod:`geometry.heights` takes.

Every measuring path (the ruler, Within N?, kept measurements, rings, ``battleboard check``)
asks here for the :class:`geometry.Span` of each part a target resolves to, then asks
:func:`geometry.distance_3d` (or its array and unit forms) for across, up and the scenario's
rule (:attr:`World.distance_rule <board.game.core.world.World.distance_rule>`):

- a model: its base from where it stands (a level, the battlements, else the table) up by
  the model's height in inches (``stats["height"]``, else the troop type's);
- a piece: its footprint from the table to its datasheet height;
- a door (access point), a point of the table, a zone: the table (0);
- a fire point: :data:`~board.game.core.shooters.FIRE_POINT_HEIGHT` up; an emplaced weapon:
  its mount (:func:`~board.game.core.shooters.mount_height`); the battlements: their height.

>>> from board.document.io import default_library
>>> from board.document.model import Base, LevelRef, Model, Scenario, TerrainPiece, TroopType, Unit
>>> from board.game.core.world import WorldCache
>>> model = Model("m", Base.round_mm(32), 30, 20, level=LevelRef("b", "battlements"))
>>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 30, 20)],
...                     units=[Unit("u", "Squad", "red", TroopType.INFANTRY, [model])])
>>> world = WorldCache(default_library()).world_for(scenario)
>>> model_span(world, "m"), world.distance_rule.value
(Span(low=8.0, high=9.5), 'straight')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np

from board.game.core.shooters import FIRE_POINT_HEIGHT, mount_height
from board.game.core.targets import (
    FeatureTarget,
    ModelTarget,
    PieceTarget,
    PointTarget,
    Target,
    UnitTarget,
    ZoneTarget,
)
from board.game.core.world import World
from board.game.systems.heights import height_in_inches
from geometry import (
    GROUND,
    Shape,
    Span,
    UnitCheck,
    gaps_up,
    lifted_check,
    unit_wholly_within,
    unit_within,
)

__all__ = ["model_span", "model_spans", "part_spans", "piece_span", "unit_check",
           "kept_unit_check"]


def model_span(world: World, model_id: str) -> Span:
    """A model on the table: from where its base stands up by its height, inches."""
    return Span(*_every_span(world)[model_id])


def model_spans(world: World, model_ids: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """The ``(lows, highs)`` arrays of many models (every model's worked out once a world)."""
    spans = _every_span(world)
    lows = np.array([spans[m][0] for m in model_ids], dtype=float)
    highs = np.array([spans[m][1] for m in model_ids], dtype=float)
    return lows, highs


def _every_span(world: World) -> dict[str, tuple[float, float]]:
    """Each model's ``(low, high)``, kept by the world (a world never changes once made)."""
    kept: dict[str, tuple[float, float]] = world.kept("spans")
    if not kept and world.models:
        ids = list(world.models)
        up = world.on_battlements(ids)
        for model_id in ids:
            low = world.standing_height(model_id, up)
            unit = world.units[world.models[model_id].unit_id]
            kept[model_id] = (low, low + height_in_inches(unit))
    return kept


def piece_span(world: World, piece_id: str) -> Span:
    """A piece from the table to its datasheet height (inches, whatever sight counts)."""
    return Span(0.0, world.piece(piece_id).sheet.height)


def part_spans(target: Target, world: World, part_ids: Sequence[str]) -> list[Span]:
    """The span of each part ``target`` resolved to (:func:`~board.game.core.targets.resolve`)."""
    if isinstance(target, (ModelTarget, UnitTarget)):
        lows, highs = model_spans(world, part_ids)
        return [Span(lo, hi) for lo, hi in zip(lows.tolist(), highs.tolist(), strict=True)]
    if isinstance(target, PieceTarget):
        return [piece_span(world, target.piece_id)]
    if isinstance(target, FeatureTarget):
        return [_feature_span(world, target)]
    if isinstance(target, ZoneTarget) and target.kind == "void_shield":
        return [piece_span(world, target.name)]
    assert isinstance(target, (PointTarget, ZoneTarget))
    return [GROUND] * len(part_ids)


def _feature_span(world: World, target: FeatureTarget) -> Span:
    piece = world.piece(target.piece_id)
    if target.feature == "battlements":
        roof = piece.sheet.battlements
        return Span.at(roof.height or piece.sheet.height if roof else piece.sheet.height)
    if target.feature == "fire_point":
        return Span.at(FIRE_POINT_HEIGHT)
    if target.feature == "weapon":
        mount = next(m for m in piece.mounts if m.id == target.feature_id)
        return Span.at(mount_height(piece, mount))
    return GROUND


def unit_check(world: World, models: Sequence[tuple[str, Shape]], shape: Shape, span: Span,
               reach: float, wholly: bool) -> tuple[UnitCheck, np.ndarray]:
    """Models against "(wholly) within ``reach`` of ``shape`` standing over ``span``".

    The flat check read by the world's rule (:func:`geometry.lifted_check`), and each model's
    gap up. "Within" measures each model's volume (its base up to its height); "wholly
    within" its base where it stands (every part of the base: :func:`geometry.farthest_3d`).
    """
    lows, highs = model_spans(world, [m for m, _ in models])
    if wholly:
        flat, up = unit_wholly_within(models, shape, reach), gaps_up(lows, lows, span)
    else:
        flat, up = unit_within(models, shape, reach), gaps_up(lows, highs, span)
    return lifted_check(flat, up, world.distance_rule), up


def kept_unit_check(world: World, key: Hashable, models: Sequence[tuple[str, Shape]],
                    shape: Shape, span: Span, reach: float, wholly: bool,
                    ) -> tuple[UnitCheck, np.ndarray]:
    """:func:`unit_check`, its distances kept by the world under ``key`` for any reach.

    The distances do not depend on the reach asked, and a world never changes once made:
    a file's kept measurements ask the same unit about the same target again and again
    (``battleboard check``), and each pair is measured once. ``key`` names the unit, the
    target's part and ``wholly``.
    """
    kept: dict[Hashable, tuple[UnitCheck, np.ndarray]] = world.kept("unit checks")
    found = kept.get(key)
    if found is None:
        found = kept[key] = unit_check(world, models, shape, span, reach, wholly)
    check, up = found
    if check.limit == reach:
        return check, up
    return UnitCheck(check.model_ids, check.distances, reach, check.wholly, check.every), up
