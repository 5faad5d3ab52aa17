"""Which building damage table each system of this folder rolls on (seed 000; seed 003).

The folder names its own tables, in its description's order: Warhammer 40,000's, then the
Horus Heresy's. A copy of the folder under a new name (its description naming new systems)
rolls on the same tables, in the same order: nothing outside the folder picks a table by a
system's name.
"""

from __future__ import annotations

from board.document.model import RuleSystem
from board.game.systems.wh40k.description import DESCRIPTIONS
from rules import wh40k
from rules.wh40k.tables import DamageTable

__all__ = ["DAMAGE_TABLES", "damage_table"]

#: Each system of the folder and its building damage table.
DAMAGE_TABLES: dict[RuleSystem, DamageTable] = dict(zip(
    (d.system for d in DESCRIPTIONS),
    (wh40k.WH40K_DAMAGE_TABLE, wh40k.HORUS_HERESY_DAMAGE_TABLE), strict=True))


def damage_table(system: RuleSystem) -> DamageTable:
    """The building damage table ``system`` rolls on (one of this folder's systems)."""
    table = DAMAGE_TABLES.get(system)
    if table is None:
        known = ", ".join(d.label for d in DESCRIPTIONS)
        raise ValueError(f"{system.label} is not played by this folder ({known})")
    return table
