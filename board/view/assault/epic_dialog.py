"""Epic 40,000 close assault on a building: choose the stands, see the bonuses, roll.

With stands inside, the defender also chooses, before the roll, the stand the debris of
critical damage row 10 falls on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QListWidget, QListWidgetItem, QPushButton

from board.game.core.assault import AssaultError
from board.game.kit import Dice
from board.game.systems.epic.assault import (
    CONTACT_CM,
    EpicStand,
    debris_choices,
    epic_assault,
    epic_preview,
    epic_stands,
)
from board.view.assault.common import AssaultDialog, ring_of
from board.view.assault.marks_item import LEFT_OUT, REFUSED, TAKING_PART, AssaultMarks

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["EpicAssaultDialog"]


class EpicAssaultDialog(AssaultDialog):
    """The stands in contact (checked: they assault), the preview, and *Roll the assault*.

    A stand that may not assault (a vehicle, infantry under assault factor 2, a missing
    value) is listed greyed out with the reason as its tooltip.
    """

    def __init__(self, window: MainWindow, piece_id: str, make_dice: Callable[[], Dice]) -> None:
        super().__init__(window, piece_id, make_dice, "Epic 40,000 close assault")
        scene = window.scene
        self.stands: list[EpicStand] = epic_stands(window.document.scenario, scene.world(),
                                                   piece_id)
        self.add(QLabel(f"Stands in contact (within {CONTACT_CM:g} cm) — one die each:"))
        self.stand_list = QListWidget()
        self.stand_list.setMaximumHeight(140)
        self.add(self.stand_list)
        self.debris = self._debris_choice()
        self.preview = QLabel("")
        self.preview.setWordWrap(True)
        self.add(self.preview)
        self.roll_button = QPushButton("Roll the assault")
        self.add(self.roll_button)
        self._fill()
        self.stand_list.itemChanged.connect(self._update_preview)
        self.roll_button.clicked.connect(self.roll)
        self._update_preview()

    def _fill(self) -> None:
        attacker = next((s.side for s in self.stands if s.decision), None)
        for stand in self.stands:
            item = QListWidgetItem(stand.label)
            item.setData(Qt.ItemDataRole.UserRole, stand.model_id)
            if stand.decision:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                state = Qt.CheckState.Checked if stand.side == attacker else Qt.CheckState.Unchecked
                item.setCheckState(state)
            else:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setText(f"{stand.label} — {stand.decision.reason}")
            item.setToolTip(stand.decision.reason)
            self.stand_list.addItem(item)

    def _debris_choice(self) -> QComboBox | None:
        """The defender's pick of the stand inside for row 10 (none when nobody is inside)."""
        choices = debris_choices(self.window_.document.scenario, self.piece_id)
        if not choices:
            return None
        self.add(QLabel("If critical damage comes up row 10, the debris falls on "
                        "(the defender's choice):"))
        combo = QComboBox()
        for model_id, name in choices:
            combo.addItem(name, model_id)
        self.add(combo)
        return combo

    def debris_target(self) -> str | None:
        """Return the model id the defender chose for the debris (``None``: nobody inside)."""
        return None if self.debris is None else str(self.debris.currentData())

    def chosen(self) -> list[str]:
        """Return the model ids of the checked stands."""
        items = [self.stand_list.item(k) for k in range(self.stand_list.count())]
        return [str(i.data(Qt.ItemDataRole.UserRole)) for i in items
                if i.checkState() == Qt.CheckState.Checked]

    def set_chosen(self, model_ids: list[str]) -> None:
        """Check exactly the stands ``model_ids`` (as a player clicking them would)."""
        for k in range(self.stand_list.count()):
            item = self.stand_list.item(k)
            if item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                wanted = item.data(Qt.ItemDataRole.UserRole) in model_ids
                item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)

    def _update_marks(self) -> None:
        """Rings on the board: green for the stands ticked, grey left out, red refused."""
        chosen = set(self.chosen())
        scenario = self.window_.document.scenario
        rings = []
        for stand in self.stands:
            colour = (TAKING_PART if stand.model_id in chosen else
                      LEFT_OUT if stand.decision else REFUSED)
            rings.append(ring_of(scenario.model(stand.model_id)[1], colour))
        self.show_marks(AssaultMarks(tuple(rings)))

    def _update_preview(self, *_: object) -> None:
        window = self.window_
        self._update_marks()
        if not self.stands:
            self.preview.setText(f"No stand is in contact with {self.piece_id}: move the "
                                 f"assaulters into base contact first.")
            self.roll_button.setEnabled(False)
            return
        try:
            text = epic_preview(window.document.scenario, window.library, window.scene.world(),
                                self.piece_id, self.chosen())
        except AssaultError as error:
            self.preview.setText("")
            self.refuse(str(error))
            self.roll_button.setEnabled(False)
            return
        self.refuse("")
        self.preview.setText(f"Before rolling: {text}")
        self.roll_button.setEnabled(not self.applied)

    def roll(self) -> None:
        """Resolve the assault and apply it as one undo step (a refusal changes nothing)."""
        window = self.window_
        try:
            result = epic_assault(window.document.scenario, window.library, window.scene.world(),
                                  self.piece_id, self.chosen(), self.make_dice(),
                                  self.debris_target())
        except AssaultError as error:
            self.refuse(str(error))
            return
        self.apply(result.change, f"Epic close assault on {self.piece_id}")
        self.note(result.text)
        self.roll_button.setEnabled(False)
        self.stand_list.setEnabled(False)
        if self.debris is not None:
            self.debris.setEnabled(False)
