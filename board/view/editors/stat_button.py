"""The way out of a refusal for a missing stat: a button that opens that unit's editor.

"Spearmen have no Toughness (T) in their stats" stops a shot at a garrison; the unit is inside a
building, where it cannot be selected. The Shoot and Storm dialogs show this button under the
refusal: it opens the unit editor on that very unit, and the dialog reads the odds again once
the edit is made.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget

from board.game.core.assault import MissingStatError
from board.game.words import possessive

__all__ = ["EditStatButton"]


class EditStatButton(QPushButton):
    """Hidden until :meth:`offer` is given a :class:`MissingStatError`; a click edits its unit."""

    def __init__(self, edit_unit: Callable[[str], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._edit_unit = edit_unit
        self.unit_id: str | None = None
        self.clicked.connect(self._on_clicked)
        self.hide()

    def offer(self, error: BaseException | None, unit_name: str = "") -> None:
        """Show the button for ``error``'s unit (named ``unit_name``), or hide it."""
        if isinstance(error, MissingStatError):
            self.unit_id = error.unit_id
            whose = possessive(unit_name) if unit_name else "the unit's"
            self.setText(f"Edit {whose} profile…")
            self.show()
        else:
            self.unit_id = None
            self.hide()

    def _on_clicked(self) -> None:
        if self.unit_id is not None:
            self._edit_unit(self.unit_id)
