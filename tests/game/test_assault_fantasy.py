"""Warhammer Fantasy building assault from the board: broken garrison, held assault, refusals."""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.assault import AssaultError
from board.game.core.world import WorldCache
from board.game.systems.fantasy.assault import FantasyStorm
from rules import warhammer_fantasy as wf
from rules.dice import FixedDice
from tests.game import samples

BASE = Base.round_mm(20)
R = BASE.length_in / 2
FRONT = 25.5  # the 1-floor building at (30, 24) spans y 22.5 to 25.5, x 28 to 32
PROFILE = {"ws": 3, "s": 3, "t": 3, "i": 3, "a": 1, "leadership": 7, "movement": 4}


def swordsmen(gap: float = 4.0) -> Unit:
    y0 = FRONT + gap + R
    models = [Model(f"sw{k}", BASE, 28.4 + 0.8 * (k % 5), y0 + 0.8 * (k // 5)) for k in range(10)]
    return Unit("swords", "Swordsmen", samples.RED, TroopType.INFANTRY, models,
                stats={**PROFILE, "ws": 4, "i": 4, "save": 5, "musician": "sw1"})


def spearmen() -> Unit:
    models = [Model(f"sp{k}", BASE, 28.4 + 0.8 * (k % 5), 23.2 + 0.8 * (k // 5))
              for k in range(15)]
    return Unit("spears", "Spearmen", samples.BLUE, TroopType.INFANTRY, models,
                embarked_in="house", stats=dict(PROFILE))


def fantasy_scenario(attacker=None):
    house = TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0)
    return samples.scenario(RuleSystem.WARHAMMER_FANTASY, [house],
                            [attacker or swordsmen(), spearmen()])


def storm(sc, faces):
    world = WorldCache(samples.library()).world_for(sc)
    return FantasyStorm(sc, samples.library(), world, "house", "swords", FixedDice(faces))


def gap_to_house(unit: Unit) -> float:
    footprint = WorldCache(samples.library()).world_for(
        fantasy_scenario()).piece("house").footprint
    return min(footprint.distance(Point(m.x, m.y)) - m.base.length_in / 2 for m in unit.models)


def fight_through(s: FantasyStorm) -> None:
    s.react(wf.Reaction.HOLD)
    s.roll_charge()
    s.choose_parties()
    s.fight()
    s.resolve()


def test_the_garrison_breaks_is_placed_outside_and_the_assaulter_goes_in():
    sc = fantasy_scenario()
    doc = ScenarioDocument(sc)
    # charge 3+2; three Swordsmen hit and wound (6, 6), seven miss; ten Spearmen miss;
    # Break test 6+5 = 11 against Leadership 7; flee 4+3
    s = storm(sc, [3, 2, *[6, 6] * 3, *[1] * 7, *[1] * 10, 6, 5, 4, 3])
    assert abs(s.facts.distance - 4.0) < 1e-6 and s.facts.sight
    fight_through(s)
    assert s.step is wf.AssaultStep.GARRISON_BROKEN
    result = s.result()
    assert not s.dice.unused
    undo = apply_change(doc, result.change)
    spears, swords = sc.unit("spears"), sc.unit("swords")
    assert len(spears.models) == 12 and spears.embarked_in is None
    assert abs(gap_to_house(spears) - (1.0 + 7.0)) < 0.02
    assert all(m.y < 22.5 for m in spears.models)  # the far side from the Swordsmen
    assert swords.embarked_in == "house"
    piece = sc.piece("house")
    assert piece.state["garrison"]["unit"] == "swords" and piece.claimed_by == samples.RED
    assert piece.state["garrison"]["entered_turn"] == 1  # turn 1, Red's: it may not leave yet
    assert swords.stats["embarked_on"] == [1, samples.RED]
    entry = sc.log[-1]
    assert "flee 7\"" in entry.text and "wins by 3" in entry.text  # Spearmen flee
    house = s.world.piece("house").sheet.name  # the building by its name, not its id
    assert entry.text.startswith(f"Assault on {house} by ") and "garrisons house" not in entry.text
    assert [r["faces"] for r in entry.rolls][0] == [3, 2]
    purposes = [r["purpose"] for r in entry.rolls]
    assert "Swordsmen, model 1 attacks Spearmen, model 1: to hit (3+)" in purposes
    assert not any("swords-" in p or "spears-" in p for p in purposes)
    apply_change(doc, undo)
    assert sc.unit("spears").embarked_in == "house" and len(sc.unit("spears").models) == 15
    assert sc.unit("swords").embarked_in is None and sc.piece("house").state == {}
    assert sc.log == []


def test_a_garrison_that_holds_sends_the_assaulter_back_one_inch():
    sc = fantasy_scenario()
    # nobody wounds; the Swordsmen's musician wins the draw by 1; Break test 3+3 passes
    s = storm(sc, [3, 2, *[1] * 10, *[1] * 10, 3, 3])
    fight_through(s)
    assert s.step is wf.AssaultStep.ATTACKER_WITHDREW
    result = s.result()
    apply_change(ScenarioDocument(sc), result.change)
    swords = sc.unit("swords")
    assert swords.embarked_in is None and sc.unit("spears").embarked_in == "house"
    assert abs(gap_to_house(swords) - 1.0) < 1e-6
    assert "won by 1 by the assaulter's musician" in result.text
    assert "it holds" in result.text and "Swordsmen withdraw 1\"" in result.text


def test_a_failed_charge_moves_the_higher_die_toward_the_building():
    sc = fantasy_scenario(swordsmen(gap=9.0))
    sc.unit("spears").stats.update(bs=3, missile={"range": 8, "strength": 3})  # out of range
    s = storm(sc, [2, 1])
    s.react(wf.Reaction.STAND_AND_SHOOT)
    s.roll_charge()
    assert s.step is wf.AssaultStep.FAILED
    apply_change(ScenarioDocument(sc), s.result().change)
    assert abs(gap_to_house(sc.unit("swords")) - 7.0) < 1e-6


def test_refusals_say_why_with_the_numbers():
    sc = fantasy_scenario()
    s = storm(sc, [])
    with pytest.raises(AssaultError, match="farther than its Movement: it is 4.00\" away"):
        s.react(wf.Reaction.STAND_AND_SHOOT)
    with pytest.raises(AssaultError, match="can never flee from an assault"):
        s.react(wf.Reaction.FLEE)
    with pytest.raises(AssaultError, match="not over yet"):
        s.result()
    chariot = swordsmen()
    chariot.troop_type = TroopType.CHARIOT
    with pytest.raises(AssaultError, match="chariots may not assault"):
        storm(fantasy_scenario(chariot), [])
    bare = swordsmen()
    del bare.stats["leadership"]
    with pytest.raises(AssaultError, match=r"Swordsmen have no Leadership in their stats"):
        storm(fantasy_scenario(bare), [])


def test_cavalry_that_breaks_the_garrison_cannot_go_in_and_moves_back_one_inch():
    knights = swordsmen()
    knights.troop_type = TroopType.CAVALRY
    sc = fantasy_scenario(knights)
    s = storm(sc, [3, 2, *[6, 6] * 3, *[1] * 7, *[1] * 10, 6, 5, 4, 3])
    fight_through(s)
    apply_change(ScenarioDocument(sc), s.result().change)
    assert sc.unit("swords").embarked_in is None
    assert abs(gap_to_house(sc.unit("swords")) - 1.0) < 1e-6
    assert sc.unit("spears").embarked_in is None
    assert sc.piece("house").state == {"garrison": None} and sc.piece("house").claimed_by is None


def test_a_chosen_character_fights_in_the_party_and_a_rout_off_the_table_loses_the_unit():
    hero = Unit("hero", "Captain", samples.RED, TroopType.CHARACTER,
                [Model("cap", Base.round_mm(25), 30.0, FRONT + 6.0)], joined_to="swords",
                stats={**PROFILE, "ws": 5, "i": 5, "a": 3})
    sc = fantasy_scenario()
    sc.units.append(hero)
    sc.terrain[0].y = 5.0  # the house near the top edge: the garrison flees off the table
    for m in sc.unit("spears").models:
        m.y -= 19.0
    for unit in (sc.unit("swords"), hero):
        for m in unit.models:
            m.y -= 19.0
    # the Captain strikes first (I5): 3 attacks, all hit and wound; then nine Swordsmen miss
    # (the party: Captain + 9); the Spearmen miss; Break test 6+6; flee 6+6. After the
    # charge, the Captain with more than ten Swordsmen makes the parties matter: a roll-off.
    s = storm(sc, [3, 2, 4, 1, *[6] * 3, *[6] * 3, *[1] * 9, *[1] * 10, 6, 6, 6, 6])
    s.react(wf.Reaction.HOLD)
    assert "Swordsmen 4, Spearmen 1: Swordsmen's player picks first" in s.roll_charge()
    text = s.choose_parties(["cap"], [])
    assert "Swordsmen Captain, model 1" in text  # by name, never by id
    s.fight()
    s.resolve()
    result = s.result()
    assert "Spearmen flee off the table and are lost" in result.text
    apply_change(ScenarioDocument(sc), result.change)
    assert "spears" not in [u.id for u in sc.units]
    assert sc.unit("hero").embarked_in == "house" and sc.unit("swords").embarked_in == "house"


def test_no_line_of_sight_to_the_building_refuses_the_declaration():
    wall = TerrainPiece("wall", "whfb_building_3_floor", 30.0, 32.5)
    sc = fantasy_scenario(swordsmen(gap=12.0))
    sc.terrain.append(wall)
    with pytest.raises(AssaultError, match="needs line of sight to the building.*12.00\""):
        storm(sc, [])


def test_bad_movement_and_options_are_refused_in_words():
    odd = swordsmen()
    odd.stats["movement"] = "fast"
    with pytest.raises(AssaultError, match="Swordsmen: stats movement 'fast' is not a distance"):
        storm(fantasy_scenario(odd), [])
    sc = fantasy_scenario()
    sc.options["edition"] = "wfb7"
    with pytest.raises(AssaultError, match="edition 'wfb7' is not one of"):
        storm(sc, [])


def test_stand_and_shoot_kills_before_the_charge_and_the_failed_charge_moves_up():
    sc = fantasy_scenario(swordsmen(gap=9.0))
    sc.unit("spears").stats.update(bs=3, missile={"range": 24, "strength": 3})
    # five shooters (one floor) at 5+ (BS3, -1 Stand & Shoot): 5, 6, 1, 1, 1 → 2 hits;
    # to wound 4+: 4, 6; the Swordsmen save on 5+: 1, 5 → 1 unsaved: the back one, sw9, dies
    # (seed 002: "Casualties come from the "back" of the unit as usual");
    # charge 1 + 2 = 3 + Movement 4 = 7 short of 9: moves 2" toward it
    s = storm(sc, [5, 6, 1, 1, 1, 4, 6, 1, 5, 1, 2])
    text = s.react(wf.Reaction.STAND_AND_SHOOT)
    assert ("5 models, 5 shots at 5+ (stand and shoot; 1/3 a shot): 2 hits, 2 wounds, "
            "1 unsaved; Swordsmen lose 1 model from the back") in text
    assert [m.id for m in s.assault.attacker.models][:2] == ["sw0", "sw1"]
    s.roll_charge()
    result = s.result()
    assert not s.dice.unused
    apply_change(ScenarioDocument(sc), result.change)
    swords = sc.unit("swords")
    assert len(swords.models) == 9 and abs(gap_to_house(swords) - 7.0) < 1e-6
    assert [r["faces"] for r in sc.log[-1].rolls][0] == [5, 6, 1, 1, 1]


def test_stand_and_shoot_needs_a_missile_weapon_and_range():
    sc = fantasy_scenario(swordsmen(gap=9.0))
    s = storm(sc, [])
    with pytest.raises(AssaultError, match="Spearmen have no missile weapon in their stats"):
        s.react(wf.Reaction.STAND_AND_SHOOT)
    assert s.step is wf.AssaultStep.DECLARED  # nothing recorded: the garrison may still Hold
    s.react(wf.Reaction.HOLD)
    sc = fantasy_scenario(swordsmen(gap=9.0))
    sc.unit("spears").stats.update(bs=3, missile={"range": 8, "strength": 3})
    text = storm(sc, []).react(wf.Reaction.STAND_AND_SHOOT)
    assert "out of range, 9.00\" from the building with range 8\"" in text


def ogres() -> Unit:
    big = Base.round_mm(40)
    y0 = FRONT + 4.0 + big.length_in / 2
    models = [Model(f"og{k}", big, 28.6 + 1.6 * k, y0) for k in range(3)]
    return Unit("swords", "Ogres", samples.RED, TroopType.MONSTROUS_INFANTRY, models,
                stats={**PROFILE, "s": 4, "t": 4, "i": 2, "a": 3, "movement": 6, "stomps": 1})


def test_stomps_land_on_the_model_the_opponent_nominates_as_in_base_contact():
    """Seed 002: "For special attacks (such as Stomps) and effects tied to base contact, a
    model fighting in a building is assumed to be in base contact with one enemy model
    nominated by its opponent". Ten Spearmen miss (1s), the Ogres miss with all nine blows,
    then each Ogre's Stomp wounds on a 6: the first on the model its opponent nominated."""
    s = storm(fantasy_scenario(ogres()), [3, 2, *[1] * 10, *[1] * 9, 6, 6, 6])
    s.react(wf.Reaction.HOLD)
    s.roll_charge()
    s.choose_parties()
    text = s.fight(nominated={"og0": "sp3"})
    assert "Ogres, model 1 stomps Spearmen, model 4 (in base contact, nominated by its " \
           "opponent): 1 unsaved wounds" in s.lines
    assert s.round is not None and s.round.wounds_caused == {"swords": 3, "spears": 0}
    assert "sp3" in s.round.casualties["spears"]
    assert "casualties: Ogres none, Spearmen" in text
    assert [st.stomp for st in s.round.strikes].count(True) == 3
