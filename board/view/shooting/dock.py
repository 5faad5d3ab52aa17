"""The Shooting dock: the turn clock, the line-of-sight readout and the last result."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from board.view import style
from board.view.dock_layout import scrolling

__all__ = ["ShootingDock"]


class ShootingDock(QDockWidget):
    """Shows the turn (``clock``), buttons for the actions, and the readout text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Shooting and turn", parent)
        self.setObjectName("shooting")
        body = QWidget()
        layout = QVBoxLayout(body)
        top = QHBoxLayout()
        self.clock = QLabel("")
        self.clock.setFont(style.label_font(10.0, bold=True))
        self.end_turn = QPushButton("End turn")
        top.addWidget(self.clock, 1)
        top.addWidget(self.end_turn)
        layout.addLayout(top)
        first = QHBoxLayout()
        first.addWidget(QLabel("Goes first:"))
        self.first = QComboBox()
        self.start = QPushButton("Start turn 1")
        first.addWidget(self.first, 1)
        first.addWidget(self.start)
        layout.addLayout(first)
        row = QHBoxLayout()
        self.sight = QPushButton("Line of sight")
        self.shoot = QPushButton("Shoot a building…")
        self.automated = QPushButton("Automated fire")
        for button in (self.sight, self.shoot, self.automated):
            row.addWidget(button)
        layout.addLayout(row)
        self.steps_row = QHBoxLayout()  # the rule system's phase steps (Epic: crumbling, flames)
        self.steps: dict[str, QPushButton] = {}
        layout.addLayout(self.steps_row)
        self.readout = QPlainTextEdit(readOnly=True)
        self.readout.setPlaceholderText(
            "Line of sight: click a shooter (a model; Shift: its unit; a fire point, weapon or "
            "the battlements of a building), then a target.")
        layout.addWidget(self.readout, 1)
        #: Where other tools add a section of their own (who sees whom).
        self.sections = layout
        self.setWidget(scrolling(body, self))

    def set_steps(self, steps: list[tuple[str, str, str]]) -> dict[str, QPushButton]:
        """One button per phase step ``(key, label, rule)`` (none: the row is empty)."""
        for button in self.steps.values():
            self.steps_row.removeWidget(button)
            button.deleteLater()
        self.steps = {}
        for key, label, rule in steps:
            button = QPushButton(label)
            button.setToolTip(rule)
            self.steps_row.addWidget(button)
            self.steps[key] = button
        return self.steps

    def show_lines(self, lines: list[str]) -> None:
        """Show ``lines`` in the readout."""
        self.readout.setPlainText("\n".join(lines))
