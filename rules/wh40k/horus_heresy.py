"""Horus Heresy (2022): the 40K building rules with seed 003's damage table instead.

RULES.md §4, seed 003 decisions: the modifiers are the 40K ones (AP2 +1, AP1 +2, Mighty
Bulwark −1; configurable through :func:`horus_heresy_table`); any total of 3 or less is Building
Shaken; there are no armour-loss results; a building at 0 hull points suffers the 7+ Total
Collapse; "next turn" is the end of the controlling player's next turn; the battlements clause
reads as 40K's Detonation! (2D6 hits, a 6" move off, then Pinning); a forced disembarkation
overrides Catastrophic Breach's exit ban; Weapon Destroyed is the controller's choice.

>>> HORUS_HERESY_DAMAGE_TABLE.row_for(2).result.value
'Building Shaken'
>>> HORUS_HERESY_DAMAGE_TABLE.row_for(9).result.value
'Total Collapse'
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.wh40k.tables import (
    Affected,
    BuildingCondition,
    DamageResult,
    DamageRow,
    DamageTable,
    RowEffect,
    WeaponLoss,
)

__all__ = ["HORUS_HERESY_DAMAGE_TABLE", "horus_heresy_table"]

_EVERYONE = frozenset(Affected)

_ROWS = (
    DamageRow(
        None, 3, DamageResult.BUILDING_SHAKEN,
        "The building, its occupants and the units on its battlements fire Snap Shots only "
        "until the end of the controller's next turn.",
        RowEffect(snap_shots=_EVERYONE),
    ),
    DamageRow(
        4, 4, DamageResult.STRUCTURAL_TREMOR,
        "As Building Shaken, and the occupants take D6 hits (S6, AP –, Ignores Cover).",
        RowEffect(snap_shots=_EVERYONE, occupant_hit_dice=1),
    ),
    DamageRow(
        5, 5, DamageResult.WEAPON_DESTROYED,
        "The controlling player picks one of the building's weapons (spent one-shot weapons "
        "do not count) and it is destroyed; with none left, this is a Catastrophic Breach.",
        RowEffect(
            weapon_loss=WeaponLoss.CONTROLLER,
            no_weapon_fallback=DamageResult.CATASTROPHIC_BREACH,
        ),
    ),
    DamageRow(
        6, 6, DamageResult.CATASTROPHIC_BREACH,
        "No shooting by the building, its occupants or the units on its battlements, and no "
        "embarking or disembarking, until the end of the controller's next turn; the occupants "
        "take 2D6 hits (S6, AP –, Ignores Cover).",
        RowEffect(no_shooting=_EVERYONE, embark_barred=True, occupant_hit_dice=2),
    ),
    DamageRow(
        7, None, DamageResult.TOTAL_COLLAPSE,
        "The building and all its weapons and upgrades are destroyed and it is replaced by "
        "ruins or a crater. Units on the battlements take 2D6 hits and must move 6\" off them "
        "(models that cannot are removed); occupants take 4D6 hits and must get out "
        "(emergency disembarkation if needed, not onto the battlements; models that cannot be "
        "placed die). All of them that survive test for Pinning.",
        RowEffect(
            occupant_hit_dice=4, condition=BuildingCondition.RUINS_OR_CRATER,
            forced_disembark=True, battlement_hit_dice=2, battlements_move_off=6.0,
        ),
    ),
)


def horus_heresy_table(
    ap_modifiers: Mapping[int, int] | None = None, bulwark_modifier: int = -1
) -> DamageTable:
    """Seed 003's table; the modifiers default to RULES.md's decision (the 40K ones)."""
    return DamageTable(
        name="Building Damage Table (Horus Heresy)",
        rows=_ROWS,
        collapse_result=DamageResult.TOTAL_COLLAPSE,
        ap_modifiers=dict(ap_modifiers) if ap_modifiers is not None else {2: 1, 1: 2},
        bulwark_modifier=bulwark_modifier,
    )


#: Seed 003's Building Damage Table with RULES.md's default modifiers.
HORUS_HERESY_DAMAGE_TABLE = horus_heresy_table()
