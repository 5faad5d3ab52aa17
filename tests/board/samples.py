"""Sample scenarios and datasheets shared by the document tests (no Qt)."""

from __future__ import annotations

import copy
from typing import Any

from board.document.datasheets import DatasheetLibrary, load_library, place_datasheet
from board.document.model import Base, Model, RuleSystem, Scenario, Side, Table, TroopType, Unit

_LIBRARY: DatasheetLibrary | None = None


def library() -> DatasheetLibrary:
    """The shipped datasheets (read once per test run)."""
    global _LIBRARY
    if _LIBRARY is None:
        _LIBRARY = load_library()
    return _LIBRARY


def two_sides() -> list[Side]:
    return [Side("red", "Red", "#c02020"), Side("blue", "Blue", "#2040c0")]


def small_scenario() -> Scenario:
    """A bastion, one squad embarked in it and one outside, on a 48×48 table."""
    terrain = place_datasheet(library(), "imperial_bastion", 24.0, 24.0, 90.0, piece_id="bastion")
    terrain[0].claimed_by = "red"
    inside = Unit(
        "squad-a",
        "Squad A",
        "red",
        TroopType.INFANTRY,
        [Model(f"a{i}", Base.round_mm(32), 20.0 + 1.5 * i, 30.0) for i in range(5)],
        embarked_in="bastion",
    )
    outside = Unit(
        "squad-b",
        "Squad B",
        "blue",
        TroopType.INFANTRY,
        [Model(f"b{i}", Base.round_mm(25), 10.0 + 1.2 * i, 5.0, 180.0) for i in range(5)],
    )
    return Scenario(
        name="Small",
        table=Table(48.0, 48.0),
        rule_system=RuleSystem.WH40K,
        sides=two_sides(),
        terrain=terrain,
        units=[inside, outside],
    )


def every_datasheet_scenario() -> Scenario:
    """One piece (or group of parts) of every placeable shipped datasheet, in a row."""
    lib = library()
    terrain = []
    for i, sheet_id in enumerate(sorted(lib)):
        if "part" in lib[sheet_id].tags:
            continue
        terrain += place_datasheet(
            lib,
            sheet_id,
            10.0 + 30.0 * (i % 5),
            10.0 + 30.0 * (i // 5),
            15.0 * i,
            piece_id=f"piece-{i}",
        )
    return Scenario(
        name="Everything", table=Table(160.0, 130.0), sides=two_sides(), terrain=terrain, units=[]
    )


def as_data(scenario: Scenario) -> dict[str, Any]:
    """A deep copy of the scenario's JSON values, to break in a test."""
    from board.document.io import scenario_to_dict

    return copy.deepcopy(scenario_to_dict(scenario))
