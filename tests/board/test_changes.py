"""Compound edits (board.document.changes): applied whole, undone exactly, refused whole."""

import copy

import pytest

from board.document.changes import UNSET, Change, apply_change
from board.document.edits import EditError, ScenarioDocument
from board.document.events import DocumentChange
from board.document.model import (
    Annotation,
    Base,
    LogEntry,
    Model,
    Scenario,
    Side,
    TerrainPiece,
    TroopType,
    Unit,
)


def _scenario() -> Scenario:
    units = [
        Unit(
            f"u{i}",
            f"Squad {i}",
            "red",
            TroopType.INFANTRY,
            [Model(f"u{i}m{j}", Base.round_mm(32), 10.0 * i + j, 5.0) for j in range(3)],
        )
        for i in range(1, 4)
    ]
    pieces = [TerrainPiece("bastion", "imperial_bastion", 30.0, 20.0, claimed_by="red")]
    return Scenario(
        sides=[Side("red", "Red", "#c03030"), Side("blue", "Blue", "#3050c0")],
        units=units,
        terrain=pieces,
        log=[LogEntry("deployment")],
        options={"deployment": "dawn_of_war"},
    )


def _heard(doc: ScenarioDocument) -> list[tuple[str, object]]:
    heard: list[tuple[str, object]] = []
    for name in (
        "unit_added",
        "unit_removed",
        "piece_added",
        "piece_removed",
        "pieces_changed",
        "annotations_changed",
        "options_changed",
        "log_changed",
    ):
        getattr(doc, name).connect(lambda *args, n=name: heard.append((n, args)))
    return heard


def test_a_compound_change_is_undone_exactly() -> None:
    doc = ScenarioDocument(_scenario())
    before = copy.deepcopy(doc.scenario)
    inside = copy.deepcopy(doc.scenario.unit("u2"))
    inside.embarked_in = "bastion"
    hit = copy.deepcopy(doc.scenario.piece("bastion"))
    hit.state = {"hull_points_lost": 1}
    hit.claimed_by = "blue"
    change = Change(
        units={"u2": inside, "u3": None},
        pieces={"bastion": hit},
        annotations={"a1": Annotation("a1", "ruler", {"from": "u1m0"})},
        options={"deployment": "vanguard_strike", "new": 3},
        log=[LogEntry("shot", [{"purpose": "penetration", "faces": [5], "sides": 6}], 7)],
    )
    inverse = apply_change(doc, change)
    after = doc.scenario
    assert after.unit("u2").embarked_in == "bastion"
    assert [u.id for u in after.units] == ["u1", "u2"]
    assert after.piece("bastion").state == {"hull_points_lost": 1}
    assert after.options == {"deployment": "vanguard_strike", "new": 3}
    assert [e.text for e in after.log] == ["deployment", "shot"]
    assert [a.id for a in after.annotations] == ["a1"]

    apply_change(doc, inverse)
    assert doc.scenario == before  # order of units, options and the log included


def test_one_event_says_what_changed_an_edited_unit_is_an_edit() -> None:
    doc = ScenarioDocument(_scenario())
    events: list[DocumentChange] = []
    doc.changed.connect(events.append)
    heard = _heard(doc)
    hit = copy.deepcopy(doc.scenario.unit("u1"))
    hit.models[0].x += 1.0
    del hit.models[2]
    ruined = copy.deepcopy(doc.scenario.piece("bastion"))
    ruined.datasheet = "ruins_40k"
    apply_change(doc, Change(units={"u1": hit}, pieces={"bastion": ruined}))
    [event] = events
    assert (event.revision, event.op) == (1, "apply_change")
    assert event.models_changed == ("u1m0",)
    assert event.models_removed == ("u1m2",)
    assert event.units_added == event.units_removed == event.units_changed == ()
    assert event.pieces_changed == ("bastion",) and not event.pieces_added
    # The older signals follow the same event: no unit removed and added again.
    assert [n for n, _ in heard] == ["pieces_changed"]
    heard.clear()
    events.clear()
    claimed = copy.deepcopy(doc.scenario.piece("bastion"))
    claimed.claimed_by = None
    inside = copy.deepcopy(doc.scenario.unit("u2"))
    inside.embarked_in = "bastion"
    apply_change(doc, Change(units={"u2": inside}, pieces={"bastion": claimed},
                             log=[LogEntry("x")]))
    assert heard == [("pieces_changed", (("bastion",),)), ("log_changed", (2,))]
    [event] = events
    assert event.revision == 2 and event.units_changed == ("u2",) and event.log
    assert event.models_touched == ()


