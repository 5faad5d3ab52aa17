"""The shipped datasheets give the rules modules what they ask for (no Qt)."""

from __future__ import annotations

import dataclasses

import pytest

from board.document.datasheet import TerrainKind
from board.document.datasheet_json import datasheet_to_dict
from rules.epic40k.state import BuildingState
from rules.epic40k.tables import SIZES, SizeClass
from rules.warhammer_fantasy.garrison import building_line_of_sight
from rules.wh40k.profile import BuildingProfile
from tests.board import samples


def sheets(system: str) -> list[str]:
    lib = samples.library()
    return sorted(
        s for s in lib if system in lib[s].systems and lib[s].kind is TerrainKind.BUILDING
    )


@pytest.mark.parametrize("sheet_id", sheets("wh40k"))
def test_40k_buildings_make_profiles(sheet_id: str) -> None:
    sheet = samples.library()[sheet_id]
    profile = BuildingProfile.from_dict(dataclasses.asdict(sheet))
    assert profile == BuildingProfile.from_dict(datasheet_to_dict(sheet))
    assert profile.armour == sheet.armour
    size_defaults = {"small": (10, 3), "medium": (20, 4), "large": (30, 5)}
    assert sheet.size is not None
    capacity, hull_points = size_defaults[sheet.size.value]
    assert profile.hull_points == (sheet.hull_points or hull_points)
    assert profile.transport_capacity == (sheet.transport_capacity or capacity)
    assert len(profile.emplaced_weapons) == len(sheet.emplaced_weapons)


def test_bastion_profile_numbers() -> None:
    bastion = BuildingProfile.from_dict(dataclasses.asdict(samples.library()["imperial_bastion"]))
    assert (bastion.armour["front"], bastion.hull_points, bastion.transport_capacity) == (14, 4, 20)
    assert len(bastion.emplaced_weapons) == 5
    assert sum(w.on_battlements for w in bastion.emplaced_weapons) == 1


@pytest.mark.parametrize("sheet_id", sheets("epic40k"))
def test_epic_buildings_match_the_rules_size_table(sheet_id: str) -> None:
    sheet = samples.library()[sheet_id]
    assert sheet.size is not None
    size = SizeClass(sheet.size.value)
    state = BuildingState.new(size, sheet.damage_capacity)
    assert state.damage_capacity == SIZES[size].damage_capacity
    assert state.assault_factor == sheet.assault_factor
    assert state.armour == sheet.epic_armour


@pytest.mark.parametrize("sheet_id", sheets("warhammer_fantasy"))
def test_fantasy_buildings_line_of_sight(sheet_id: str) -> None:
    sheet = samples.library()[sheet_id]
    assert building_line_of_sight(sheet.floors) == 5 * sheet.floors
