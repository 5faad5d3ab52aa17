"""Close combat against a 40K / Horus Heresy building: odds, automatic hits on the rear."""

from __future__ import annotations

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import RuleSystem, TerrainPiece
from board.game.core.assault import AssaultError
from board.game.core.world import WorldCache
from board.game.systems.wh40k.assault import (
    CloseCombatAttack,
    close_combat,
    close_combat_odds,
    odds_text,
)
from rules.dice import FixedDice
from tests.game import samples

MELTA = CloseCombatAttack("Melta bombs", 8, 1, 1, armourbane=True)


def bastion_scenario(system=RuleSystem.WH40K):
    return samples.scenario(system, [TerrainPiece("bastion", "imperial_bastion", 30, 20)])


def test_odds_before_rolling_add_up_and_use_the_rear_armour():
    sc = bastion_scenario()
    odds = close_combat_odds(sc, samples.library(), "bastion", MELTA)
    # 2D6 + 8 against AV 14: glance on 6 (5/36), penetrate on 7+ (21/36): a hull point 26/36
    assert odds.hull_points_left[3] == pytest.approx(26 / 36)
    assert sum(p for _, p in odds.hull_points_left.items()) == 1
    assert odds_text(odds)[0] == "hull points left: 4: 27.8%, 3: 72.2%"


def test_melta_bombs_penetrate_and_the_outcome_is_one_change_with_every_roll():
    sc = bastion_scenario()
    doc = ScenarioDocument(sc)
    world = WorldCache(samples.library()).world_for(sc)
    # penetration 3+4 = 7 + S8 = 15 > 14; damage roll 2 + 2 (AP1) = 4; the weapon lost: 1
    result = close_combat(sc, samples.library(), world, "bastion", MELTA, "Tactical Squad",
                          FixedDice([3, 4, 2, 1]))
    assert "rear armour 14, hits automatically" in result.text
    assert "penetrating hit; hull points 4 → 3" in result.text
    undo = apply_change(doc, result.change)
    assert sc.piece("bastion").state["hull_points_lost"] == 1
    assert [r["faces"] for r in sc.log[-1].rolls] == [[3, 4], [2], [1]]
    apply_change(doc, undo)
    assert sc.piece("bastion").state == {} and sc.log == []


def test_horus_heresy_uses_its_own_table_and_bad_values_are_refused():
    sc = bastion_scenario(RuleSystem.HORUS_HERESY)
    world = WorldCache(samples.library()).world_for(sc)
    krak = CloseCombatAttack("Krak grenades", 6, 4, 3)
    result = close_combat(sc, samples.library(), world, "bastion", krak, "Legionaries",
                          FixedDice([6, 6, 6]))
    assert result.text.count("12 against armour 14: no effect") == 3
    with pytest.raises(AssaultError, match="Strength runs from 1 to 10, not 11"):
        CloseCombatAttack("Fist", 11, 2, 1)
    with pytest.raises(AssaultError, match="at least 1 attack, not 0"):
        CloseCombatAttack("Fist", 8, 2, 0)
