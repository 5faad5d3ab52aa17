"""Epic 40,000 building tables as data, each next to its source.

Seed 001 (``seeds/001_e4f5280edea7e974.txt``) gives the sizes, the critical damage table and the
catastrophic damage table; RULES.md section 2 (from Epic Remastered's close-combat pages, which
match the seed's two worked examples) gives the close-combat bonuses and the results table.
The effect texts are our own short descriptions.

>>> SIZES[SizeClass.MEDIUM].damage_capacity, SIZES[SizeClass.MEDIUM].assault_factor
(20, 30)
>>> results_row(2)
ResultsRow(difference=2, winner_hits_on=3, loser_hits_on=4)
>>> results_row(9).difference  # RULES.md §4 seed 001 decision 8: over 5 uses row 5
5
>>> critical_row(7).effect is CriticalEffect.HOLDS_STEADY
True
>>> catastrophic_row(SizeClass.LARGE, 6).result is CatastrophicResult.CRUMBLING
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "SizeClass",
    "BuildingSize",
    "SIZES",
    "BUILDING_ARMOUR",
    "ResultsRow",
    "RESULTS_TABLE",
    "results_row",
    "assault_factor_ratio_bonus",
    "CriticalEffect",
    "CriticalRow",
    "CRITICAL_DAMAGE_TABLE",
    "critical_row",
    "CatastrophicResult",
    "CatastrophicRow",
    "CATASTROPHIC_TABLE",
    "catastrophic_row",
    "COLLAPSE_RADIUS_DICE",
    "COLLAPSE_ZONE_CM",
]


class SizeClass(StrEnum):
    """Building size (seed 001); the same strings as the datasheet's ``SizeClass``."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


@dataclass(frozen=True)
class BuildingSize:
    """One row of seed 001's size table."""

    size: SizeClass
    armour: int
    damage_capacity: int
    assault_factor: int


#: The kill roll a hit on a building needs (seed 001: "6+" for every size).
BUILDING_ARMOUR = 6

#: Seed 001, *SIZES* / *BUILDINGS IN COMBAT*: Size, Armor, Damage Capacity, Assault.
SIZES: dict[SizeClass, BuildingSize] = {
    SizeClass.SMALL: BuildingSize(SizeClass.SMALL, 6, 10, 15),
    SizeClass.MEDIUM: BuildingSize(SizeClass.MEDIUM, 6, 20, 30),
    SizeClass.LARGE: BuildingSize(SizeClass.LARGE, 6, 30, 45),
}


@dataclass(frozen=True)
class ResultsRow:
    """Close Combat Results: by how much the winner won, and the rolls each side needs."""

    difference: int
    winner_hits_on: int
    loser_hits_on: int


#: RULES.md section 2 "Results" (Epic Remastered CC4; seed 001's examples use rows 2 and 3).
RESULTS_TABLE: tuple[ResultsRow, ...] = (
    ResultsRow(1, 4, 4),
    ResultsRow(2, 3, 4),
    ResultsRow(3, 3, 5),
    ResultsRow(4, 2, 5),
    ResultsRow(5, 2, 6),
)


def results_row(difference: int) -> ResultsRow:
    """Return the results row for a winning margin of ``difference`` (1 or more).

    RULES.md §4 seed 001 decision 8: a difference over 5 uses row 5.
    """
    if difference < 1:
        raise ValueError(f"a close assault is won by 1 or more, not {difference}")
    return RESULTS_TABLE[min(difference, 5) - 1]


def assault_factor_ratio_bonus(higher: int, lower: int) -> int:
    """Return the close-combat bonus for the higher assault total (best one only).

    RULES.md section 2: higher +1, at least twice +2, three times +3, four times +4.

    >>> assault_factor_ratio_bonus(30, 18), assault_factor_ratio_bonus(60, 45)
    (1, 1)
    >>> assault_factor_ratio_bonus(36, 18), assault_factor_ratio_bonus(90, 15)
    (2, 4)
    >>> assault_factor_ratio_bonus(30, 30)
    0
    """
    if higher <= lower:
        return 0
    for times in (4, 3, 2):
        if higher >= times * lower:
            return times
    return 1


class CriticalEffect(StrEnum):
    """What a row of the critical damage table does to the units inside (seed 001)."""

    SHAKES_VIOLENTLY = "shakes_violently"  # 2: barrage on every unit inside, +2 armour
    FLYING_DEBRIS = "flying_debris"  # 3-5: each detachment inside disrupted (BM on 4+)
    HOLDS_STEADY = "holds_steady"  # 6-8: nothing more
    SHIFTS_FOUNDATION = "shifts_foundation"  # 9: each detachment inside gains a BM
    DEBRIS_FALLS = "debris_falls"  # 10: one unit inside (owner's choice) takes a hit
    SEVERELY_DAMAGED = "severely_damaged"  # 11: as 2
    BURSTS_INTO_FLAMES = "bursts_into_flames"  # 12: fire, each turn


