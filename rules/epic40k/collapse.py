"""Catastrophic damage and collapse of an Epic 40,000 building (seed 001).

When damage capacity reaches 0 the building rolls a D6 on the catastrophic table for its size:
unstable, crumbling or destroyed. A destroyed building kills the units inside and within 5 cm
unless each rolls 4+, then hits units within 1D6 / 2D6 / 3D6 cm (small / medium / large),
and leaves ruins.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.epic40k.occupants import UnitHit, UnitInside, roll_kill
from rules.epic40k.state import BuildingState, Condition, Site, UnitNearby
from rules.epic40k.tables import (
    COLLAPSE_RADIUS_DICE,
    COLLAPSE_ZONE_CM,
    CatastrophicResult,
    catastrophic_row,
)
from rules.words import counted

__all__ = [
    "CollapseSave",
    "CollapseOutcome",
    "CatastrophicOutcome",
    "COLLAPSE_SAVE",
    "roll_catastrophic",
    "collapse",
]

#: Seed 001: units caught in the collapse survive on a 4+.
COLLAPSE_SAVE = 4


@dataclass(frozen=True)
class CollapseSave:
    """A unit inside or within 5 cm of the collapse and its 4+ roll to survive."""

    unit: str
    roll: Roll
    survived: bool


@dataclass(frozen=True)
class CollapseOutcome:
    """The building falls: survival rolls, the radius roll, the hits beyond, ruins left."""

    saves: tuple[CollapseSave, ...]
    radius_roll: Roll
    radius_cm: int
    hits: tuple[UnitHit, ...]

    @property
    def killed(self) -> set[str]:
        """Return the ids of every unit the collapse destroyed."""
        dead = {s.unit for s in self.saves if not s.survived}
        return dead | {h.unit for h in self.hits if h.killed}

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        lost = sum(not s.survived for s in self.saves)
        return (
            f"the building collapses into ruins: {lost} of {counted(len(self.saves), 'unit')} "
            f"inside or "
            f"within {COLLAPSE_ZONE_CM:g} cm destroyed (4+ to survive); debris reaches "
            f"{self.radius_cm} cm and hits {len(self.hits)} more units, "
            f"{sum(h.killed for h in self.hits)} destroyed"
        )


@dataclass(frozen=True)
class CatastrophicOutcome:
    """The catastrophic damage roll, its result and, if destroyed, the collapse."""

    roll: Roll
    result: CatastrophicResult
    collapse: CollapseOutcome | None

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        text = f"damage capacity gone: catastrophic roll {self.roll.total} → {self.result.value}"
        return text if self.collapse is None else f"{text}; {self.collapse.description}"


@atomic("state", "dice")
def roll_catastrophic(state: BuildingState, site: Site, dice: Dice) -> CatastrophicOutcome:
    """Roll on the catastrophic table for the building's size and apply it to ``state``.

    RULES.md §4 seed 001 decision 1: the large column has no Destroyed row, so a large building
    only falls later, from Unstable or Crumbling.
    """
    roll = dice.roll(1, f"catastrophic damage ({state.size.value} building)")
    result = catastrophic_row(state.size, roll.total).result
    state.condition = Condition.after(result)
    fall = collapse(state, site, dice) if result is CatastrophicResult.DESTROYED else None
    return CatastrophicOutcome(roll, result, fall)


@atomic("state", "dice")
def collapse(state: BuildingState, site: Site, dice: Dice) -> CollapseOutcome:
    """Bring the building down: survival rolls, then the debris hits; leaves ruins.

    RULES.md §4 seed 001 decision 2: units inside or within 5 cm die unless they roll 4+; then
    each unit within the rolled radius of the footprint takes a hit (D6 against its armour).
    :data:`~rules.epic40k.options.DECISION_COLLAPSE_ZONE_NOT_HIT_AGAIN`: a unit already rolled
    for in the 5 cm zone is not hit a second time, unless the scenario's
    ``collapse_zone_hit_again`` says the survivors within the radius are hit too.
    """
    caught: list[UnitInside | UnitNearby] = [*site.inside]
    caught += [u for u in site.nearby if u.distance_cm <= COLLAPSE_ZONE_CM]
    saves = tuple(_collapse_save(u.id, dice) for u in caught)
    count = COLLAPSE_RADIUS_DICE[state.size]
    radius_roll = dice.roll(count, f"collapse radius ({count}D6 cm)")
    nearest = 0.0 if site.options.collapse_zone_hit_again else COLLAPSE_ZONE_CM
    survivors = {s.unit for s in saves if s.survived}
    beyond = [u for u in site.nearby if nearest < u.distance_cm <= radius_roll.total
              and (u.distance_cm > COLLAPSE_ZONE_CM or u.id in survivors)]
    hits = tuple(roll_kill(UnitInside(u.id, u.detachment, u.armour), dice) for u in beyond)
    state.condition = Condition.RUINS
    state.on_fire = False
    return CollapseOutcome(saves, radius_roll, radius_roll.total, hits)


def _collapse_save(unit: str, dice: Dice) -> CollapseSave:
    roll = dice.roll(1, f"{unit} escapes the collapse ({COLLAPSE_SAVE}+)")
    return CollapseSave(unit, roll, roll.total >= COLLAPSE_SAVE)
