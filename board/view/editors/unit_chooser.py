"""Which unit to edit, when none is selected: every unit, those inside buildings too.

A unit inside a building has no models on the table to select, yet a rule may ask for one of
its stats (a Warhammer Fantasy garrison's Toughness when it is shot): Units ▸ Edit Unit… with
no unit selected lists every unit, with where it is, and edits the one chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from board.document.model import Scenario, Unit

__all__ = ["UnitChooser", "unit_choices"]


def unit_choices(scenario: Scenario, piece_names: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each unit's id and what a player reads: its name, side and where it is."""
    sides = {s.id: s.name for s in scenario.sides}
    return [(u.id, f"{u.name} ({sides.get(u.side, 'no side')}, {_where(u, piece_names)})")
            for u in scenario.units]


def _where(unit: Unit, piece_names: Mapping[str, str]) -> str:
    if unit.embarked_in is not None:
        return f"inside {piece_names.get(unit.embarked_in, 'a building')}"
    if unit.joined_to is not None:
        return "joined to a unit"
    return "on the table" if unit.models else "no models"


class UnitChooser(QDialog):
    """A list of the units; double-click or OK calls ``chosen`` with the unit's id."""

    def __init__(self, choices: list[tuple[str, str]], chosen: Callable[[str], object],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit which unit?")
        self._chosen = chosen
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("No unit is selected on the table. Edit which unit?"))
        self.units = QListWidget()
        for unit_id, label in choices:
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, unit_id)
            self.units.addItem(item)
        self.units.setCurrentRow(0)
        self.units.setMinimumWidth(min(900, self.units.sizeHintForColumn(0) + 40))
        self.units.itemDoubleClicked.connect(lambda *_: self.accept())
        layout.addWidget(self.units)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:  # noqa: D102 - Qt override: edit the unit chosen
        item = self.units.currentItem()
        super().accept()
        if item is not None:
            self._chosen(str(item.data(Qt.ItemDataRole.UserRole)))