@dataclass(frozen=True)
class CriticalRow:
    """One row of the critical damage table: 2D6 range, extra damage, effect, our words."""

    low: int
    high: int
    extra_damage: int
    effect: CriticalEffect
    description: str


#: Seed 001, *DAMAGE TO A BUILDING*: Roll, Extra Dmg, Result.
CRITICAL_DAMAGE_TABLE: tuple[CriticalRow, ...] = (
    CriticalRow(2, 2, 3, CriticalEffect.SHAKES_VIOLENTLY,
                "the building shakes: every unit inside is attacked as by a barrage, with the "
                "+2 armour of the building but not its firepower reduction"),
    CriticalRow(3, 5, 1, CriticalEffect.FLYING_DEBRIS,
                "debris flies: each detachment inside is disrupted (a blast marker on 4+)"),
    CriticalRow(6, 8, 0, CriticalEffect.HOLDS_STEADY, "the building holds steady"),
    CriticalRow(9, 9, 1, CriticalEffect.SHIFTS_FOUNDATION,
                "the foundations shift: each detachment inside gains a blast marker"),
    CriticalRow(10, 10, 2, CriticalEffect.DEBRIS_FALLS,
                "debris falls: one unit inside, the owner's choice, takes a hit"),
    CriticalRow(11, 11, 3, CriticalEffect.SEVERELY_DAMAGED,
                "the structure is badly damaged: every unit inside is attacked as by a barrage "
                "(as on a 2)"),
    CriticalRow(12, 12, 4, CriticalEffect.BURSTS_INTO_FLAMES,
                "the building catches fire: each detachment inside takes a D6-firepower attack "
                "now and at the start of every shooting phase, and the building loses 1 damage "
                "capacity each turn"),
)


def critical_row(total: int) -> CriticalRow:
    """Return the critical damage row for a 2D6 ``total`` (2 to 12)."""
    for row in CRITICAL_DAMAGE_TABLE:
        if row.low <= total <= row.high:
            return row
    raise ValueError(f"the critical damage table runs from 2 to 12, not {total}")


class CatastrophicResult(StrEnum):
    """The catastrophic damage results (seed 001, *DESTROYING BUILDINGS*)."""

    UNSTABLE = "unstable"
    CRUMBLING = "crumbling"
    DESTROYED = "destroyed"


@dataclass(frozen=True)
class CatastrophicRow:
    """One catastrophic result and the D6 range that gives it for each size."""

    result: CatastrophicResult
    ranges: dict[SizeClass, tuple[int, int] | None]


#: Seed 001: Sml / Med / Lge columns. The large column has no Destroyed row
#: (RULES.md §4 seed 001 decision 1: a large building is never destroyed outright).
CATASTROPHIC_TABLE: tuple[CatastrophicRow, ...] = (
    CatastrophicRow(CatastrophicResult.UNSTABLE,
                    {SizeClass.SMALL: (1, 2), SizeClass.MEDIUM: (1, 3), SizeClass.LARGE: (1, 4)}),
    CatastrophicRow(CatastrophicResult.CRUMBLING,
                    {SizeClass.SMALL: (3, 4), SizeClass.MEDIUM: (4, 5), SizeClass.LARGE: (5, 6)}),
    CatastrophicRow(CatastrophicResult.DESTROYED,
                    {SizeClass.SMALL: (5, 6), SizeClass.MEDIUM: (6, 6), SizeClass.LARGE: None}),
)


def catastrophic_row(size: SizeClass, roll: int) -> CatastrophicRow:
    """Return the catastrophic row a D6 ``roll`` gives for a building of ``size``."""
    for row in CATASTROPHIC_TABLE:
        span = row.ranges[size]
        if span is not None and span[0] <= roll <= span[1]:
            return row
    raise ValueError(f"the catastrophic table takes a D6 roll of 1 to 6, not {roll}")


#: Seed 001: a destroyed building hits units within 1D6 / 2D6 / 3D6 cm by size.
COLLAPSE_RADIUS_DICE: dict[SizeClass, int] = {
    SizeClass.SMALL: 1,
    SizeClass.MEDIUM: 2,
    SizeClass.LARGE: 3,
}

#: Seed 001: units inside and within 5 cm of a destroyed building die unless they roll 4+.
COLLAPSE_ZONE_CM = 5.0
