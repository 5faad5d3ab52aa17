"""How tall a model stands for sight, by troop type, when a player set no height.

Our own defaults, not the seeds' numbers: inches for 40K, Horus Heresy and Epic
(``Unit.stats["height"]``), Line of Sight values for Warhammer Fantasy
(``Unit.stats["line_of_sight"]``).

>>> from board.document.model import Base, Model, TroopType, Unit
>>> squad = Unit("u", "Squad", "red", TroopType.INFANTRY, [Model("m", Base.round_mm(32), 1, 2)])
>>> height_in_inches(squad), line_of_sight_value(squad)
(1.5, 1.0)
"""

from __future__ import annotations

from board.document.model import TroopType, Unit

__all__ = ["MODEL_HEIGHTS", "FANTASY_LOS_VALUES", "height_in_inches", "line_of_sight_value"]

#: Default model heights in inches (40K, Horus Heresy, Epic) by troop type; others 1.5.
MODEL_HEIGHTS: dict[TroopType, float] = {
    TroopType.VEHICLE: 3.0,
    TroopType.SKIMMER: 3.0,
    TroopType.WALKER: 3.5,
    TroopType.MONSTROUS_CREATURE: 3.5,
    TroopType.WAR_ENGINE: 5.0,
}
#: Default Warhammer Fantasy Line of Sight values by troop type; others 1.
FANTASY_LOS_VALUES: dict[TroopType, float] = {
    TroopType.CAVALRY: 2.0,
    TroopType.MONSTROUS_INFANTRY: 2.0,
    TroopType.MONSTROUS_CAVALRY: 3.0,
    TroopType.CHARIOT: 2.0,
    TroopType.MONSTER: 4.0,
}


def height_in_inches(unit: Unit) -> float:
    """``Unit.stats["height"]``, else :data:`MODEL_HEIGHTS` by troop type (1.5")."""
    return float(unit.stats.get("height", MODEL_HEIGHTS.get(unit.troop_type, 1.5)))


def line_of_sight_value(unit: Unit) -> float:
    """``Unit.stats["line_of_sight"]``, else :data:`FANTASY_LOS_VALUES` by troop type (1)."""
    return float(unit.stats.get("line_of_sight", FANTASY_LOS_VALUES.get(unit.troop_type, 1.0)))
