"""Warhammer Fantasy garrison rules through the bridge (no Qt): their words, their numbers.

The same rules the window plays (``tests/board/test_fantasy_storm_rules_view.py``,
``test_garrison_missiles_view.py``, ``test_friend_panic_view.py``), called as the dialogs call
them; ``tests/game/test_player_words.py`` reads every text they say.
"""

from __future__ import annotations

import pytest

from board.document.model import Base, Model, TerrainPiece, TroopType, Unit
from board.game.core.assault import AssaultError
from board.game.core.shots import GarrisonShot, ShootingError
from board.game.core.world import WorldCache
from board.game.systems.fantasy.garrison_hits import garrison_shot_lines, shoot_garrison
from board.game.systems.registry import system_for
from rules import warhammer_fantasy as wf
from tests.game import samples
from tests.game.test_assault_fantasy import PROFILE, fantasy_scenario, storm


def _with_barn(leadership: int = 7):
    sc = fantasy_scenario()
    sc.terrain.append(TerrainPiece("barn", "whfb_building_1_floor", 36.5, 24.0))
    sc.units.append(Unit("archers", "Archers", samples.BLUE, TroopType.INFANTRY,
                         [Model(f"a{k}", Base.round_mm(20), 36.5, 24.0) for k in range(5)],
                         embarked_in="barn", stats={**PROFILE, "leadership": leadership}))
    return sc


def test_an_abandoned_assault_says_so_and_moves_the_assaulter_back():
    s = storm(fantasy_scenario(), [3, 2])
    s.react(wf.Reaction.HOLD)
    s.roll_charge()
    assert s.abandon() == ("Swordsmen are charged: the assault is abandoned, they move back 1\" "
                           "and fight the chargers outside")
    result = s.result()
    assert "Swordsmen move 3.00\" toward the building" in result.lines
    with pytest.raises(AssaultError, match="only an assault not yet fought can be abandoned"):
        s.abandon()


def test_a_garrison_in_another_building_never_charges_out():
    sc = fantasy_scenario()
    sc.terrain.append(TerrainPiece("barn", "whfb_building_1_floor", 36.5, 24.0))
    sc.units.append(Unit("halberds", "Halberdiers", samples.RED, TroopType.INFANTRY,
                         [Model("h0", Base.round_mm(20), 36.5, 24.0)], embarked_in="barn",
                         stats=dict(PROFILE)))
    world = WorldCache(samples.library()).world_for(sc)
    steps = system_for(sc.rule_system).assault_steps
    assert steps is not None
    assert steps.refusals(sc, world, "house") == [
        "Halberdiers: garrisons Building, 1 floor (cottage), and a garrison can never charge "
        "out of a building; it must leave first"]


def test_a_broken_garrison_panics_its_neighbour_and_it_flees():
    sc = _with_barn()
    s = storm(sc, [3, 2, *[6, 6] * 3, *[1] * 7, *[1] * 10, 6, 5, 4, 3, 6, 6, 3, 3])
    s.react(wf.Reaction.HOLD)
    s.roll_charge()
    s.choose_parties()
    s.fight()
    s.resolve()
    lines = s.result().lines
    assert ("Archers in Building, 1 floor (cottage): Spearmen break 2.50\" from the "
            "building's edge (within 6\"): Panic test 12 against Leadership 7: failed") in lines


def test_missiles_at_hard_cover_and_a_bolt_thrower_in_words():
    sc = fantasy_scenario()
    library = samples.library()
    volley = GarrisonShot("missiles", 3, shots=1, ballistic_skill=3)
    assert garrison_shot_lines(sc, library, "house", volley)[0] == (
        "1 shot at Spearmen in hard cover: BS3 needs 4+, -2 (the garrison is in hard cover): "
        "6+ (each shot hits 1/6)")
    with pytest.raises(ShootingError, match="cannot hit the garrison: BS1 needs 6+"):
        garrison_shot_lines(sc, library, "house",
                            GarrisonShot("missiles", 3, ballistic_skill=1, moved=True,
                                         long_range=True))
    world = WorldCache(library).world_for(sc)
    for seed in range(200):
        result = shoot_garrison(sc, library, world, "house",
                                GarrisonShot("bolt_thrower", 6, ballistic_skill=5),
                                "Bolt Thrower", (30.0, 40.0), seed)
        if "1 hit" in result.lines[1]:
            break
    assert result.lines[1] == ("1 shot needing 4+: 1 hit; the bolt strikes one model only "
                               "(a garrison has no ranks to pass through)")


def test_a_challenge_between_two_of_one_party_is_refused():
    sc = fantasy_scenario()
    s = storm(sc, [3, 2])
    s.react(wf.Reaction.HOLD)
    s.roll_charge()
    s.choose_parties()
    with pytest.raises(AssaultError, match="is neither a character nor a champion"):
        s.fight(challenge=("sw0", "sp0"))