def test_an_equal_copy_changes_nothing_drawn() -> None:
    doc = ScenarioDocument(_scenario())
    events: list[DocumentChange] = []
    doc.changed.connect(events.append)
    apply_change(doc, Change(units={"u1": copy.deepcopy(doc.scenario.unit("u1"))}))
    [event] = events
    assert not event.board_changed and event.revision == doc.revision == 1


def test_a_removed_unit_comes_back_in_its_place() -> None:
    doc = ScenarioDocument(_scenario())
    inverse = apply_change(doc, Change(units={"u1": None}))
    assert [u.id for u in doc.scenario.units] == ["u2", "u3"]
    apply_change(doc, inverse)
    assert [u.id for u in doc.scenario.units] == ["u1", "u2", "u3"]


def test_an_option_the_scenario_lacked_is_removed_again() -> None:
    doc = ScenarioDocument(_scenario())
    inverse = apply_change(doc, Change(options={"tremor": True}))
    assert inverse.options == {"tremor": UNSET}
    apply_change(doc, inverse)
    assert "tremor" not in doc.scenario.options


def test_a_change_into_a_missing_building_is_refused_whole() -> None:
    doc = ScenarioDocument(_scenario())
    before = copy.deepcopy(doc.scenario)
    inside = copy.deepcopy(doc.scenario.unit("u1"))
    inside.embarked_in = "nowhere"
    with pytest.raises(EditError, match="cannot be inside nowhere"):
        apply_change(doc, Change(units={"u1": inside}, log=[LogEntry("x")]))
    assert doc.scenario == before


def test_a_change_cannot_embark_a_unit_in_a_piece_it_removes() -> None:
    doc = ScenarioDocument(_scenario())
    inside = copy.deepcopy(doc.scenario.unit("u1"))
    inside.embarked_in = "bastion"
    with pytest.raises(EditError):
        apply_change(doc, Change(units={"u1": inside}, pieces={"bastion": None}))


def test_log_cut_and_extend_round_trip() -> None:
    doc = ScenarioDocument(_scenario())
    apply_change(doc, Change(log=[LogEntry("a"), LogEntry("b")]))
    before = copy.deepcopy(doc.scenario.log)
    inverse = apply_change(doc, Change(log_keep=1, log=[LogEntry("c")]))
    assert [e.text for e in doc.scenario.log] == ["deployment", "c"]
    apply_change(doc, inverse)
    assert doc.scenario.log == before


def test_undo_command_applies_and_reverts(qtbot) -> None:  # noqa: ARG001 - needs a QApplication
    from PySide6.QtGui import QUndoStack

    from board.view.commands import ApplyChangeCommand

    doc = ScenarioDocument(_scenario())
    before = copy.deepcopy(doc.scenario)
    stack = QUndoStack()
    gone = Change(units={"u3": None}, log=[LogEntry("Squad 3 destroyed")])
    stack.push(ApplyChangeCommand(doc, gone, "Squad 3 destroyed"))
    assert [u.id for u in doc.scenario.units] == ["u1", "u2"]
    stack.undo()
    assert doc.scenario == before
    stack.redo()
    assert [u.id for u in doc.scenario.units] == ["u1", "u2"]
    assert doc.scenario.log[-1].text == "Squad 3 destroyed"
