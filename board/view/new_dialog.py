"""The New scenario dialog: rule system, table size (in the system's unit) and the two sides.

The table sizes offered are the usual ones of the chosen system: inches for Warhammer
40,000, Horus Heresy and Warhammer Fantasy, centimetres for Epic 40,000 (the document keeps
inches; 180 × 120 cm is 70.87 × 47.24 in). Each side has a name and a colour.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from board.document.model import RuleSystem, Scenario, Side, Table
from board.view.system_units import table_text

__all__ = ["NewScenarioDialog", "new_scenario", "DEFAULT_SIDES", "SideRow",
           "side_ids"]

#: The two sides a new scenario starts with.
DEFAULT_SIDES = (("red", "Red", "#c62828"), ("blue", "Blue", "#1e63d6"))


def new_scenario(table: Table, rule_system: RuleSystem, name: str = "Untitled",
                 sides: list[Side] | None = None) -> Scenario:
    """Return an empty scenario on ``table`` under ``rule_system`` (default sides if none)."""
    if sides is None:
        sides = [Side(side_id, side_name, colour) for side_id, side_name, colour in DEFAULT_SIDES]
    return Scenario(name=name, table=table, rule_system=rule_system, sides=sides)


def side_ids(names: list[str]) -> list[str]:
    """Ids for sides named ``names``: lower-case words joined by ``-``, made distinct.

    >>> side_ids(["Imperial Guard", "Orks", "orks!"])
    ['imperial-guard', 'orks', 'orks-2']
    """
    ids: list[str] = []
    for name in names:
        base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "side"
        found, k = base, 2
        while found in ids:
            found, k = f"{base}-{k}", k + 1
        ids.append(found)
    return ids


class SideRow(QWidget):
    """A side's name and its colour (the button opens the colour chooser)."""

    def __init__(self, name: str, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.name_edit = QLineEdit(name)
        self.colour_button = QPushButton()
        self.colour_button.setToolTip("Choose the side's colour")
        self.colour_button.clicked.connect(self._choose)
        layout.addWidget(self.name_edit, 1)
        layout.addWidget(self.colour_button)
        self.set_colour(colour)

    @property
    def colour(self) -> str:
        """The colour, ``#rrggbb``."""
        return self._colour

    def set_colour(self, colour: str) -> None:
        """Show ``colour`` (``#rrggbb``) on the button."""
        self._colour = QColor(colour).name()
        self.colour_button.setText(self._colour)
        self.colour_button.setStyleSheet(f"background: {self._colour}; color: white;")

    def _choose(self) -> None:
        chosen = QColorDialog.getColor(QColor(self._colour), self, "Side colour")
        if chosen.isValid():
            self.set_colour(chosen.name())


def _table_presets(system: RuleSystem) -> tuple[Table, ...]:
    """The table sizes ``system``'s players use.

    Read when the dialog opens, not at launch: the systems' registry brings the geometry and
    Shapely with it.
    """
    from board.game.systems.setup import TABLE_PRESETS

    return TABLE_PRESETS[system]


class NewScenarioDialog(QDialog):
    """Asks for a name, a rule system, a table size in its unit and the two sides."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        form = QFormLayout(self)
        self.name_edit = QLineEdit("Untitled")
        self.system_box = QComboBox()
        for system in RuleSystem:
            self.system_box.addItem(system.label, system.value)
        self.table_box = QComboBox()
        self.sides = [SideRow(name, colour) for _, name, colour in DEFAULT_SIDES]
        self.refusal = QLabel("")
        self.refusal.setStyleSheet("color: #b71c1c;")
        self.refusal.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form.addRow("Name", self.name_edit)
        form.addRow("Rule system", self.system_box)
        form.addRow("Table", self.table_box)
        for k, row in enumerate(self.sides, start=1):
            form.addRow(f"Side {k}", row)
        form.addRow(self.refusal)
        form.addRow(buttons)
        self.system_box.currentIndexChanged.connect(self._fill_tables)
        self._fill_tables()

    def system(self) -> RuleSystem:
        """The rule system chosen."""
        return RuleSystem(self.system_box.currentData())

    def set_system(self, system: RuleSystem) -> None:
        """Choose ``system`` (the table sizes follow)."""
        self.system_box.setCurrentIndex(self.system_box.findData(system.value))

    def _fill_tables(self) -> None:
        system = self.system()
        self.table_box.clear()
        for table in _table_presets(system):
            self.table_box.addItem(table_text(table.width, table.height,
                                              uses_cm=system.uses_cm))

    def chosen_sides(self) -> list[Side]:
        """The two sides as named; a :class:`ValueError` if a name is empty or repeated."""
        names = [row.name_edit.text().strip() for row in self.sides]
        if not all(names):
            raise ValueError("each side needs a name")
        if len({n.casefold() for n in names}) < len(names):
            raise ValueError(f"the two sides need different names, both are {names[0]!r}")
        return [Side(side_id, name, row.colour) for side_id, name, row
                in zip(side_ids(names), names, self.sides, strict=True)]

    def accept(self) -> None:  # noqa: D102 - Qt override: refuse with the reason
        try:
            self.chosen_sides()
        except ValueError as error:
            self.refusal.setText(f"Not accepted: {error}.")
            return
        super().accept()

    def scenario(self) -> Scenario:
        """Return the empty scenario the player chose."""
        system = self.system()
        return new_scenario(
            _table_presets(system)[self.table_box.currentIndex()],
            system,
            self.name_edit.text().strip() or "Untitled",
            self.chosen_sides(),
        )
