"""Call back once a widget has painted for the first time (the launch paints the board first)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

__all__ = ["after_first_paint"]


class _FirstPaint(QObject):
    """Watches ``widget`` for its first paint, then calls back from the event loop, once."""

    def __init__(self, widget: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(widget)
        self._callback: Callable[[], None] | None = callback
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            # After the paint has finished and reached the screen, not inside it.
            QTimer.singleShot(0, self._fire)
        return False

    def _fire(self) -> None:
        callback, self._callback = self._callback, None
        self.deleteLater()
        if callback is not None:
            callback()


def after_first_paint(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call ``callback`` from the event loop just after ``widget``'s first paint.

    If the widget is never painted (never shown), ``callback`` is never called.
    """
    _FirstPaint(widget, callback)
