"""Damaged journals: every good edit kept and said, the rest kept aside, nothing deleted unasked.

Each case of issue 29, on a real journal written by :class:`Journal` and then damaged as a
disk, a bug or a newer program would leave it: two good moves, then a move of an unknown
model, to ``[NaN, NaN]``, to ``[Infinity, 1]`` or to ``[1e300, 1]``; a journal of version 99,
a garbled first line, random bytes. The same check refuses a replayed history's step and a
peer's edit (:func:`board.document.edit_check.check_edit`). No Qt.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from board.document.datasheets import DatasheetLibrary, load_library
from board.document.edit_check import EditRefused, check_edit, make_edit, read_edit
from board.document.edits import ScenarioDocument
from board.document.history import Timeline
from board.document.io import load_scenario, save_scenario, scenario_to_dict
from board.document.journal import (
    Journal,
    JournalError,
    find_recoverable,
    recover,
    scan_journals,
)
from board.document.model import Base, Model, TroopType, Unit
from resources import DEMO_SCENARIO

GOOD_MOVES = 2


@pytest.fixture(scope="module")
def sheets() -> DatasheetLibrary:
    return load_library()


def _journal_with(tmp_path: Path, sheets: DatasheetLibrary,
                  bad_line: bytes) -> tuple[Path, ScenarioDocument]:
    """A journal of the demo with two good moves, then ``bad_line``; the board after the two."""
    doc = ScenarioDocument(load_scenario(DEMO_SCENARIO, sheets))
    path = tmp_path / "unsaved-1.journal"
    journal = Journal.start(path, doc)
    model = doc.scenario.units[0].models[0].id
    doc.move_models({model: (20.0, 20.0)})
    doc.move_models({model: (21.5, 19.0)})
    journal.close(delete=False)
    with path.open("ab") as handle:
        handle.write(bad_line.replace(b"MODEL", model.encode()) + b"\n")
    return path, doc


def _move_line(position: str, model: str = "MODEL") -> bytes:
    return (f'{{"n":3,"t":1.0,"op":"move_models","args":{{"positions":'
            f'{{"{model}":{position}}}}}}}').encode()


CASES = {
    "unknown model": (_move_line("[5, 5]", "no-such-model"), "no model with id"),
    "NaN": (_move_line("[NaN, NaN]"), "not a finite number"),
    "Infinity": (_move_line("[Infinity, 1]"), "not a finite number"),
    "1e300": (_move_line("[1e300, 1]"), "at most 1,000,000 in size"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_journal_is_recovered_up_to_its_first_edit_that_cannot_be_made(
    tmp_path: Path, sheets: DatasheetLibrary, case: str
) -> None:
    line, why = CASES[case]
    path, doc = _journal_with(tmp_path, sheets, line)
    found = recover(path, sheets)
    assert found.edits == GOOD_MOVES and found.left == 1
    assert "edit 3 (move_models) cannot be made" in found.note and why in found.note
    assert f"the {GOOD_MOVES} edits before it are recovered" in found.note
    assert scenario_to_dict(found.scenario) == scenario_to_dict(doc.scenario)
    assert find_recoverable([tmp_path], sheets) == [path]  # offered, not dropped
    # What is recovered saves to a file the loader takes back (1e300 did not, before).
    save_scenario(found.scenario, tmp_path / "saved.json")
    assert scenario_to_dict(load_scenario(tmp_path / "saved.json", sheets)) == \
        scenario_to_dict(doc.scenario)


def test_edits_after_a_refused_one_are_counted_as_left(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    path, _ = _journal_with(tmp_path, sheets, _move_line("[NaN, NaN]"))
    with path.open("ab") as handle:
        handle.write(_move_line("[3, 3]").replace(b'"n":3', b'"n":4')
                     .replace(b"MODEL", b"r0") + b"\n")
    found = recover(path, sheets)
    assert (found.edits, found.left) == (GOOD_MOVES, 2)


UNREADABLE = {
    "version 99": (b'{"format":"battleboard-journal","version":99,"pid":1,"host":"x"}\n'
                   b'{"n":1,"op":"move_models","args":{}}\n', "journal version 99 is not known"),
    "garbled header": (b'{"format":"battleboard-jour\x00\xff\n{"n":1}\n',
                       "not a battleboard journal"),
    "random bytes": (os.urandom(4096).replace(b"\n", b"") + b"\n" + os.urandom(512),
                     "not a battleboard journal"),
}


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_an_unreadable_journal_is_reported_never_deleted(
    tmp_path: Path, sheets: DatasheetLibrary, case: str
) -> None:
    data, why = UNREADABLE[case]
    path = tmp_path / "unsaved-9.journal"
    path.write_bytes(data)
    scan = scan_journals([tmp_path], sheets)
    assert scan.recoverable == [] and scan.removed == []
    assert [(p, why in reason) for p, reason in scan.unreadable] == [(path, True)]
    assert path.read_bytes() == data  # untouched: the window moves it aside and says so
    with pytest.raises(JournalError):
        recover(path, sheets)


def test_a_newer_journal_without_edits_is_not_deleted(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    path = tmp_path / "unsaved-8.journal"
    path.write_bytes(b'{"format":"battleboard-journal","version":99,"pid":1,"host":"x"}\n')
    scan = scan_journals([tmp_path], sheets)
    assert path.exists() and [p for p, _ in scan.unreadable] == [path]


def test_a_replayed_history_step_goes_through_the_same_checks(sheets: DatasheetLibrary) -> None:
    start = load_scenario(DEMO_SCENARIO, sheets)
    model = start.units[0].models[0].id
    steps = [{"op": "move_models", "args": {"positions": {model: [3, 4]}}},
             {"op": "move_models", "args": {"positions": {model: [1e300, 1]}}}]
    line = Timeline(start, steps, sheets)
    assert line.board(1).model(model)[1].x == 3.0
    with pytest.raises(JournalError, match="step 2 .* at most 1,000,000"):
        line.board(2)


def test_the_peer_path_check_refuses_what_a_file_refuses(sheets: DatasheetLibrary) -> None:
    """``check_edit`` takes Python values (what a peer's edit becomes) and changes nothing."""
    board = load_scenario(DEMO_SCENARIO, sheets)
    before = scenario_to_dict(board)
    model = board.units[0].models[0].id
    for bad in (float("nan"), float("inf"), 1e300):
        with pytest.raises(EditRefused):
            check_edit(board, "move_models", {"positions": {model: (bad, 1.0)}}, sheets)
    unit = Unit("u-new", "Stray", "no-such-side", TroopType.INFANTRY,
                [Model("m-new", Base.round_mm(32), 5.0, 5.0)])
    with pytest.raises(EditRefused, match="side"):
        check_edit(board, "add_unit", {"unit": unit, "index": None}, sheets)
    clash = Unit("u-new", "Clash", board.sides[0].id, TroopType.INFANTRY,
                 [Model(model, Base.round_mm(32), 5.0, 5.0)])
    with pytest.raises(EditRefused, match="duplicate model id"):
        check_edit(board, "add_unit", {"unit": clash, "index": None}, sheets)
    piece = json.loads(json.dumps(scenario_to_dict(board)["terrain"][0]))
    piece["id"], piece["datasheet"] = "p-new", "no_such_sheet"
    with pytest.raises(EditRefused, match="unknown datasheet"):
        read_edit(board, "add_pieces", {"pieces": [piece], "index": None}, sheets)
    assert scenario_to_dict(board) == before
    doc = ScenarioDocument(board)
    make_edit(doc, "move_models", {"positions": {model: [7, 8]}}, sheets)
    assert doc.scenario.model(model)[1].x == 7.0 and doc.revision == 1
