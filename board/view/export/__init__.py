"""Export the view with its measurements, rays and verdicts drawn and written out.

``install(window)`` adds *File ▸ Export View…* (Ctrl+Shift+E): PNG, SVG or PDF by the file's
suffix; the picture is what the view shows, the text below it the summary of every overlay
(see :mod:`board.view.export.controller`) and the scenario's kept facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from board.view.export.controller import ExportController, overlay_notes

if TYPE_CHECKING:
    from board.view.export.render import Exported, ExportError, export_format, export_view
    from board.view.window import MainWindow

_RENDER = ("Exported", "ExportError", "export_format", "export_view")


def __getattr__(name: str) -> Any:
    """The drawing functions, imported on first use (QtSvg costs nothing at launch)."""
    if name in _RENDER:
        from board.view.export import render

        return getattr(render, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["install", "ExportController", "ExportError", "Exported", "export_format",
           "export_view", "overlay_notes"]


def install(window: MainWindow) -> None:
    """Add *Export View…* to ``window``'s File menu (``window.exporter``)."""
    controller = ExportController(window)
    window.features.exporter = controller
    window.menu("&File").addAction(controller.action)
