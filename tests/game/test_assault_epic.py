"""Epic 40,000 close assault from the board: seed 001's worked examples, refusals, effects."""

from __future__ import annotations

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.assault import AssaultError
from board.game.core.world import WorldCache
from board.game.systems.epic.assault import (
    CONTACT_CM,
    debris_choices,
    epic_assault,
    epic_preview,
    epic_stands,
)
from rules.dice import FixedDice
from tests.game import samples

HALF = 1.7605  # half the side of the Epic medium building, inches
STAND = Base.round_mm(20)
EDGE = 20.0 - HALF - STAND.length_in / 2  # centre of a stand touching the left wall


def marines(ids=("am1", "am2", "am3", "lib")) -> Unit:
    models = [Model(m, STAND, EDGE, 18.6 + 0.85 * k) for k, m in enumerate(ids)]
    return Unit("assault", "Assault Marines", samples.RED, TroopType.INFANTRY, models,
                stats={"assault_factor": 4, "assault_factors": {"lib": 6}, "psykers": ["lib"],
                       "armour": 4})


def epic_scenario(units=None, size="medium", piece_state=None):
    piece = TerrainPiece("block", f"epic40k_{size}_building", 20.0, 20.0,
                         state=piece_state or {})
    return samples.scenario(RuleSystem.EPIC40K, [piece], units or [marines()])


def world_of(scenario):
    return WorldCache(samples.library()).world_for(scenario)


def test_stands_in_contact_are_found_with_their_assault_factors():
    sc = epic_scenario()
    stands = epic_stands(sc, world_of(sc), "block")
    assert [s.model_id for s in stands] == ["am1", "am2", "am3", "lib"]
    assert all(s.distance_cm <= CONTACT_CM and s.decision for s in stands)
    assert [s.assaulter.effective_assault_factor for s in stands] == [4, 4, 4, 6]
    assert stands[-1].assaulter.psyker


def test_preview_before_rolling_matches_the_first_worked_example():
    sc = epic_scenario()
    text = epic_preview(sc, samples.library(), world_of(sc), "block", ["am1", "am2", "am3",
                                                                       "lib"])
    assert "assault factor 18 against the building's 30" in text
    assert "+1 more psykers (1 against 0)" in text
    assert "+1 higher assault factor (30 against 18)" in text


def test_seed_001_first_worked_example_takes_2_damage_and_logs_every_roll():
    sc = epic_scenario()
    doc = ScenarioDocument(sc)
    # roll-off 4 (Marines) and 6 (building); assault dice 2, 3, 5, 5; critical chance 3
    dice = FixedDice([4, 6, 2, 3, 5, 5, 3])
    result = epic_assault(sc, samples.library(), world_of(sc), "block",
                          ["am1", "am2", "am3", "lib"], dice)
    assert not dice.unused
    assert "scores 5 to 7, the building wins by 2" in result.text
    assert "hit on 4+, 2 of 4 dice hit for 2 damage" in result.text
    undo = apply_change(doc, result.change)
    assert sc.piece("block").state["damage_capacity"] == 18
    entry = sc.log[-1]
    assert [r["faces"] for r in entry.rolls] == [[4], [6], [2, 3, 5, 5], [3]]
    assert entry.seed == 0 and "Assault Marines" in entry.text
    apply_change(doc, undo)
    assert sc.piece("block").state == {} and sc.log == []


def test_war_engine_with_close_combat_weapon_deals_d6_and_an_automatic_critical():
    titan = Unit("phantom", "Phantom Titan", samples.RED, TroopType.WAR_ENGINE,
                 [Model("ph", Base.round_mm(60), 20.0 - HALF - 30 / 25.4, 20.0)],
                 stats={"assault_factor": 30, "close_combat_weapon": True, "armour": 6})
    sc = epic_scenario([titan], size="large")
    # seed 001 example 2: 5 (+1) against 3; hit die 5 (3+); D6 damage 4; critical 2D6 = 7
    dice = FixedDice([5, 3, 5, 4, 3, 4])
    result = epic_assault(sc, samples.library(), world_of(sc), "block", ["ph"], dice)
    assert "scores 6 to 3, the assaulters win by 3" in result.text
    assert "capacity 30 → 26" in result.text and "critical damage 7" in result.text
    apply_change(ScenarioDocument(sc), result.change)
    assert sc.piece("block").state["damage_capacity"] == 26


