"""Battlements as difficult terrain and the seed 000 FAQ answers (escape hatch, gun
emplacement, flamers and the Promethium Pipes)."""

import pytest

from rules.wh40k import BuildingProfile
from rules.wh40k.battlements import (
    TerrainTest,
    battlements_move,
    counts_for_radius,
    fuel_siphon_applies,
    gun_emplacement_controllers,
    may_assault_access_point,
    may_charge_after_exit,
)


@pytest.mark.parametrize("troop_type", ["jump_infantry", "jet_pack_infantry", "jetbikes",
                                        "skimmer"])
@pytest.mark.parametrize(("started", "ended"), [(True, False), (False, True), (True, True)])
def test_jump_jet_pack_jetbike_and_skimmer_skip_the_dangerous_test(troop_type, started, ended):
    """Seed 000: "Jump units, Jet Pack units, Jetbikes and Skimmers do not need to take
    Dangerous Terrain tests if they start or end their move on a battlement." """
    move = battlements_move(troop_type, started, ended)
    assert move.test is TerrainTest.NONE and "no Dangerous Terrain test" in move.reason


@pytest.mark.parametrize(("troop_type", "test"), [
    ("infantry", TerrainTest.DIFFICULT), ("monstrous_creature", TerrainTest.DIFFICULT),
    ("walker", TerrainTest.DIFFICULT), ("vehicle", TerrainTest.DANGEROUS),
    ("bikes", TerrainTest.DIFFICULT), ("cavalry", TerrainTest.DIFFICULT),
])
def test_battlements_are_difficult_terrain_for_everyone_else(troop_type, test):
    """Seed 000: "Battlements are treated as a separate piece of terrain from the building that
    they are on top of. They are difficult terrain." (RULES.md section 1: vehicles treat
    difficult terrain as dangerous: -1 hull point and Immobilised on a 1. It names no other
    type: bikes and cavalry test as difficult unless the scenario option says otherwise,
    tests/rules/test_wh40k_terrain.py.)"""
    on = battlements_move(troop_type, started_on=False, ended_on=True)
    off = battlements_move(troop_type, started_on=True, ended_on=False)
    assert on.test is test and off.test is test
    assert battlements_move(troop_type, False, False).test is TerrainTest.NONE
    if troop_type == "vehicle":
        assert "-1 hull point and Immobilised" in on.reason


def test_escape_hatch_faq() -> None:
    """Seed 000 FAQ: "When measuring special rules that use a radius whilst in a building,
    does the escape hatch count as part of the building? No." and "Can an opponent assault an
    escape hatch ... can it be assaulted as a normal Access Point? No." """
    assert not counts_for_radius(escape_hatch=True) and counts_for_radius(False)
    assert not may_assault_access_point(True) and may_assault_access_point(False)
    assert not may_charge_after_exit(True) and may_charge_after_exit(False)


def test_the_bastion_datasheet_lists_its_escape_hatch_apart() -> None:
    """The shipped Imperial Bastion has its door and an escape hatch (access points)."""
    import json
    from pathlib import Path

    data = json.loads(Path("resources/datasheets/imperial_bastion.json").read_text())
    profile = BuildingProfile.from_dict(data)
    assert profile.access_points == ("door", "escape-hatch")
    assert profile.escape_hatches == ("escape-hatch",)


def test_both_sides_in_base_contact_control_a_gun_emplacement() -> None:
    """Seed 000 FAQ: "If both players have models in base contact with a gun emplacement,
    which player controls it? They both do." """
    assert gun_emplacement_controllers({"red", "blue"}) == ("blue", "red")
    assert gun_emplacement_controllers({"red"}) == ("red",)
    assert gun_emplacement_controllers(set()) == ()


@pytest.mark.parametrize(("name", "special", "gets"), [
    ("Flamer", (), True), ("Heavy flamer", (), True), ("Ork burna", ("Flamer",), True),
    ("Meltagun", (), False), ("Heavy bolter", (), False),
])
def test_every_weapon_noted_as_a_flamer_gets_fuel_siphon(name, special, gets):
    """Seed 000 FAQ: "All weapons that are specifically noted as being flamer weapons receive
    the benefit of the Promethium Pipes special rule." """
    assert bool(fuel_siphon_applies(name, special)) is gets
