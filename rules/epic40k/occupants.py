"""Units inside an Epic 40,000 building and the hits the building hands them.

A hit is one die aimed at one unit; the unit dies if the kill roll meets its armour
(RULES.md section 2). Seed 001 insists that every hit from the critical table lands on a unit
inside, the owner choosing which, spilling over to another detachment's units if it must;
hits left over once every unit inside is dead are lost.

>>> kill_roll_needed(4, 2)
(6, None)
>>> kill_roll_needed(6, 2)  # RULES.md §4 seed 001 decision 4: beyond 6, a 6 then a follow-up
(6, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import Dice, Roll

__all__ = [
    "UnitInside",
    "UnitHit",
    "kill_roll_needed",
    "roll_kill",
    "allocate_and_roll",
    "detachments_of",
]


@dataclass(frozen=True)
class UnitInside:
    """A unit (stand) inside the building: its id, its detachment and its armour (kill roll)."""

    id: str
    detachment: str
    armour: int

    def __post_init__(self) -> None:
        if not 1 <= self.armour <= 6:
            raise ValueError(f"unit {self.id}: armour {self.armour} is not 1 to 6")


@dataclass(frozen=True)
class UnitHit:
    """One hit on one unit: the roll(s) made, the number needed, and whether it died."""

    unit: str
    detachment: str
    needed: int
    rolls: tuple[Roll, ...]
    killed: bool

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        faces = " then ".join(str(r.faces[0]) for r in self.rolls)
        verdict = "destroyed" if self.killed else "survives"
        return f"{self.unit} hit, needs {self.needed}+, rolled {faces}: {verdict}"


def kill_roll_needed(armour: int, bonus: int = 0) -> tuple[int, int | None]:
    """Return the D6 needed to kill a unit of ``armour`` with ``bonus`` added, and any follow-up.

    RULES.md §4 seed 001 decision 4: the building's "+2 armour" adds 2 to the roll needed;
    beyond 6 a 6 is needed and then a second die: 4+ for 7, 5+ for 8, 6+ for 9 (RULES.md
    section 2, "6, then 4+", carried on one step per point).
    """
    needed = armour + bonus
    if needed > 9:
        raise ValueError(f"a kill roll of {needed}+ cannot be made (armour {armour} + {bonus})")
    if needed <= 6:
        return max(needed, 1), None
    return 6, needed - 3


def roll_kill(unit: UnitInside, dice: Dice, bonus: int = 0) -> UnitHit:
    """Roll the kill roll for one hit on ``unit`` (with ``bonus`` added to its armour)."""
    first, follow = kill_roll_needed(unit.armour, bonus)
    needed = unit.armour + bonus
    rolls = [dice.roll(1, f"kill roll on {unit.id} ({needed}+)")]
    killed = rolls[0].total >= first
    if killed and follow is not None:
        rolls.append(dice.roll(1, f"kill roll on {unit.id}, follow-up {follow}+"))
        killed = rolls[1].total >= follow
    return UnitHit(unit.id, unit.detachment, needed, tuple(rolls), killed)


def allocate_and_roll(
    hits: int,
    units: Sequence[UnitInside],
    dice: Dice,
    bonus: int = 0,
    first: Sequence[UnitInside] = (),
) -> list[UnitHit]:
    """Deal ``hits`` hits to living units inside, one at a time, and roll each kill.

    The owner's choice is the order of ``first`` then ``units``: each hit goes to the next
    unit still alive in ``first``, going round again when all have had one; only when all of
    ``first`` are dead do hits spill over to the rest of ``units`` (seed 001: hits must land
    on units inside, even another detachment's). Hits left when every unit is dead are lost
    (seed 001, the fire row).
    """
    groups = [_unique(first), [u for u in _unique(units) if u not in first]]
    result: list[UnitHit] = []
    for group in groups:
        result += _round_robin(hits - len(result), group, dice, bonus)
    return result


def _round_robin(
    hits: int, units: list[UnitInside], dice: Dice, bonus: int
) -> list[UnitHit]:
    alive = list(units)
    result: list[UnitHit] = []
    turn = 0
    while len(result) < hits and alive:
        unit = alive[turn % len(alive)]
        hit = roll_kill(unit, dice, bonus)
        result.append(hit)
        if hit.killed:
            alive.remove(unit)
        else:
            turn += 1
    return result


def _unique(units: Sequence[UnitInside]) -> list[UnitInside]:
    seen: set[str] = set()
    order: list[UnitInside] = []
    for unit in units:
        if unit.id not in seen:
            seen.add(unit.id)
            order.append(unit)
    return order


def detachments_of(units: Sequence[UnitInside]) -> list[str]:
    """Return the detachments with units inside, in the order they first appear."""
    found: list[str] = []
    for unit in units:
        if unit.detachment not in found:
            found.append(unit.detachment)
    return found
