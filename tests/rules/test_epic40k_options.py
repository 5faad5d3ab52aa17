"""The project's own Epic 40,000 readings, each a scenario option (seed 001 does not say)."""

from dataclasses import replace

import pytest

from rules.dice import FixedDice
from rules.epic40k import BuildingState, Condition, Site, SizeClass, UnitInside, UnitNearby
from rules.epic40k.collapse import collapse
from rules.epic40k.damage import resolve_critical
from rules.epic40k.options import EpicOptions

B1 = UnitInside("b1", "bravo", 5)
SITE = Site((B1,))


def test_row_10_debris_hits_at_the_units_own_armour_unless_the_option_says_plus_two() -> None:
    """Seed 001: "10 +2 A large chunk of Debris falls on a unit!" -- no +2 armour named for the
    hit (our reading, decision ``DECISION_DEBRIS_FALLS_NO_BONUS``). Armour 5: a 5 kills; with
    the option the unit inside adds 2, so a 5 is not enough (7+ is a 6 then 4+)."""
    ours = resolve_critical(BuildingState.new(SizeClass.MEDIUM), SITE, FixedDice([5, 5, 5]))
    assert [(h.needed, h.killed) for h in ours.hits] == [(5, True)]
    other = replace(SITE, options=EpicOptions(debris_falls_inside_bonus=True))
    theirs = resolve_critical(BuildingState.new(SizeClass.MEDIUM), other, FixedDice([5, 5, 5]))
    assert [(h.needed, h.killed) for h in theirs.hits] == [(7, False)]


def _fall(options: EpicOptions) -> tuple[set[str], int]:
    state = BuildingState(SizeClass.SMALL, 0, Condition.CRUMBLING)
    near = UnitNearby("n1", "near", 4, 3.0)  # within the 5 cm zone
    site = Site((), (near,), options)
    # zone roll 5 (survives), radius D6 = 6 cm, then (option) the debris hit 6 kills it
    out = collapse(state, site, FixedDice([5, 6, 6]))
    return out.killed, len(out.hits)


def test_a_unit_rolled_for_in_the_5cm_zone_is_not_hit_again_unless_the_option_says() -> None:
    """Seed 001: "Units inside the building and within 5cm ... to hit units within 1d6 cm for
    small buildings" -- whether a unit in the 5 cm zone that survived is also in the 1D6 cm
    radius is not said (our reading: not hit again, ``DECISION_COLLAPSE_ZONE_NOT_HIT_AGAIN``)."""
    killed, hits = _fall(EpicOptions())
    assert (killed, hits) == (set(), 0)
    killed, hits = _fall(EpicOptions(collapse_zone_hit_again=True))
    assert (killed, hits) == ({"n1"}, 1)


def test_options_round_trip_and_refuse_a_bad_value() -> None:
    options = EpicOptions(True, True)
    assert EpicOptions.from_dict(options.to_dict()) == options
    with pytest.raises(ValueError, match="collapse_zone_hit_again 'yes' is not true or false"):
        EpicOptions.from_dict({"collapse_zone_hit_again": "yes"})
