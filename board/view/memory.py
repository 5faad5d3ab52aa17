"""Keep the garbage collector's full passes short while a board is on screen.

Python's collector now and then walks every object it tracks. With a 1,000-model board that
is some hundreds of thousands of objects (the scenario, the items and their Qt wrappers) and
the walk took 19–22 ms, a visible hitch in a drag (measured with ``gc.callbacks`` over 1,000
moves). Almost all of them live as long as the board does, so once a scenario is on the board
they are collected once and then set aside (``gc.freeze``): later passes walk only what was
made since. When another scenario replaces it, the old one is let go first.

A small board is left alone: its full passes are short, and the one collection would cost
more than it saves (a test run opens hundreds of small boards).

The source text of the modules is let go too (:func:`let_go_of_sources`): PySide's import hook
reads the source of every module imported after it, looking for ``from __feature__``, and
``linecache`` kept all of it, some 13 MB of text nothing reads again (a traceback reads the
lines it shows back from the file).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import linecache
import sys

__all__ = ["set_aside_long_lived", "let_go_of_sources", "give_back_free_memory",
           "BIG_BOARD_MODELS"]

#: Boards with at least this many models on them have what they are made of set aside.
BIG_BOARD_MODELS = 300


def set_aside_long_lived(models: int) -> bool:
    """Collect once, then leave everything alive now out of the collector's later passes.

    Only on a board of at least :data:`BIG_BOARD_MODELS` models; returns whether it did.
    """
    if models < BIG_BOARD_MODELS:
        return False
    let_go_of_sources()
    gc.unfreeze()  # the last board's objects may be garbage now
    gc.collect()
    gc.freeze()
    give_back_free_memory()
    return True


def let_go_of_sources() -> None:
    """Forget the modules' source lines that imports left in ``linecache`` (see above)."""
    linecache.clearcache()


#: ``mallopt``'s ``M_MMAP_THRESHOLD``: blocks from this size up get pages of their own.
_M_MMAP_THRESHOLD = -3

#: Blocks of this many bytes and more are given back to the system as soon as they are freed.
LARGE_BLOCK = 128 * 1024


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name) if name is not None else None
    except OSError:
        return None


def keep_large_blocks_apart() -> bool:
    """Let large blocks (numpy's arrays of a sight reading, a label layout) go back at once.

    Linux' C library raises the size from which a block gets pages of its own each time such
    a block is freed; the big arrays of every later reading then come from the shared heap,
    which keeps what they leave. Fixing the size keeps them apart. Returns whether it could.
    """
    libc = _libc()
    try:
        return bool(libc is not None and libc.mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK))
    except AttributeError:
        return False


def give_back_free_memory() -> bool:
    """Hand the memory freed while a board was loaded back to the system (Linux' C library).

    Reading a 1,000-model scenario and making its items frees some 20 MB in pieces that the C
    library keeps for itself (``malloc_trim`` returns them). Elsewhere (macOS, Windows, a C
    library without it) this does nothing and returns ``False``.
    """
    libc = _libc()
    try:
        return libc is not None and bool(libc.malloc_trim(0) or True)
    except AttributeError:
        return False
