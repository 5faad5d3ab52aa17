"""What an Epic 40,000 building does by itself each turn (seed 001).

- Start of each turn: an unstable or crumbling building falls on a 5 or 6 (then as destroyed).
- End of each movement phase: a crumbling building hits every unit still inside.
- Start of each shooting phase: a burning building attacks each detachment inside and loses
  1 damage capacity (no critical damage from flames).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.epic40k.collapse import CollapseOutcome, collapse
from rules.epic40k.damage import DamageOutcome, FireAttack, apply_damage, fire_attack
from rules.epic40k.occupants import UnitHit, roll_kill
from rules.epic40k.state import BuildingState, Condition, Site
from rules.words import counted

__all__ = [
    "FALLS_ON",
    "TurnStartOutcome",
    "CrumblingOutcome",
    "FireOutcome",
    "start_of_turn",
    "end_of_movement_phase",
    "start_of_shooting_phase",
]

#: Seed 001: an unstable or crumbling building falls apart on a 5 or 6.
FALLS_ON = 5


@dataclass(frozen=True)
class TurnStartOutcome:
    """The start-of-turn roll of an unstable or crumbling building, and its fall if it fell."""

    roll: Roll | None
    collapse: CollapseOutcome | None

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        if self.roll is None:
            return "the building is steady: no roll"
        if self.collapse is None:
            return f"the damaged building rolls {self.roll.total} (falls on {FALLS_ON}+): it stands"
        return f"the damaged building rolls {self.roll.total}: {self.collapse.description}"


@atomic("state", "dice")
def start_of_turn(state: BuildingState, site: Site, dice: Dice) -> TurnStartOutcome:
    """Roll for an unstable or crumbling building: on 5 or 6 it is destroyed (seed 001)."""
    if state.condition not in (Condition.UNSTABLE, Condition.CRUMBLING):
        return TurnStartOutcome(None, None)
    roll = dice.roll(1, f"{state.condition.value} building falls? ({FALLS_ON}+)")
    if roll.total < FALLS_ON:
        return TurnStartOutcome(roll, None)
    return TurnStartOutcome(roll, collapse(state, site, dice))


@dataclass(frozen=True)
class CrumblingOutcome:
    """A crumbling building's hits on the units inside at the end of a movement phase."""

    hits: tuple[UnitHit, ...] = ()

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        dead = sum(h.killed for h in self.hits)
        return (f"the building crumbles: {counted(len(self.hits), 'unit')} inside hit, "
                f"{dead} destroyed")


@atomic("state", "dice")
def end_of_movement_phase(state: BuildingState, site: Site, dice: Dice) -> CrumblingOutcome:
    """Hit every unit still inside a crumbling building.

    RULES.md §4 seed 001 decision 3: each hit is a D6 against the unit's armour, without the
    building's +2.
    """
    if state.condition is not Condition.CRUMBLING:
        return CrumblingOutcome()
    return CrumblingOutcome(tuple(roll_kill(u, dice) for u in site.inside))


@dataclass(frozen=True)
class FireOutcome:
    """The fire's turn: the attacks on the detachments inside, blast markers, 1 damage."""

    attacks: tuple[FireAttack, ...] = ()
    blast_markers: dict[str, int] = field(default_factory=dict)
    damage: DamageOutcome | None = None

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        if self.damage is None:
            return "the building is not burning"
        dead = sum(h.killed for a in self.attacks for h in a.hits)
        return (
            f"the fire burns: {counted(len(self.attacks), 'detachment')} attacked, "
            f"{counted(dead, 'unit')} destroyed, "
            f"blast markers on {len(self.blast_markers)}; {self.damage.description}"
        )


@atomic("state", "dice")
def start_of_shooting_phase(state: BuildingState, site: Site, dice: Dice) -> FireOutcome:
    """Burn: attack each detachment inside, then take 1 damage capacity.

    RULES.md §4 seed 001 decision 11: a D6-firepower attack per detachment each shooting
    phase, the building loses 1 damage capacity a turn, and flames cause no critical damage.
    """
    if not (state.on_fire and state.standing):
        return FireOutcome()
    attacks, markers = fire_attack(site, dice)
    dead = {h.unit for a in attacks for h in a.hits if h.killed}
    damage = apply_damage(state, 1, site.without(dead), dice, "the fire")
    return FireOutcome(tuple(attacks), markers, damage)
