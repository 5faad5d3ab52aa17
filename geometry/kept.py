"""What was worked out for the last few geometry objects, kept by the object itself.

A ruin's features or whether a door's outline is convex are asked for again and again with
the same object. :class:`KeptPerObject` remembers the answer for the last ``size`` objects,
keyed by ``id`` and holding the object, so an id is never reused while its entry is kept.

>>> kept = KeptPerObject(size=2)
>>> shape = object()
>>> kept.get(shape, lambda: 41) + 1
42
>>> kept.get(shape, lambda: 0)  # not worked out again
41
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["KeptPerObject"]

T = TypeVar("T")


class KeptPerObject(Generic[T]):
    """The answers for the last ``size`` objects asked about (oldest forgotten first)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._kept: dict[int, tuple[object, T]] = {}

    def get(self, target: object, work_out: Callable[[], T]) -> T:
        """The answer for ``target``: kept, else ``work_out()`` kept from now on."""
        known = self._kept.get(id(target))
        if known is not None and known[0] is target:
            return known[1]
        found = work_out()
        if len(self._kept) >= self.size:
            self._kept.pop(next(iter(self._kept)))
        self._kept[id(target)] = (target, found)
        return found
