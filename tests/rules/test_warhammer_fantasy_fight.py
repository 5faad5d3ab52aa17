"""The assault parties and the fight at the building (seed 002; RULES.md section 4)."""

import pytest

from rules.dice import FixedDice
from rules.warhammer_fantasy import (
    Challenge,
    Edition,
    FantasyOptions,
    FantasyUnit,
    Fighter,
    choose_party,
    fight_round,
)
from rules.warhammer_fantasy.melee import (
    hit_needed,
    in_contact_with,
    max_attackers_on_character,
    save_needed,
    wound_needed,
)
from rules.warhammer_fantasy.party import who_picks_first
from tests.rules.fantasy_samples import goblins, knights, swordsmen

WAP = FantasyOptions()
WFB8 = FantasyOptions(edition=Edition.WFB8)
HERO = Fighter("hero", 5, 4, 4, 5, 3, w=2, save=4, character=True)
BOSS = Fighter("boss", 4, 4, 4, 3, 2, w=2, save=5, character=True)
LORD = Fighter("lord", 6, 4, 4, 6, 4, w=3, character=True)


def _with(unit: FantasyUnit, *extra: Fighter) -> FantasyUnit:
    return FantasyUnit(unit.id, unit.name, unit.troop_type, [*extra, *unit.models],
                       unit.leadership)


@pytest.mark.parametrize(("attacker_ws", "defender_ws", "needed"),
                         [(4, 3, 3), (3, 3, 4), (3, 6, 4), (3, 7, 5), (1, 10, 5)])
def test_to_hit_table(attacker_ws: int, defender_ws: int, needed: int) -> None:
    assert hit_needed(attacker_ws, defender_ws) == needed


@pytest.mark.parametrize(("s", "t", "needed"),
                         [(6, 3, 2), (5, 3, 2), (4, 3, 3), (3, 3, 4), (3, 4, 5), (3, 5, 6),
                          (3, 6, 6), (3, 7, None)])
def test_to_wound_table(s: int, t: int, needed: int | None) -> None:
    assert wound_needed(s, t) == needed


@pytest.mark.parametrize(("save", "s", "needed"),
                         [(4, 3, 4), (4, 4, 5), (4, 6, None), (None, 3, None)])
def test_armour_save_modifier(save: int | None, s: int, needed: int | None) -> None:
    assert save_needed(save, s) == needed


def test_wap_party_is_unit_strength_10_and_8th_is_ten_models() -> None:
    assert len(choose_party(knights(8), [], WAP).members) == 5  # Unit Strength 2 each
    assert len(choose_party(knights(8), [], WFB8).members) == 8


def test_party_is_never_empty() -> None:
    giant = FantasyUnit("giant", "Giant", "monster",
                        [Fighter("giant", 3, 6, 5, 3, 5, w=6, unit_strength=12)], 10)
    assert [m.id for m in choose_party(giant, [], WAP).members] == ["giant"]


def test_characters_left_out_never_step_in() -> None:
    unit = _with(swordsmen(10), HERO)
    party = choose_party(unit, [], WAP)
    assert not party.has("hero") and "hero" not in [m.id for m in party.reserves]
    chosen = choose_party(unit, ["hero"], WAP)
    assert chosen.members[0].id == "hero" and len(chosen.members) == 10
    with pytest.raises(ValueError, match="only characters"):
        choose_party(unit, ["s1"], WAP)


def test_roll_off_for_who_picks_first_only_when_characters_matter() -> None:
    assert who_picks_first(swordsmen(), goblins(), WAP, FixedDice([])) == (None, None)
    first, roll = who_picks_first(_with(swordsmen(), HERO), goblins(), WAP, FixedDice([2, 5]))
    assert first == "gobbos" and roll is not None and roll.faces == (2, 5)


def test_equal_initiative_strikes_at_once_and_higher_goes_first() -> None:
    a = FantasyUnit("a", "A", "infantry", [Fighter("a1", 3, 3, 3, 3, 1)], 7)
    b = FantasyUnit("b", "B", "infantry", [Fighter("b1", 3, 3, 3, 3, 1)], 7)
    pa, pb = choose_party(a, [], WAP), choose_party(b, [], WAP)
    out = fight_round(pa, pb, FixedDice([6, 6, 6, 6]), WAP)  # both hit and wound
    assert [s.fighter for s in out.strikes] == ["a1", "b1"]  # both struck though both died
    assert out.wounds_caused == {"a": 1, "b": 1}
    fast = FantasyUnit("f", "F", "infantry", [Fighter("f1", 3, 3, 3, 5, 1)], 7)
    out = fight_round(choose_party(fast, [], WAP), choose_party(b, [], WAP), FixedDice([6, 6]),
                      WAP)
    assert [s.fighter for s in out.strikes] == ["f1"]  # b1 died before its turn


