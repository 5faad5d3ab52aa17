"""Warhammer Fantasy buildings (seeds 002 and 004; RULES.md sections 3 and 4).

Warhammer Armies Project 9th edition by default, 8th edition where the scenario option says
so: garrisoning, shooting from and at buildings, template weapons, assaulting a building step
by step, the fight of the assault parties and its result, and Panic.
"""

from rules.warhammer_fantasy.assault import (
    AssaultStep,
    AssaultStepError,
    BuildingAssault,
    may_declare_assault,
    settle_forced_assaults,
)
from rules.warhammer_fantasy.assault_steps import ChargeOutcome, Reaction, ResolutionOutcome
from rules.warhammer_fantasy.garrison import (
    ExitPlacement,
    GarrisonState,
    building_line_of_sight,
    forced_exit,
    may_charge_out,
    may_garrison,
    may_join,
    may_leave,
    may_leave_now,
    model_line_of_sight_bonus,
)
from rules.warhammer_fantasy.melee import Challenge, RoundOutcome, Strike, fight_round
from rules.warhammer_fantasy.options import Edition, FantasyOptions
from rules.warhammer_fantasy.panic import PanicCause, garrison_panic_test, panic_test_needed
from rules.warhammer_fantasy.party import AssaultParty, FantasyUnit, Fighter, choose_party
from rules.warhammer_fantasy.result import CombatResult, combat_result, garrison_break_test
from rules.warhammer_fantasy.shooting import (
    HARD_COVER,
    TemplateWeapon,
    ToHitNeeded,
    hit_chance,
    shooters_allowed,
    template_hits_on_garrison,
    to_hit_decision,
    to_hit_needed,
)

__all__ = [
    "AssaultParty",
    "AssaultStep",
    "AssaultStepError",
    "BuildingAssault",
    "Challenge",
    "ChargeOutcome",
    "CombatResult",
    "Edition",
    "ExitPlacement",
    "FantasyOptions",
    "FantasyUnit",
    "Fighter",
    "GarrisonState",
    "HARD_COVER",
    "PanicCause",
    "Reaction",
    "ResolutionOutcome",
    "RoundOutcome",
    "Strike",
    "TemplateWeapon",
    "ToHitNeeded",
    "building_line_of_sight",
    "choose_party",
    "combat_result",
    "fight_round",
    "forced_exit",
    "garrison_break_test",
    "garrison_panic_test",
    "hit_chance",
    "may_charge_out",
    "may_declare_assault",
    "may_garrison",
    "may_join",
    "may_leave",
    "may_leave_now",
    "model_line_of_sight_bonus",
    "panic_test_needed",
    "settle_forced_assaults",
    "shooters_allowed",
    "template_hits_on_garrison",
    "to_hit_decision",
    "to_hit_needed",
]
