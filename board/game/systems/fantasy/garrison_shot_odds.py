"""The exact odds of a shot at a Warhammer Fantasy garrison, as the Shoot dialog shows them.

The same facts :func:`.garrison_hits.shoot_garrison` rolls with (the hits, the Strength, the
Multiple Wounds and which hits carry them, the garrison's profile), handed to
:func:`rules.warhammer_fantasy.garrison_odds.garrison_attack_odds`: the chance of each number
of models lost, of a Panic test, of the garrison fleeing and of it being wiped out, exactly as
the 40K shot shows its odds.
"""

from __future__ import annotations

from board.document.model import Unit
from board.game.core.assault import stat_int
from board.game.core.shots import GarrisonShot
from board.game.systems.fantasy.garrison_missiles import BOLT, modifiers
from rules import warhammer_fantasy as wf
from rules.odds import Distribution, binomial, percent
from rules.warhammer_fantasy.garrison_odds import GarrisonOdds, GarrisonTarget, garrison_attack_odds
from rules.warhammer_fantasy.shooting import TemplateWeapon, hit_chance

__all__ = ["shot_odds", "odds_lines"]


def _volley_hits(shot: GarrisonShot) -> Distribution[int]:
    needed = wf.to_hit_needed(shot.ballistic_skill, modifiers(shot))
    if shot.attack == BOLT:  # one bolt, one model at most
        return binomial(1, hit_chance(needed))
    return binomial(shot.shots, hit_chance(needed))


def shot_odds(shot: GarrisonShot, unit: Unit, models_inside: int, weapon: TemplateWeapon | None,
              options: wf.FantasyOptions) -> GarrisonOdds:
    """The odds of ``shot`` (``weapon``: its template, ``None`` for a volley) at ``unit``."""
    target = GarrisonTarget(stat_int(unit, "t"), None if unit.stats.get("save") is None
                            else stat_int(unit, "save"), stat_int(unit, "w", default=1),
                            len(unit.models), stat_int(unit, "leadership"),
                            stat_int(unit, "unit_strength", default=1))
    if weapon is None:
        return garrison_attack_odds(target, _volley_hits(shot), shot.strength, options=options)
    hits = Distribution.die(6).map(lambda d6: min(d6, models_inside) if options.wap else d6)
    low = weapon.low_strength is not None and not shot.centre_over
    strength = weapon.low_strength if low and weapon.low_strength else weapon.strength
    if weapon.multiple_wounds is None:
        carrying = 0
    elif weapon.low_strength is None:  # a cannonball: every hit
        carrying = -1
    else:  # a stone thrower: the model under the hole, in the building if the centre is
        carrying = 1 if shot.centre_over else 0
    return garrison_attack_odds(
        target, hits, strength, weapon.multiple_wounds,
        lambda count: count if carrying < 0 else min(carrying, count), options)


def odds_lines(odds: GarrisonOdds, unit: Unit) -> list[str]:
    """The odds in words: each number of models lost, the Panic test, the flight, the end."""
    lost = ", ".join(f"{n}: {percent(p)}" for n, p in sorted(odds.lost.items()))
    return [f"models of {unit.name} lost: {lost} (on average {float(odds.lost.mean()):.2f})",
            f"a Panic test: {percent(odds.panic)}; the garrison flees: {percent(odds.flees)}",
            f"wiped out: {percent(odds.destroyed)}"]
