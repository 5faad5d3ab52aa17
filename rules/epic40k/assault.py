"""Close assault against an Epic 40,000 building (seed 001, *BUILDINGS IN CLOSE ASSAULT*).

The assaulting units' assault factors are added up (no supporting units) and set against the
building's; bonuses come from the close-combat table (RULES.md section 2); each side rolls a
D6 and adds its bonuses; the results table gives the assaulters' kill number; one die per
assaulting unit; if any die hit, one chance of critical damage. The assaulters take no
casualties and neither side gains blast markers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.atomic import atomic
from rules.decision import Decision
from rules.dice import Dice, Roll
from rules.epic40k.damage import (
    CriticalOutcome,
    DamageOutcome,
    apply_damage,
    check_debris_target,
    debris_target_still_inside,
    resolve_critical,
)
from rules.epic40k.shooting import CRITICAL_ON
from rules.epic40k.state import BuildingState, Site
from rules.epic40k.tables import ResultsRow, assault_factor_ratio_bonus, results_row
from rules.words import counted

__all__ = [
    "MIN_INFANTRY_ASSAULT_FACTOR",
    "Assaulter",
    "Bonus",
    "may_assault",
    "assault_total",
    "close_combat_bonuses",
    "AssaultOutcome",
    "assault_building",
]

#: Seed 001: infantry need an assault factor of 2 or more to assault a building.
MIN_INFANTRY_ASSAULT_FACTOR = 2


@dataclass(frozen=True)
class Assaulter:
    """One unit in the assault: troop type (``TroopType`` strings), assault factor, flags."""

    id: str
    troop_type: str
    assault_factor: int
    psyker: bool = False
    close_combat_weapon: bool = False  # a war engine's close-combat weapon
    #: What a player calls it ("Assault Marines, stand 2"); its id when not given.
    name: str = ""

    @property
    def label(self) -> str:
        """The name a player reads (the id when no name was given)."""
        return self.name or self.id

    @property
    def wields_close_combat_weapon(self) -> bool:
        """Whether it is a war engine armed with a close-combat weapon."""
        return self.troop_type == "war_engine" and self.close_combat_weapon

    @property
    def effective_assault_factor(self) -> int:
        """Return the assault factor it brings: doubled for a war engine's close-combat weapon."""
        return self.assault_factor * (2 if self.wields_close_combat_weapon else 1)


def may_assault(unit: Assaulter) -> Decision:
    """Whether ``unit`` may close assault a building.

    RULES.md §4 seed 001 decision 6: each assaulting infantry unit needs an assault factor of
    2 or more; it need not occupy the building. War engines may assault; vehicles and anything
    that may not enter a building may not.
    """
    if unit.troop_type == "war_engine":
        return Decision.yes(f"{unit.label}: war engines may assault a building")
    if unit.troop_type != "infantry":
        return Decision.no(
            f"{unit.label}: a {unit.troop_type.replace('_', ' ')} cannot enter a building, so "
            "cannot assault one"
        )
    if unit.assault_factor < MIN_INFANTRY_ASSAULT_FACTOR:
        return Decision.no(
            f"{unit.label}: infantry need assault factor {MIN_INFANTRY_ASSAULT_FACTOR} or more to "
            f"assault a building, this unit has {unit.assault_factor}"
        )
    return Decision.yes(f"{unit.label}: infantry with assault factor {unit.assault_factor}")


def assault_total(units: Sequence[Assaulter]) -> int:
    """Return the assaulters' total assault factor (no supporting units, seed 001 step 1)."""
    return sum(u.effective_assault_factor for u in units)


@dataclass(frozen=True)
class Bonus:
    """One close-combat bonus and why."""

    value: int
    reason: str


def close_combat_bonuses(
    units: Sequence[Assaulter], building_af: int, blast_markers: int = 0
) -> tuple[list[Bonus], list[Bonus]]:
    """Return the assaulters' bonuses and the building's (RULES.md section 2, seed 001 step 2).

    The building has no psykers and no blast markers, so it gains +1 when the assaulters have
    5 or more blast markers and +1 when they have any at all (more than its none).
    """
    total = assault_total(units)
    ours: list[Bonus] = []
    theirs: list[Bonus] = []
    psykers = sum(u.psyker for u in units)
    if psykers:
        ours.append(Bonus(1, f"more psykers ({psykers} against 0)"))
    if blast_markers >= 5:
        theirs.append(Bonus(1, f"the assaulters have {blast_markers} blast markers (5 or more)"))
    if blast_markers > 0:
        theirs.append(Bonus(1, f"the assaulters have more blast markers ({blast_markers} to 0)"))
    if total > building_af:
        ours.append(Bonus(assault_factor_ratio_bonus(total, building_af),
                          f"higher assault factor ({total} against {building_af})"))
    elif building_af > total:
        theirs.append(Bonus(assault_factor_ratio_bonus(building_af, total),
                            f"higher assault factor ({building_af} against {total})"))
    return ours, theirs


