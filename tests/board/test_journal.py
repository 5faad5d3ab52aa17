"""The journal (board.document.journal): every accepted edit kept, the board rebuilt exactly."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from board.document.changes import Change
from board.document.datasheets import DatasheetLibrary, load_library
from board.document.edits import ScenarioDocument
from board.document.io import load_scenario, save_scenario, scenario_to_dict
from board.document.journal import (
    Journal,
    JournalError,
    find_recoverable,
    journal_path,
    read_journal,
    recover,
    remove_stale_saves,
)
from board.document.journal_codec import decode_edit, encode_edit
from resources import DEMO_SCENARIO
from tests.board.random_edits import run_edits


@pytest.fixture(scope="module")
def sheets() -> DatasheetLibrary:
    return load_library()


def _doc(sheets: DatasheetLibrary) -> ScenarioDocument:
    return ScenarioDocument(load_scenario(DEMO_SCENARIO, sheets))


@pytest.mark.parametrize("seed", range(6))
def test_recovery_rebuilds_exactly_the_board_of_every_kind_of_edit(
    tmp_path: Path, sheets: DatasheetLibrary, seed: int
) -> None:
    doc = _doc(sheets)
    journal = Journal.start(tmp_path / "unsaved.journal", doc)
    run_edits(doc, seed, 150, sheets)
    journal.close(delete=False)
    found = recover(tmp_path / "unsaved.journal", sheets)
    assert found.edits == 150
    assert scenario_to_dict(found.scenario) == scenario_to_dict(doc.scenario)


def test_every_edit_round_trips_through_its_json(sheets: DatasheetLibrary) -> None:
    doc = _doc(sheets)
    events = []
    doc.accepted.connect(events.append)
    run_edits(doc, 99, 400, sheets)
    ops = {e.op for e in events}
    assert ops >= {"move_models", "rotate_models", "remove_models", "restore_models",
                   "add_pieces", "remove_piece", "place_pieces", "claim_piece", "add_unit",
                   "remove_unit", "apply_change"}
    for event in events:
        text = json.dumps(encode_edit(event.op, event.args), allow_nan=False)
        again = decode_edit(event.op, json.loads(text), system=doc.scenario.rule_system)
        assert encode_edit(event.op, again) == json.loads(text)


def test_a_saved_board_journals_from_its_file_and_saving_compacts(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    file = tmp_path / "game.json"
    doc = _doc(sheets)
    save_scenario(doc.scenario, file)
    journal = Journal.start(journal_path(file), doc, file)
    run_edits(doc, 3, 40, sheets)
    assert find_recoverable([journal_path(file)]) == []  # this process is still running
    assert scenario_to_dict(recover(journal_path(file), sheets).scenario) == scenario_to_dict(
        doc.scenario)
    save_scenario(doc.scenario, file)
    journal.close(delete=False)
    with pytest.raises(JournalError, match="another journal is there already"):
        Journal.start(journal_path(file), doc, file)  # never over a journal not its own
    journal = Journal.start(journal_path(file), doc, file, own=True)
    header, records, note = read_journal(journal_path(file))
    assert records == [] and note == "" and header["revision"] == doc.revision
    doc.apply_change(Change(options={"turn": 4}))
    journal.close(delete=False)
    found = recover(journal_path(file), sheets)
    assert found.edits == 1 and found.scenario.options["turn"] == 4
    assert found.scenario_file == file.resolve()


def test_a_journal_whose_file_changed_is_recovered_from_its_own_copy(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    """Another window saved over the file: the journal still holds its board (inline)."""
    file = tmp_path / "game.json"
    doc = _doc(sheets)
    save_scenario(doc.scenario, file)
    journal = Journal.start(journal_path(file), doc, file)
    doc.move_models({doc.scenario.units[0].models[0].id: (5.0, 5.0)})
    journal.close(delete=False)
    other = load_scenario(file, sheets)
    other.name = "Saved by another window"
    save_scenario(other, file)
    found = recover(journal_path(file), sheets)
    assert scenario_to_dict(found.scenario) == scenario_to_dict(doc.scenario)
    assert find_recoverable([journal_path(file)], sheets) == [journal_path(file)]


def test_a_line_cut_short_is_left_out_and_a_damaged_one_stops_reading(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    doc = _doc(sheets)
    path = tmp_path / "j.journal"
    journal = Journal.start(path, doc)
    run_edits(doc, 5, 10, sheets)
    journal.close(delete=False)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"n": 11, "t": 1.0, "op": "move_mod')  # died mid-write
    found = recover(path, sheets)
    assert found.edits == 10 and found.note == ""
    lines = whole.split(b"\n")
    lines[4] = b"garbage"
    path.write_bytes(b"\n".join(lines))
    found = recover(path, sheets)
    assert found.edits == 3 and "line 5 is damaged" in found.note
    path.write_bytes(b"not a journal\n")
    with pytest.raises(JournalError, match="not a battleboard journal"):
        recover(path, sheets)


def test_journals_left_by_a_dead_program_are_found(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    doc = _doc(sheets)
    path = tmp_path / "unsaved-1.journal"
    journal = Journal.start(path, doc)
    doc.move_models({doc.scenario.units[0].models[0].id: (5.0, 5.0)})
    journal.close(delete=False)
    header, *_ = read_journal(path)
    lines = path.read_bytes().split(b"\n")
    header["pid"] = 2**22 + 12345  # no such process
    lines[0] = json.dumps(header).encode()
    path.write_bytes(b"\n".join(lines))
    empty = tmp_path / "unsaved-2.journal"
    Journal.start(empty, ScenarioDocument()).close(delete=False)
    assert find_recoverable([tmp_path]) == [path]


def test_appending_fails_softly_and_stops(tmp_path: Path, sheets: DatasheetLibrary) -> None:
    doc = _doc(sheets)
    journal = Journal.start(tmp_path / "j.journal", doc)
    os.close(journal._fd)  # the disk went away
    doc.move_models({doc.scenario.units[0].models[0].id: (5.0, 5.0)})
    assert "cannot be written" in journal.failure
    journal._fd = -1


def test_stale_temporary_files_of_interrupted_saves_are_removed(tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    file.write_text("{}")
    old = tmp_path / ".game.json.abc123.tmp"
    old.write_text("half a save")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    fresh = tmp_path / ".game.json.def456.tmp"  # a save going on right now
    fresh.write_text("...")
    other = tmp_path / ".other.json.abc.tmp"
    other.write_text("x")
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    assert remove_stale_saves(file) == [old]
    assert not old.exists() and fresh.exists() and other.exists()


def test_epic_and_fantasy_building_states_are_recovered_and_replayed(
        tmp_path: Path, sheets: DatasheetLibrary) -> None:
    """A building's state in the journal is read as its own system's type, not as 40K's.

    Found by the undo property test: an Epic 40,000 shot writes the building's ``armour`` and
    a Fantasy garrison its ``garrison``; the journal read them inside a 40K board and refused
    them, so a crashed Epic or Fantasy game could not be recovered nor replayed.
    """
    from board.document.history import Timeline
    from board.document.journal_codec import scenario_of
    from board.game.core.world import WorldCache
    from board.game.systems.epic.shooting import epic_shoot
    from tests.board.test_assault_epic_view import epic_scenario, guard_inside
    from tests.board.test_assault_fantasy_view import fantasy_scenario

    epic = ScenarioDocument(epic_scenario([guard_inside()]))
    fantasy = ScenarioDocument(fantasy_scenario())
    for name, doc in (("epic", epic), ("fantasy", fantasy)):
        journal = Journal.start(tmp_path / f"{name}.journal", doc)
        if doc is epic:
            world = WorldCache(sheets).world_for(doc.scenario)
            shot = epic_shoot(doc.scenario, sheets, world, "block", 3, "Titan", True, seed=4)
            doc.apply_change(shot.change)
            assert doc.scenario.piece("block").state.get("armour") is not None
        else:
            house = doc.scenario.piece("house")
            state = {"garrison": {"unit": "spears", "side": "blue", "entered_turn": 1,
                                  "characters": []}}
            moved = type(house)(**{**house.__dict__, "state": state})
            doc.apply_change(Change(pieces={"house": moved}))
        journal.close(delete=False)
        recovered = recover(journal.path, sheets)
        assert scenario_to_dict(recovered.scenario) == scenario_to_dict(doc.scenario), name
        header, records, _ = read_journal(journal.path)
        line = Timeline(scenario_of(header["base"]["scenario"]), records)
        assert scenario_to_dict(line.board(1)) == scenario_to_dict(doc.scenario), name
        assert line.log_added(1) == list(doc.scenario.log[-len(line.log_added(1)):] or [])


def _as_if_written_by(path: Path, pid: int) -> None:
    """Make the journal at ``path`` say another program (``pid``) wrote it."""
    header, *_ = read_journal(path)
    lines = path.read_bytes().split(b"\n")
    header["pid"] = pid
    lines[0] = json.dumps(header).encode()
    path.write_bytes(b"\n".join(lines))


def test_a_journal_without_edits_left_by_an_ended_program_is_deleted_not_offered(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    """A run that ended without closing its window (killed before any edit) left nothing."""
    gone = 2**22 + 12345  # no such process
    doc = _doc(sheets)
    edited = tmp_path / "unsaved-1.journal"
    journal = Journal.start(edited, doc)
    doc.move_models({doc.scenario.units[0].models[0].id: (5.0, 5.0)})
    journal.close(delete=False)
    _as_if_written_by(edited, gone)
    empty_gone = tmp_path / "unsaved-2.journal"
    Journal.start(empty_gone, ScenarioDocument()).close(delete=False)
    _as_if_written_by(empty_gone, gone)
    empty_running = tmp_path / "unsaved-3.journal"  # still written: its lock is held
    running = Journal.start(empty_running, ScenarioDocument())
    garbage = tmp_path / "unsaved-4.journal"  # not a journal: left alone, not offered
    garbage.write_bytes(b"not json\n")
    assert find_recoverable([tmp_path]) == [edited]
    assert not empty_gone.exists()
    assert edited.exists() and empty_running.exists() and garbage.exists()
    assert find_recoverable([tmp_path]) == [edited]  # asked again: the same answer
    running.close(delete=False)


def test_replay_follows_the_journal_of_a_second_window_on_the_file(
    tmp_path: Path, sheets: DatasheetLibrary
) -> None:
    """Each window journals to its own file; replay's "since the last save" finds the one."""
    from board.document.history import begin_history, game_timeline
    from board.document.journal import new_journal_path
    from board.document.journal_format import file_sha256

    file = tmp_path / "game.json"
    doc = _doc(sheets)
    save_scenario(doc.scenario, file)
    begin_history(file, doc.scenario, file_sha256(file))
    first = Journal.start(new_journal_path(file), ScenarioDocument(load_scenario(file, sheets)),
                          file)
    second = Journal.start(new_journal_path(file), doc, file)
    assert second.path.name == f".game.json.{os.getpid()}.journal"
    run_edits(doc, 7, 12, sheets)
    line = game_timeline(file, sheets)
    assert len(line) == 12
    assert scenario_to_dict(line.board(12)) == scenario_to_dict(doc.scenario)
    first.close(delete=True)
    second.close(delete=True)
