"""What the building dock and ``battleboard check`` show about a building.

Armour per facing now, hull points (40K, Horus Heresy) or damage capacity (Epic 40,000), size,
capacity and who is inside, who claims it, the emplaced weapons and whether each may fire now,
the fire points and how many models each takes, the effects in force and until when, and
what is left of it. Every number comes from the rules object (:mod:`board.game.core.buildings`);
each rule system fills the summary in its folder (``systems/<system>/summary.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece
from board.game.core.building_summary import BuildingSummary, FirePointLine, WeaponLine
from board.game.core.buildings import building_rules, sheet_of
from board.game.systems.buildings import BuildingRules
from board.game.systems.registry import system_of

__all__ = ["WeaponLine", "FirePointLine", "BuildingSummary", "summarise", "summarise_all"]


def _models_inside(scenario: Scenario, piece: TerrainPiece) -> tuple[tuple[str, ...], int]:
    units = scenario.units_in(piece.id)
    return tuple(u.id for u in units), sum(len(u.models) for u in units)


def _with_names(summary: BuildingSummary, scenario: Scenario) -> BuildingSummary:
    units = {u.id: u.name for u in scenario.units}
    sides = {s.id: s.name for s in scenario.sides}
    held = summary.claimed_by
    return replace(summary, inside_names=tuple(units.get(u, u) for u in summary.inside),
                   claimed_by_name=sides.get(held, held) if held is not None else None)


def _told_apart(scenario: Scenario, library: Mapping[str, Datasheet], piece: TerrainPiece,
                name: str) -> str:
    """``name``, numbered in the table's order when another piece has it too.

    As :meth:`board.game.core.names.Namer.piece` numbers it: ``Building, medium (40K) 2``.
    """
    twins = [p.id for p in scenario.terrain if sheet_of(scenario, library, p).name == name]
    return f"{name} {twins.index(piece.id) + 1}" if len(twins) > 1 else name


def summarise(scenario: Scenario, library: Mapping[str, Datasheet],
              piece: TerrainPiece) -> BuildingSummary | None:
    """Summarise one piece, or ``None`` when it is not a building of the scenario's system.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10, 10)])
    >>> summary = summarise(scenario, default_library(), scenario.terrain[0])
    >>> summary.lines()[2:4]
    ['armour: front 14, right 14, rear 14, left 14', 'hull points: 4 of 4']
    """
    rules_object: BuildingRules | None = building_rules(scenario, library, piece)
    if rules_object is None:
        return None
    sheet = sheet_of(scenario, library, piece)
    inside, count = _models_inside(scenario, piece)
    base = {"piece_id": piece.id, "name": _told_apart(scenario, library, piece, sheet.name),
            "system": scenario.rule_system.value,
            "inside": inside, "models_inside": count}
    summary = system_of(rules_object).summary(rules_object, scenario, sheet, piece, base)
    return _with_names(summary, scenario)


def summarise_all(scenario: Scenario,
                  library: Mapping[str, Datasheet]) -> tuple[BuildingSummary, ...]:
    """Summarise every building of the scenario, in the order of its terrain."""
    found = (summarise(scenario, library, piece) for piece in scenario.terrain)
    return tuple(s for s in found if s is not None)
