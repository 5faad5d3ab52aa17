"""The 40K and Fantasy rules name things by what the players call them, never by ids.

The board gives the names (``Building.names``, ``GarrisonState.name``); without them the rules
show the ids, so each test checks the named text and that no id is left in it.
"""

from __future__ import annotations

from rules.dice import FixedDice
from rules.warhammer_fantasy import GarrisonState, may_join, may_leave
from rules.warhammer_fantasy.garrison import ExitPlacement
from rules.wh40k import (
    Attack,
    DamageResult,
    ManualFire,
    Surroundings,
    can_fire,
    check_manual_fire,
    claim_on_battlements,
    claim_on_entering,
    disembark,
    resolve_hit,
)
from tests.rules.wh40k_samples import BLUE, NAMES, RED, bastion, clock, occupy, squad


def test_a_disembarkation_names_the_unit():
    building = bastion(NAMES)
    occupy(building, squad())
    out = disembark(building, ["tactical"])
    assert out.decision.reason == (
        'Tactical Squad Cato disembark up to 6", by an access point: may still charge '
        "(Repel the Enemy)")


def test_a_claim_names_the_side_and_the_building():
    building = bastion(NAMES)
    claim = claim_on_entering(building, RED)
    assert claim.reason == "Ultramarines entered: claims Imperial Bastion"
    assert claim_on_battlements(building, BLUE).reason == (
        "Ork Waaagh on the battlements cannot claim it: already claimed by Ultramarines; only "
        "entering re-claims")


def test_emplaced_weapons_and_models_are_named_in_refusals():
    building = bastion(NAMES)
    building.state.destroyed_weapons.append("hb-front")
    assert can_fire(building, "hb-front").reason == (
        "heavy bolter (front) cannot fire: it has been destroyed")
    occupy(building, squad())
    order = ManualFire("hb-right", "tactical-3", "orks")
    refusal = check_manual_fire(building, [order], embarked_models=(), fire_point_firers=())
    assert refusal.reason == "Tactical Squad Cato, model 3 is not embarked in Imperial Bastion"


def test_a_damage_result_names_the_units_its_effects_and_rolls():
    building = bastion(NAMES, claimed_by=RED)
    inside = squad(models=3)
    occupy(building, inside)
    # penetration 6 + S10 against 14; damage 3 + 1 (AP2) = 4: Structural Collapse; 2D6 hits
    # (4, 2) on the occupants; the weapon lost: 3 of 5 (the rear heavy bolter).
    out = resolve_hit(building, Attack(10, 2), "front", FixedDice([6, 3, 4, 2, 3, 1]), clock(),
                      surroundings=Surroundings(units={"tactical": inside}))
    text = out.describe()
    assert out.results == [DamageResult.STRUCTURAL_COLLAPSE]
    assert "Tactical Squad Cato (inside): 6 hits at S6" in text
    assert "heavy bolter (rear) destroyed (random)" in text
    assert "until the end of Ultramarines' turn 3" in text
    assert "tactical" not in text and "hb-" not in text and "red's" not in text
    purposes = [r.purpose for r in out.rolls]
    assert "Structural Collapse: hits on Tactical Squad Cato" in purposes


def test_a_garrison_is_named_when_joined_or_leaving():
    garrison = GarrisonState("spears", RED, 2, name="Spearmen of Averland")
    assert may_join(RED, garrison, True).reason == (
        "the character joins Spearmen of Averland in the building")
    refusal = may_leave(garrison, 2, True, ExitPlacement(1.0, 2.0), 4.0)
    assert refusal.reason == "Spearmen of Averland went in this turn (turn 2) and cannot leave yet"
    assert garrison.to_dict() == {"unit": "spears", "side": RED, "entered_turn": 2,
                                  "characters": []}  # the name is not saved
    assert may_join(RED, GarrisonState("spears", RED, 2), True).reason == (
        "the character joins spears in the building")
