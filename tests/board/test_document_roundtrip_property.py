"""Any valid scenario survives save → load unchanged (property-based)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from board.document.datasheets import place_datasheet
from board.document.io import load_scenario, save_scenario, scenario_from_dict, scenario_to_dict
from board.document.model import (
    Base,
    LogEntry,
    Model,
    RuleSystem,
    Scenario,
    Side,
    Table,
    TroopType,
    Unit,
)
from board.document.stats import STATS
from tests.board import samples

coord = st.floats(min_value=-100, max_value=200, allow_nan=False, allow_infinity=False)
angle = st.floats(min_value=-720, max_value=720, allow_nan=False, allow_infinity=False)
size_mm = st.floats(min_value=0.5, max_value=500, allow_nan=False)
size_in = st.floats(min_value=0.1, max_value=48, allow_nan=False)
bases = st.one_of(
    size_mm.map(Base.round_mm),
    st.builds(Base.oval_mm, size_mm, size_mm),
    st.builds(Base.hull_in, size_in, size_in),
    size_mm.map(Base.square_mm),
    st.builds(Base.rectangle_mm, size_mm, size_mm),
)
names = st.text(min_size=1, max_size=12).filter(lambda s: s.strip() != "")
# Free stats keys: a declared one (board/document/stats.py) is checked on load.
stat_names = names.filter(lambda k: k not in {s.key for s in STATS})
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    names,
    st.floats(allow_nan=False, allow_infinity=False),
)
json_values = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(names, inner, max_size=3)),
    max_leaves=8,
)
SIDES = [Side("a", "Side A", "#112233"), Side("b", "Side B", "#ABCDEF")]


def states(system: RuleSystem) -> st.SearchStrategy[dict[str, object]]:
    """A saved building state of the type ``system``'s rules keep (see board/document/states)."""
    if system is RuleSystem.EPIC40K:
        return st.one_of(st.just({}), st.fixed_dictionaries(
            {"system": st.just("epic40k"), "size": st.sampled_from(["small", "medium", "large"]),
             "damage_capacity": st.integers(-5, 30), "condition": st.sampled_from(
                 ["intact", "unstable", "crumbling", "ruins"]), "on_fire": st.booleans(),
             "assault_factor": st.one_of(st.none(), st.integers(1, 9)),
             "armour": st.one_of(st.none(), st.integers(2, 6))}))
    if system is RuleSystem.WARHAMMER_FANTASY:
        garrison = st.fixed_dictionaries({"unit": names, "side": st.sampled_from(["a", "b"]),
                                          "entered_turn": st.integers(0, 7),
                                          "characters": st.lists(names, max_size=2)})
        return st.one_of(st.just({}), st.fixed_dictionaries(
            {"garrison": st.one_of(st.none(), garrison)}))
    return st.fixed_dictionaries({}, optional={
        "hull_points_lost": st.integers(0, 9), "armour_lost": st.integers(0, 3),
        "dilapidated": st.booleans(), "destroyed_weapons": st.lists(names, max_size=2),
        "claimed_by": st.sampled_from([None, "a", "b"]),
        "condition": st.sampled_from(["standing", "removed and replaced by a crater"]),
        "destroyed_by": st.sampled_from([None, "Total Collapse"]),
    })


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    lib = samples.library()
    system = draw(st.sampled_from(list(RuleSystem)))
    placeable = sorted(s for s in lib if "part" not in lib[s].tags)
    terrain = []
    for i in range(draw(st.integers(0, 4))):
        sheet = draw(st.sampled_from(placeable))
        pieces = place_datasheet(
            lib, sheet, draw(coord), draw(coord), draw(angle), piece_id=f"p{i}"
        )
        for piece in pieces:
            piece.claimed_by = draw(st.sampled_from([None, "a", "b"]))
            piece.state = draw(states(system))
        terrain += pieces
    enterable = [
        p.id
        for p in terrain
        if lib[p.datasheet].kind.value == "building" and not lib[p.datasheet].impassable
    ]
    units = []
    for i in range(draw(st.integers(0, 4))):
        models = [
            Model(f"u{i}m{j}", draw(bases), draw(coord), draw(coord), draw(angle))
            for j in range(draw(st.integers(1, 4)))
        ]
        units.append(
            Unit(
                f"u{i}",
                draw(names),
                draw(st.sampled_from(["a", "b"])),
                draw(st.sampled_from(list(TroopType))),
                models,
                draw(st.sampled_from([None, *enterable])),
                stats=draw(st.dictionaries(stat_names, json_values, max_size=2)),
            )
        )
    log = [
        LogEntry(
            draw(st.text(max_size=20)),
            [{"die": draw(st.integers(1, 6))}],
            draw(st.one_of(st.none(), st.integers(0, 2**63))),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    return Scenario(
        name=draw(st.text(max_size=20)),
        table=Table(draw(st.sampled_from([72.0, 48.0, 44.0])), 48.0),
        rule_system=system,
        options=draw(st.dictionaries(names, json_values, max_size=3)),
        sides=list(SIDES),
        terrain=terrain,
        units=units,
        log=log,
    )


@settings(max_examples=60, deadline=None)
@given(scenarios())
def test_dict_round_trip(scenario: Scenario) -> None:
    data = json.loads(json.dumps(scenario_to_dict(scenario)))
    assert scenario_from_dict(data, samples.library()) == scenario


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(scenarios())
def test_file_round_trip(tmp_path: Path, scenario: Scenario) -> None:
    path = tmp_path / "s.json"
    save_scenario(scenario, path)
    assert load_scenario(path, samples.library()) == scenario
