"""What the dock says about a Warhammer Fantasy building (seed 002; no Qt)."""

from __future__ import annotations

from typing import Any

from board.document.model import Scenario
from board.game.core.building_summary import BuildingSummary
from board.game.systems.fantasy.building import FantasyBuilding
from rules import warhammer_fantasy

__all__ = ["summary"]


def summary(building: FantasyBuilding, scenario: Scenario, base: dict[str, Any],
            ) -> BuildingSummary:
    """Floors, Line of Sight value, how many may shoot, and the garrison."""
    options = warhammer_fantasy.FantasyOptions.from_dict(scenario.options)
    shooters = warhammer_fantasy.shooters_allowed(building.floors, options)
    facts = [f"floors: {building.floors}", f"line of sight value: {building.line_of_sight}",
             f"models that may shoot: {shooters}"]
    garrison = building.garrison
    if garrison is not None:
        unit = next((u.name for u in scenario.units if u.id == garrison.unit), garrison.unit)
        side = next((s.name for s in scenario.sides if s.id == garrison.side), garrison.side)
        since = (f"turn {garrison.entered_turn}" if garrison.entered_turn > 0
                 else "before the first turn")  # turn 0: put in by the file, not in a turn
        facts.append(f"garrison: {unit} of {side}, in since {since}")
    return BuildingSummary(**base, size=None,
                           condition="garrisoned" if garrison else "empty",
                           claimed_by=garrison.side if garrison else None, facts=tuple(facts))
