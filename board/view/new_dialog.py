"""The New scenario dialog: table size and rule system."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from board.document.model import TABLE_SIZES, RuleSystem, Scenario, Side, Table

__all__ = ["NewScenarioDialog", "new_scenario", "DEFAULT_SIDES"]

#: The two sides a new scenario starts with.
DEFAULT_SIDES = (("red", "Red", "#c62828"), ("blue", "Blue", "#1e63d6"))


def new_scenario(table: Table, rule_system: RuleSystem, name: str = "Untitled") -> Scenario:
    """Return an empty scenario on ``table`` under ``rule_system`` with the two default sides."""
    sides = [Side(side_id, side_name, colour) for side_id, side_name, colour in DEFAULT_SIDES]
    return Scenario(name=name, table=table, rule_system=rule_system, sides=sides)


class NewScenarioDialog(QDialog):
    """Asks for a name, a table size (72×48, 48×48, 44×30 inches) and a rule system."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        form = QFormLayout(self)
        self.name_edit = QLineEdit("Untitled")
        self.table_box = QComboBox()
        for table in TABLE_SIZES:
            self.table_box.addItem(f"{table.width:g} × {table.height:g} in")
        self.system_box = QComboBox()
        for system in RuleSystem:
            self.system_box.addItem(system.label, system.value)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow("Name", self.name_edit)
        form.addRow("Table", self.table_box)
        form.addRow("Rule system", self.system_box)
        form.addRow(buttons)

    def scenario(self) -> Scenario:
        """Return the empty scenario the player chose."""
        return new_scenario(
            TABLE_SIZES[self.table_box.currentIndex()],
            RuleSystem(self.system_box.currentData()),
            self.name_edit.text().strip() or "Untitled",
        )
