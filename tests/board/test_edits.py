"""The document's edit API: pure Python, no Qt."""

from __future__ import annotations

import math

import pytest

from board.document.edits import (
    EditError,
    ScenarioDocument,
    Signal,
    formation_positions,
    offset_positions,
)
from board.document.model import Base, Model, Scenario, TerrainPiece, TroopType, Unit


def _listen(document: ScenarioDocument) -> list[tuple[str, object]]:
    heard: list[tuple[str, object]] = []
    for name in (
        "models_changed",
        "models_removed",
        "models_added",
        "piece_added",
        "piece_removed",
        "pieces_changed",
        "unit_added",
        "unit_removed",
        "replaced",
    ):
        getattr(document, name).connect(lambda *args, n=name: heard.append((n, args)))
    return heard


def test_signal_connects_once_and_disconnects():
    signal, heard = Signal(), []
    signal.connect(heard.append)
    signal.connect(heard.append)
    signal.emit(1)
    signal.disconnect(heard.append)
    signal.emit(2)
    assert heard == [1]


def test_move_models_moves_only_those_and_returns_old(document):
    heard = _listen(document)
    old = document.move_models({"r0": (11.25, 39.5), "b2": (0.0, 0.0)})
    assert old == {"r0": (10.0, 40.0), "b2": (44.0, 30.0)}
    assert (document.scenario.model("r0")[1].x, document.scenario.model("r0")[1].y) == (11.25, 39.5)
    assert document.scenario.model("r1")[1].x == 11.5
    assert heard == [("models_changed", (("r0", "b2"),))]


def test_refused_move_changes_nothing(document):
    before = [(m.x, m.y) for u in document.scenario.units for m in u.models]
    with pytest.raises(KeyError, match="no model with id nope"):
        document.move_models({"r0": (1.0, 1.0), "nope": (2.0, 2.0)})
    with pytest.raises(EditError, match="finite"):
        document.move_models({"r0": (math.nan, 1.0)})
    with pytest.raises(EditError, match="embarked in bastion"):
        document.move_models({"r0": (1.0, 1.0), "v0": (3.0, 3.0)})
    assert [(m.x, m.y) for u in document.scenario.units for m in u.models] == before


def test_rotate_models_wraps_to_0_360(document):
    old = document.rotate_models({"r0": 370.0, "b0": -90.0})
    assert old == {"r0": 0.0, "b0": 180.0}
    assert document.scenario.model("r0")[1].facing == 10.0
    assert document.scenario.model("b0")[1].facing == 270.0


def test_add_and_remove_piece_round_trip(document):
    heard = _listen(document)
    piece = TerrainPiece("ruin", "wh40k_small_building", 5.0, 5.0)
    document.add_pieces([piece], 0)
    assert document.scenario.terrain[0] is piece
    index, removed = document.remove_piece("ruin")
    assert (index, removed) == (0, piece)
    assert [h[0] for h in heard] == ["piece_added", "piece_removed"]
    with pytest.raises(EditError, match="hut is already in use"):
        document.add_pieces([TerrainPiece("hut", "wh40k_small_building", 1.0, 1.0)])


def test_cannot_remove_a_building_with_a_unit_inside(document):
    with pytest.raises(EditError, match="Veteran Squad embarked"):
        document.remove_piece("bastion")
    assert document.scenario.piece("bastion")


def test_place_pieces(document):
    old = document.place_pieces({"hut": (10.0, 12.0, 450.0)})
    assert old == {"hut": (50.0, 14.0, 90.0)}
    piece = document.scenario.piece("hut")
    assert (piece.x, piece.y, piece.rotation) == (10.0, 12.0, 90.0)


def test_add_unit_checks_ids_and_side(document):
    unit = Unit("new", "Scouts", "red", TroopType.INFANTRY, [Model("r0", Base.round_mm(25), 1, 1)])
    with pytest.raises(EditError, match="model id r0 is already in use"):
        document.add_unit(unit)
    with pytest.raises(KeyError):
        document.add_unit(Unit("x", "X", "green", TroopType.INFANTRY))
    with pytest.raises(EditError, match="unit id red-tac"):
        document.add_unit(Unit("red-tac", "X", "red", TroopType.INFANTRY))


def test_remove_and_restore_unit(document):
    index, unit = document.remove_unit("blue-guard")
    assert "blue-guard" not in [u.id for u in document.scenario.units]
    document.add_unit(unit, index)
    assert document.scenario.units[index] is unit


def test_remove_models_and_restore_in_place(document):
    removed = document.remove_models(["r1", "r3"])
    assert [m.id for m in document.scenario.unit("red-tac").models] == ["r0", "r2", "r4"]
    document.restore_models(removed)
    assert [m.id for m in document.scenario.unit("red-tac").models] == [
        "r0",
        "r1",
        "r2",
        "r3",
        "r4",
    ]
    with pytest.raises(EditError, match="remove the unit instead"):
        document.remove_models(["t0"])


def test_replace_and_new_ids(document):
    heard = _listen(document)
    fresh = Scenario(name="Fresh")
    old = document.replace(fresh)
    assert old.name == "Sample" and document.scenario is fresh
    assert heard == [("replaced", (fresh,))]
    assert ScenarioDocument(old).new_ids("r", 2) == ["r-1", "r-2"]


def test_offset_positions_keeps_formation():
    start = {"a": (1.0, 1.0), "b": (2.5, 4.0)}
    moved = offset_positions(start, 3.0, -0.5)
    assert moved == {"a": (4.0, 0.5), "b": (5.5, 3.5)}


def test_formation_positions_ranks_and_refusal():
    spots = formation_positions(7, 2.0, (10.0, 10.0))
    assert len(spots) == 7 and spots[5] == (6.0, 11.0)
    xs = [x for x, _ in spots[:5]]
    assert sum(xs) / 5 == 10.0
    with pytest.raises(EditError, match="spacing > 0"):
        formation_positions(3, 0.0, (0.0, 0.0))


def test_claim_piece_returns_the_old_holder_and_checks_the_side(document):
    heard = _listen(document)
    assert document.claim_piece("hut", "blue") is None
    assert document.claim_piece("hut", None) == "blue"
    with pytest.raises(KeyError):
        document.claim_piece("hut", "green")
    assert document.scenario.piece("hut").claimed_by is None
    assert heard == [("pieces_changed", (("hut",),)), ("pieces_changed", (("hut",),))]
