"""Bulk work without the garbage collector's passes: reading and drawing a whole board.

Reading a long game and drawing its board of 1,000 models makes some hundreds of thousands
of objects that all live on. The collector's passes, set off by the allocations alone, walk
them again and again and free nothing: a third of the time of joining a 4-hour game (see
``benchmarks/remote_bench.py``). :func:`collector_paused` holds the collector for such a
step and lets it run as before afterwards (what is garbage is still collected, later).
:func:`pause_collector` does the same for a step that ends later, in another call: a launch,
whose imports and first board are made before the event loop paints them.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["collector_paused", "pause_collector"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection inside the ``with`` block (then as it was).

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def pause_collector() -> Callable[[], None]:
    """Hold the collector now; return the call that lets it run again (as it was), once.

    >>> resume = pause_collector()
    >>> gc.isenabled()
    False
    >>> resume(); resume(); gc.isenabled()
    True
    """
    was = gc.isenabled()
    gc.disable()
    held = [was]

    def resume() -> None:
        if held and held.pop():
            gc.enable()

    return resume
