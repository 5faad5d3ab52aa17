"""The examples in docs/scenario-format.md are real: they load."""

from __future__ import annotations

import json
import re
from pathlib import Path

from board.document.datasheet_json import datasheet_from_dict
from board.document.io import scenario_from_dict
from board.document.model import BaseShape
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
