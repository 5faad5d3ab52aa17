"""The exact odds of attacks on 40K / Horus Heresy buildings, checked two ways.

1. Full enumeration: the real resolution code (:func:`resolve_shooting`,
   :func:`resolve_close_combat`) is run on every possible sequence of dice, each weighted by its
   exact probability; the resulting distribution must equal the Markov chain's *exactly*.
2. A seeded 100,000-trial simulation through the same code must agree within 0.5 percentage
   points.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import Dice
from rules.odds import Distribution
from rules.wh40k import (
    HORUS_HERESY_DAMAGE_TABLE,
    WH40K_DAMAGE_TABLE,
    Attack,
    Building,
    BuildingProfile,
    BuildingState,
    DamageResult,
    EmplacedWeaponSpec,
    Penetration,
    Surroundings,
    WeaponProfile,
    attack_odds,
    damage_distribution,
    hit_chance,
    penetration_distribution,
    resolve_close_combat,
    resolve_shooting,
)
from tests.rules.wh40k_samples import HEAVY_BOLTER, clock

R = DamageResult


# -- damage table alone ------------------------------------------------------------------------

@pytest.mark.parametrize("table", [WH40K_DAMAGE_TABLE, HORUS_HERESY_DAMAGE_TABLE])
@pytest.mark.parametrize("ap", [None, 3, 2, 1])
@pytest.mark.parametrize("bulwark", [False, True])
def test_damage_distribution_is_the_table_read_face_by_face(table, ap, bulwark):
    odds = damage_distribution(table, ap, bulwark)
    modifier = sum(m.value for m in table.modifiers(ap, bulwark))
    counted: dict[DamageResult, int] = defaultdict(int)
    for face in range(1, 7):
        counted[table.row_for(face + modifier).result] += 1
    assert dict(odds.weights) == {r: Fraction(n, 6) for r, n in counted.items()}


def test_damage_distribution_known_values():
    plain = damage_distribution(WH40K_DAMAGE_TABLE, None, False)
    assert all(plain[r] == Fraction(1, 6) for r in (R.BREACH, R.TREMOR, R.TOTAL_COLLAPSE))
    assert plain[R.DETONATION] == 0
    ap1 = damage_distribution(WH40K_DAMAGE_TABLE, 1, False)
    assert ap1[R.DETONATION] == Fraction(2, 6) and ap1[R.BREACH] == 0
    bulwark = damage_distribution(WH40K_DAMAGE_TABLE, None, True)
    assert bulwark[R.BREACH] == Fraction(2, 6) and bulwark[R.TOTAL_COLLAPSE] == 0
    hh = damage_distribution(HORUS_HERESY_DAMAGE_TABLE, 2, False)
    assert hh[R.BUILDING_SHAKEN] == Fraction(2, 6) and hh[R.TOTAL_COLLAPSE] == Fraction(1, 6)


def test_hit_and_penetration_chances():
    assert [hit_chance(bs) for bs in (1, 2, 3, 4, 5)] == [Fraction(n, 6) for n in (1, 2, 3, 4, 5)]
    assert hit_chance(6) == Fraction(5, 6) + Fraction(1, 6) * Fraction(1, 6)
    assert hit_chance(3, twin_linked=True) == Fraction(3, 4)
    pen = penetration_distribution(9, 14)
    assert (pen[Penetration.NONE], pen[Penetration.GLANCING], pen[Penetration.PENETRATING]) == (
        Fraction(4, 6), Fraction(1, 6), Fraction(1, 6))
    two = penetration_distribution(8, 14, dice=2)
    assert two[Penetration.GLANCING] == Fraction(5, 36)
    assert penetration_distribution(0, 0, haywire=True)[Penetration.GLANCING] == Fraction(4, 6)


# -- full enumeration of the real code ---------------------------------------------------------

class _NeedDie(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _ScriptedDice(Dice):
    """Plays a prefix of faces, then asks the enumerator to branch on the next die."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        super().__init__(seed=0)
        self._prefix = prefix
        self._at = 0

    def _face(self, sides: int) -> int:
        if self._at == len(self._prefix):
            raise _NeedDie(sides)
        self._at += 1
        return self._prefix[self._at - 1]


def enumerate_runs(run):
    """Distribution of ``run(dice)`` over every sequence of dice the code can ask for."""
    found: dict[object, Fraction] = defaultdict(Fraction)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        prefix, chance = stack.pop()
        try:
            key = run(_ScriptedDice(prefix))
        except _NeedDie as need:
            stack.extend((prefix + (f,), chance / need.sides) for f in range(1, need.sides + 1))
            continue
        found[key] += chance
    return Distribution(found)


def state_key(building: Building, results: list[DamageResult], order) -> tuple:
    counts = tuple(results.count(r) for r in order)
    fallen = building.state.destroyed_by if building.destroyed else None
    return (building.hull_points, building.state.armour_lost, building.void_shields_up, fallen,
            counts)


