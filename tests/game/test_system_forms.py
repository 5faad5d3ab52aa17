"""What the Shoot and Storm forms and the Building dock ask each system's game (issue 28).

The dialogs name no system: the ticks of the PROFILE box, the grenades of the close-combat
form, an emplaced weapon's order, the move between the parts of a building and the assault
itself come from ``GameSystem``. A system without such a thing says so in words.
"""

from __future__ import annotations

import dataclasses

import pytest

from board.document.model import RuleSystem, TerrainPiece
from board.game.core.assault import (
    AssaultError,
    CloseCombatAttack,
    CloseCombatOrder,
    StandsOrder,
)
from board.game.core.shots import ShootingError
from board.game.core.world import WorldCache
from board.game.occupancy.embarking import try_move_between_parts
from board.game.systems.registry import system_for
from rules.dice import FixedDice
from tests.game import samples
from tests.game.test_embarking import fortress

MELTA = CloseCombatAttack("Melta bombs", 8, 1, 1, armourbane=True)


def _world(scenario):
    return WorldCache(samples.library()).world_for(scenario)


@pytest.mark.parametrize("system", [RuleSystem.WH40K, RuleSystem.HORUS_HERESY])
def test_40k_offers_its_special_rules_and_grenades(system):
    game = system_for(system)
    assert game.weapon_special_rules == ("Twin-linked", "Armourbane", "Haywire", "Fuel Siphon")
    assert [(g.name, g.strength, g.ap, g.armourbane, g.haywire) for g in game.grenades] == [
        ("Melta bombs", 8, 1, True, False), ("Haywire grenades", 2, None, False, True)]


@pytest.mark.parametrize("system", [RuleSystem.EPIC40K, RuleSystem.WARHAMMER_FANTASY])
def test_the_other_systems_offer_no_ticks_no_grenades_and_no_emplaced_weapons(system):
    game = system_for(system)
    assert game.weapon_special_rules == () and game.grenades == ()
    scenario = samples.scenario(system)
    with pytest.raises(ShootingError, match="buildings have no emplaced weapons: w1 cannot"):
        game.emplaced_order(scenario, samples.library(), _world(scenario), "b", "w1", 4)


def test_the_close_combat_form_plays_through_the_game():
    scenario = samples.scenario(RuleSystem.WH40K,
                                [TerrainPiece("bastion", "imperial_bastion", 30, 20)])
    game, library, world = system_for(scenario.rule_system), samples.library(), _world(scenario)
    odds = game.assault_preview(scenario, library, world, "bastion", CloseCombatOrder(MELTA))
    assert odds[0] == "hull points left: 4: 27.8%, 3: 72.2%"
    with pytest.raises(AssaultError, match="choose the unit in base contact"):
        game.storm(scenario, library, world, "bastion", CloseCombatOrder(MELTA), FixedDice([]))
    result = game.storm(scenario, library, world, "bastion",
                        CloseCombatOrder(MELTA, "Tactical Squad"), FixedDice([3, 4, 2, 1]))
    assert "penetrating hit; hull points 4 → 3" in result.text
    assert game.assault_stands(scenario, world, "bastion") == []


@pytest.mark.parametrize(("system", "order", "words"), [
    (RuleSystem.WH40K, StandsOrder(("m1",)),
     "Warhammer 40,000 storms a building in close combat, not with StandsOrder"),
    (RuleSystem.EPIC40K, CloseCombatOrder(MELTA),
     "Epic 40,000 assaults a building with stands in contact, not with CloseCombatOrder"),
    (RuleSystem.WARHAMMER_FANTASY, CloseCombatOrder(MELTA),
     "a Warhammer Fantasy building assault is played step by step"),
])
def test_an_order_of_another_form_is_refused_in_words(system, order, words):
    scenario = samples.scenario(system)
    game = system_for(system)
    with pytest.raises(AssaultError, match=words):
        game.assault_preview(scenario, samples.library(), _world(scenario), "b", order)
    with pytest.raises(AssaultError, match=words):
        game.storm(scenario, samples.library(), _world(scenario), "b", order, FixedDice([]))


@pytest.mark.parametrize("system", [RuleSystem.EPIC40K, RuleSystem.WARHAMMER_FANTASY])
def test_only_40k_moves_between_the_parts_of_a_building(system):
    scenario = dataclasses.replace(fortress(), rule_system=system)
    attempt = try_move_between_parts(scenario, samples.library(), _world(scenario), "sq",
                                     "fortress.tower")
    assert not attempt.allowed and attempt.change is None
    assert attempt.decision.reason == ("cannot move: moving between the parts of a building "
                                       "is a Warhammer 40,000 and Horus Heresy rule")


def test_a_unit_outside_has_no_part_to_move_from():
    scenario = fortress()
    scenario.unit("sq").embarked_in = None
    attempt = try_move_between_parts(scenario, samples.library(), _world(scenario), "sq",
                                     "fortress.tower")
    assert attempt.decision.reason.startswith("cannot move: ") and \
        attempt.decision.reason.endswith(" is not inside a building")