def test_critical_damage_kills_and_marks_the_units_inside():
    inside = Unit("guard", "Guard", samples.BLUE, TroopType.INFANTRY,
                  [Model("g1", STAND, 20, 20), Model("g2", STAND, 20, 20.5)],
                  embarked_in="block", stats={"armour": 4, "blast_markers": 1})
    sc = epic_scenario([marines(), inside])
    # roll-off 6/1: the Marines win by 4+ (2+); dice 6,6,6,6; critical 6 → 2D6 = 1+1 = 2:
    # shakes violently: each stand inside hit at 4+2 = 6+: g1 rolls 6 (dies), g2 rolls 2
    dice = FixedDice([6, 1, 6, 6, 6, 6, 6, 1, 1, 6, 2])
    result = epic_assault(sc, samples.library(), world_of(sc), "block",
                          ["am1", "am2", "am3", "lib"], dice)
    doc = ScenarioDocument(sc)
    undo = apply_change(doc, result.change)
    assert [m.id for m in sc.unit("guard").models] == ["g2"]
    assert sc.piece("block").state["damage_capacity"] == 20 - 4 - 3
    assert "destroyed: Guard, stand 1" in result.text
    apply_change(doc, undo)
    assert [m.id for m in sc.unit("guard").models] == ["g1", "g2"]


def test_refusals_name_the_unit_and_the_numbers():
    weak = marines()
    weak.stats["assault_factor"] = 1
    weak.stats["assault_factors"] = {}
    sc = epic_scenario([weak])
    with pytest.raises(AssaultError, match="assault factor 2 or more.*this unit has 1"):
        epic_assault(sc, samples.library(), world_of(sc), "block", ["am1"], FixedDice([]))
    tank = Unit("tank", "Leman Russ", samples.RED, TroopType.VEHICLE,
                [Model("t", STAND, EDGE, 20.0)], stats={"assault_factor": 4})
    sc = epic_scenario([tank])
    with pytest.raises(AssaultError, match="a vehicle cannot enter a building"):
        epic_assault(sc, samples.library(), world_of(sc), "block", ["t"], FixedDice([]))
    far = marines()
    far.models[0].x -= 2
    sc = epic_scenario([far])
    with pytest.raises(AssaultError,
                       match="not in contact with the building.*Assault Marines, stand 1"):
        epic_assault(sc, samples.library(), world_of(sc), "block", ["am1"], FixedDice([]))
    bare = marines()
    del bare.stats["assault_factor"]
    sc = epic_scenario([bare])
    stands = epic_stands(sc, world_of(sc), "block")
    assert ("Assault Marines have no Close assault factor in their stats"
            in stands[0].decision.reason)


def test_a_building_brought_down_kills_and_places_the_survivors_in_the_ruins():
    inside = Unit("guard", "Guard", samples.BLUE, TroopType.INFANTRY,
                  [Model("g1", STAND, 20, 19.5), Model("g2", STAND, 20, 20.5)],
                  embarked_in="block", stats={"armour": 4})
    worn = {"system": "epic40k", "size": "small", "damage_capacity": 1, "condition": "intact",
            "on_fire": False, "assault_factor": 15, "armour": 6}
    sc = epic_scenario([marines(), inside], piece_state=worn)
    # 18 vs 15: +1 and a psyker, +2; roll-off 3+2 against 1: win by 4, hit on 2+; dice 2,1,1,1
    # → 1 damage, capacity 0: catastrophic 6 (small: destroyed); collapse: g1 4 survives,
    # g2 1 dies, each Marine stand within 5 cm: 4, 4, 4, 1 (lib dies); radius 1D6 = 3 cm;
    # then the critical chance (rolled for the hit) 2
    dice = FixedDice([3, 1, 2, 1, 1, 1, 6, 4, 1, 4, 4, 4, 1, 3, 2])
    result = epic_assault(sc, samples.library(), world_of(sc), "block",
                          ["am1", "am2", "am3", "lib"], dice)
    assert not dice.unused
    apply_change(ScenarioDocument(sc), result.change)
    assert sc.piece("block").state["condition"] == "ruins"
    guard = sc.unit("guard")
    assert guard.embarked_in is None and [m.id for m in guard.models] == ["g1"]
    assert [m.id for m in sc.unit("assault").models] == ["am1", "am2", "am3"]
    assert "Guard survives in the ruins" in result.text


