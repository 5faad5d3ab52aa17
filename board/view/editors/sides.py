"""Edit ▸ Sides…: rename the two sides and change their colours, one undo step.

The sides keep their ids (units, claims and the log refer to them); only what the players
read and see changes. The board redraws every model in its side's new colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QUndoCommand
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from board.document.edits import ScenarioDocument
from board.document.model import Side
from board.view.new_dialog import SideRow

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["SidesDialog", "SidesCommand", "SidesEditor", "install"]


class SidesDialog(QDialog):
    """The sides' names and colours; refused with the reason when a name is empty or twice."""

    def __init__(self, sides: list[Side], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sides")
        self.ids = [s.id for s in sides]
        form = QFormLayout(self)
        self.rows = [SideRow(s.name, s.colour) for s in sides]
        for k, row in enumerate(self.rows, start=1):
            form.addRow(f"Side {k}", row)
        self.refusal = QLabel("")
        self.refusal.setStyleSheet("color: #b71c1c;")
        form.addRow(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form.addRow(buttons)

    def sides(self) -> list[Side]:
        """The sides as edited; a :class:`ValueError` if a name is empty or repeated."""
        names = [row.name_edit.text().strip() for row in self.rows]
        if not all(names):
            raise ValueError("each side needs a name")
        if len({n.casefold() for n in names}) < len(names):
            raise ValueError("the sides need different names")
        return [Side(i, n, row.colour) for i, n, row in zip(self.ids, names, self.rows,
                                                             strict=True)]

    def accept(self) -> None:  # noqa: D102 - Qt override: refuse with the reason
        try:
            self.sides()
        except ValueError as error:
            self.refusal.setText(f"Not accepted: {error}.")
            return
        super().accept()


class SidesCommand(QUndoCommand):
    """Swap the scenario's sides (names and colours) and redraw; undo swaps them back."""

    def __init__(self, document: ScenarioDocument, sides: list[Side]) -> None:
        super().__init__("Rename the sides")
        self._document, self._sides = document, sides

    def _swap(self) -> None:
        scenario = self._document.scenario
        scenario.sides, self._sides = self._sides, scenario.sides
        self._document.replace(scenario)  # every view redraws: colours, names, docks

    def redo(self) -> None:  # noqa: D102 - Qt override
        self._swap()

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._swap()


class SidesEditor:
    """Edit ▸ Sides…; ``dialog`` is the dialog last opened (for tests)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dialog: SidesDialog | None = None
        self.action = QAction("S&ides…", window)
        self.action.setStatusTip("Rename the sides and change their colours")
        self.action.triggered.connect(self.open)

    def open(self) -> SidesDialog:
        """Open the dialog on the scenario's sides (modal, shown without blocking)."""
        window = self.window
        dialog = SidesDialog(window.scenario.sides, window)
        self.dialog = dialog
        dialog.accepted.connect(
            lambda: window.undo_stack.push(SidesCommand(window.document, dialog.sides())))
        dialog.setModal(True)
        dialog.show()
        return dialog


def install(window: MainWindow) -> None:
    """Add Edit ▸ Sides… (``window.features.sides``)."""
    editor = SidesEditor(window)
    window.features.sides = editor
    window.menu("&Edit").addAction(editor.action)
    window.actions_["sides"] = editor.action
