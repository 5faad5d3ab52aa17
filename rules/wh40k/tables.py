"""The building damage tables, as data a reader can hold against the seeds.

Each :class:`DamageRow` gives the roll range, the result's name, our short description of it and
the effect parameters the program applies. :data:`WH40K_DAMAGE_TABLE` is seed 000's table with
RULES.md §4 decisions 1 and 2 (any total of 1 or less is a Breach!, any total of 7 or more a
Detonation!). The Horus Heresy table is in :mod:`rules.wh40k.horus_heresy`.

>>> WH40K_DAMAGE_TABLE.row_for(-1).result is DamageResult.BREACH
True
>>> WH40K_DAMAGE_TABLE.row_for(8).result is DamageResult.DETONATION
True
>>> [m.value for m in WH40K_DAMAGE_TABLE.modifiers(ap=1, mighty_bulwark=True)]
[2, -1]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = [
    "DamageResult",
    "Affected",
    "WeaponLoss",
    "BuildingCondition",
    "RowEffect",
    "DamageRow",
    "Modifier",
    "DamageTable",
    "WH40K_DAMAGE_TABLE",
]


class DamageResult(StrEnum):
    """The names of the results on both building damage tables."""

    BREACH = "Breach!"
    TREMOR = "Tremor"
    PARTIAL_COLLAPSE = "Partial Collapse"
    STRUCTURAL_COLLAPSE = "Structural Collapse"
    CATASTROPHIC_BREACH = "Catastrophic Breach"
    TOTAL_COLLAPSE = "Total Collapse"
    DETONATION = "Detonation!"
    BUILDING_SHAKEN = "Building Shaken"
    STRUCTURAL_TREMOR = "Structural Tremor"
    WEAPON_DESTROYED = "Weapon Destroyed"


class Affected(StrEnum):
    """Who an effect restricts: the occupying unit, the emplaced weapons, the battlements."""

    OCCUPANTS = "occupants"
    EMPLACED_WEAPONS = "emplaced weapons"
    BATTLEMENTS = "units on the battlements"


class WeaponLoss(StrEnum):
    """How a destroyed emplaced weapon is picked."""

    NONE = "none"
    RANDOM = "random"
    CONTROLLER = "chosen by the controlling player"


class BuildingCondition(StrEnum):
    """What is left of a building."""

    STANDING = "standing"
    COLLAPSED = "collapsed: left on the table, can no longer be occupied"
    CRATER = "removed and replaced by a crater"
    RUINS_OR_CRATER = "removed and replaced by ruins or a crater"


@dataclass(frozen=True)
class RowEffect:
    """What a damage result does, as parameters.

    ``*_hit_dice`` count D6s of Strength 6 AP – Ignores Cover hits. Timed restrictions last
    until the end of the controlling player's next turn (RULES.md §4: 000 decision 5, 003
    decision 4). ``exit_limit`` is the disembark distance in the occupants' next turn.
    """

    armour_loss: int = 0
    armour_loss_d3: bool = False
    occupant_hit_dice: int = 0
    snap_shots: frozenset[Affected] = frozenset()
    no_shooting: frozenset[Affected] = frozenset()
    exit_limit: float | None = None
    embark_barred: bool = False
    weapon_loss: WeaponLoss = WeaponLoss.NONE
    no_weapon_fallback: DamageResult | None = None
    condition: BuildingCondition | None = None
    forced_disembark: bool = False
    battlement_hit_dice: int = 0
    battlements_move_off: float | None = None
    battlements_ruined: bool = False


@dataclass(frozen=True)
class DamageRow:
    """One row: totals ``low``..``high`` (``None``: open-ended) give ``result``."""

    low: int | None
    high: int | None
    result: DamageResult
    description: str
    effect: RowEffect = field(default_factory=RowEffect)

    def covers(self, total: int) -> bool:
        """Whether a total of ``total`` lands on this row."""
        above = self.low is None or total >= self.low
        below = self.high is None or total <= self.high
        return above and below

    @property
    def label(self) -> str:
        """The roll column as printed: ``0-1``, ``2``, ``7+``."""
        if self.high is None:
            return f"{self.low}+"
        if self.low is None or self.low != self.high:
            return f"{'≤' if self.low is None else str(self.low) + '-'}{self.high}"
        return str(self.low)


@dataclass(frozen=True)
class Modifier:
    """One modifier to the damage roll and why it applies."""

    reason: str
    value: int


@dataclass(frozen=True)
class DamageTable:
    """A building damage table with its modifiers.

    ``ap_modifiers`` maps a weapon's AP to what it adds; ``bulwark_modifier`` is added for
    Mighty Bulwark; ``collapse_result`` is the result a building suffers when its hull points
    or an armour facing reach 0.
    """

    name: str
    rows: tuple[DamageRow, ...]
    collapse_result: DamageResult
    ap_modifiers: Mapping[int, int] = field(default_factory=lambda: {2: 1, 1: 2})
    bulwark_modifier: int = -1

    def modifiers(self, ap: int | None, mighty_bulwark: bool) -> tuple[Modifier, ...]:
        """Return the modifiers for a weapon of AP ``ap`` against a building."""
        found: list[Modifier] = []
        if ap is not None and ap in self.ap_modifiers:
            found.append(Modifier(f"AP{ap} weapon", self.ap_modifiers[ap]))
        if mighty_bulwark:
            found.append(Modifier("Mighty Bulwark", self.bulwark_modifier))
        return tuple(found)

    def row_for(self, total: int) -> DamageRow:
        """Return the row a modified total lands on."""
        for row in self.rows:
            if row.covers(total):
                return row
        raise ValueError(f"{self.name}: no row for a total of {total}")

    def row_of(self, result: DamageResult) -> DamageRow:
        """Return the row that gives ``result``."""
        for row in self.rows:
            if row.result is result:
                return row
        raise KeyError(f"{self.name} has no {result.value} row")

    @property
    def top_result(self) -> DamageResult:
        """The result of the open-ended top row."""
        return self.rows[-1].result


_WEAPONS = frozenset({Affected.EMPLACED_WEAPONS})

#: Seed 000's Building Damage Table (RULES.md §4 seed 000 decisions 1, 2, 5).
WH40K_DAMAGE_TABLE = DamageTable(
    name="Building Damage Table (Warhammer 40,000)",
    collapse_result=DamageResult.TOTAL_COLLAPSE,
    rows=(
        DamageRow(
            None, 1, DamageResult.BREACH,
            "Cracks open in the walls: armour −1 on every facing for the rest of the battle.",
            RowEffect(armour_loss=1),
        ),
        DamageRow(
            2, 2, DamageResult.TREMOR,
            "The occupants are thrown about: Snap Shots only until the end of their next "
            "turn, and if they leave in that turn they may move only 3\" from the building.",
            RowEffect(snap_shots=frozenset({Affected.OCCUPANTS}), exit_limit=3.0),
        ),
        DamageRow(
            3, 3, DamageResult.PARTIAL_COLLAPSE,
            "Some roof falls in: the occupants take D6 hits (S6, AP –, Ignores Cover); the "
            "emplaced weapons fire Snap Shots only until the end of the controller's next turn.",
            RowEffect(occupant_hit_dice=1, snap_shots=_WEAPONS),
        ),
        DamageRow(
            4, 4, DamageResult.STRUCTURAL_COLLAPSE,
            "Floors give way: the occupants take 2D6 hits (S6, AP –, Ignores Cover); one "
            "emplaced weapon, picked at random, is destroyed and the rest fire Snap Shots only.",
            RowEffect(occupant_hit_dice=2, snap_shots=_WEAPONS, weapon_loss=WeaponLoss.RANDOM),
        ),
        DamageRow(
            5, 5, DamageResult.CATASTROPHIC_BREACH,
            "A wall section falls away: armour −D3 on every facing for the rest of the battle; "
            "one emplaced weapon, picked at random, is destroyed and the rest fire Snap Shots "
            "only.",
            RowEffect(armour_loss_d3=True, snap_shots=_WEAPONS, weapon_loss=WeaponLoss.RANDOM),
        ),
        DamageRow(
            6, 6, DamageResult.TOTAL_COLLAPSE,
            "The building is destroyed but stays on the table, never to be occupied again; its "
            "weapons and battlement upgrades are lost. Occupants take 2D6 hits, must get out "
            "(emergency disembarkation if needed, not onto the battlements; models that cannot "
            "be placed die) and survivors test for Pinning. Units on the battlements take D6 "
            "hits and test for Pinning; the battlements become ruins.",
            RowEffect(
                occupant_hit_dice=2, condition=BuildingCondition.COLLAPSED,
                forced_disembark=True, battlement_hit_dice=1, battlements_ruined=True,
            ),
        ),
        DamageRow(
            7, None, DamageResult.DETONATION,
            "The building blows up and is replaced by a crater; its weapons and battlement "
            "upgrades are lost. Occupants take 4D6 hits, must get out as for Total Collapse and "
            "test for Pinning. Units on the battlements take 2D6 hits, must move 6\" off them "
            "(models that cannot are removed) and test for Pinning.",
            RowEffect(
                occupant_hit_dice=4, condition=BuildingCondition.CRATER, forced_disembark=True,
                battlement_hit_dice=2, battlements_move_off=6.0,
            ),
        ),
    ),
)
