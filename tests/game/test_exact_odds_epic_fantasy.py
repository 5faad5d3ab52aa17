"""Issue 38, problem 6: the Epic assault and the Fantasy garrison shot show exact odds.

Each exact distribution is held against the real roller: the same assault or shot rolled with
seeds 0..N-1 (deterministic), every share within four standard errors of the exact chance.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from board.game.core.shots import GarrisonShot
from board.game.core.world import WorldCache
from board.game.systems.epic.assault import epic_assault, epic_preview
from board.game.systems.fantasy.garrison_hits import _weapon, garrison_shot_lines, shoot_garrison
from board.game.systems.fantasy.garrison_shot_odds import shot_odds
from rules import warhammer_fantasy as wf
from rules.dice import Dice
from rules.epic40k.assault_odds import assault_odds
from tests.game import samples
from tests.game.garrison_sample import garrison_scenario
from tests.game.test_assault_epic import epic_scenario, world_of

N = 2500


def close(counts: Counter, total: int, exact: dict, what: str) -> None:
    for outcome, chance in exact.items():
        p = float(chance)
        error = 4 * math.sqrt(max(p * (1 - p), 1e-4) / total)
        assert abs(counts[outcome] / total - p) <= error, (what, outcome, counts, p)


@pytest.mark.parametrize("shot, wounds, save", [
    (GarrisonShot("cannon", 10), 3, None),
    (GarrisonShot("stone_thrower", 8, 3, True), 3, 4),
    (GarrisonShot("missiles", 4, None, True, False, 12, 4, False, False), 1, 5),
])
def test_the_garrison_shot_odds_are_the_rollers(shot, wounds, save):
    library = samples.library()
    scenario = garrison_scenario()
    spears = scenario.unit("spears")
    spears.stats.update(w=wounds, **({"save": save} if save else {}))
    world = WorldCache(library).world_for(scenario)
    options = wf.FantasyOptions.from_dict(scenario.options)
    weapon = None if shot.attack == "missiles" else _weapon(shot, options)
    odds = shot_odds(shot, spears, 6, weapon, options)
    lost, fled = Counter(), 0
    for seed in range(N):
        result = shoot_garrison(scenario, library, world, "house", shot, "Cannon",
                                (30.0, 40.0), seed)
        after = result.change.units.get("spears", spears)
        lost[6 - (len(after.models) if after is not None else 0)] += 1
        fled += "flees" in "\n".join(result.lines)
    close(lost, N, dict(odds.lost.items()), shot.attack)
    close(Counter({True: fled}), N, {True: odds.flees}, shot.attack + " flees")
    lines = garrison_shot_lines(scenario, library, "house", shot)
    assert lines[-3].startswith("models of Spearmen lost: 0: ")
    assert lines[-2].startswith("a Panic test: ") and "the garrison flees: " in lines[-2]


def test_the_epic_assault_odds_are_the_rollers():
    scenario = epic_scenario()
    library, world = samples.library(), world_of(scenario)
    stands = ["am1", "am2", "am3", "lib"]
    odds = assault_odds(4, 0, 1, 1, 6)  # +1 psykers against +1 higher assault factor
    won, damage = 0, Counter()
    for seed in range(N):
        result = epic_assault(scenario, library, world, "block", stands, Dice(seed))
        won += "the assaulters win" in result.text
        found = next((line for line in result.lines if "damage; " in line), "")
        damage[int(found.split(" hit for ")[1].split(" damage")[0])] += 1
    close(Counter({True: won}), N, {True: odds.assaulters_win}, "win")
    close(damage, N, dict(odds.damage.items()), "damage")
    text = epic_preview(scenario, library, world, "block", stands)
    assert "the assaulters win the roll-off: 50.0%" in text  # +1 each: even
    assert "damage: 0: " in text and "brought down (damage capacity reached): " in text
    assert odds.assaulters_win == Fraction(1, 2)
