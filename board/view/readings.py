"""The overlays' readings, worked out once per turn of the event loop, never while painting.

A tool's picture (a ruler's distance, a line of sight's verdicts) reads the board and
changes with every mouse move; mouse moves come faster than frames. An overlay told it is
out of date asks to be read soon (:func:`board.view.items.passive_item.read_soon`): the
scene's :class:`Readings` works out every reading due in one pass at the next turn of the
event loop, before the repaint the change asked for; the view's layout
(:mod:`board.view.layout`) reads whatever is still due before it lays the labels out (an
export, or a paint that came first), so nothing is drawn stale.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer

__all__ = ["Readings"]


class Readings:
    """The readings due on one board, by whom (see the module)."""

    def __init__(self) -> None:
        self._due: dict[int, Callable[[], None]] = {}
        self._posted = False
        #: How many passes ran with something due (tests).
        self.passes = 0

    def soon(self, key: object, read: Callable[[], None]) -> None:
        """Work ``read`` out at the next turn of the event loop (once, however often asked)."""
        self._due[id(key)] = read
        if not self._posted:
            self._posted = True
            QTimer.singleShot(0, self.now)

    def now(self) -> None:
        """Work out every reading due, now."""
        self._posted = False
        if not self._due:
            return
        self.passes += 1
        while self._due:  # a reading may ask for another (the dock's answer, an overlay)
            due, self._due = self._due, {}
            for read in due.values():
                read()
