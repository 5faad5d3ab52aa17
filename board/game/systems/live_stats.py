"""The numbers of a building's label that change in play: hull points and damage capacity.

A datasheet gives a building's starting Hull Points (40K, Horus Heresy) or Damage Capacity
(Epic 40,000); the label on the table must show what is left after damage, not the starting
value (``DC 7/10`` once three points are gone, ``DC 10`` while untouched). No Qt.
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece
from board.game.core.buildings import BuildingStateError, building_rules
from rules import epic40k, wh40k

__all__ = ["live_stats"]


def _left(label: str, left: int, start: int | None) -> str:
    if start is None or left == start:
        return f"{label} {left}"
    return f"{label} {left}/{start}"


def live_stats(scenario: Scenario, library: Mapping[str, Datasheet],
               piece: TerrainPiece) -> dict[str, str]:
    """What the label shows for ``piece`` in place of the datasheet's starting values.

    Keys are the label's abbreviations (``HP``, ``DC``); empty for a piece that is no
    building of the scenario's system or whose saved state cannot be read (the label then
    keeps the datasheet's values, and the dock says what is wrong).

    >>> from board.document.io import default_library
    >>> from board.document.model import RuleSystem
    >>> hut = TerrainPiece("h", "epic40k_small_building", 5, 5)
    >>> live_stats(Scenario(rule_system=RuleSystem.EPIC40K, terrain=[hut]), default_library(),
    ...            hut)
    {'DC': 'DC 10'}
    """
    try:
        rules_object = building_rules(scenario, library, piece)
    except (BuildingStateError, KeyError):
        return {}
    sheet = library.get(piece.datasheet)
    if isinstance(rules_object, epic40k.BuildingState):
        start = sheet.damage_capacity if sheet is not None else None
        if start is None:
            start = epic40k.SIZES[rules_object.size].damage_capacity
        return {"DC": _left("DC", rules_object.damage_capacity, start)}
    if isinstance(rules_object, wh40k.Building):
        return {"HP": _left("HP", rules_object.hull_points,
                            rules_object.profile.hull_points)}
    return {}
