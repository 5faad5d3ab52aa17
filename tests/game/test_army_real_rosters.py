"""Real army lists nobody here wrote (public parsers' test data, each with its source and licence).

The files are kept outside this repository (tests/game/real_rosters.py says where and why);
tests/game/rosters/real_sources.json names each one's repository, path, commit and licence.

Every list is read; a list for one of the board's systems is mapped onto that system, a list for
another game is refused with both names. Per unit, the model count is the file's own (counted by
hand from the XML for the units named below), and the base names its source: the datasheet
source (40kdc-data, through the wh40kdc package, matched by BattleScribe id or by name), a row of
resources/base_sizes.json citing a page someone read, or a guess that says so.
"""

from __future__ import annotations

import pytest

from board.document.model import Base, RuleSystem
from board.document.roster import read_roster_file
from board.document.roster.bases import BaseLibrary
from board.game.army.game_system import list_system
from board.game.army.mapping import map_unit
from board.game.army.plan import WrongSystem, plan_import
from tests.game.real_rosters import MISSING, REAL, manifest
from tests.game.test_army_import import _scenario

SOURCES = manifest()
FILES = sorted(e["file"] for e in SOURCES)
OURS = {"wh40k", "horus_heresy", "epic40k", "warhammer_fantasy"}
pytestmark = pytest.mark.skipif(REAL is None, reason=MISSING)


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> BaseLibrary:
    loaded, problem = BaseLibrary.load(tmp_path_factory.mktemp("bases") / "none.json")
    assert problem == ""
    return loaded


def _units(name: str, library: BaseLibrary):
    roster = read_roster_file(REAL / name)
    system, edition = list_system(roster.game_system)
    assert system is not None, roster.game_system
    units: dict = {}
    for unit in roster.units:  # the first unit of a name
        units.setdefault(unit.name, map_unit(system, unit, library, edition))
    return units, roster


def test_every_file_is_kept_with_its_source_and_licence():
    assert len(FILES) >= 20
    for entry in SOURCES:
        assert (REAL / entry["file"]).is_file(), entry["file"]
        assert entry["repo"] and len(entry["commit"]) == 40 and entry["licence"]
        assert (REAL / entry["licence_file"].split(" ")[0]).is_file(), entry
    formats = {e["format"] for e in SOURCES}
    assert {"BattleScribe 1.x", "BattleScribe 2.x"} <= formats


@pytest.mark.parametrize("name", FILES)
def test_each_real_list_is_read_and_each_unit_counted(name, library):
    roster = read_roster_file(REAL / name)
    system, edition = list_system(roster.game_system)
    if system is None:
        assert roster.game_system  # another game: named, and refused below
        return
    assert system.value in OURS
    for unit in roster.units:
        plan = map_unit(system, unit, library, edition)
        for model in plan.models:
            assert model.count >= 1 and model.choice.source, (unit.name, model.name)
            assert model.choice.origin in ("datasheet", "library", "guess"), model.choice
        if plan.count_guess:
            assert plan.guessed and plan.count_guess in plan.notes


# -- units counted by hand from the files -------------------------------------------------

#: (file, unit) -> {model: count}: what the file lists, counted by hand from its XML.
COUNTS = {
    # a model holding models: the Commander is a model beside his two drones
    ("wh40k_9th_tau_commander_drones.rosz", "Commander in XV8 Crisis Battlesuit"):
        {"Commander in XV8 Crisis Battlesuit": 1, "MV1 Gun Drone": 2},
    # 8th-edition data: models written as upgrades carrying a unit profile of their own
    ("wh40k_8th_astra_militarum.ros", "Special Weapons Squad"):
        {"Guardsman": 3, "Guardsman W/ Special Weapon": 3},
    ("wh40k_8th_space_wolves.rosz", "Incursor Squad"): {"Incursor": 4, "Incursor Sergeant": 1},
    ("wh40k_8th_space_wolves.rosz", "Wulfen"): {"Wulfen": 4, "Wulfen Pack Leader": 1},
    ("wh40k_9th_blood_angels.ros", "Assault Intercessor Squad"):
        {"Assault Intercessor Sgt": 1, "Assault Intercessor": 4},
    # a character who comes with others: the unit's own profile is a model too
    ("wh40k_9th_character_units.ros", "Grimnyr"): {"Grimnyr": 1, "CORV": 2},
    ("wh40k_9th_character_units.ros", "Dark Apostle"): {"Dark Apostle": 1, "Dark Disciple": 2},
    # a model entry that only groups others is not a model itself
    ("wh40k_9th_gsc.rosz", "Achilles Ridgerunners"): {"Achilles Ridgerunner": 1},
    ("wh40k_9th_death_guard.rosz", "Deathshroud Terminators"):
        {"Deathshroud Champion": 1, "Deathshroud Terminator": 2},
    # BattleScribe 1.x: units under force/categories/category/selections
    ("wh40k_7th_space_wolves_tau.ros", "Blood Claws"): {"Blood Claw": 5},
    ("hh_3rd_dark_angels.rosz", "Cataphractii Terminator Squad"):
        {"Cataphractii Terminator Sergeant": 1, "Cataphractii Terminator": 4},
    ("hh_2022_dark_angels.rosz", "Land Raider Spartan"): {"Land Raider Spartan": 1},
    # a model typed 'model' beside models typed 'upgrade' (8th-9th edition Astra Militarum)
    ("wh40k_8th_astra_militarum.ros", "Infantry Squad"): {"Sergeant": 1, "Guardsman": 9},
    # a Rhino bought inside a 30k squad is a unit of its own, not a model of the squad
    ("hh_30k_dark_angels.ros", "Tactical Squad, Legion , Compulsory"):
        {"Tactical Space Marines, Legion": 9, "Tactical Sergeant, Legion": 1},
    ("hh_30k_dark_angels.ros", "Rhino Armoured Carrier, Legion"):
        {"Rhino Armoured Carrier, Legion": 1},
}


