"""Fuzzing the loaders in CI: every input is loaded (and saves back equal) or refused in one line.

A few thousand inputs in all: structural mutations of valid scenarios and datasheets with
nasty values, damaged bytes, Hypothesis-built JSON trees put anywhere, and the issue's size
attacks. The larger campaign (10,000 + 3,000 inputs) is ``benchmarks/loader_fuzz.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from board.document.errors import ScenarioError
from board.document.io import scenario_from_dict
from tests.board import fuzz_inputs
from tests.board.fuzz_inputs import (
    base_datasheets,
    base_scenarios,
    damaged,
    judge_datasheet,
    judge_scenario,
    structural,
)

SCENARIOS = base_scenarios()
SHEETS = base_datasheets()
FIXTURE = [HealthCheck.function_scoped_fixture]


def assert_fine(verdict: fuzz_inputs.Verdict) -> None:
    assert not verdict.failed, f"{verdict.kind}: {verdict.detail}"


def test_the_bases_load_and_save_back_equal(tmp_path: Path) -> None:
    for data in SCENARIOS:
        verdict = judge_scenario(json.dumps(data).encode(), tmp_path, timed=False)
        assert verdict.kind == "loaded", verdict.detail
    for data in SHEETS:
        verdict = judge_datasheet(json.dumps(data).encode(), tmp_path, timed=False)
        assert verdict.kind == "loaded", verdict.detail


@settings(max_examples=1000, deadline=None, suppress_health_check=FIXTURE)
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(SCENARIOS) - 1),
       bytes_damage=st.booleans())
def test_mutated_scenarios_load_or_are_refused_in_one_line(
        tmp_path: Path, seed: int, which: int, bytes_damage: bool) -> None:
    rng = random.Random(seed)
    base = SCENARIOS[which]
    raw = damaged(base, rng) if bytes_damage else structural(base, rng)
    assert_fine(judge_scenario(raw, tmp_path, timed=False))


@settings(max_examples=600, deadline=None, suppress_health_check=FIXTURE)
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(SHEETS) - 1),
       bytes_damage=st.booleans())
def test_mutated_datasheets_load_or_are_refused_in_one_line(
        tmp_path: Path, seed: int, which: int, bytes_damage: bool) -> None:
    rng = random.Random(seed)
    base = SHEETS[which]
    raw = damaged(base, rng) if bytes_damage else structural(base, rng)
    assert_fine(judge_datasheet(raw, tmp_path, timed=False))


# Any JSON tree, with every kind of nasty leaf, put anywhere in a valid scenario.
nasty_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(10**500), 10**500),
    st.floats(), st.text(st.characters(codec=None), max_size=8),
    st.sampled_from(["\ud800", "x\udc00", "front", "round", "standing", "unit", "#abcdef"]))
trees = st.recursive(nasty_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6)
PATHS = [list(fuzz_inputs.paths(data)) for data in SCENARIOS]


def put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    data = json.loads(json.dumps(data))
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return data


@settings(max_examples=400, deadline=None)
@given(which=st.integers(0, len(SCENARIOS) - 1), pick=st.integers(0, 10**9), value=trees)
def test_any_value_anywhere_is_loaded_or_refused(which: int, pick: int, value: Any) -> None:
    paths = PATHS[which]
    data = put(SCENARIOS[which], paths[pick % len(paths)], value)
    try:
        scenario = scenario_from_dict(data, fuzz_inputs.library())
    except ScenarioError as error:
        assert len(str(error)) <= 300 and "\n" not in str(error)
        return
    # Loaded: then nothing non-finite or unwritable came in, and it saves back equal.
    from board.document.io import scenario_to_dict
    from board.document.jsontext import check_value, dumps
    saved = scenario_to_dict(scenario)
    check_value(saved)
    assert scenario_from_dict(json.loads(dumps(saved)), fuzz_inputs.library()) == scenario


ATTACKS = fuzz_inputs.size_attacks(SCENARIOS[0], SHEETS[0], random.Random(0))


@pytest.mark.parametrize("name", [name for name, _ in ATTACKS])
def test_size_attacks_are_refused_with_a_reason_or_loaded(tmp_path: Path, name: str) -> None:
    raw = dict(ATTACKS)[name]
    verdict = judge_scenario(raw, tmp_path, timed=False)
    assert_fine(verdict)
    expected_loaded = {"a 1,000-vertex fan", "a 100-part building", "a 5,000-model unit",
                       "3,000 kept measurements of a 3,000-model unit"}
    assert (verdict.kind == "loaded") == (name in expected_loaded), verdict.detail


@pytest.mark.parametrize("name", [name for name, _ in fuzz_inputs.sheet_attacks()])
def test_datasheet_attacks_are_refused_or_loaded(tmp_path: Path, name: str) -> None:
    data = dict(fuzz_inputs.sheet_attacks())[name]
    verdict = judge_datasheet(json.dumps(data).encode(), tmp_path, timed=False)
    assert_fine(verdict)
    assert (verdict.kind == "loaded") == (name == "100 parts"), verdict.detail
