"""What the dock says about an Epic 40,000 building (seed 001; no Qt)."""

from __future__ import annotations

from typing import Any

from board.document.datasheet import Datasheet
from board.game.core.building_summary import BuildingSummary
from rules import epic40k

__all__ = ["summary"]


def summary(state: epic40k.BuildingState, sheet: Datasheet, base: dict[str, Any],
            claimed_by: str | None) -> BuildingSummary:
    """Size, condition, damage capacity, armour and assault factor, and a fire."""
    start = sheet.damage_capacity or epic40k.SIZES[state.size].damage_capacity
    facts = [f"armour: {state.armour}+", f"assault factor: {state.assault_factor}"]
    effects = ("on fire: each Shooting phase a D6-firepower attack on every detachment inside "
               "and the building loses 1 damage capacity each turn",) if state.on_fire else ()
    return BuildingSummary(**base, size=state.size.value, condition=state.condition.value,
                           damage_capacity=(state.damage_capacity, start), claimed_by=claimed_by,
                           effects=effects, facts=tuple(facts))