def odds_key(odds):
    return odds.final.map(lambda s: (s.hull_points, s.armour_lost, s.shields_up, s.fallen,
                                     s.counts))


def profile(armour, hull_points, **facts):
    return BuildingProfile.from_values("target", armour, "medium", hull_points=hull_points,
                                       **facts)


WEAPON = WeaponProfile("lascannon", 48, 9, 2, "Heavy 2", shots=2)
MELTA = WeaponProfile("multi-melta", 24, 8, 1, "Heavy 2", shots=2)
ONE_GUN = (EmplacedWeaponSpec("hb", HEAVY_BOLTER),)

SHOOTING_CASES = {
    "40K armour 12, 3 hull points, S9 AP2": (WH40K_DAMAGE_TABLE, profile(12, 3), WEAPON, 4,
                                              "front"),
    "40K thin rear, Mighty Bulwark, S8 AP1": (
        WH40K_DAMAGE_TABLE,
        profile({"front": 10, "right": 10, "rear": 2, "left": 10}, 4, mighty_bulwark=True),
        MELTA, 5, "front"),
    "40K void shield, 2 hull points": (WH40K_DAMAGE_TABLE, profile(11, 2, void_shields=1),
                                       WEAPON, 4, "left"),
    "HH one weapon, 3 hull points, S8 AP1": (HORUS_HERESY_DAMAGE_TABLE,
                                              profile(11, 3, emplaced_weapons=ONE_GUN),
                                              MELTA, 4, "rear"),
    "HH no weapons, 2 hull points, S9 AP2": (HORUS_HERESY_DAMAGE_TABLE, profile(12, 2),
                                              WEAPON, 4, "right"),
}


@pytest.mark.parametrize("case", sorted(SHOOTING_CASES))
def test_shooting_odds_equal_full_enumeration(case):
    table, target, weapon, bs, facing = SHOOTING_CASES[case]
    order = tuple(dict.fromkeys(r.result for r in table.rows))
    surroundings = Surroundings(choose_weapon=lambda left: left[0])

    def run(dice):
        building = Building(target)
        out = resolve_shooting(building, weapon, bs, facing, dice, clock(), table, surroundings)
        return state_key(building, [r for h in out.hits for r in h.results], order)

    exact = attack_odds(Building(target), facing, weapon.shots, bs, weapon.strength, weapon.ap,
                        table)
    assert dict(enumerate_runs(run).weights) == dict(odds_key(exact).weights)


def test_close_combat_odds_equal_full_enumeration():
    target = profile({"front": 14, "right": 13, "rear": 15, "left": 13}, 2)
    order = tuple(dict.fromkeys(r.result for r in WH40K_DAMAGE_TABLE.rows))
    bombs = Attack(8, 1, "melta bombs", penetration_dice=2)

    def run(dice):
        building = Building(target)
        outs = resolve_close_combat(building, bombs, 2, dice, clock())
        return state_key(building, [r for o in outs for r in o.results], order)

    exact = attack_odds(Building(target), "rear", 2, None, 8, 1, penetration_dice=2)
    assert dict(enumerate_runs(run).weights) == dict(odds_key(exact).weights)


def test_odds_start_from_the_buildings_current_state():
    building = Building(profile(12, 3))
    building.state.hull_points_lost = 2
    building.state.armour_lost = 1
    odds = attack_odds(building, "front", 1, 4, 9, None)
    glance_or_pen = hit_chance(4) * Fraction(5, 6)  # 9 + 2..6 against armour 11
    assert odds.destroyed == glance_or_pen
    assert odds.hull_points_left[0] == glance_or_pen


# -- questions a player asks -------------------------------------------------------------------

def test_bastion_planning_numbers():
    bastion = Building(profile(14, 4))
    odds = attack_odds(bastion, "front", 4, 4, 9, 2)
    assert sum(odds.hull_points_left.weights.values()) == 1
    assert odds.destroyed == odds.fate.probability(lambda f: f is not None)
    assert odds.result_chance(R.DETONATION) > 0
    assert set(odds.summary()) >= {"Breach!", "Detonation!", "destroyed"}
    assert odds.result_count(R.BREACH).mean() == 0  # AP2 adds 1: no total of 1 or less
    assert odds.result_count(R.TREMOR).mean() > 0


def test_more_shots_never_lower_the_chance_of_destruction():
    bastion = Building(profile(14, 4))
    chances = [attack_odds(bastion, "front", n, 4, 9, 2).destroyed for n in range(0, 6)]
    assert chances[0] == 0 and chances == sorted(chances)


def test_weapon_that_cannot_glance_gives_certain_survival():
    odds = attack_odds(Building(profile(14, 4)), "front", 5, 5, 4, None)
    assert odds.destroyed == 0 and odds.hull_points_left[4] == 1


# -- seeded simulation -------------------------------------------------------------------------

TRIALS = 100_000


