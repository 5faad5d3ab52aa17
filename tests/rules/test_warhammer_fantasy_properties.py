"""Properties of the Fantasy assault party and round over many seeded dice."""

from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Dice
from rules.warhammer_fantasy import Edition, FantasyOptions, FantasyUnit, Fighter, choose_party
from rules.warhammer_fantasy.melee import fight_round

editions = st.sampled_from([FantasyOptions(), FantasyOptions(edition=Edition.WFB8)])


def _unit(uid: str, strengths: list[int]) -> FantasyUnit:
    models = [Fighter(f"{uid}{n}", 3, 3, 3, 3, 2, w=2, save=5, unit_strength=us)
              for n, us in enumerate(strengths)]
    return FantasyUnit(uid, uid.upper(), "infantry", models, 7)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=30), editions)
def test_party_never_exceeds_ten_and_is_never_empty(
    strengths: list[int], opts: FantasyOptions
) -> None:
    party = choose_party(_unit("a", strengths), [], opts)
    size = sum(m.unit_strength for m in party.members) if opts.wap else len(party.members)
    assert len(party.members) >= 1
    assert size <= 10 or len(party.members) == 1
    assert len(party.members) + len(party.reserves) == len(strengths)


@given(st.integers(1, 25), st.integers(1, 25), st.integers(0, 2**31))
def test_round_counts_every_unsaved_wound_and_keeps_the_party_full(
    a: int, b: int, seed: int
) -> None:
    opts = FantasyOptions()
    pa = choose_party(_unit("a", [1] * a), [], opts)
    pb = choose_party(_unit("b", [1] * b), [], opts)
    out = fight_round(pa, pb, Dice(seed=seed), opts)
    for party in (pa, pb):
        struck = sum(s.unsaved for s in out.strikes if s.fighter.startswith(party.unit.id))
        assert out.wounds_caused[party.unit.id] == struck
        alive = len(party.members) + len(party.reserves)
        assert len(party.members) == min(10, alive)
