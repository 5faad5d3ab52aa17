"""Epic 40,000 buildings (seed 001; RULES.md sections 2 and 4): facts in, outcomes out.

Distances are centimetres. A building is an immobile war engine with armour 6+, damage
capacity and an assault factor by size; only infantry go in; only super-heavy weapons shoot
at it; it can be close assaulted; critical damage shakes the units inside; at 0 damage capacity
it becomes unstable, crumbles or is destroyed.
"""

from rules.epic40k.assault import (
    Assaulter,
    AssaultOutcome,
    Bonus,
    assault_building,
    assault_total,
    close_combat_bonuses,
    may_assault,
)
from rules.epic40k.collapse import CatastrophicOutcome, CollapseOutcome, collapse
from rules.epic40k.damage import (
    CriticalOutcome,
    DamageOutcome,
    FireAttack,
    apply_damage,
    resolve_critical,
)
from rules.epic40k.occupants import UnitHit, UnitInside
from rules.epic40k.shooting import (
    ShootingOutcome,
    may_enter,
    may_target_building,
    occupants_hit_by_shot,
    shoot_building,
)
from rules.epic40k.state import BuildingState, Condition, Site, UnitNearby
from rules.epic40k.tables import (
    CATASTROPHIC_TABLE,
    CRITICAL_DAMAGE_TABLE,
    RESULTS_TABLE,
    SIZES,
    SizeClass,
)
from rules.epic40k.turn import end_of_movement_phase, start_of_shooting_phase, start_of_turn

__all__ = [
    "AssaultOutcome",
    "Assaulter",
    "Bonus",
    "BuildingState",
    "CATASTROPHIC_TABLE",
    "CRITICAL_DAMAGE_TABLE",
    "CatastrophicOutcome",
    "CollapseOutcome",
    "Condition",
    "CriticalOutcome",
    "DamageOutcome",
    "FireAttack",
    "RESULTS_TABLE",
    "SIZES",
    "ShootingOutcome",
    "Site",
    "SizeClass",
    "UnitHit",
    "UnitInside",
    "UnitNearby",
    "apply_damage",
    "assault_building",
    "assault_total",
    "close_combat_bonuses",
    "collapse",
    "end_of_movement_phase",
    "may_assault",
    "may_enter",
    "may_target_building",
    "occupants_hit_by_shot",
    "resolve_critical",
    "shoot_building",
    "start_of_shooting_phase",
    "start_of_turn",
]