def test_seeded_simulation_agrees_within_half_a_percentage_point():
    target = profile(12, 3, mighty_bulwark=False)
    weapon = replace(WEAPON, shots=1)
    exact = attack_odds(Building(target), "front", 1, 4, weapon.strength, weapon.ap)
    dice = Dice(seed=20261129)
    hull: dict[int, int] = defaultdict(int)
    results: dict[DamageResult, int] = defaultdict(int)
    for _ in range(TRIALS):
        building = Building(target)
        out = resolve_shooting(building, weapon, 4, "front", dice, clock())
        hull[building.hull_points] += 1
        for result in {r for h in out.hits for r in h.results}:
            results[result] += 1
        dice.rolls.clear()
    for hp, chance in exact.hull_points_left.items():
        assert abs(hull[hp] / TRIALS - float(chance)) < 0.005, (hp, hull[hp], chance)
    for result in exact.results:
        assert abs(results[result] / TRIALS - float(exact.result_chance(result))) < 0.005


@pytest.mark.slow
def test_seeded_simulation_of_a_full_volley():
    target = profile(13, 3)
    exact = attack_odds(Building(target), "front", 2, 4, 9, 1)
    weapon = WeaponProfile("lascannons", 48, 9, 1, "Heavy 2", shots=2)
    dice = Dice(seed=7)
    destroyed = 0
    for _ in range(TRIALS):
        building = Building(target)
        resolve_shooting(building, weapon, 4, "front", dice, clock())
        destroyed += building.destroyed
        dice.rolls.clear()
    assert abs(destroyed / TRIALS - float(exact.destroyed)) < 0.005


def test_two_weapons_in_turn_equal_full_enumeration_on_a_dilapidated_building():
    target = profile(13, 2)
    lascannon = WeaponProfile("lascannon", 48, 9, 2, "Heavy 1")
    melta = WeaponProfile("melta", 12, 8, 1, "Assault 1")
    order = tuple(dict.fromkeys(r.result for r in WH40K_DAMAGE_TABLE.rows))

    def fresh():
        building = Building(target)
        building.state.dilapidated = True
        return building

    def run(dice):
        building = fresh()
        first = resolve_shooting(building, lascannon, 4, "front", dice, clock())
        second = resolve_shooting(building, melta, 4, "front", dice, clock())
        results = [r for out in (first, second) for h in out.hits for r in h.results]
        return state_key(building, results, order)

    first = attack_odds(fresh(), "front", 1, 4, 9, 2)
    both = attack_odds(fresh(), "front", 1, 4, 8, 1, after=first)
    assert dict(enumerate_runs(run).weights) == dict(odds_key(both).weights)


def test_volleys_in_turn_equal_one_volley():
    building = Building(profile(12, 3))
    one = attack_odds(building, "front", 1, 4, 9, 2)
    again = attack_odds(building, "front", 2, 4, 9, 2, after=one)
    assert again.final == attack_odds(building, "front", 3, 4, 9, 2).final
    with pytest.raises(ValueError, match="same damage table"):
        attack_odds(building, "front", 1, 4, 9, 2, HORUS_HERESY_DAMAGE_TABLE, after=one)


def test_close_combat_odds_leave_void_shields_up():
    building = Building(profile(11, 2, void_shields=1))
    odds = attack_odds(building, "rear", 3, None, 6, None)
    assert odds.final.probability(lambda s: s.shields_up == 1) == 1
    assert odds.destroyed > 0


@settings(max_examples=40, deadline=None)
@given(
    armour=st.integers(8, 14), hull_points=st.integers(1, 3), strength=st.integers(5, 10),
    ap=st.sampled_from([None, 3, 2, 1]), bs=st.integers(1, 7), bulwark=st.booleans(),
    dilapidated=st.booleans(), shields=st.integers(0, 1), guns=st.integers(0, 1),
    horus_heresy=st.booleans(), facing=st.sampled_from(["front", "rear"]),
)
def test_one_shot_odds_equal_enumeration_for_any_building(
    armour, hull_points, strength, ap, bs, bulwark, dilapidated, shields, guns, horus_heresy,
    facing,
):
    table = HORUS_HERESY_DAMAGE_TABLE if horus_heresy else WH40K_DAMAGE_TABLE
    target = profile({"front": armour, "right": armour, "rear": armour - 2, "left": armour},
                     hull_points, mighty_bulwark=bulwark, void_shields=shields,
                     emplaced_weapons=ONE_GUN * guns)
    weapon = WeaponProfile("gun", 24, strength, ap, "Heavy 1")
    order = tuple(dict.fromkeys(r.result for r in table.rows))
    surroundings = Surroundings(choose_weapon=lambda left: left[0])

    def fresh():
        return Building(target, BuildingState(dilapidated=dilapidated))

    def run(dice):
        building = fresh()
        out = resolve_shooting(building, weapon, bs, facing, dice, clock(), table, surroundings)
        return state_key(building, [r for h in out.hits for r in h.results], order)

    exact = attack_odds(fresh(), facing, 1, bs, strength, ap, table)
    assert dict(enumerate_runs(run).weights) == dict(odds_key(exact).weights)
