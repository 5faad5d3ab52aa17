"""The words test on the written report, in each system: ``battleboard check`` (its text and
its JSON's player strings) and the summary written beside an export.

Each board has plural unit and side names, a building of its system, a kept ruler, a kept
within and kept rings; the report is read as a player reads it (:mod:`tests.game.plain_words`):
no id, no enum, no plural name with a singular verb, no line said twice, the board's own unit
(centimetres on Epic 40,000) and no section about something the table does not have.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from board.check import main
from board.document.io import default_library, save_scenario
from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    TerrainPiece,
    TroopType,
    Unit,
)
from board.game.core.targets import PieceTarget, UnitTarget
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.game.measuring.rings import ring_annotation
from board.game.reports.dispute_summary import summary_lines
from tests.game.plain_words import faults, said_twice

#: Each board: its system, its options, its building's datasheet, a void shield or not.
BOARDS = {
    "40K 10th": (RuleSystem.WH40K, {"edition": "10th"}, "wh40k_medium_building", True),
    "40K 7th": (RuleSystem.WH40K, {"edition": "7th"}, "wh40k_medium_building", False),
    "Horus Heresy": (RuleSystem.HORUS_HERESY, {}, "wh40k_medium_building", True),
    "Epic": (RuleSystem.EPIC40K, {}, "epic40k_medium_building", False),
    "Fantasy": (RuleSystem.WARHAMMER_FANTASY, {}, "whfb_building_2_floor", False),
}

#: The keys of the JSON whose strings a player reads (the others are ids and codes).
PLAYER_KEYS = ("text", "lines", "shown", "name", "label", "reason", "facts", "source", "map",
               "inside_names")


def board(system: RuleSystem, options: dict, building: str, shield: bool) -> Scenario:
    """Plural names in the units and sides, each kind of kept measurement, a building."""
    mm = 20.0 if system in (RuleSystem.EPIC40K, RuleSystem.WARHAMMER_FANTASY) else 32.0
    orcs = Unit("black-orcs-1", "Black Orcs", "side-a", TroopType.INFANTRY,
                [Model(f"orc-{k}", Base.round_mm(mm), 20.0 + 1.5 * k, 10.0) for k in range(3)])
    boss = Unit("boss-1", "Warboss Grukk", "side-a", TroopType.INFANTRY,
                [Model("boss-1-m", Base.round_mm(mm), 30.0, 10.0)])
    guards = Unit("guard-2", "Iron Warriors", "side-b", TroopType.INFANTRY,
                  [Model(f"iw-{k}", Base.round_mm(mm), 20.0 + 1.5 * k, 36.0) for k in range(2)])
    terrain = [TerrainPiece("house-1", building, 40.0, 24.0),  # empty
               TerrainPiece("house-2", building, 56.0, 24.0),  # held by a garrison
               TerrainPiece("marker-1", "objective_marker", 21.5, 12.0)]  # by the Orcs
    inside = Unit("guard-3", "Iron Guardsmen", "side-b", TroopType.INFANTRY,
                  [Model(f"ig-{k}", Base.round_mm(mm), 56.0, 24.0) for k in range(2)],
                  embarked_in="house-2")
    if shield:
        terrain.append(TerrainPiece("vsg-1", "void_shield_generator", 12.0, 24.0))
    scenario = Scenario(name="Words", rule_system=system, options=dict(options),
                        sides=[Side("side-a", "Orc Warbands", "#c62828"),
                               Side("side-b", "Iron Warriors", "#1e63d6")],
                        terrain=terrain, units=[orcs, boss, guards, inside])
    unit = "cm" if system.uses_cm else "in"
    scenario.annotations += [
        ruler_annotation("ruler-1", UnitTarget("black-orcs-1"), PieceTarget("house-1")),
        within_annotation("within-1", "black-orcs-1", UnitTarget("guard-2"), 30),
        ring_annotation("ring-1", UnitTarget("boss-1"), (6, 12), unit)]
    return scenario


def _player_strings(value: object, key: str | None = None) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _player_strings(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in _player_strings(v, key)]
    readable = key is not None and (key in PLAYER_KEYS or key.endswith("_name"))
    return [value] if isinstance(value, str) and readable else []


def check_texts(scenario: Scenario, tmp_path: Path, capsys) -> tuple[list[str], list[str]]:
    """``battleboard check``'s text lines and its JSON's player strings for ``scenario``."""
    path = tmp_path / "words.json"
    save_scenario(scenario, path)
    assert main([str(path)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert main([str(path), "--json"]) == 0
    return text, _player_strings(json.loads(capsys.readouterr().out))


@pytest.mark.parametrize("name", BOARDS)
def test_the_report_reads_plainly_in_every_system(name, tmp_path, capsys):
    system, options, building, shield = BOARDS[name]
    scenario = board(system, options, building, shield)
    text, said = check_texts(scenario, tmp_path, capsys)
    summary = summary_lines(scenario, default_library(), [("Ruler", ["a ruler"])])
    assert "Black Orcs" in "\n".join(text) and "Black Orcs" in "\n".join(summary)
    wrong = faults(text + said + summary, scenario, cm=system.uses_cm,
                   stands=system is RuleSystem.EPIC40K)
    wrong += [f"said twice: {line!r}" for line in said_twice(text) + said_twice(summary)]
    heads = text[text.index("Buildings") + 1:]
    heads = [h.split(":")[0] for h in heads[:heads.index("")] if not h.startswith("    ")]
    wrong += [f"two buildings read alike: {h!r}" for h in set(heads) if heads.count(h) > 1]
    if not shield:  # a section about what the table does not have is not written
        wrong += [f"no void shield here: {line!r}" for line in text + summary
                  if "oid-shield" in line or "oid shield" in line]
    assert not wrong, "\n".join(wrong)


def test_the_reader_catches_each_report_fault():
    scenario = board(*BOARDS["Epic"])
    for text in ['ring-1: ring (no verdict)', "Black Orcs withdraws", "is walker",
                 'x 17.846", y 18.600"', "inside: nobody, 0 models", "5 model(s) selected",
                 "Black Orcs are placed outside and flees 8 cm", "on Black Orcs's Toughness",
                 "Chosen Raiders cause 1 wounds", "onto a Epic 40,000 board",
                 "= 3: Partial Collapse; Partial Collapse (damage roll)", "1 doors"]:
        assert faults([text], scenario, cm=True), text
    assert said_twice(["a", "b", "b", ""]) == ["b"]
    assert not faults(["Black Orcs withdraw", "Black Orcs, 3 models", "17.85 cm"], scenario,
                      cm=True)


@pytest.mark.parametrize("name", BOARDS)
def test_who_sees_whom_reads_plainly_in_every_system(name):
    """The Who sees whom dock's rows (:func:`board.game.sight_overview.sight_overview`)."""
    from board.game.core.world import WorldCache
    from board.game.sight_overview import sight_overview

    scenario = board(*BOARDS[name])
    world = WorldCache(default_library()).world_for(scenario)
    rows = [v.text for v in sight_overview(scenario, world, "guard-2")]
    assert any("Black Orcs" in row for row in rows), rows
    system = scenario.rule_system
    wrong = faults(rows, scenario, cm=system.uses_cm, stands=system is RuleSystem.EPIC40K)
    assert not wrong, "\n".join(wrong)
