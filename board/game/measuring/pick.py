"""What a click measures to: the part of a building under the pointer, and the wider thing.

The measuring tools point at what the rules measure from. A building's access points, fire
points and emplaced weapon mounts are points a few pixels wide on screen; the one nearest the
pointer within ``tolerance`` inches (the view turns its pixels into inches) is the target
(:func:`feature_at`). Shift widens what is under the pointer (:func:`widen`): a model to its
unit, a Void Shield Generator to its 12" zone. The battlements, a zone and every part of a
building are offered by name too (:func:`building_targets`), for a menu.

>>> from board.document.io import default_library
>>> from board.document.model import Scenario, TerrainPiece
>>> from board.game.core.world import WorldCache
>>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 22, 34, 180)])
>>> world = WorldCache(default_library()).world_for(scenario)
>>> feature_at(world, 23.1, 37.05, 0.3)
FeatureTarget(piece_id='b', feature='access_point', feature_id='door')
>>> feature_at(world, 22.0, 34.0, 0.3).feature_id  # the roof gun stands in the middle
'icarus-lascannon'
>>> feature_at(world, 23.5, 35.5, 0.3) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from board.game.core.names import Namer
from board.game.core.targets import (
    FeatureTarget,
    ModelTarget,
    PieceTarget,
    Target,
    UnitTarget,
    ZoneTarget,
)
from board.game.core.world import World

__all__ = ["feature_at", "widen", "building_targets", "preselected_piece"]


def _points(world: World) -> list[tuple[FeatureTarget, float, float]]:
    found = []
    for piece_id, piece in world.pieces.items():
        found += [(FeatureTarget(piece_id, "access_point", p.id), p.x, p.y)
                  for p in piece.access_points]
        found += [(FeatureTarget(piece_id, "fire_point", p.id), p.x, p.y)
                  for p in piece.fire_points]
        found += [(FeatureTarget(piece_id, "weapon", m.id), m.x, m.y) for m in piece.mounts]
    return found


def feature_at(world: World, x: float, y: float, tolerance: float) -> FeatureTarget | None:
    """The access point, fire point or weapon mount nearest ``(x, y)`` within ``tolerance``.

    On a tie an access point wins over a fire point, and a fire point over a weapon (the
    order the rules ask about them most: embarking, then shooting out).
    """
    best: tuple[float, int, FeatureTarget] | None = None
    order = {"access_point": 0, "fire_point": 1, "weapon": 2}
    for target, px, py in _points(world):
        gap = math.hypot(px - x, py - y)
        if gap <= tolerance:
            key = (round(gap, 6), order[target.feature], target)
            if best is None or key[:2] < best[:2]:
                best = key
    return None if best is None else best[2]


def widen(world: World, target: Target) -> Target:
    """The wider thing a Shift+click means: a model's unit, a generator's void-shield zone."""
    if isinstance(target, ModelTarget) and target.model_id in world.models:
        return UnitTarget(world.models[target.model_id].unit_id)
    if isinstance(target, PieceTarget) and target.piece_id in world.pieces:
        if world.piece(target.piece_id).void_shields is not None:
            return ZoneTarget("void_shield", target.piece_id)
    return target


def building_targets(world: World, piece_id: str, namer: Namer) -> list[tuple[str, Target]]:
    """Everything of one piece a measurement can be to, each with its name, for a menu.

    The footprint, the battlements, each access point, fire point and emplaced weapon, and a
    generator's void-shield zone.
    """
    piece = world.piece(piece_id)
    found: list[Target] = [PieceTarget(piece_id)]
    if piece.battlements is not None:
        found.append(FeatureTarget(piece_id, "battlements"))
    found += [FeatureTarget(piece_id, "access_point", p.id) for p in piece.access_points]
    found += [FeatureTarget(piece_id, "fire_point", p.id) for p in piece.fire_points]
    found += [FeatureTarget(piece_id, "weapon", m.id) for m in piece.mounts]
    if piece.void_shields is not None:
        found.append(ZoneTarget("void_shield", piece_id))
    return [(namer.target(t), t) for t in found]


def preselected_piece(selected: Sequence[str], groups: Mapping[str, str | None],
                      picked: str | None = None) -> str | None:
    """The building a dialog should start on, from what is selected.

    One piece: it. Every part of one multi-part building (a click selects them all): the part
    that was clicked (``picked``), else the first selected. Anything else: ``None``.

    >>> groups = {"tower": "fortress", "wall": "fortress", "bastion": None}
    >>> preselected_piece(["tower", "wall"], groups, "wall"), preselected_piece(["bastion"], groups)
    ('wall', 'bastion')
    >>> preselected_piece(["tower", "bastion"], groups, "tower") is None
    True
    """
    if len(selected) == 1:
        return selected[0]
    if not selected or len({groups.get(p) or p for p in selected}) != 1:
        return None
    return picked if picked in selected else selected[0]
