"""The exact odds of an attack on a garrison, before rolling (seed 002; no Qt, no board).

What a shot at a garrison does, as :func:`board.game.systems.fantasy.garrison_hits` rolls
it, computed exactly: the hits (a volley's to-hit rolls, or a template's D6 capped at the
models inside in WAP), each hit's to-wound roll against the garrison's Toughness, its armour
save, the Multiple Wounds of the hits that carry them (capped at a model's Wounds), the models
lost, and the Panic test a quarter lost brings, with its chance to fail and flee.

>>> odds = garrison_attack_odds(GarrisonTarget(toughness=3, save=None, wounds=1, models=6,
...     leadership=7), Distribution.die(6), strength=10)
>>> odds.lost[6] == Fraction(1, 6) * Fraction(5, 6) ** 6  # six hits, each wounds on 2+
True
>>> odds.panic == odds.lost.probability(lambda lost: 2 <= lost < 6)  # a quarter of six: 2
True
>>> odds.flees == odds.panic * panic_fails(7)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules.odds import Distribution, success_chance
from rules.warhammer_fantasy.melee import save_needed, wound_needed
from rules.warhammer_fantasy.options import FantasyOptions
from rules.warhammer_fantasy.panic import Losses, heavy_casualties

__all__ = ["GarrisonTarget", "GarrisonOdds", "garrison_attack_odds", "panic_fails"]


@dataclass(frozen=True)
class GarrisonTarget:
    """The garrison's profile the attack reads: Toughness, armour save, Wounds, Leadership."""

    toughness: int
    save: int | None
    wounds: int
    models: int
    leadership: int
    unit_strength: int = 1


@dataclass(frozen=True)
class GarrisonOdds:
    """The models lost (an exact distribution) and the chances of a Panic test and a flight."""

    lost: Distribution[int]
    panic: Fraction
    flees: Fraction
    destroyed: Fraction


def panic_fails(leadership: int) -> Fraction:
    """The chance a Panic test on 2D6 fails: above Leadership, a double 1 always passes.

    >>> panic_fails(7), panic_fails(2)
    (Fraction(5, 12), Fraction(35, 36))
    """
    fails = sum(1 for a in range(1, 7) for b in range(1, 7)
                if a + b > leadership and (a, b) != (1, 1))
    return Fraction(fails, 36)


def _hit_wounds(strength: int, target: GarrisonTarget, multiple: str | None,
                ) -> Distribution[int]:
    """The wounds one hit causes: 0 if it fails to wound or is saved, else 1 or its MW."""
    to_wound = wound_needed(strength, target.toughness)
    if to_wound is None:
        return Distribution.certain(0)
    save = save_needed(target.save, strength)
    through = success_chance(to_wound) * (1 - (success_chance(save) if save else 0))
    if multiple is None:
        each: Distribution[int] = Distribution.certain(1)
    else:
        die = Distribution.die(6)
        each = die.map(lambda f: min((f + 1) // 2 if multiple == "D3" else f, target.wounds))
    if through == 0:
        return Distribution.certain(0)
    return Distribution({False: 1 - through, True: through}).then(
        lambda unsaved: each if unsaved else Distribution.certain(0))


def garrison_attack_odds(target: GarrisonTarget, hits: Distribution[int], strength: int,
                         multiple: str | None = None,
                         carriers: Callable[[int], int] = lambda _: 0,
                         options: FantasyOptions | None = None) -> GarrisonOdds:
    """The exact odds of ``hits`` at ``strength`` on ``target``.

    ``carriers(h)``: how many of ``h`` hits carry ``multiple`` ("D3", "D6"); the rest cause
    one wound each.
    """
    options = options or FantasyOptions()
    plain, heavy = _hit_wounds(strength, target, None), _hit_wounds(strength, target, multiple)

    def wounds_of(count: int) -> Distribution[int]:
        total = Distribution.certain(0)
        carrying = carriers(count)
        for k in range(count):
            total = total.add(heavy if k < carrying else plain)
        return total

    lost = hits.then(wounds_of).map(lambda w: min(w // target.wounds, target.models))
    fail = panic_fails(target.leadership)
    us = target.unit_strength

    def panics(dead: int) -> bool:
        return 0 < dead < target.models and heavy_casualties(
            Losses(dead, target.models, dead * us, target.models * us), options)

    panic = lost.probability(panics)
    return GarrisonOdds(lost, panic, panic * fail,
                        lost.probability(lambda dead: dead >= target.models))