def guard_inside() -> Unit:
    return Unit("guard", "Guard", samples.BLUE, TroopType.INFANTRY,
                [Model(f"g{k}", STAND, 20, 19.5 + 0.5 * k) for k in (1, 2, 3)],
                embarked_in="block", stats={"armour": 4})


#: Roll-off 6 (+1 psyker) against 1 (+1 assault factor): won by 5, hits on 2+; dice 6, 6, 6, 6
#: (4 damage); critical chance 6; 2D6 = 5 + 5, row 10: the debris falls; its kill roll 4 (4+).
ROW_10 = [6, 1, 6, 6, 6, 6, 6, 5, 5, 4]
MARINES = ["am1", "am2", "am3", "lib"]


def test_the_debris_of_row_10_falls_on_the_stand_the_defender_chose():
    sc = epic_scenario([marines(), guard_inside()])
    dice = FixedDice(ROW_10)
    result = epic_assault(sc, samples.library(), world_of(sc), "block", MARINES, dice,
                          debris_target="g2")
    assert not dice.unused
    line = "debris falls on Guard, stand 2 (the defender's choice): needs 4+, rolled 4: destroyed"
    assert line in result.lines
    doc = ScenarioDocument(sc)
    undo = apply_change(doc, result.change)
    assert [m.id for m in sc.unit("guard").models] == ["g1", "g3"]
    assert line in sc.log[-1].text
    assert sc.piece("block").state["damage_capacity"] == 20 - 4 - 2
    apply_change(doc, undo)
    assert [m.id for m in sc.unit("guard").models] == ["g1", "g2", "g3"] and sc.log == []


def test_without_a_choice_the_debris_falls_on_the_first_stand_inside():
    sc = epic_scenario([marines(), guard_inside()])
    result = epic_assault(sc, samples.library(), world_of(sc), "block", MARINES,
                          FixedDice(ROW_10))
    assert ("debris falls on Guard, stand 1 (the first stand inside): needs 4+, rolled 4: "
            "destroyed") in result.lines
    apply_change(ScenarioDocument(sc), result.change)
    assert [m.id for m in sc.unit("guard").models] == ["g2", "g3"]


def test_debris_choices_list_the_stands_inside_by_name_first_the_default():
    sc = epic_scenario([marines(), guard_inside()])
    assert debris_choices(sc, "block") == [("g1", "Guard, stand 1"), ("g2", "Guard, stand 2"),
                                           ("g3", "Guard, stand 3")]
    assert debris_choices(epic_scenario(), "block") == []


def test_a_debris_target_not_inside_is_refused_by_name_before_any_die():
    sc = epic_scenario([marines(), guard_inside()])
    dice = FixedDice(ROW_10)
    with pytest.raises(AssaultError, match=r"cannot be chosen to fall on Assault Marines, stand "
                                           r"1: it is not inside Building, medium \(Epic "
                                           r"40,000\) \(inside: Guard, stand 1; Guard, stand 2; "
                                           r"Guard, stand 3\)"):
        epic_assault(sc, samples.library(), world_of(sc), "block", MARINES, dice,
                     debris_target="am1")
    assert dice.unused == ROW_10 and sc.log == []
    empty = epic_scenario()
    with pytest.raises(AssaultError, match=r"\(inside: no stand\)"):
        epic_assault(empty, samples.library(), world_of(empty), "block", MARINES,
                     FixedDice(ROW_10), debris_target="g1")
