"""Whatever is broken in a scenario or datasheet, loading raises ScenarioError and nothing else."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from board.document.datasheet_json import datasheet_from_dict, datasheet_to_dict
from board.document.datasheets import place_datasheet
from board.document.errors import ScenarioError
from board.document.io import scenario_from_dict
from board.document.model import LogEntry
from tests.board import samples

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=True),
                      st.sampled_from(["", "x", "red", "bastion", "round", "front", "#123456"]))
json_values = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["id", "x", "shape"]), inner,
                                                  max_size=2)), max_leaves=5)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location in a JSON tree."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += paths(value, (*prefix, i))
    return found


def mutate(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    data = copy.deepcopy(data)
    node = data
    for step in path[:-1]:
        node = node[step]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def rich_scenario() -> dict[str, Any]:
    """The small scenario plus a multi-part building, a custom datasheet and a log entry."""
    scenario = samples.small_scenario()
    scenario.terrain += place_datasheet(samples.library(), "fortress_of_redemption", 30, 10,
                                        piece_id="fort")
    scenario.log.append(LogEntry("hit", [{"die": 4}], 7))
    data = json.loads(json.dumps(samples.as_data(scenario)))
    hut = {"id": "hut", "name": "Hut", "kind": "building", "systems": ["wh40k"],
           "footprint": [[0, 0], [2, 0], [2, 2], [0, 2]], "armour": 10, "size": "small",
           "access_points": [{"id": "door", "x": 1, "y": 2}]}
    data["custom_datasheets"] = [hut]
    data["terrain"].append({"id": "hut-1", "datasheet": "hut", "x": 40, "y": 40})
    return data


SCENARIO = rich_scenario()
SCENARIO_PATHS = paths(SCENARIO)
SHEET = datasheet_to_dict(samples.library()["imperial_bastion"])
SHEET_PATHS = paths(SHEET)


def test_the_unbroken_base_loads() -> None:
    assert len(scenario_from_dict(SCENARIO, samples.library()).terrain) == 6


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SCENARIO_PATHS), json_values, st.booleans())
def test_broken_scenario_raises_only_scenario_error(path: tuple[Any, ...], value: Any,
                                                    delete: bool) -> None:
    data = mutate(SCENARIO, path, value, delete)
    try:
        scenario_from_dict(data, samples.library())
    except ScenarioError as err:
        assert err.message and err.where


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SHEET_PATHS), json_values, st.booleans())
def test_broken_datasheet_raises_only_scenario_error(path: tuple[Any, ...], value: Any,
                                                     delete: bool) -> None:
    data = mutate(SHEET, path, value, delete)
    try:
        datasheet_from_dict(data, "sheet")
    except ScenarioError as err:
        assert err.message and err.where
