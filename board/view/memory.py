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

import functools
import gc
import linecache
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes

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


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """The C library's functions, as the running program has them (``dlopen(NULL)``).

    Not ``ctypes.util.find_library``: that runs ``ldconfig`` in a subprocess each time, and
    importing it imports ``subprocess`` at launch.
    """
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # at the first drag's end, not at launch

    try:
        return ctypes.CDLL(None)
    except OSError:
        return None


def give_back_free_memory() -> bool:
    """Hand memory freed in pieces back to the system (Linux' C library): ``malloc_trim``.

    Loading a 1,000-model scenario, or a drag over it with a line of sight (numpy's arrays of
    every reading, the pictures of the drag), frees some 20 MB in pieces that the C library
    otherwise keeps for itself. Called once a big board is loaded and when a drag ends, never
    per move. Elsewhere (macOS, Windows, a C library without it) this does nothing and
    returns ``False``.
    """
    libc = _libc()
    try:
        return libc is not None and bool(libc.malloc_trim(0) or True)
    except AttributeError:
        return False
