"""What the three assault dialogs share: the building, the dice, the record, the undo step."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QHideEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from board.document.changes import Change
from board.document.model import Model
from board.game.assault_reach import Candidate
from board.game.kit import Dice
from board.view.assault.marks_item import AssaultMarks, AssaultMarksItem, Ring
from board.view.commands import ApplyChangeCommand
from board.view.editors.stat_button import EditStatButton

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["AssaultDialog", "ring_of", "out_of_reach_text", "no_candidate_text"]

REFUSAL_STYLE = "color: #b71c1c;"


class AssaultDialog(QDialog):
    """A non-modal dialog about one building: a heading, a refusal line and the record.

    ``record`` lists what happened, step by step; ``refusal`` says why the last request was
    refused (nothing changed). :meth:`apply` pushes the assault's change as ONE undo step.
    """

    def __init__(self, window: MainWindow, piece_id: str, make_dice: Callable[[], Dice],
                 title: str) -> None:
        super().__init__(window)
        self.window_ = window
        self.piece_id = piece_id
        self.make_dice = make_dice
        #: The building as the players call it (its datasheet's name), never its id.
        self.piece_name = building_name(window, piece_id)
        self.setWindowTitle(f"{title}: {self.piece_name}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.layout_ = QVBoxLayout(self)
        self.heading = QLabel(f"<b>{title}</b> — {self.piece_name}")
        self.layout_.addWidget(self.heading)
        self.body = QVBoxLayout()
        self.layout_.addLayout(self.body)
        self.refusal = QLabel("")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        self.record = QPlainTextEdit()
        self.record.setReadOnly(True)
        self.record.setMinimumHeight(120)
        self.layout_.addWidget(self.refusal)
        units = window.features.units
        #: A missing stat refused the request: opens that unit's editor (inside a building too).
        self.edit_stat = EditStatButton(units.open_edit if units is not None else lambda _: None)
        self.layout_.addWidget(self.edit_stat)
        self.layout_.addWidget(self.record)
        self.applied = False
        #: The assault's marks on the board, shown while the dialog is.
        self.marks = AssaultMarksItem()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: D102 - Qt override
        if self.marks.scene() is None:
            self.window_.scene.addItem(self.marks)
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: D102 - Qt override
        if self.marks.scene() is not None:
            self.marks.scene().removeItem(self.marks)
        super().hideEvent(event)

    def show_marks(self, marks: AssaultMarks) -> None:
        """Draw ``marks`` on the board."""
        self.marks.set_marks(marks)

    def add(self, widget: QWidget) -> QWidget:
        """Add ``widget`` to the body of the dialog and return it."""
        self.body.addWidget(widget)
        return widget

    def refuse(self, reason: str | Exception) -> None:
        """Show why the request was refused (nothing changed).

        A refusal for a missing stat also offers to edit that unit's profile.
        """
        self.refusal.setText(str(reason))
        unit_id = getattr(reason, "unit_id", None)
        names = {u.id: u.name for u in self.window_.document.scenario.units}
        self.edit_stat.offer(reason if isinstance(reason, Exception) else None,
                             names.get(unit_id, "") if unit_id else "")

    def note(self, text: str) -> None:
        """Add lines to the record and clear any refusal."""
        self.refusal.setText("")
        self.edit_stat.offer(None)
        self.record.appendPlainText(text)

    def apply(self, change: Change, text: str) -> None:
        """Push the assault's whole change as one undo step, then select the building.

        Selecting it shows its new state (damage, garrison, effects) in the Building dock.
        """
        window = self.window_
        window.undo_stack.push(ApplyChangeCommand(window.document, change, text))
        self.applied = True
        scene = window.scene
        if self.piece_id in scene.piece_items():
            scene.clearSelection()
            scene.piece_item(self.piece_id).setSelected(True)


def building_name(window: MainWindow, piece_id: str) -> str:
    """The datasheet name of the piece ``piece_id`` (its id if the datasheet is unknown)."""
    sheets = window.scene.datasheets
    piece = window.document.scenario.piece(piece_id)
    return sheets[piece.datasheet].name if piece.datasheet in sheets else piece_id


def ring_of(model: Model, colour: QColor) -> Ring:
    """A ring around ``model``'s base in ``colour``."""
    radius = max(model.base.length_in, model.base.width_in) / 2.0
    return Ring(QPointF(model.x, model.y), radius, colour)


def out_of_reach_text(candidates: list[Candidate]) -> str:
    """The enemy units that may not assault from where they are, each with the reason."""
    refused = [c.text for c in candidates if not c.allowed]
    if not refused:
        return ""
    return "Not able to assault from where they stand:\n" + "\n".join(
        f"• {line}" for line in refused)


def no_candidate_text(candidates: list[Candidate], what: str) -> str:
    """Why nobody may ``what``: no enemy on the table, or the nearest one's distance."""
    if not candidates:
        return f"No enemy unit is on the table to {what}."
    nearest = candidates[0]
    if nearest.reach is not None and nearest.distance > nearest.reach:
        return f"No enemy unit may {what} — {nearest.text}. Move it closer first."
    return f"No enemy unit may {what} — {nearest.text}."
