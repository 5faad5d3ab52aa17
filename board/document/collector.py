"""Bulk work without the garbage collector's passes: reading and drawing a whole board.

Reading a long game and drawing its board of 1,000 models makes some hundreds of thousands
of objects that all live on. The collector's passes, set off by the allocations alone, walk
them again and again and free nothing: a third of the time of joining a 4-hour game (see
``benchmarks/remote_bench.py``). :func:`collector_paused` holds the collector for such a
step and lets it run as before afterwards (what is garbage is still collected, later).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


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
