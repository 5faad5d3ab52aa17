"""The facts a Warhammer Fantasy building assault needs from the document and geometry (no Qt).

Profiles come from ``Unit.stats`` under the rulebook's names: ``ws``, ``s``, ``t``, ``i``,
``a``, ``w`` (default 1), ``save`` (5 for 5+; none if absent), ``ward``, ``unit_strength``
(default 1), ``leadership``, ``movement`` (inches), ``line_of_sight`` (the model's Line of
Sight value, default 1), and the ids of the models that are the unit's ``musician`` and
``champion``. Characters are units of troop type ``character`` joined to the unit
(``joined_to``), or inside the same building.

Geometry gives the distance from the assaulter to the building (closest model to the
footprint), whether any of its models sees the building, and the direction it comes from.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString, Point, Polygon

from board.document.model import Scenario, TroopType, Unit
from board.game.core.assault import AssaultError, stat_int
from board.game.core.names import Namer
from board.game.core.world import World
from geometry import Circle, SightRule, closest_points, distance, model_observer, visible_fraction
from rules import warhammer_fantasy as wf

__all__ = [
    "DEFAULT_LINE_OF_SIGHT",
    "Approach",
    "fighters",
    "fantasy_unit",
    "characters_with",
    "approach",
    "far_side",
]

XY = tuple[float, float]

#: A model's Line of Sight value when its unit's stats give none (our default for infantry).
DEFAULT_LINE_OF_SIGHT = 1.0


def _optional(unit: Unit, key: str) -> int | None:
    return None if unit.stats.get(key) is None else stat_int(unit, key)


def fighters(unit: Unit, character: bool = False) -> list[wf.Fighter]:
    """Return the unit's models as fighters, front first (its model order)."""
    ws, s, t, i, a = (stat_int(unit, k) for k in ("ws", "s", "t", "i", "a"))
    w, strength = stat_int(unit, "w", default=1), stat_int(unit, "unit_strength", default=1)
    save, ward = _optional(unit, "save"), _optional(unit, "ward")
    musician, champion = unit.stats.get("musician"), unit.stats.get("champion")
    namer = Namer({unit.id: unit}, {})
    stomps = stat_int(unit, "stomps", default=0)
    return [wf.Fighter(m.id, ws, s, t, i, a, w, save, ward, strength, character,
                       champion=m.id == champion, musician=m.id == musician,
                       name=namer.model(m.id), stomps=stomps)
            for m in unit.models]


def characters_with(scenario: Scenario, unit: Unit) -> list[Unit]:
    """Return the characters fighting with ``unit``: joined to it, or in its building."""
    found = [u for u in scenario.units if u.joined_to == unit.id and u.id != unit.id]
    if unit.embarked_in:
        found += [u for u in scenario.units_in(unit.embarked_in)
                  if u.id != unit.id and u not in found]
    return found


def fantasy_unit(scenario: Scenario, unit: Unit) -> wf.FantasyUnit:
    """Return ``unit`` and its characters as the rules' ``FantasyUnit``."""
    if not unit.models:
        raise AssaultError(f"{unit.name} has no models")
    models = fighters(unit)
    for other in characters_with(scenario, unit):
        models += fighters(other, character=other.troop_type is TroopType.CHARACTER)
    return wf.FantasyUnit(unit.id, unit.name, unit.troop_type.value, models,
                          stat_int(unit, "leadership"))


@dataclass(frozen=True)
class Approach:
    """Geometry facts about an assaulter and the building: inches, a unit vector, sight."""

    distance: float
    toward: XY  # from the unit's closest point to the building's closest point
    sight: bool
    near: XY  # the unit's closest point to the building

    @property
    def text(self) -> str:
        """In words, with the numbers."""
        seen = "sees the building" if self.sight else "has no line of sight to the building"
        return f"{self.distance:.2f}\" from the building; {seen}"


def _sees(world: World, unit: Unit, piece_id: str) -> bool:
    piece = world.piece(piece_id)
    height = float(unit.stats.get("line_of_sight", DEFAULT_LINE_OF_SIGHT))
    for _, shape in world.unit_models(unit.id):
        x, y = shape.centre if isinstance(shape, Circle) else shape.centroid.coords[0]
        seen = visible_fraction(world.terrain.index, model_observer(x, y, height),
                                piece.footprint, piece.height, SightRule.LOS_VALUES,
                                ignore=(piece_id,))
        if seen.clear:
            return True
    return False


def approach(world: World, unit: Unit, piece_id: str) -> Approach:
    """Measure the assaulter against the building (``AssaultError`` if not on the table)."""
    models = world.unit_models(unit.id)
    if not models:
        raise AssaultError(f"{unit.name} has no models on the table")
    footprint = world.piece(piece_id).footprint
    gap, shape = min(((distance(s, footprint), s) for _, s in models), key=lambda p: p[0])
    near, far = closest_points(shape, footprint)
    dx, dy = far[0] - near[0], far[1] - near[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:  # touching: point from the unit's centre toward the building's
        c = footprint.centroid
        dx, dy = c.x - near[0], c.y - near[1]
        length = math.hypot(dx, dy) or 1.0
    return Approach(gap, (dx / length, dy / length), _sees(world, unit, piece_id), near)


def far_side(footprint: Polygon, direction: XY) -> float:
    """Return how far the footprint reaches from its centroid along ``direction`` (inches).

    >>> from shapely.geometry import box
    >>> far_side(box(0, 0, 4, 2), (1.0, 0.0)), far_side(box(0, 0, 4, 2), (0.0, -1.0))
    (2.0, 1.0)
    """
    c = footprint.centroid
    reach = math.hypot(*(b - a for a, b in zip(footprint.bounds[:2], footprint.bounds[2:],
                                               strict=True))) + 1.0
    ray = LineString([(c.x, c.y), (c.x + direction[0] * reach, c.y + direction[1] * reach)])
    crossing = ray.intersection(footprint.exterior)
    points = [Point(p) for g in getattr(crossing, "geoms", [crossing]) for p in g.coords]
    return max((Point(c.x, c.y).distance(p) for p in points), default=0.0)
