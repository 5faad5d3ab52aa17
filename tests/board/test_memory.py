"""A big board's objects are set aside from the collector's full passes; a small one's are not."""

from __future__ import annotations

import gc

from board.view.memory import BIG_BOARD_MODELS, set_aside_long_lived


def test_a_big_board_is_collected_once_and_set_aside():
    try:
        kept = [[k] for k in range(1000)]  # alive: set aside
        assert set_aside_long_lived(BIG_BOARD_MODELS)
        assert gc.get_freeze_count() >= len(kept)
        cycle: list[object] = []
        cycle.append(cycle)  # garbage made afterwards is still collected
        del cycle
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()


def test_a_small_board_is_left_alone():
    gc.unfreeze()
    assert not set_aside_long_lived(BIG_BOARD_MODELS - 1)
    assert gc.get_freeze_count() == 0
