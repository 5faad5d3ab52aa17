"""Building profiles from datasheet values, building state and its JSON round trip."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from rules.dice import FixedDice
from rules.wh40k import (
    FACINGS,
    Attack,
    Building,
    BuildingCondition,
    BuildingProfile,
    BuildingSize,
    BuildingState,
    DamageResult,
    PlayerTurn,
    Surroundings,
    TurnClock,
    automated_fire,
    can_fire,
    resolve_hit,
)
from tests.rules.wh40k_samples import RED, bastion, bastion_profile, clock, occupy, squad

DATASHEETS = Path(__file__).resolve().parents[2] / "resources" / "datasheets"


def load(name: str) -> BuildingProfile:
    return BuildingProfile.from_dict(json.loads((DATASHEETS / f"{name}.json").read_text()))


# -- profiles ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("size", "capacity", "hull_points"),
                         [("small", 10, 3), ("medium", 20, 4), ("large", 30, 5)])
def test_size_chart_fills_unlisted_values(size, capacity, hull_points):
    profile = BuildingProfile.from_values("b", 12, size)
    assert (profile.transport_capacity, profile.hull_points) == (capacity, hull_points)
    assert profile.size is BuildingSize(size)


def test_listed_values_win_over_the_size_chart():
    profile = BuildingProfile.from_values("b", 12, "medium", transport_capacity=12, hull_points=2)
    assert (profile.transport_capacity, profile.hull_points) == (12, 2)


def test_medium_building_without_listed_values_holds_20_and_has_4_hull_points():
    profile = load("wh40k_medium_building")
    assert profile.transport_capacity == 20 and profile.hull_points == 4
    assert profile.access_points == ("door-rear", "door-front")
    assert profile.battlements and len(profile.fire_points) == 8
    assert all(f.models == 2 for f in profile.fire_points)


def test_one_armour_value_fills_every_facing_and_a_mapping_must_name_all_four():
    assert dict(BuildingProfile.from_values("b", 13, "small").armour) == dict.fromkeys(FACINGS, 13)
    faced = BuildingProfile.from_values("b", {"front": 14, "right": 13, "rear": 12, "left": 13},
                                        "small")
    assert faced.armour["rear"] == 12
    with pytest.raises(ValueError, match="must give the facings"):
        BuildingProfile.from_values("b", {"front": 14}, "small")
    with pytest.raises(ValueError, match="0 to 15, not 16"):
        BuildingProfile.from_values("b", 16, "small")


def test_missing_size_and_values_is_refused_with_the_numbers():
    with pytest.raises(ValueError, match=r"lists no size.*capacity \(None\)"):
        BuildingProfile.from_values("b", 12, None, hull_points=3)
    with pytest.raises(ValueError, match="lists no armour"):
        BuildingProfile.from_dict({"id": "x", "size": "small"})


def test_imperial_bastion_datasheet():
    profile = load("imperial_bastion")
    assert dict(profile.armour) == dict.fromkeys(FACINGS, 14)
    assert profile.hull_points == 4 and profile.transport_capacity == 20
    assert len(profile.emplaced_weapons) == 5
    icarus = profile.weapon("icarus-lascannon")
    assert icarus.on_battlements and icarus.weapon.strength == 9 and icarus.weapon.ap == 2
    with pytest.raises(KeyError, match="has no emplaced weapon 'nope'"):
        profile.weapon("nope")


def test_profile_from_the_documents_datasheet_dataclass():
    from board.document.datasheet import Datasheet, SizeClass, TerrainKind

    sheet = Datasheet("hut", "Hut", TerrainKind.BUILDING, ("wh40k",), size=SizeClass.LARGE,
                      armour=dict.fromkeys(FACINGS, 11), mighty_bulwark=True)
    profile = BuildingProfile.from_dict(asdict(sheet))
    assert profile.size is BuildingSize.LARGE and profile.hull_points == 5
    assert profile.mighty_bulwark


def test_void_shield_generator_projects_three_shields():
    profile = load("void_shield_generator")
    assert profile.projected_void_shields == 3 and profile.impassable
    assert Building(profile).projected_shields_up == 3


# -- the seed's bastion: armour 14, 12 dilapidated, and then its guns are silent -------------------

def test_imperial_bastion_at_armour_14_and_12_when_dilapidated():
    assert [bastion().armour(f) for f in FACINGS] == [14] * 4
    old = bastion(dilapidated=True)
    assert [old.armour(f) for f in FACINGS] == [12] * 4
    assert old.lowest_armour == 12


def test_dilapidated_bastions_guns_do_not_fire_unless_agreed():
    old = bastion(dilapidated=True, claimed_by=RED)
    refusal = can_fire(old, "icarus")
    assert not refusal and "dilapidated" in refusal.reason
    shots = automated_fire(old, (), lambda weapon: ["enemy"], FixedDice([]))
    assert all(s.target is None for s in shots)
    agreed = bastion(dilapidated=True, dilapidated_weapons_fire=True, claimed_by=RED)
    assert can_fire(agreed, "icarus")


def test_dilapidated_armour_loss_counts_toward_penetration():
    old = bastion(dilapidated=True)
    out = resolve_hit(old, Attack(9, 2), "front", FixedDice([3, 1]), clock())  # 12 vs 12
    assert out.penetration.result.value == "glancing hit" and old.hull_points == 3


def test_unknown_facing_is_refused():
    with pytest.raises(ValueError, match="unknown facing 'top'"):
        bastion().armour("top")


# -- state -------------------------------------------------------------------------------------

def test_state_round_trips_through_json_after_a_battle():
    building = bastion()
    inside = squad(models=3)
    occupy(building, inside)
    building.state.on_battlements = ["scouts"]
    surroundings = Surroundings(units={"tactical": inside, "scouts": squad("scouts", models=1)})
    resolve_hit(building, Attack(10, 2), "front", FixedDice([6, 1]), clock())  # Tremor
    resolve_hit(building, Attack(10, 2), "front", FixedDice([6, 4, 2, 2, 3]), clock(),
                surroundings=surroundings)  # Catastrophic Breach: D3 from 2 = 1, weapon 3
    text = json.dumps(building.state.to_dict())
    again = BuildingState.from_dict(json.loads(text))
    assert again == building.state
    assert again.effects and again.effects[0].until == PlayerTurn(3, RED, 0)
    collapse = resolve_hit(building, Attack(10, 1), "front", FixedDice([6, 6] + [1] * 10),
                           clock(), surroundings=surroundings)
    assert collapse.results == [DamageResult.DETONATION]
    again = BuildingState.from_dict(json.loads(json.dumps(building.state.to_dict())))
    assert again == building.state and again.condition is BuildingCondition.CRATER


def test_state_from_dict_names_unknown_keys():
    with pytest.raises(ValueError, match=r"unknown building state keys: \['hp'\]"):
        BuildingState.from_dict({"hp": 3})


def test_turn_clock():
    now = TurnClock((RED, "blue"), 1, RED)
    assert now.next_turn_of(RED) == PlayerTurn(2, RED, 0)
    assert now.next_turn_of("blue") == PlayerTurn(1, "blue", 1)
    assert now.next_turn_of(None) == PlayerTurn(1, "blue", 1)
    assert now.advance().now == PlayerTurn(1, "blue", 1)
    assert now.advance().advance().now == PlayerTurn(2, RED, 0)
    with pytest.raises(ValueError, match="two different players"):
        TurnClock((RED, RED))
    with pytest.raises(ValueError, match="'green' is not one of"):
        TurnClock((RED, "blue"), 1, "green")


def test_bastion_profile_sample_matches_the_shipped_datasheet():
    shipped, sample = load("imperial_bastion"), bastion_profile()
    assert dict(shipped.armour) == dict(sample.armour)
    assert (shipped.hull_points, shipped.transport_capacity) == (sample.hull_points,
                                                                 sample.transport_capacity)
    assert len(shipped.emplaced_weapons) == len(sample.emplaced_weapons)


def test_building_from_the_documents_plain_values():
    datasheet = json.loads((DATASHEETS / "imperial_bastion.json").read_text())
    fresh = Building.from_dicts(datasheet, {}, claimed_by=RED)
    assert fresh.state.claimed_by == RED and fresh.hull_points == 4
    fresh.state.hull_points_lost = 1
    again = Building.from_dicts(datasheet, fresh.state.to_dict(), claimed_by="blue")
    assert again.state == fresh.state and again.state.claimed_by == RED
