"""The declared unit stats: checked on load with the JSON location, read with their defaults."""

from __future__ import annotations

import json

import pytest

from board.document.errors import ScenarioError
from board.document.io import scenario_from_dict, scenario_to_dict
from board.document.model import RuleSystem, TroopType, Unit
from board.document.stats import (
    PROFILES,
    STATS,
    check_stats,
    missing_stat_text,
    stat,
    stat_flag,
    stat_int,
    stat_number,
    systems_of,
)
from tests.board import samples


def _with_stats(stats: dict[str, object]) -> dict[str, object]:
    data = scenario_to_dict(samples.small_scenario())
    data["units"][1]["stats"] = stats  # type: ignore[index]
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("stats", "where", "words"), [
    ({"ws": 12}, "units[1].stats.ws",
     "Weapon Skill (WS) must be a whole number from 0 to 10, got 12"),
    ({"ws": 3.5}, "units[1].stats.ws", "must be whole number, got 3.5"),
    ({"save": 0}, "units[1].stats.save", "from 1 to 6, got 0"),
    ({"movement": -1}, "units[1].stats.movement", "from 0 to 100, got -1"),
    ({"armour": {"front": 14, "rear": 10}}, "units[1].stats.armour", "got"),
    ({"armour": {"front": 14, "right": 13, "rear": 99, "left": 13}},
     "units[1].stats.armour.rear", "got 99"),
    ({"psyker": 1}, "units[1].stats.psyker", "must be `true`/`false`, got 1"),
    ({"assault_factors": {"m1": "six"}}, "units[1].stats.assault_factors", "got"),
    ({"champion": 3}, "units[1].stats.champion", "model id"),
    ({"roster": {"key": 7}}, "units[1].stats.roster", "Army list entry must be"),
    ({"roster": {"key": "u1", "points": float("inf")}}, "units[1].stats.roster.points",
     "not a finite number"),
    ({"roster": {"key": "u1", "trojan": True}}, "units[1].stats.roster", "got"),
    ({"roster": ["u1"]}, "units[1].stats.roster", "got"),
])
def test_a_bad_stat_is_refused_on_load_with_its_location(stats: dict[str, object], where: str,
                                                         words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_dict(_with_stats(stats), samples.library())
    assert caught.value.where == where
    assert words in caught.value.message


def test_good_stats_and_unknown_keys_load_and_round_trip() -> None:
    stats = {"ws": 4, "t": 3, "save": 5, "armour": {"front": 14, "right": 13, "rear": 10,
                                                    "left": 13}, "my_note": [1, "x"],
             "musician": "m-2", "ward": None,
             "roster": {"key": "sel-1", "entry": "e-9", "points": 90, "wargear": ["bolter"],
                        "guessed": True}}
    scenario = scenario_from_dict(_with_stats(stats), samples.library())
    assert scenario.units[1].stats == stats


def test_the_accessors_read_values_and_declared_defaults() -> None:
    unit = Unit("u", "Spearmen", "red", TroopType.INFANTRY, stats={"ws": 3, "movement": 4})
    assert stat_int(unit, "ws") == 3
    assert stat_int(unit, "w") == 1  # declared default
    assert stat_int(unit, "t") is None  # needed, no default
    assert stat_number(unit, "movement") == 4.0
    assert stat_flag(unit, "marched") is False
    unit.stats["ws"] = 11
    with pytest.raises(ScenarioError, match="0 to 10, got 11"):
        stat_int(unit, "ws")


def test_a_missing_stat_says_its_name_and_where_to_enter_it() -> None:
    unit = Unit("u", "Spearmen", "red", TroopType.INFANTRY)
    text = missing_stat_text(unit, "assault_factor")
    assert "Spearmen" in text and "no Close assault factor in" in text  # its name, not its key
    assert "Edit Unit" in text


def test_every_profile_field_is_a_declared_stat_whose_default_is_in_range() -> None:
    for system in RuleSystem:
        for field in PROFILES[system]:
            s = stat(field.key)
            assert system in systems_of(s), (system, field.key)
            check_stats({field.key: field.default})


def test_the_profiles_are_the_rulebooks() -> None:
    labels = {system: [f.label for f in fields] for system, fields in PROFILES.items()}
    assert labels[RuleSystem.WH40K] == ["WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv"]
    assert labels[RuleSystem.WARHAMMER_FANTASY][:9] == ["M", "WS", "BS", "S", "T", "W", "I",
                                                         "A", "Ld"]
    assert {f.key for f in PROFILES[RuleSystem.EPIC40K]} == {"movement", "armour",
                                                              "assault_factor", "firepower"}
    assert len({s.key for s in STATS}) == len(STATS)
