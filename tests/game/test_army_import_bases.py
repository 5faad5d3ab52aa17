"""The test rosters' units get the bases the library verified, and say where they came from.

Each model of the five test lists (tests/game/rosters/) is mapped by the importer and its
base, its origin (library / guess), whether it is sure, and the source it shows the player
are checked against resources/base_sizes.json as verified: a sure base names a source that
was read (its address in the library), an unverified one says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from board.document.io import load_scenario
from board.document.model import Base, RuleSystem, Table
from board.document.roster import read_roster_file
from board.document.roster.bases import BaseLibrary
from board.game.army.plan import plan_import
from tests.game.test_army_import import ROSTERS, _scenario

DATA = json.loads((Path(__file__).resolve().parents[2] / "resources" / "base_sizes.json")
                  .read_text(encoding="utf-8"))
SHORT = {s["short"]: s for s in DATA["sources"].values()}
UNVERIFIED = DATA["sources"]["unverified"]["short"]
EPIC_TABLE = Table(180 / 2.54, 120 / 2.54)

#: (roster, system, side) -> {model name: (base, sure, source's short name or "guess")}
EXPECTED = {
    ("wh40k_7th_space_marines.ros", RuleSystem.WH40K, "red"): {
        "Captain": (Base.round_mm(40), True, "40kdc-data: Captain, by name"),
        # the list is a 7th-edition one: its marines came on 25 mm (the edition's own row)
        "Space Marine": (Base.round_mm(25), True, "DakkaDakka basing wiki"),
        "Space Marine Sergeant": (Base.round_mm(25), True, "DakkaDakka basing wiki"),
        "Dreadnought": (Base.round_mm(60), True, "40kdc-data: Dreadnought, by name"),
        "Rhino": (Base.hull_in(4.5, 2.75), False, "H2 model-shapes.ts"),
        "Land Speeder": (Base.oval_mm(105, 70), False, "guess"),
    },
    ("wh40k_10th_space_marines.rosz", RuleSystem.WH40K, "blue"): {
        "Intercessor": (Base.round_mm(32), True, "40kdc-data: Intercessor Squad, by name"),
        "Intercessor Sergeant": (Base.round_mm(32), True,
                                 "40kdc-data: Intercessor Squad, by name"),
        "Captain in Terminator Armour": (Base.round_mm(50), True,
                                         "40kdc-data: Captain in Terminator Armour, by name"),
        "Redemptor Dreadnought": (Base.round_mm(90), True,
                                  "40kdc-data: Redemptor Dreadnought, by name"),
        "Land Raider": (Base.hull_in(6, 3.75), False, "H2 model-shapes.ts"),
    },
    ("horus_heresy_legion.json", RuleSystem.HORUS_HERESY, "red"): {
        "Legionary": (Base.round_mm(32), True, "Wahapedia HH, Tactical Support Squad"),
        "Legion Sergeant": (Base.round_mm(32), True, "Wahapedia HH, Tactical Support Squad"),
        "Contemptor Dreadnought": (Base.round_mm(60), True, "Wahapedia HH, Contemptor Talon"),
        "Legion Praetor": (Base.round_mm(32), False, "Wahapedia HH, Corswain"),
        "Legion Rhino": (Base.hull_in(4.5, 2.75), False, "H2 model-shapes.ts"),
    },
    ("fantasy_8th_empire.ros", RuleSystem.WARHAMMER_FANTASY, "red"): {
        "Halberdier": (Base.square_mm(20), True, "The Miniatures Page, WFB review"),
        "Knight": (Base.rectangle_mm(50, 25), True, "6th.whfb.app, The Empire base sizes"),
        "Great Cannon": (Base.rectangle_mm(60, 40), False, UNVERIFIED),
        "Steam Tank": (Base.rectangle_mm(120, 80), False, "6th.whfb.app, The Empire base sizes"),
        "General of the Empire": (Base.square_mm(20), False,
                                  "6th.whfb.app, The Empire base sizes"),
    },
    ("epic_armageddon_marines.ros", RuleSystem.EPIC40K, "red"): {
        "Tactical": (Base.rectangle_mm(20, 40), False,
                     "Epic: Armageddon 1.1.2 Stands (forum quote)"),
        "Rhino": (Base.hull_in(1.25, 0.75), False, UNVERIFIED),
        "Warhound Titan": (Base.round_mm(40), False, UNVERIFIED),
    },
}


@pytest.fixture
def library(tmp_path) -> BaseLibrary:
    loaded, problem = BaseLibrary.load(tmp_path / "no-corrections.json")
    assert problem == ""
    return loaded


@pytest.mark.parametrize("case", list(EXPECTED), ids=[c[0] for c in EXPECTED])
def test_each_roster_model_gets_its_verified_base_and_names_its_source(case, library):
    name, system, side = case
    scenario = _scenario(system, EPIC_TABLE) if system is RuleSystem.EPIC40K else _scenario(system)
    plan = plan_import(scenario, read_roster_file(ROSTERS / name), side, library)
    got = {m.name: m.choice for u in plan.units for m in u.models}
    expected = EXPECTED[case]
    assert set(expected) <= set(got), set(expected) - set(got)
    for model, (base, sure, source) in expected.items():
        choice = got[model]
        assert choice.base == base, (model, choice.base.label)
        assert choice.sure is sure, model
        if source == "guess":
            assert choice.guessed, model
            continue
        if source.startswith("40kdc-data"):  # the datasheet source (wh40kdc)
            assert choice.origin == "datasheet" and choice.source.startswith(source), model
            continue
        if "hull size: " in choice.source:  # a hull: the datasheet says so, the table sizes it
            assert choice.source.startswith("40kdc-data: "), model
            source_shown = choice.source.split("hull size: ")[1]
        else:
            source_shown = re.sub(r", \w+ edition$", "", choice.source.split(", by the words")[0])
        assert choice.origin == "library" and source_shown == source
        cited = SHORT[source]
        assert choice.title == cited["title"]
        if sure:
            assert cited["url"].startswith(("https://", "http://")), model
        if source == UNVERIFIED:
            assert "not checked" in choice.title


def test_the_demo_tables_units_get_the_bases_they_stand_on(library):
    """The demo's infantry, bikes and Dreadnought-sized models find their own base in the
    library (by the words of their names); its two characters without a row are guesses and
    its vehicles' hulls differ from the library's measure (4.75x3.5 in there; the library's
    Rhino row is a public engine's 4.5x2.75 in, unsure)."""
    demo = load_scenario(Path(__file__).resolve().parents[2] / "resources" / "scenarios"
                         / "demo.json")
    found = {u.name: library.find("wh40k", [u.name], u.troop_type.value) for u in demo.units}
    for unit in demo.units:
        choice = found[unit.name]
        if choice.guessed:
            assert unit.name in {"Brother Aurelius", "Dark Apostle Zhaal"}
        elif unit.models[0].base.shape.value == "hull":
            assert not choice.sure and choice.base != unit.models[0].base
        else:
            assert choice.base == unit.models[0].base, (unit.name, choice.base.label)
    assert sum(not c.guessed for c in found.values()) == 10
