"""Properties of Epic 40,000 resolutions over many seeded dice."""

from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Dice
from rules.epic40k import (
    Assaulter,
    BuildingState,
    Condition,
    Site,
    SizeClass,
    UnitInside,
    assault_building,
    shoot_building,
)
from rules.epic40k.tables import results_row

sizes = st.sampled_from(list(SizeClass))
conditions = st.sampled_from(list(Condition))


@given(sizes, st.integers(-10, 40), conditions, st.booleans())
def test_state_round_trips(size: SizeClass, dc: int, condition: Condition, fire: bool) -> None:
    state = BuildingState(size, dc, condition, fire)
    assert BuildingState.from_dict(state.to_dict()) == state


@given(sizes, st.lists(st.integers(2, 8), min_size=1, max_size=6), st.integers(0, 2**31))
def test_infantry_assault_damage_is_one_per_hit_plus_critical_extras(
    size: SizeClass, factors: list[int], seed: int
) -> None:
    state = BuildingState.new(size)
    units = [Assaulter(f"u{n}", "infantry", af) for n, af in enumerate(factors)]
    site = Site((UnitInside("x", "d", 4),))
    out = assault_building(state, units, site, Dice(seed=seed))
    row = results_row(abs(out.assaulter_score - out.building_score))
    assert out.kill_number == (row.winner_hits_on if out.assaulters_won else row.loser_hits_on)
    assert out.damage_dealt == out.hits
    extra = sum(c.row.extra_damage for c in out.criticals)
    assert len(out.criticals) <= 1
    if state.standing and state.condition is Condition.INTACT:
        assert state.damage_capacity == BuildingState.new(size).damage_capacity - out.hits - extra


@given(sizes, st.integers(1, 40), st.integers(0, 2**31))
def test_shooting_never_raises_damage_capacity(size: SizeClass, fp: int, seed: int) -> None:
    state = BuildingState.new(size)
    out = shoot_building(state, fp, Site(), Dice(seed=seed))
    assert out.damage_capacity_after <= BuildingState.new(size).damage_capacity
    assert len(out.hits) <= sum(f == 6 for f in out.dice.faces)