@dataclass(frozen=True)
class AssaultOutcome:
    """A close assault on a building: totals, bonuses, every roll, damage and criticals."""

    assault_factor: int
    building_assault_factor: int
    assaulter_bonuses: tuple[Bonus, ...]
    building_bonuses: tuple[Bonus, ...]
    roll_offs: tuple[Roll, ...]  # pairs: assaulter's D6, building's D6; ties re-rolled
    assaulter_score: int
    building_score: int
    row: ResultsRow
    kill_number: int
    hit_dice: Roll
    damage: tuple[DamageOutcome, ...]
    critical_chance: Roll | None
    criticals: tuple[CriticalOutcome, ...]

    @property
    def assaulters_won(self) -> bool:
        """Whether the assaulters had the higher score."""
        return self.assaulter_score > self.building_score

    @property
    def hits(self) -> int:
        """Return how many assault dice met the kill number."""
        return sum(f >= self.kill_number for f in self.hit_dice.faces)

    @property
    def damage_dealt(self) -> int:
        """Return the damage capacity the assault took off the building."""
        return sum(d.amount for d in self.damage)

    @property
    def description(self) -> str:
        """In words, with the numbers."""
        winner = "assaulters win" if self.assaulters_won else "building wins"
        return (
            f"assault factor {self.assault_factor} against {self.building_assault_factor}; "
            f"scores {self.assaulter_score} to {self.building_score}, the {winner} by "
            f"{self.row.difference}; the assaulters hit on {self.kill_number}+, "
            f"{self.hits} of {counted(len(self.hit_dice.faces), 'die')} hit for "
            f"{self.damage_dealt} "
            f"damage; {len(self.criticals)} critical; no casualties and no blast markers"
        )


@atomic("state", "dice")
def assault_building(
    state: BuildingState,
    units: Sequence[Assaulter],
    site: Site,
    dice: Dice,
    blast_markers: int = 0,
    debris_target: str | None = None,
) -> AssaultOutcome:
    """Resolve a close assault on a building (seed 001, steps 1 to 5); ``state`` is changed.

    ``blast_markers`` are the assaulting detachments' blast markers; ``site`` the units inside
    (for the effects of critical damage). ``debris_target`` is the defender's choice, made
    before rolling, of the unit inside that takes the hit if critical damage comes up row 10
    (``None``: the first unit inside); a unit not inside is refused before any die is rolled.
    """
    _check(state, units)
    check_debris_target(site, debris_target)
    building_af = state.assault_factor
    ours, theirs = close_combat_bonuses(units, building_af, blast_markers)
    rolls, mine, its = _roll_off(dice, sum(b.value for b in ours), sum(b.value for b in theirs))
    row = results_row(abs(mine - its))
    kill = row.winner_hits_on if mine > its else row.loser_hits_on
    hit_dice = dice.roll(len(units), f"assault dice, one per unit ({kill}+)")
    hitters = [u for u, f in zip(units, hit_dice.faces, strict=True) if f >= kill]
    damage, criticals, chance = _apply_hits(state, hitters, site, dice, debris_target)
    return AssaultOutcome(assault_total(units), building_af, tuple(ours), tuple(theirs),
                          rolls, mine, its, row, kill, hit_dice, damage, chance, criticals)


def _check(state: BuildingState, units: Sequence[Assaulter]) -> None:
    if not units:
        raise ValueError("an assault needs at least one assaulting unit")
    if not state.standing:
        raise ValueError("the building is already ruins and cannot be assaulted")
    refused = [d.reason for d in map(may_assault, units) if not d]
    if refused:
        raise ValueError("; ".join(refused))


def _roll_off(dice: Dice, ours: int, theirs: int) -> tuple[tuple[Roll, ...], int, int]:
    """Each side rolls a D6 and adds its bonuses (seed 001 step 3).

    RULES.md §4 seed 001 decision 7: a tie is rolled again, with no blast markers.
    """
    rolls: list[Roll] = []
    while True:
        mine = dice.roll(1, f"assaulters' close-combat roll (+{ours})")
        its = dice.roll(1, f"building's close-combat roll (+{theirs})")
        rolls += [mine, its]
        if mine.total + ours != its.total + theirs:
            return tuple(rolls), mine.total + ours, its.total + theirs


def _apply_hits(
    state: BuildingState, hitters: Sequence[Assaulter], site: Site, dice: Dice,
    debris_target: str | None = None,
) -> tuple[tuple[DamageOutcome, ...], tuple[CriticalOutcome, ...], Roll | None]:
    """Apply the hits: 1 damage each; a war engine's close-combat weapon D6 and a critical.

    RULES.md §4 seed 001 decisions 5 and 9: one chance of critical damage for the whole assault
    if any die hit; a war engine with a close-combat weapon that hits deals D6 damage and one
    automatic 2D6 critical instead of needing the 6. Row 10 falls on ``debris_target`` while
    it is still inside.
    """
    engines = [u for u in hitters if u.wields_close_combat_weapon]
    plain = len(hitters) - len(engines)
    damage: list[DamageOutcome] = []
    if plain:
        damage.append(apply_damage(state, plain, site, dice, "assault hits"))
    for engine in engines:
        amount = dice.roll(1, f"{engine.label}: close-combat weapon damage (D6)").total
        damage.append(apply_damage(state, amount, site, dice,
                                   f"{engine.label} close-combat weapon"))
    criticals: list[CriticalOutcome] = []
    chance = None
    automatic = len(engines)
    if hitters and not engines:
        chance = dice.roll(1, f"critical damage chance, one for the assault ({CRITICAL_ON})")
        automatic = 1 if chance.total >= CRITICAL_ON else 0
    for _ in range(automatic):
        if state.standing:
            target = debris_target_still_inside(site, debris_target)
            criticals.append(resolve_critical(state, site, dice, target))
            site = site.without(criticals[-1].killed)
    return tuple(damage), tuple(criticals), chance
