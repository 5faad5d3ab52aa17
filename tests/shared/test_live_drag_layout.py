"""The other player's drag, shown live, holds this board's label layout until it ends.

As during this player's own drag (tests/board/test_held_labels.py), the board's models are
not read and laid out again on every move of a drag shown live (on the benchmark's table
that cost the receiving board 10 to 20 ms a move: benchmarks/remote_bench.py). When their
drag ends, in an edit or with its items put back, the labels are exactly where a fresh
layout puts them.
"""

from __future__ import annotations

import pytest

from board.view.remote import live as live_module
from board.view.remote.live import LiveDrags
from board.view.window import MainWindow
from tests.board.test_backdrop import crowded
from tests.board.test_held_labels import boxes, open_board, settle

MODEL = "u7-0"  # of the line of sight's shooting unit: its labels stand near


class _Peer:
    """The other player's board as :class:`LiveDrags` asks it (``live_moves``)."""

    def live_moves(self, drag: object) -> dict[str, tuple[float, float]]:
        if not isinstance(drag, dict):
            return {}
        return {model_id: (float(x), float(y)) for model_id, (x, y) in drag.items()}


@pytest.fixture
def board(qtbot, library, tmp_path, monkeypatch):
    monkeypatch.setattr(live_module, "SETTLE_MS", 50)  # how soon a cancelled drag is put back
    return open_board(qtbot, library, tmp_path, crowded(library), "board")


def item_at(win: MainWindow, model_id: str) -> tuple[float, float]:
    pos = win.scene.model_item(model_id).pos()
    return pos.x(), pos.y()


def drag_live(win: MainWindow, live: LiveDrags) -> tuple[float, float]:
    """Six moves of the other player's drag of :data:`MODEL`, each painted; the last place."""
    model = win.document.scenario.model(MODEL)[1]
    place = (model.x, model.y)
    for k in range(1, 7):
        place = (model.x + 0.4 * k, model.y + 0.8 * k)
        live.show(7, {MODEL: list(place)})
        settle(win)
        assert item_at(win, MODEL) == place  # their drag is seen where it is now
    return place


def test_the_other_players_drag_holds_the_layout_and_a_cancel_lays_it_out_as_before(
        board, qtbot):
    before = boxes(board)
    assert before
    layout = board.view.label_layout
    read, computed = layout.read, layout.computed
    live = LiveDrags(board.scene, lambda: _Peer())
    drag_live(board, live)
    assert board.scene.shows_live_drag
    # held: the board's models were not read, nothing was laid out, on any move
    assert (layout.read, layout.computed) == (read, computed)
    assert boxes(board) == before
    live.show(7, {})  # they let go where no edit follows (a cancelled drag)
    assert not board.scene.shows_live_drag
    model = board.document.scenario.model(MODEL)[1]
    qtbot.waitUntil(lambda: item_at(board, MODEL) == (model.x, model.y), timeout=3000)
    settle(board)
    assert layout.read > read  # the models read again where they stand
    assert boxes(board) == before


def test_after_the_other_players_drag_the_labels_are_where_a_fresh_window_puts_them(
        board, qtbot, library, tmp_path):
    layout = board.view.label_layout
    read = layout.read
    live = LiveDrags(board.scene, lambda: _Peer())
    place = drag_live(board, live)
    board.document.move_models({MODEL: place})  # their release's edit arrives ...
    live.show(7, {})  # ... and then the end of their drag
    settle(board)
    assert layout.read > read
    fresh = open_board(qtbot, library, tmp_path, board.document.scenario, "fresh")
    assert boxes(board) == boxes(fresh)
