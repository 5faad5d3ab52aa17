"""File ▸ New from Layout…: a deployment pattern, one of its layouts (each with a preview).

The layouts are the published tournament ones (``board.game.layouts``; "Powered by
40kdc-data"). Choosing one builds the scenario: the table, the pattern's zones, every
terrain piece and objective marker, the layout named.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from board.document.model import Scenario, Side
from board.game.layouts.build import scenario_from_layout
from board.game.layouts.catalogue import CREDIT, LayoutCatalogue
from board.game.layouts.preview import preview_of
from board.game.words import counted
from board.view.layouts.preview import preview_pixmap

__all__ = ["LayoutDialog", "THUMB"]

#: A preview's size, pixels (60 × 44 inches at 4 pixels an inch, and a margin).
THUMB = QSize(244, 180)


def _words(key: str) -> str:
    """A dataset key in words (``take-and-hold-vs-purge`` → ``Take and hold vs purge``)."""
    words = key.replace("-", " ").strip()
    return words[:1].upper() + words[1:]


class LayoutDialog(QDialog):
    """Choose a pattern, then a layout; :meth:`scenario` is the table it builds."""

    def __init__(self, catalogue: LayoutCatalogue, sides: Sequence[Side],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New from Layout")
        self.catalogue, self.sides = catalogue, list(sides)
        self.built: dict[str, Scenario] = {}
        self.pattern_box = QComboBox()
        for pattern in catalogue.patterns:
            if pattern.layouts:
                self.pattern_box.addItem(f"{pattern.name} ({len(pattern.layouts)})", pattern.id)
        self.layouts = QListWidget()
        self.layouts.setViewMode(QListView.ViewMode.IconMode)
        self.layouts.setIconSize(THUMB)
        self.layouts.setResizeMode(QListView.ResizeMode.Adjust)
        self.layouts.setMovement(QListView.Movement.Static)
        self.layouts.setMinimumSize(3 * THUMB.width() + 60, THUMB.height() + 60)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.layouts.itemDoubleClicked.connect(lambda *_: self.accept())
        self.layouts.currentItemChanged.connect(lambda *_: self._describe())
        self.pattern_box.currentIndexChanged.connect(lambda *_: self._fill())
        self._lay_out()
        self._fill()

    def _lay_out(self) -> None:
        box = QVBoxLayout(self)
        box.addWidget(QLabel("Deployment pattern:"))
        box.addWidget(self.pattern_box)
        box.addWidget(self.layouts, 1)
        box.addWidget(self.about)
        credit = QLabel(f"{CREDIT} (CC BY 4.0): layouts from Battlemaster, with permission.")
        credit.setStyleSheet("color: palette(mid)")
        box.addWidget(credit)
        box.addWidget(self.buttons)

    def _built(self, layout_id: str) -> Scenario:
        if layout_id not in self.built:
            self.built[layout_id] = scenario_from_layout(self.catalogue, layout_id, self.sides)
        return self.built[layout_id]

    def _fill(self) -> None:
        self.layouts.clear()
        pattern = self.catalogue.pattern(str(self.pattern_box.currentData()))
        colours = {side.id: side.colour for side in self.sides}
        for layout in pattern.layouts:
            picture = preview_pixmap(preview_of(self._built(layout.id)), colours,
                                     THUMB.width(), THUMB.height())
            item = QListWidgetItem(QIcon(picture), layout.name)
            item.setData(Qt.ItemDataRole.UserRole, layout.id)
            item.setToolTip(layout.raw.get("description") or layout.name)
            self.layouts.addItem(item)
        self.layouts.setCurrentRow(0)

    def _describe(self) -> None:
        layout_id = self.chosen()
        if layout_id is None:
            self.about.clear()
            return
        layout = self.catalogue.layout(layout_id)
        scenario = self._built(layout_id)
        marks = len(scenario.options.get("objectives", {}))
        pieces = len(scenario.terrain) - marks
        self.about.setText(f"{layout.name}: {counted(pieces, 'terrain piece')}, "
                           f"{counted(marks, 'objective marker')} "
                           f"on a {layout.width:g} × {layout.height:g} in table"
                           + (f"; for {_words(layout.matchup)}" if layout.matchup else "") + ".")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)

    def chosen(self) -> str | None:
        """The id of the layout picked (``None`` if none)."""
        item = self.layouts.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def scenario(self) -> Scenario:
        """The scenario of the layout picked."""
        layout_id = self.chosen()
        if layout_id is None:
            raise ValueError("no layout chosen")
        return self._built(layout_id)
