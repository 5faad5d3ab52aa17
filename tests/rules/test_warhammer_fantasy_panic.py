"""The result of an assault, the garrison's Break test and Panic (seed 002)."""

import pytest

from rules.dice import FixedDice
from rules.warhammer_fantasy import (
    Edition,
    FantasyOptions,
    PanicCause,
    combat_result,
    garrison_break_test,
    garrison_panic_test,
    panic_test_needed,
)
from rules.warhammer_fantasy.panic import Losses, heavy_casualties


@pytest.mark.parametrize(
    ("a", "d", "am", "dm", "winner", "margin"),
    [(3, 1, False, False, "attacker", 2), (1, 3, True, False, "defender", 2),
     (2, 2, True, False, "attacker", 1), (2, 2, False, True, "defender", 1),
     (2, 2, True, True, "draw", 0), (0, 0, False, False, "draw", 0)],
)
def test_result_is_wounds_only_and_a_musician_wins_a_draw(
    a: int, d: int, am: bool, dm: bool, winner: str, margin: int
) -> None:
    result = combat_result(a, d, am, dm)
    assert (result.winner.value, result.margin) == (winner, margin)


@pytest.mark.parametrize(("faces", "passed"), [((3, 4), True), ((4, 4), False), ((1, 1), True)])
def test_garrison_break_test_is_steadfast_against_unmodified_leadership(
    faces: tuple[int, int], passed: bool
) -> None:
    test = garrison_break_test(7, margin=5, dice=FixedDice(list(faces)))
    assert test.passed == passed and test.leadership == 7  # not 7 - 5


def test_heavy_casualties_are_a_quarter_of_unit_strength_in_wap_of_models_in_8th() -> None:
    # two ogres of six (Unit Strength 3 each) and nothing else: 2 of 6 models, 6 of 18 strength
    ogres = Losses(models=2, models_at_start=6, strength=6, strength_at_start=18)
    assert heavy_casualties(ogres, FantasyOptions())
    assert heavy_casualties(ogres, FantasyOptions(edition=Edition.WFB8))
    # a mixed unit losing its one big model: 1 of 10 models but 3 of 12 strength
    mixed = Losses(models=1, models_at_start=10, strength=3, strength_at_start=12)
    assert heavy_casualties(mixed, FantasyOptions())
    assert not heavy_casualties(mixed, FantasyOptions(edition=Edition.WFB8))
    with pytest.raises(ValueError, match="not 0"):
        heavy_casualties(Losses(0, 0, 0, 0), FantasyOptions())


def test_panic_is_measured_to_the_building_edge() -> None:
    assert panic_test_needed(PanicCause.FRIEND_DESTROYED, 5.99)
    far = panic_test_needed(PanicCause.FRIEND_BREAKS, 6.01)
    assert not far and "6.01\"" in far.reason
    assert panic_test_needed(PanicCause.HEAVY_CASUALTIES, None)
    assert not panic_test_needed(PanicCause.HEAVY_CASUALTIES, None, tested_this_phase=True)
    assert not panic_test_needed(PanicCause.FRIEND_DESTROYED, 2, in_combat=True)
    with pytest.raises(ValueError, match="distance"):
        panic_test_needed(PanicCause.FRIEND_BREAKS, None)


def test_a_panicked_garrison_leaves_and_flees() -> None:
    passed = garrison_panic_test(6, FixedDice([3, 3]))
    assert passed.passed and passed.flee is None
    failed = garrison_panic_test(6, FixedDice([4, 3, 2, 5]))
    assert not failed.passed and failed.flee is not None and failed.flee.total == 7
    assert "placed outside the building and flees 7\"" in failed.description