def test_up_to_half_the_party_may_attack_a_character() -> None:
    assert max_attackers_on_character(10) == 5
    assert max_attackers_on_character(1) == 1
    attackers = choose_party(swordsmen(10), [], WAP)
    defenders = choose_party(_with(goblins(), BOSS), ["boss"], WAP)
    six = {f"s{n}": "boss" for n in range(1, 7)}
    with pytest.raises(ValueError, match="6 models of Swordsmen attack characters; at most half"):
        fight_round(attackers, defenders, FixedDice([]), WAP, targets=six)
    with pytest.raises(ValueError, match="g1 is not one"):
        fight_round(attackers, defenders, FixedDice([]), WAP, targets={"s1": "g1"})


def test_wounds_on_a_character_outside_a_challenge_stop_at_its_wounds() -> None:
    attackers = choose_party(swordsmen(4), [], WAP)
    defenders = choose_party(_with(goblins(1), BOSS), ["boss"], WAP)
    # s1, s2, s3 at the boss: hit 4+ (WS4 vs 4), wound 5+ (S3 vs T4), save 5+ fails: 3 wounds
    # on a 2-wound boss; s4 misses g1; the boss died at I4 and never strikes; g1 misses
    dice = FixedDice([6, 6, 1] * 3 + [1] + [1])
    with pytest.raises(ValueError, match="at most half of its 4 may \\(2\\)"):
        fight_round(attackers, defenders, dice, WAP, targets={f"s{n}": "boss" for n in (1, 2, 3)})
    dice = FixedDice([6, 6, 1] * 2 + [6, 4, 1] + [1])  # s3 kills g1 instead
    out = fight_round(attackers, defenders, dice, WAP, targets={"s1": "boss", "s2": "boss"})
    assert out.wounds_caused["swords"] == 3  # 2 on the boss, 1 on the goblin
    assert set(out.casualties["gobbos"]) == {"boss", "g1"}
    assert [s.fighter for s in out.strikes] == ["s1", "s2", "s3", "s4"]


def test_challenge_only_between_party_members_and_its_overkill_counts_to_the_cap() -> None:
    attackers = choose_party(_with(swordsmen(3), LORD), ["lord"], WAP)
    defenders = choose_party(_with(goblins(3), BOSS), ["boss"], WAP)
    duel = Challenge("lord", "boss")
    # lord (I6) 4 attacks at the boss: hit 3+, wound 4+, no armour modifier beats 5+ at S4 (6+)
    lord = [6, 6, 6, 6,  6, 6, 6, 6,  1, 1, 1, 1]  # four wounds, four failed saves: 2 overkill
    swords = [1, 1, 1]  # three swordsmen miss the goblins
    gobbos = [1, 1, 1]  # three goblins miss (the boss is dead before Initiative 3)
    out = fight_round(attackers, defenders, FixedDice(lord + swords + gobbos), WAP,
                      challenge=duel)
    assert out.wounds_caused["swords"] == 4 and out.overkill["swords"] == 2
    capped = FantasyOptions(challenge_overkill_cap=1)
    attackers = choose_party(_with(swordsmen(3), LORD), ["lord"], capped)
    defenders = choose_party(_with(goblins(3), BOSS), ["boss"], capped)
    out = fight_round(attackers, defenders, FixedDice(lord + swords + gobbos), capped,
                      challenge=duel)
    assert out.wounds_caused["swords"] == 3
    outside = choose_party(_with(goblins(3), BOSS), [], WAP)
    with pytest.raises(ValueError, match="already in the two assault parties"):
        fight_round(choose_party(_with(swordsmen(3), LORD), ["lord"], WAP), outside,
                    FixedDice([]), WAP, challenge=duel)


def test_casualties_are_replaced_while_the_unit_has_models() -> None:
    """Seed 002: "Casualties come from the "back" of the unit as usual, with extra models
    stepping up to keep the assault party at full strength"."""
    attackers = choose_party(swordsmen(12), [], WAP)
    defenders = choose_party(goblins(1), [], WAP)
    # ten swordsmen miss; the goblin kills one (hit 4, wound 4, save 1)
    out = fight_round(attackers, defenders, FixedDice([1] * 10 + [4, 4, 1]), WAP)
    assert out.casualties["swords"] == ("s12",) and len(attackers.members) == 10
    assert [m.id for m in attackers.reserves] == ["s11"]


def test_base_contact_is_with_the_nominated_model_or_the_challenge_foe() -> None:
    duel = Challenge("lord", "boss")
    assert in_contact_with("s3", duel, nominated="g2") == "g2"
    assert in_contact_with("boss", duel, nominated="s1") == "lord"


def test_overkill_outside_a_challenge_does_not_count() -> None:
    attackers = choose_party(_with(swordsmen(1), HERO), ["hero"], WAP)
    defenders = choose_party(_with(goblins(1), BOSS), ["boss"], WAP)
    # the hero (I5) puts 3 unsaved wounds on the 2-wound boss; s1 (I4) and g1 (I2) miss
    dice = FixedDice([6, 6, 6, 6, 6, 6, 1, 1, 1] + [1] + [1])
    out = fight_round(attackers, defenders, dice, WAP, targets={"hero": "boss"})
    assert out.wounds_caused["swords"] == 2 and out.overkill["swords"] == 0
