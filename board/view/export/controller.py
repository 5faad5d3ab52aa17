"""File ▸ Export View…: the view, its overlays and their numbers, to PNG, SVG or PDF.

The drawing (:mod:`board.view.export.render`, with QtSvg) and the summary are imported on
first use, so that they cost nothing at launch. The written summary is
:func:`board.game.reports.dispute_summary.summary_lines` (the scenario's report) over what
the overlays on the scene say: any visible scene item with a ``summary_note()`` method
returning a :class:`~board.game.reports.report.Finding` or ``(title, lines)`` (or ``None``)
is an overlay whose lines go into the summary. Nothing is read back from what is painted: an
item without a ``summary_note`` says nothing (the kept measurements are written from the
document).

The summary is headed by the scenario file's name and the SHA-256 of its content (of the
scenario as shown, when it has changes not saved) and the time.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QGraphicsItem, QGraphicsScene

from board.document.io import scenario_to_dict
from board.game.reports.report import Finding, Source

if TYPE_CHECKING:
    from board.game.reports.dispute_summary import OverlayNote
    from board.view.export.render import Exported
    from board.view.window import MainWindow

__all__ = ["ExportController", "overlay_notes"]

_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"


def _note_of(item: QGraphicsItem) -> OverlayNote | Finding | None:
    note_of = getattr(item, "summary_note", None)
    if not callable(note_of):
        return None
    note = note_of()
    if note is None or isinstance(note, Finding):
        return note
    title, lines = note  # type: ignore[misc] # a (title, lines) pair
    return (str(title), [str(line) for line in lines])


def overlay_notes(scene: QGraphicsScene) -> list[OverlayNote | Finding]:
    """What the visible overlays on ``scene`` say, in the order they are stacked (bottom first)."""
    notes: list[OverlayNote | Finding] = []
    for item in reversed(scene.items()):  # items() is topmost first
        if item.isVisible():
            note = _note_of(item)
            if note is not None:
                notes.append(note)
    return notes


class ExportController(QObject):
    """Exports ``window``'s view; the action asks for a file, ``export_to`` does not."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.action = QAction("&Export View…", self)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.action.setStatusTip("Write the view, its measurements and their numbers to "
                                 "PNG, SVG or PDF")
        self.action.triggered.connect(self.ask_export)

    def source(self) -> Source:
        """The scenario file and the hash of its content (of what is shown, if changed)."""
        path = self.window.files.path
        if path is not None and path.is_file() and self.window.undo_stack.isClean():
            return Source.of_file(path)
        scenario = self.window.document.scenario
        name = f"{path.name if path else scenario.name} (with changes not saved)"
        text = json.dumps(scenario_to_dict(scenario), indent=2, ensure_ascii=False)
        return Source.of_bytes(name, text.encode("utf-8"))

    def summary(self) -> list[str]:
        """The lines written below the picture: a heading, the overlays, the kept facts."""
        from board.game.reports.dispute_summary import (
            summary_lines,  # on first use: a faster launch
        )

        scene = self.window.scene
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        lines = summary_lines(self.window.document.scenario, scene.datasheets,
                              overlay_notes(scene), self.source(), stamp)
        return ["battleboard export", *lines]

    def export_to(self, path: Path) -> Exported:
        """Export to ``path`` (its suffix picks the format); ``ExportError`` says why not."""
        from board.view.export.render import export_view

        scenario = self.window.document.scenario
        done = export_view(self.window.view, path, self.summary(), f"battleboard: {scenario.name}")
        self.window.statusBar().showMessage(f"Exported the view to {path}", 6000)
        return done

    def ask_export(self) -> None:
        """Ask for a file name, then export; a refusal is shown to the player."""
        name, chosen = QFileDialog.getSaveFileName(self.window, "Export view", "board.png",
                                                   _FILTERS)
        if not name:
            return
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix("." + chosen.split("*.")[-1].rstrip(")"))
        from board.view.export.render import ExportError

        try:
            self.export_to(path)
        except ExportError as error:
            self.window.show_error("Export view", str(error))
