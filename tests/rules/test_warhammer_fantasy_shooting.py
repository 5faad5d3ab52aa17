"""Shooting from and at a garrison, template weapons (seed 002; RULES.md section 3)."""

from fractions import Fraction

import pytest

from rules.dice import FixedDice
from rules.warhammer_fantasy import (
    HARD_COVER,
    Edition,
    FantasyOptions,
    TemplateWeapon,
    hit_chance,
    shooters_allowed,
    template_hits_on_garrison,
    to_hit_decision,
    to_hit_needed,
)
from rules.warhammer_fantasy.shooting import (
    Modifier,
    cannon_multiple_wounds,
    garrison_shooting_arc,
    multi_rank_hits,
    multiply_wounds,
)

WAP = FantasyOptions()
WFB8 = FantasyOptions(edition=Edition.WFB8)
STONE_THROWER = TemplateWeapon("stone thrower", 10, low_strength=4, multiple_wounds="D6")
CANNON = TemplateWeapon("cannon", 10, multiple_wounds="D6")


@pytest.mark.parametrize(("floors", "per", "shooters"), [(1, 5, 5), (3, 5, 15), (2, 3, 6)])
def test_five_models_a_floor_may_shoot_or_the_agreed_number(
    floors: int, per: int, shooters: int
) -> None:
    assert shooters_allowed(floors, FantasyOptions(shooters_per_floor=per)) == shooters


def test_garrison_sees_all_round() -> None:
    assert garrison_shooting_arc() == 360.0


@pytest.mark.parametrize(
    ("bs", "extra", "needed"),
    [(3, [], (6, None)), (4, [], (5, None)), (5, [], (4, None)),
     (3, [Modifier(-1, "long range")], (6, 4)), (1, [], (6, 5)),
     (1, [Modifier(-1, "long range")], (6, 6))],
)
def test_hard_cover_is_minus_two_to_hit(
    bs: int, extra: list[Modifier], needed: tuple[int, int | None]
) -> None:
    assert to_hit_needed(bs, [HARD_COVER, *extra]) == needed


def test_a_shot_past_9_plus_cannot_hit_is_a_refusal_not_an_error() -> None:
    """WAP "7+ To Hit": "If you require a score of 10 or more then it is impossible to hit"."""
    mods = [HARD_COVER, Modifier(-1, "long range"), Modifier(-1, "moved")]
    needed = to_hit_needed(1, mods)
    assert needed == (None, None) and not needed.possible
    decision = to_hit_decision(1, mods)
    assert not decision and "10+ cannot hit" in decision.reason
    assert hit_chance(needed) == 0


@pytest.mark.parametrize(
    ("bs", "needed"),
    [(5, (4, None)), (6, (3, None)), (7, (2, None)), (8, (2, None)), (10, (2, None))],
)
def test_to_hit_continues_past_2_plus_before_hard_cover(
    bs: int, needed: tuple[int, int | None]
) -> None:
    """Seed 002: "the garrison counts as being in hard cover, otherwise resolved normally".

    Normally (WAP To Hit chart): BS6 needs 1+, BS7 0+, and a natural 1 always misses; so a
    BS6 shooter needs 3+ against the garrison and BS7 2+ (not 4+ as when 7 - BS was capped at
    2 before the -2).
    """
    assert to_hit_needed(bs, [HARD_COVER]) == needed


def test_the_other_end_six_then_four_five_six() -> None:
    """WAP "7+ To Hit": 7+ is a 6 followed by 4+, 8+ a 6 then 5+, 9+ a 6 then 6+."""
    assert to_hit_needed(2, [HARD_COVER]) == (6, 4)   # 5+ -2 = 7+
    assert to_hit_needed(1, [HARD_COVER]) == (6, 5)   # 6+ -2 = 8+
    assert to_hit_needed(2, [HARD_COVER, Modifier(-2, "x")]) == (6, 6)  # 9+
    assert hit_chance(to_hit_needed(2, [HARD_COVER])) == Fraction(1, 12)
    assert hit_chance(to_hit_needed(6, [HARD_COVER])) == Fraction(2, 3)
    assert hit_chance(to_hit_needed(9, [])) == Fraction(5, 6)  # a natural 1 still misses


def test_multi_rank_weapons_hit_one_model() -> None:
    assert multi_rank_hits(5) == 1


def test_wap_template_hits_at_most_each_model_once() -> None:
    out = template_hits_on_garrison(CANNON, 4, True, WAP, FixedDice([6]))
    assert (out.roll.total, out.hits, out.strength) == (6, 4, 10)
    assert "none hit twice" in out.description
    assert out.multiple_wounds_hits == 4  # every cannon hit multiplies (seed 002's example)


def test_8th_edition_template_hits_are_not_capped() -> None:
    out = template_hits_on_garrison(CANNON, 4, True, WFB8, FixedDice([6]))
    assert out.hits == 6


def test_stone_thrower_uses_high_strength_only_with_its_centre_over_the_building() -> None:
    over = template_hits_on_garrison(STONE_THROWER, 10, True, WAP, FixedDice([3]))
    off = template_hits_on_garrison(STONE_THROWER, 10, False, WAP, FixedDice([3]))
    assert (over.strength, off.strength) == (10, 4)
    assert (over.multiple_wounds_hits, off.multiple_wounds_hits) == (1, 0)  # the hole model
    assert "centre is off" in off.description


def test_cannon_multiple_wounds_by_edition() -> None:
    assert cannon_multiple_wounds(WAP, bounce=False) == "D6"
    assert cannon_multiple_wounds(WAP, bounce=True) == "D3"
    assert cannon_multiple_wounds(WFB8, bounce=True) == "D6"


def test_multiple_wounds_are_capped_at_the_models_wounds() -> None:
    wounds, rolls = multiply_wounds(2, "D6", 3, FixedDice([5, 2]))
    assert wounds == 3 + 2 and len(rolls) == 2
    assert multiply_wounds(2, "D3", 3, FixedDice([6, 1]))[0] == 3 + 1
    assert multiply_wounds(3, None, 1, FixedDice([]))[0] == 3
