"""The window kept inside the screen: its frame, title bar included, never below its edge.

A window 900 px high on a 900 px screen puts its title bar's height below the screen's edge,
and the status bar, where refusals are said, with it. :func:`fit_on_screen` shrinks and moves a
window so that its whole frame lies in the screen's available area (the panels left out). Before
the window is shown its frame is not known: a title bar of :data:`TITLE_GUESS` pixels is allowed.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

__all__ = ["TITLE_GUESS", "fit_on_screen", "available_area"]

#: The frame allowed around a window not shown yet: a title bar and a border, pixels.
TITLE_GUESS = 40
BORDER_GUESS = 8


def available_area(window: QWidget) -> QRect | None:
    """The screen area the window may use (``None``: no screen at all)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def fit_on_screen(window: QWidget) -> bool:
    """Shrink and move ``window`` until its frame lies in the screen; whether it changed."""
    area = available_area(window)
    if area is None:
        return False
    frame, inner = window.frameGeometry(), window.geometry()
    extra_w, extra_h = frame.width() - inner.width(), frame.height() - inner.height()
    if not window.isVisible() or extra_h <= 0:  # the window manager has not framed it yet
        extra_w, extra_h = max(extra_w, BORDER_GUESS), max(extra_h, TITLE_GUESS)
    width = max(window.minimumWidth(), min(window.width(), area.width() - extra_w))
    height = max(window.minimumHeight(), min(window.height(), area.height() - extra_h))
    changed = (width, height) != (window.width(), window.height())
    if changed:
        window.resize(width, height)
    left = min(max(window.x(), area.left()), area.right() + 1 - (width + extra_w))
    top = min(max(window.y(), area.top()), area.bottom() + 1 - (height + extra_h))
    left, top = max(left, area.left()), max(top, area.top())
    if (left, top) != (window.x(), window.y()):
        window.move(left, top)
        changed = True
    return changed
