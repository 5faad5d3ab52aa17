"""Warhammer Fantasy assaults to the letter of seed 002: casualties, challenges, overkill."""

from rules.dice import FixedDice
from rules.warhammer_fantasy import (
    BuildingAssault,
    Challenge,
    Edition,
    FantasyOptions,
    FantasyUnit,
    Fighter,
    Reaction,
    choose_party,
    combat_result,
    fight_round,
)
from rules.warhammer_fantasy.melee import in_contact_with
from tests.rules.fantasy_samples import goblins, swordsmen

WAP = FantasyOptions()
WFB8 = FantasyOptions(edition=Edition.WFB8)


def test_two_wounds_fall_on_the_back_and_the_musician_keeps_fighting() -> None:
    """Seed 002: "Casualties come from the "back" of the unit as usual, with extra models
    stepping up to keep the assault party at full strength as long as there are survivors left
    to do so."

    15 Swordsmen, the second the musician: a party of ten, five behind. Two wounds kill the
    two rearmost models (s15, s14), not models 1 and 2; the party is still ten, musician in.
    """
    party = choose_party(swordsmen(15), [], WAP)
    assert [m.id for m in party.members][:2] == ["s1", "s2"] and party.musician
    party.wound_rank_and_file()
    party.wound_rank_and_file()
    assert party.casualties == ["s15", "s14"]
    assert len(party.members) == 10 and party.musician
    assert [m.id for m in party.reserves] == ["s11", "s12", "s13"]


def test_a_two_two_round_is_won_by_the_musician() -> None:
    """Seed 002: "A musician still wins a drawn combat as usual."

    Ten Swordsmen (I4) cause 2 unsaved wounds on ten Goblins; the eight Goblins left (I2)
    cause 2 on the Swordsmen. The wounds fall on s15 and s14 at the back, the musician s2
    fights on, and the 2-2 draw is won by the assaulter by 1.
    """
    assault = BuildingAssault("tower", swordsmen(15), goblins(10))
    assault.react(Reaction.HOLD)
    assault.roll_charge(FixedDice([3, 3]), movement=4, distance=6)
    assault.choose_parties()
    swords = [3, 4, 1] * 2 + [1] * 8          # s1, s2 hit, wound, goblin save 1 fails
    gobbos = [4, 4, 1] * 2 + [1] * 6          # g1, g2 hit, wound, swordsman save 1 fails
    fought = assault.fight(FixedDice(swords + gobbos))
    assert fought.wounds_caused == {"swords": 2, "gobbos": 2}
    assert fought.casualties == {"swords": ("s15", "s14"), "gobbos": ("g10", "g9")}
    end = assault.resolve(FixedDice([6, 6, 3, 4]))  # Goblins break on 12, flee 7"
    assert end.result.winner.value == "attacker" and end.result.margin == 1
    assert "won by 1 by the assaulter's musician" in end.result.description


def test_draw_without_a_musician_and_with_both() -> None:
    """Seed 002: "A musician still wins a drawn combat as usual" (not when both have one)."""
    assert combat_result(2, 2, False, False).winner.value == "draw"
    assert combat_result(2, 2, True, True).winner.value == "draw"
    assert combat_result(2, 2, False, True).winner.value == "defender"


def _duel_units() -> tuple[FantasyUnit, FantasyUnit]:
    champ = Fighter("sc", 4, 3, 3, 4, 1, champion=True)
    swords = FantasyUnit("swords", "Swordsmen", "infantry",
                         [champ, Fighter("s1", 4, 3, 3, 4, 1), Fighter("s2", 4, 3, 3, 4, 1)], 7)
    boss = Fighter("gc", 2, 3, 3, 2, 1, champion=True)
    gobbos = FantasyUnit("gobbos", "Goblins", "infantry",
                         [boss, *[Fighter(f"g{n}", 2, 3, 3, 2, 1) for n in range(1, 6)]], 6)
    return swords, gobbos


def test_rank_and_file_blows_never_reach_a_champion_fighting_a_challenge() -> None:
    """Seed 002: "a model fighting in a building is assumed to be in base contact with one
    enemy model nominated by its opponent -- unless it's fighting a challenge, in which case
    it's simply in contact with whoever it's challenging."

    Three Goblin blows on the Swordsmen's rank and file kill s2 and s1; the third cannot reach
    the champion sc, who is fighting the Goblin champion. It still counts toward the result.
    """
    swords, gobbos = _duel_units()
    attackers, defenders = choose_party(swords, [], WAP), choose_party(gobbos, [], WAP)
    duel = Challenge("sc", "gc")
    dice = FixedDice([1, 1, 1] + [1] + [6, 6] * 3 + [1, 1])  # no armour save for them
    out = fight_round(attackers, defenders, dice, WAP, challenge=duel)
    assert out.casualties["swords"] == ("s2", "s1")
    assert attackers.has("sc") and out.wounds_caused["gobbos"] == 3
    assert in_contact_with("sc", duel, nominated="g3") == "gc"
    assert not dice.unused


def _overkill(options: FantasyOptions) -> int:
    lord = Fighter("lord", 6, 7, 4, 6, 8, w=3, character=True)
    gc = Fighter("gc", 2, 3, 3, 2, 1, save=6, champion=True)
    attackers = choose_party(FantasyUnit("a", "Lord", "infantry", [lord], 9), ["lord"], options)
    defenders = choose_party(FantasyUnit("d", "Goblins", "infantry", [gc], 6), [], options)
    dice = FixedDice([6] * 8 + [6] * 8)  # eight hits (3+), eight wounds (2+), no save at S7
    out = fight_round(attackers, defenders, dice, options, challenge=Challenge("lord", "gc"))
    return out.wounds_caused["a"]


def test_overkill_is_uncapped_in_wap_and_capped_at_five_only_in_8th() -> None:
    """Seed 002: "combat result points can only come from Wounds inflicted (including overkill
    wounds from a challenge)" -- no cap named for WAP; 8th edition's +5 cap (RULES.md section
    3) is the edition switch, and a scenario number overrides both.

    Eight unsaved wounds on a one-wound champion: 8 in WAP, 1 + 5 = 6 in 8th edition.
    """
    assert _overkill(WAP) == 8
    assert _overkill(WFB8) == 6
    assert _overkill(FantasyOptions(challenge_overkill_cap=2)) == 3
    assert WAP.overkill_cap is None and WFB8.overkill_cap == 5
    assert FantasyOptions.from_dict(WFB8.to_dict()) == WFB8
