"""Warhammer 40,000 (6th/7th-edition Stronghold Assault) and Horus Heresy building rules.

Facts in, decisions and outcomes out: the board builds a :class:`BuildingProfile` from a
terrain datasheet and keeps a :class:`BuildingState` in the terrain piece; every function here
takes those plain values (and geometry answers as arguments or callbacks) and returns a
:class:`rules.decision.Decision` or an outcome carrying every :class:`rules.dice.Roll`.
"""

from rules.turns import PlayerTurn, TurnClock
from rules.wh40k.attack import (
    CLOSE_COMBAT_FACING,
    DamageRoll,
    HitOutcome,
    ShootingOutcome,
    resolve_close_combat,
    resolve_hit,
    resolve_shooting,
    roll_damage,
)
from rules.wh40k.building import Building, BuildingState, Effect
from rules.wh40k.claiming import (
    ClaimChange,
    claim_on_battlements,
    claim_on_entering,
    initial_claim,
    release_destroyed,
)
from rules.wh40k.effects import (
    AppliedResult,
    PinningTest,
    Placement,
    Surroundings,
    UnitExit,
    UnitFacts,
    UnitHits,
    WeaponLost,
    apply_result,
)
from rules.wh40k.embark import (
    DisembarkOutcome,
    can_disembark,
    can_embark,
    can_move_between_parts,
    disembark,
    disembark_distance,
    embark,
    move_between_parts,
)
from rules.wh40k.emplaced import (
    AutomatedShot,
    ManualFire,
    automated_fire,
    can_fire,
    check_fire_points,
    check_manual_fire,
    record_fired,
    shooting_restriction,
    weapon_bs,
)
from rules.wh40k.horus_heresy import HORUS_HERESY_DAMAGE_TABLE, horus_heresy_table
from rules.wh40k.odds import (
    AttackOdds,
    attack_odds,
    damage_distribution,
    hit_chance,
    penetration_distribution,
)
from rules.wh40k.penetration import (
    DECISION_FUEL_SIPHON,
    FUEL_SIPHON,
    Attack,
    Penetration,
    roll_penetration,
    roll_to_hit,
    to_hit_target,
)
from rules.wh40k.phase_record import (
    check_fire_point_fire,
    check_hand_fire,
    clear_record,
    fired_by_hand,
    record_fire_point_fire,
    record_hand_fire,
)
from rules.wh40k.profile import (
    FACINGS,
    SIZE_DEFAULTS,
    BuildingProfile,
    BuildingSize,
    EmplacedWeaponSpec,
    FirePointSpec,
    WeaponProfile,
)
from rules.wh40k.tables import (
    WH40K_DAMAGE_TABLE,
    Affected,
    BuildingCondition,
    DamageResult,
    DamageRow,
    DamageTable,
    RowEffect,
)
from rules.wh40k.templates import NoEscapeHits, battlements_blast_hit, no_escape_hits
from rules.wh40k.void_shields import (
    hit_projected_shield,
    hit_shield,
    own_shield_intercepts,
    projected_shield_intercepts,
    restore_shields,
)
from rules.wh40k.wounds import (
    ModelProfile,
    WoundOutcome,
    best_save,
    resolve_wounds,
    to_wound_target,
)

__all__ = [
    "CLOSE_COMBAT_FACING",
    "DamageRoll",
    "HitOutcome",
    "ShootingOutcome",
    "resolve_close_combat",
    "resolve_hit",
    "resolve_shooting",
    "roll_damage",
    "ClaimChange",
    "claim_on_battlements",
    "claim_on_entering",
    "initial_claim",
    "release_destroyed",
    "AppliedResult",
    "PinningTest",
    "Placement",
    "Surroundings",
    "UnitExit",
    "UnitFacts",
    "UnitHits",
    "WeaponLost",
    "apply_result",
    "DisembarkOutcome",
    "can_disembark",
    "can_embark",
    "can_move_between_parts",
    "disembark",
    "disembark_distance",
    "embark",
    "move_between_parts",
    "AutomatedShot",
    "ManualFire",
    "automated_fire",
    "can_fire",
    "check_fire_points",
    "check_fire_point_fire",
    "check_hand_fire",
    "clear_record",
    "fired_by_hand",
    "record_fire_point_fire",
    "record_hand_fire",
    "check_manual_fire",
    "shooting_restriction",
    "weapon_bs",
    "AttackOdds",
    "attack_odds",
    "damage_distribution",
    "hit_chance",
    "penetration_distribution",
    "FACINGS",
    "SIZE_DEFAULTS",
    "BuildingProfile",
    "BuildingSize",
    "EmplacedWeaponSpec",
    "FirePointSpec",
    "WeaponProfile",
    "WH40K_DAMAGE_TABLE",
    "Affected",
    "BuildingCondition",
    "DamageResult",
    "DamageRow",
    "DamageTable",
    "RowEffect",
    "hit_projected_shield",
    "hit_shield",
    "own_shield_intercepts",
    "projected_shield_intercepts",
    "restore_shields",
    "Building",
    "BuildingState",
    "Effect",
    "HORUS_HERESY_DAMAGE_TABLE",
    "horus_heresy_table",
    "Attack",
    "Penetration",
    "roll_penetration",
    "FUEL_SIPHON",
    "DECISION_FUEL_SIPHON",
    "roll_to_hit",
    "to_hit_target",
    "PlayerTurn",
    "TurnClock",
    "NoEscapeHits",
    "battlements_blast_hit",
    "no_escape_hits",
    "record_fired",
    "ModelProfile",
    "WoundOutcome",
    "best_save",
    "resolve_wounds",
    "to_wound_target",
    "damage_table_for",
]


def damage_table_for(system: str) -> DamageTable:
    """Return the building damage table of a scenario's rule system (``wh40k``, ``horus_heresy``).

    >>> damage_table_for("horus_heresy").top_result.value
    'Total Collapse'
    """
    tables = {"wh40k": WH40K_DAMAGE_TABLE, "horus_heresy": HORUS_HERESY_DAMAGE_TABLE}
    if system not in tables:
        known = sorted(tables)
        raise ValueError(f"no 40K building damage table for rule system {system!r}; {known}")
    return tables[system]