@pytest.mark.parametrize("case", list(COUNTS), ids=[f"{f}:{u}" for f, u in COUNTS])
def test_units_have_every_model_the_file_lists(case, library):
    name, unit_name = case
    units, _ = _units(name, library)
    got: dict[str, int] = {}
    for model in units[unit_name].models:
        got[model.name] = got.get(model.name, 0) + model.count
    assert got == COUNTS[case]


def test_a_bs1_list_reads_its_units_from_the_categories(library):
    roster = read_roster_file(REAL / "wh40k_7th_space_wolves_tau.ros")
    assert roster.source_format == "BattleScribe .ros"
    assert [u.name for u in roster.units] == ["Aun'Shi", "Fire Warrior Team", "Fire Warrior Team",
                                              "Piranhas", "Wolf Priest", "Blood Claws"]
    assert [u.model_count for u in roster.units] == [1, 6, 6, 1, 1, 5]


# -- bases with their source ------------------------------------------------------------

#: (file, unit, model) -> (base, how the source is named)
BASES = {
    ("wh40k_10th_ultramarines.rosz", "Outrider Squad", None):
        (Base.oval_mm(90, 52.5), "40kdc-data: Outrider Squad, by BattleScribe id b5e8-c34b"),
    ("wh40k_10th_necrons.rosz", "The Silent King", "Szarekh"):
        (Base.round_mm(100), "40kdc-data: The Silent King, by BattleScribe id 7422-7fbf"),
    ("wh40k_10th_necrons.rosz", "The Silent King", "Triarchal Menhir"):
        (Base.round_mm(50), "40kdc-data: The Silent King, by BattleScribe id 7422-7fbf"),
    ("wh40k_10th_votann.rosz", "Hearthkyn Warriors", "Theyn"):
        (Base.round_mm(28.5), "40kdc-data: Hearthkyn Warriors, by BattleScribe id ba4f-c3f9"),
    ("wh40k_9th_death_guard.rosz", "Deathshroud Terminators", None):
        (Base.round_mm(40), "40kdc-data: Deathshroud Terminators, by name"),
    ("wh40k_9th_imperial_knights.rosz", "Knight Castellan", None):
        (Base.oval_mm(170, 109), "40kdc-data: Knight Castellan, by name"),
    ("wh40k_8th_dg_tsons.rosz", "Poxwalkers", None):
        (Base.round_mm(25), "40kdc-data: Poxwalkers, by name"),
    ("wh40k_9th_character_units.ros", "Grimnyr", "CORV"):
        (Base.round_mm(25), "40kdc-data: Grimnyr, by name"),
}


@pytest.mark.parametrize("case", list(BASES), ids=[f"{f}:{u}:{m}" for f, u, m in BASES])
def test_models_stand_on_the_sources_base_and_name_it(case, library):
    name, unit_name, model_name = case
    units, _ = _units(name, library)
    base, source = BASES[case]
    models = [m for m in units[unit_name].models if model_name in (None, m.name)]
    assert models
    for model in models:
        assert model.choice.base == base, (model.name, model.choice.base.label)
        assert model.choice.origin == "datasheet" and model.choice.source.startswith(source)
        assert model.choice.sourced


def test_a_datasheet_fixes_the_size_of_a_unit_that_lists_no_models(library):
    """An Apocalypse list names units without models: the datasheet's smallest size, flagged."""
    units, _ = _units("wh40k_apoc_dark_angels.rosz", library)
    squad = units["Intercessor Squad"]
    assert squad.count == 5 and squad.guessed
    assert "the smallest Intercessor Squad (40kdc-data)" in squad.count_guess


# -- lists for other games --------------------------------------------------------------

@pytest.mark.parametrize("name", ["aos_3rd_khorne.rosz", "mesbg_2018_mordor.rosz",
                                  "killteam_2021_kommandos.rosz",
                                  "hh_3rd_dark_angels.rosz"])
def test_a_list_for_another_game_is_refused_with_both_names(name, library):
    roster = read_roster_file(REAL / name)
    with pytest.raises(WrongSystem) as refused:
        plan_import(_scenario(RuleSystem.WH40K), roster, "red", library)
    assert roster.game_system in str(refused.value) and "Warhammer 40,000" in str(refused.value)
    plan = plan_import(_scenario(RuleSystem.WH40K), roster, "red", library, any_system=True)
    assert plan.units
