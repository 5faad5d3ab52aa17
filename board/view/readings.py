"""The overlays' readings, worked out once per change, before the repaint, never while painting.

A tool's picture (a ruler's distance, a line of sight's verdicts) reads the board and
changes with every mouse move. An overlay told it is out of date asks to be read soon
(:func:`board.view.items.passive_item.read_soon`); the scene's :class:`Readings` works out
every reading due in one pass: at the end of the mouse event that changed them (the scene
asks, before Qt works out what to repaint: the labels' new places are repainted with the
rest, in one repaint; a repaint first and the labels after cost the board a second repaint a
move), else at the next turn of the event loop (an edit, another player's move). The view's
layout (:mod:`board.view.layout`) reads whatever is still due before it lays the labels out
(an export), so nothing is drawn stale.
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

    def soon(self, key: object, read: Callable[[], None]) -> None:
        """Work ``read`` out at the next turn of the event loop (once, however often asked)."""
        self._due[id(key)] = read
        if not self._posted:
            self._posted = True
            QTimer.singleShot(0, self.now)

    def now(self) -> None:
        """Work out every reading due, now."""
        self._posted = False
        while self._due:  # a reading may ask for another (the dock's answer, an overlay)
            due, self._due = self._due, {}
            for read in due.values():
                read()
