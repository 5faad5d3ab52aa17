"""Keep the garbage collector's full passes short while a board is on screen.

Python's collector now and then walks every object it tracks. With a 1,000-model board that
is some hundreds of thousands of objects (the scenario, the items and their Qt wrappers) and
the walk took 19–22 ms, a visible hitch in a drag (measured with ``gc.callbacks`` over 1,000
moves). Almost all of them live as long as the board does, so once a scenario is on the board
they are collected once and then set aside (``gc.freeze``): later passes walk only what was
made since. When another scenario replaces it, the old one is let go first.

A small board is left alone: its full passes are short, and the one collection would cost
more than it saves (a test run opens hundreds of small boards).
"""

from __future__ import annotations

import gc

__all__ = ["set_aside_long_lived", "BIG_BOARD_MODELS"]

#: Boards with at least this many models on them have what they are made of set aside.
BIG_BOARD_MODELS = 300


def set_aside_long_lived(models: int) -> bool:
    """Collect once, then leave everything alive now out of the collector's later passes.

    Only on a board of at least :data:`BIG_BOARD_MODELS` models; returns whether it did.
    """
    if models < BIG_BOARD_MODELS:
        return False
    gc.unfreeze()  # the last board's objects may be garbage now
    gc.collect()
    gc.freeze()
    return True
