"""What the dock says about a 40K or Horus Heresy building (seed 000; no Qt)."""

from __future__ import annotations

from typing import Any

from board.game.core.building_summary import BuildingSummary, FirePointLine, WeaponLine
from rules import wh40k

__all__ = ["summary"]


def summary(building: wh40k.Building, base: dict[str, Any]) -> BuildingSummary:
    """Armour per facing now, hull points, capacity, weapons, fire points, effects, shields."""
    profile, state = building.profile, building.state
    weapons = []
    for spec in profile.emplaced_weapons:
        decision = wh40k.can_fire(building, spec.id)
        weapon = building.name_of(spec.id)
        reason = decision.reason.removeprefix(f"{weapon}: ").removeprefix(f"{weapon} ")
        weapons.append(WeaponLine(spec.id, spec.weapon.name, spec.weapon.range,
                                  decision.allowed, reason, weapon))
    facts = []
    if building.void_shields_up or profile.void_shields:
        facts.append(f"void shields up: {building.void_shields_up} of {profile.void_shields}")
    if profile.projected_void_shields:
        facts.append(f"projected void shields up: {building.projected_shields_up} of "
                     f"{profile.projected_void_shields}")
    if profile.mighty_bulwark:
        facts.append("Mighty Bulwark: -1 on the damage table")
    return BuildingSummary(
        **base, size=profile.size.value if profile.size else None,
        condition=state.condition.value,
        armour={f: building.armour(f) for f in wh40k.FACINGS},
        hull_points=(building.hull_points, profile.hull_points),
        capacity=profile.transport_capacity, claimed_by=state.claimed_by,
        weapons=tuple(weapons),
        fire_points=tuple(FirePointLine(p.id, p.facing, p.models) for p in profile.fire_points),
        effects=tuple(e.describe(building.names) for e in state.effects), facts=tuple(facts))
