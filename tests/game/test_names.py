"""The board names things as players do: units, models, pieces, parts, weapons and zones."""

from __future__ import annotations

import pytest

from board.check import check_report, report_lines
from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import default_library, load_scenario
from board.document.model import Annotation
from board.game.core.names import Namer, wall_of
from board.game.core.targets import ModelTarget, PieceTarget, UnitTarget, ZoneTarget
from board.game.core.world import WorldCache
from board.game.measuring.annotations import evaluate
from board.game.measuring.rings import read_ring
from board.game.measuring.ruler import ruler
from board.game.measuring.within import within_check
from geometry import distance, format_distance


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.fixture(scope="module")
def demo(library):
    return load_scenario(DEMO_SCENARIO_PATH, library)


@pytest.fixture(scope="module")
def world(demo, library):
    return WorldCache(library).world_for(demo)


@pytest.fixture(scope="module")
def namer(demo, world):
    return Namer.for_world(world, demo)


def test_units_and_models_by_name_and_number(namer):
    assert namer.unit("tactical-cato") == "Tactical Squad Cato"
    assert namer.model("tactical-cato-3") == "Tactical Squad Cato, model 3"
    assert namer.member("tactical-cato-3") == "model 3"
    # a unit of one model is named by the unit alone
    assert namer.model("captain-severus-1") == "Captain Severus"
    assert namer.member("captain-severus-1") == "the model"
    assert namer.model("nobody-1") == "nobody-1"  # an unknown id is shown as it is


def test_pieces_parts_weapons_and_zones(namer):
    assert namer.piece("bastion") == "Imperial Bastion"
    assert namer.piece("fortress.tower") == "Fortress of Redemption: tower"
    assert namer.mount("bastion", "heavy-bolter-front") == "Heavy bolter (front)"
    assert namer.mount("bastion", "heavy-bolter-left") == "Heavy bolter (left)"
    assert namer.mount("bastion", "icarus-lascannon") == "Icarus lascannon"  # on the roof
    assert namer.zone("deployment", "bottom") == "Ultramarines' deployment zone"
    assert namer.zone("deployment", "top") == "Word Bearers' deployment zone"
    assert namer.target(ZoneTarget("void_shield", "void-shield-generator")) == \
        "void-shield zone of Void Shield Generator"


def test_a_mount_deeper_than_half_an_inch_is_in_no_wall():
    square = ((-3.0, -3.0), (3.0, -3.0), (3.0, 3.0), (-3.0, 3.0))
    assert wall_of(square, 0.0, 2.5) == "rear"
    assert wall_of(square, 0.0, 2.49) is None
    assert wall_of((), 0.0, 0.0) is None


def test_the_ruler_names_its_parts_and_keeps_the_number(world, namer):
    reading = ruler(world, UnitTarget("helbrute-ghar"), PieceTarget("bastion"), namer=namer)
    assert (reading.start_name, reading.end_name) == ("Helbrute Ghar", "Imperial Bastion")
    helbrute = world.models["helbrute-ghar-1"].shape
    assert reading.distance == pytest.approx(distance(helbrute, world.piece("bastion").footprint))
    assert reading.start_part == "helbrute-ghar-1"


def test_within_names_the_unit_models_and_target(world, namer):
    reading = within_check(world, "bikers-kor", UnitTarget("tactical-cato"), 24.0, namer=namer)
    assert reading.unit_name == "Chaos Bikers of Kor" and reading.target == "Tactical Squad Cato"
    first = reading.models[0]
    assert reading.explain(first).startswith("Chaos Bikers of Kor, model 1: ")
    assert format_distance(first.closest) in reading.explain(first)


def test_kept_results_read_with_names_and_keep_ids_in_json(world, namer):
    note = Annotation("w9", "within", {"unit": "bikers-kor", "distance": 24,
                                       "target": ModelTarget("tactical-cato-2").to_dict()})
    result = evaluate(note, world, namer=namer)
    assert result["unit"] == "bikers-kor" and result["unit_name"] == "Chaos Bikers of Kor"
    assert result["target"] == "model tactical-cato-2"
    assert result["target_name"] == "Tactical Squad Cato, model 2"
    assert result["models"][0]["model"] == "bikers-kor-1"
    assert result["models"][0]["name"] == "Chaos Bikers of Kor, model 1"
    assert "w9" not in result["text"] and result["text"].startswith("Chaos Bikers of Kor ")


def test_a_ring_around_one_weapon_reads_with_its_wall(namer):
    ring = read_ring(Annotation("r1", "ring", {"target": {"type": "piece", "id": "bastion"},
                                               "distances": [12], "mount": "heavy-bolter-rear"}))
    assert ring.words(namer) == 'ring 12.00" around Heavy bolter (rear) of Imperial Bastion'
    assert ring.text == 'ring 12.00" around weapon heavy-bolter-rear of piece bastion'


def test_check_text_reads_with_names(demo, library):
    report = check_report(demo, library)
    text = "\n".join(report_lines(report))
    assert "Chaos Bikers of Kor within 24.00\" of Tactical Squad Cato" in text
    assert "Dawn of War (Ultramarines bottom, Word Bearers top)" in text
    assert "Tactical Squad Cato: covered by Void Shield Generator" in text
    scouts = next(u for u in report["deployment"]["units"] if u["unit"] == "scouts-telion")
    assert scouts["out"][0]["model"] == "scouts-telion-1"  # ids stay in the JSON
    assert scouts["text"].startswith("Scout Squad Telion: 5 of 5 models out of Ultramarines'")


def test_building_facts_name_units_sides_and_weapons_and_keep_ids(demo, library):
    report = check_report(demo, library)
    bastion = next(b for b in report["buildings"] if b["piece_id"] == "bastion")
    assert bastion["inside"] == ["devastators-vel"] and bastion["claimed_by"] == "ultramarines"
    assert bastion["inside_names"] == ["Devastator Squad Vel"]
    assert bastion["claimed_by_name"] == "Ultramarines"
    lines = bastion["lines"]
    assert "inside: Devastator Squad Vel, 5 models (capacity 20 models)" in lines
    assert "claimed by: Ultramarines" in lines
    assert 'weapon Heavy bolter (front), 36": may shoot normally' in lines
    assert 'weapon Icarus lascannon, 96": may shoot normally' in lines


def test_epic_names_a_model_a_stand():
    """Seed 001 counts Epic models as stands ("a group of 5 assault marine stands"): every
    text a player reads says ``stand 2`` in Epic 40,000 and ``model 2`` elsewhere."""
    from board.document.model import RuleSystem
    from board.game.core.names import Namer
    from board.game.core.world import WorldCache
    from tests.game.samples import RED, library, round_unit, scenario

    for system, word in ((RuleSystem.EPIC40K, "stand"), (RuleSystem.WH40K, "model"),
                         (RuleSystem.WARHAMMER_FANTASY, "model")):
        s = scenario(system, units=[round_unit("u", RED, [(5.0, 5.0), (7.0, 5.0)])])
        world = WorldCache(library()).world_for(s)
        assert Namer.for_scenario(s, None).model("u-2") == f"u, {word} 2"
        assert Namer.for_world(world).member("u-2") == f"{word} 2"
