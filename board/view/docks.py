"""Small docks: the units embarked in buildings (they are not on the table)."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QListWidget, QWidget

from board.document.model import Scenario
from board.game.words import member_word

__all__ = ["GarrisonDock", "garrison_lines"]


def garrison_lines(scenario: Scenario, names: dict[str, str]) -> list[str]:
    """One line per embarked unit: ``building: unit (side, N models)``.

    ``names`` gives each terrain piece's displayed name by id.
    """
    lines = []
    sides = {s.id: s.name for s in scenario.sides}
    word = member_word(scenario.rule_system)  # "stand" in Epic 40,000
    for unit in scenario.units:
        if unit.embarked_in is not None:
            where = names.get(unit.embarked_in, unit.embarked_in)
            count = len(unit.models)  # "model" and "stand" take an "s" (no rules at launch)
            lines.append(f"{where}: {unit.name} ({sides.get(unit.side, 'no side')}, "
                         f"{count} {word}{'' if count == 1 else 's'})")
    return lines


class GarrisonDock(QDockWidget):
    """Lists the units inside buildings, with their building."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Inside buildings", parent)
        self.setObjectName("garrisons")
        self.list = QListWidget(self)
        self.setWidget(self.list)

    def set_lines(self, lines: list[str]) -> None:
        """Show ``lines`` (or a note that no unit is embarked)."""
        self.list.clear()
        self.list.addItems(lines or ["(no unit is inside a building)"])
