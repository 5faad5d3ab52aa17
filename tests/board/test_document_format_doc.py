"""The examples in docs/scenario-format.md are real: they load."""

from __future__ import annotations

import json
import re
from pathlib import Path

from board.document.datasheet_json import datasheet_from_dict
from board.document.io import scenario_from_dict
from board.document.model import BaseShape
from board.document.stats import STATS, stats_markdown
from board.stat_readers import readers, stats_keys_read
from tests.board import samples

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenario-format.md"


def examples() -> list[dict[str, object]]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [json.loads(block) for block in blocks]


def test_the_scenario_example_loads() -> None:
    scenario_example, _ = examples()
    scenario = scenario_from_dict(scenario_example, samples.library())
    assert scenario.units[0].embarked_in == "bastion"
    assert scenario.units[1].models[0].base.shape is BaseShape.HULL


def test_the_datasheet_example_loads_and_matches_the_shipped_bastion() -> None:
    _, sheet_example = examples()
    sheet = datasheet_from_dict(sheet_example)
    shipped = samples.library()["imperial_bastion"]
    assert (sheet.armour, sheet.hull_points, sheet.size) == (
        shipped.armour,
        shipped.hull_points,
        shipped.size,
    )
    assert sheet.emplaced_weapons[1].weapon == shipped.emplaced_weapons[-1].weapon


def test_every_top_level_field_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    from board.document.datasheet_json import DATASHEET_FIELDS
    from board.document.scenario_json import write_scenario

    for key in write_scenario(samples.small_scenario()):
        assert f"| `{key}` |" in text, key
    for key in DATASHEET_FIELDS:
        assert f"| `{key}` |" in text, key


# -- Unit.stats: every key the program reads is documented ----------------------------------

STATS_HEADING = "## Unit stats"


def _stats_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    assert STATS_HEADING in text, f"docs/scenario-format.md has no {STATS_HEADING!r} section"
    section = text.split(STATS_HEADING, 1)[1]
    return section.split("\n## ", 1)[0]


def _documented_keys() -> set[str]:
    return set(re.findall(r"^\| `([a-z_]+)` \|", _stats_section(), re.M))


def test_the_scan_finds_the_stats_keys_in_all_their_forms() -> None:
    keys = stats_keys_read()
    assert {"leadership", "movement", "assault_factor"} <= set(keys)  # .get and stat_int
    assert {"ws", "s", "t", "i", "a"} <= set(keys)  # a loop over literals
    assert {"embarked_on", "disembarked_on"} <= set(keys)  # named constants
    assert {"toughness", "save", "ward"} <= set(keys)  # `in stats`, an alias, a helper
    assert "board.game.systems.wh40k.occupancy" in keys["leadership"]


def test_every_stats_key_the_program_reads_is_declared() -> None:
    keys = stats_keys_read()
    declared = {s.key for s in STATS}
    missing = {k: sorted(keys[k]) for k in sorted(set(keys) - declared)}
    assert not missing, f"stats keys read but not declared in board/document/stats.py: {missing}"


def test_the_doc_table_is_the_declared_table() -> None:
    assert _stats_section().count(stats_markdown(readers())) == 1, (
        "docs/scenario-format.md's Unit stats table differs from board/document/stats.py: "
        "paste the output of `python -m board.document.stats`")
