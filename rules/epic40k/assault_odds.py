"""The exact odds of an Epic 40,000 close assault on a building, before rolling (seed 001).

As :func:`rules.epic40k.assault.assault_building` rolls it: each side's D6 plus its bonuses
(a tie rolled again), the results row of the margin, one assault die per stand needing the
winner's or the loser's number, one damage per plain hit and D6 per war engine's close-combat
weapon that hits, and the one chance of critical damage (a 6, once for the assault; each war
engine that hits makes one critical without it).

A +1 against none wins 21 of the 31 untied rolls (a 6 against anything, ...; the 5 ties of
``a + 1 == b`` rolled again):

>>> odds = assault_odds(assaulters=2, engines=0, ours=1, theirs=0, damage_capacity=2)
>>> odds.assaulters_win
Fraction(21, 31)
>>> odds.ruins == odds.damage[2]  # both stands hit: 2 damage, the capacity
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.epic40k.shooting import CRITICAL_ON
from rules.epic40k.tables import results_row
from rules.odds import Distribution, binomial, success_chance

__all__ = ["AssaultOdds", "assault_odds", "roll_off"]


@dataclass(frozen=True)
class AssaultOdds:
    """The chance the assaulters win, the damage dealt, a critical, the building brought down.

    ``ruins``: the damage reaches the building's damage capacity (the catastrophic table is
    rolled); ``critical``: critical damage is rolled on a building still standing.
    """

    assaulters_win: Fraction
    damage: Distribution[int]
    critical: Fraction
    ruins: Fraction


def roll_off(ours: int, theirs: int) -> Distribution[int]:
    """The margin, the assaulters' score less the building's, a tie rolled again.

    >>> roll_off(0, 0)[5] == Fraction(1, 30)
    True
    """
    both = Distribution.die(6).then(
        lambda a: Distribution.die(6).map(lambda b: (a + ours) - (b + theirs)))
    untied = 1 - both[0]
    return Distribution({m: p / untied for m, p in both.items() if m != 0})


def assault_odds(assaulters: int, engines: int, ours: int, theirs: int,
                 damage_capacity: int) -> AssaultOdds:
    """The odds of ``assaulters`` stands with bonuses ``ours`` against the building's ``theirs``.

    ``engines`` of the stands are war engines with close-combat weapons (D6 damage a hit).
    """
    margin = roll_off(ours, theirs)
    plain = assaulters - engines

    def after(m: int) -> Distribution[tuple[int, tuple[bool, int]]]:
        row = results_row(abs(m))
        chance = success_chance(row.winner_hits_on if m > 0 else row.loser_hits_on)
        d6 = Distribution.die(6)

        def engine_damage(hits: int) -> Distribution[int]:
            total = Distribution.certain(0)
            for _ in range(hits):
                total = total.add(d6)
            return total

        return binomial(plain, chance).then(lambda p: binomial(engines, chance).then(
            lambda e: engine_damage(e).map(lambda extra: (p + extra, (p + e > 0, e)))))

    outcome = margin.then(after)
    damage = outcome.map(lambda o: o[0])
    # A critical is rolled only on a building still standing after the damage.
    standing = outcome.map(lambda o: (o[0] < damage_capacity, o[1][0], o[1][1]))
    critical = standing.probability(lambda o: o[0] and o[2] > 0) + success_chance(
        CRITICAL_ON) * standing.probability(lambda o: o[0] and o[1] and o[2] == 0)
    return AssaultOdds(margin.probability(lambda m: m > 0), damage, critical,
                       damage.probability(lambda d: d >= damage_capacity))
