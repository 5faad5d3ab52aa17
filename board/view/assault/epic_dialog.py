"""The stands Storm form (Epic 40,000 close assault): choose the stands, see the bonuses, roll.

With stands inside, the defender also chooses, before the roll, the stand the debris of
critical damage row 10 falls on. The stands, the preview and the roll come from the scenario's
system (``GameSystem.assault_stands``, ``assault_preview`` and ``storm`` with a
:class:`~board.game.core.assault.StandsOrder`): the form names no system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QListWidget, QListWidgetItem, QPushButton

from board.game.assault_reach import assault_candidates, holder_side
from board.game.core.assault import AssaultError, AssaultStand, StandsOrder
from board.game.core.names import Namer
from board.game.kit import Dice
from board.game.occupancy.common import models_inside
from board.game.systems.registry import system_for
from board.view.assault.common import AssaultDialog, ring_of
from board.view.assault.marks_item import LEFT_OUT, REFUSED, TAKING_PART, AssaultMarks

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["EpicAssaultDialog"]


class EpicAssaultDialog(AssaultDialog):
    """The stands in contact (checked: they assault), the preview, and *Roll the assault*.

    Only the enemies of the building's holder are listed, by name (``Assault Marines,
    stand 3``), with the distance measured. A stand that may not assault (a vehicle, infantry
    under assault factor 2, a missing value) is not offered: it is listed below the choice
    with the reason and where to enter a missing value.
    """

    def __init__(self, window: MainWindow, piece_id: str, make_dice: Callable[[], Dice]) -> None:
        super().__init__(window, piece_id, make_dice, "Epic 40,000 close assault")
        scene = window.scene
        scenario = window.document.scenario
        holder = holder_side(scenario, piece_id)
        self.system = system_for(scenario.rule_system)
        self.namer = Namer.for_scenario(scenario, scene.world())
        self.stands: list[AssaultStand] = [
            s for s in self.system.assault_stands(scenario, scene.world(), piece_id)
            if s.side != holder]
        #: Every enemy unit and whether it may assault from where it stands (the reach rule).
        self.candidates = assault_candidates(scenario, scene.world(), piece_id)
        self.add(QLabel(f"Enemy stands {self._contact()} — one die each:"))
        self.stand_list = QListWidget()
        self.stand_list.setMaximumHeight(140)
        self.add(self.stand_list)
        self.cannot = QLabel("")
        self.cannot.setWordWrap(True)
        self.add(self.cannot)
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

    def _contact(self) -> str:
        """The system's reach in words: ``in base contact (within 1 cm)``."""
        return self.candidates[0].rule if self.candidates else "in base contact"

    def stand_text(self, stand: AssaultStand) -> str:
        """``Assault Marines, stand 4: AF 6, psyker (0.3 cm)`` — no internal ids."""
        text = stand.label.replace(f"{stand.unit_name} {stand.model_id}",
                                   self.namer.model(stand.model_id), 1)
        return text

    def reason_text(self, stand: AssaultStand) -> str:
        """The rules' reason a stand may not assault, its ids turned into names."""
        reason = stand.decision.reason.replace(stand.model_id, self.namer.model(stand.model_id))
        return f"{self.namer.model(stand.model_id)}: {reason.removeprefix(stand.unit_name + ': ')}"

    def _fill(self) -> None:
        attacker = next((s.side for s in self.stands if s.decision), None)
        refused = []
        for stand in self.stands:
            if not stand.decision:
                refused.append(f"• {self.reason_text(stand)}")
                continue
            item = QListWidgetItem(self.stand_text(stand))
            item.setData(Qt.ItemDataRole.UserRole, stand.model_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            state = Qt.CheckState.Checked if stand.side == attacker else Qt.CheckState.Unchecked
            item.setCheckState(state)
            self.stand_list.addItem(item)
        if refused:
            self.cannot.setText("In contact but may not assault:\n" + "\n".join(refused))

    def _debris_choice(self) -> QComboBox | None:
        """The defender's pick of the stand inside for row 10 (none when nobody is inside)."""
        choices = models_inside(self.window_.document.scenario, self.piece_id)
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
        name = self.namer.piece(self.piece_id)
        if not any(s.decision for s in self.stands):
            self.preview.setText("")
            self.refuse(self._nobody_text(name))
            self.roll_button.setEnabled(False)
            return
        if not self.chosen():
            self.preview.setText("")
            self.refuse(f"Tick at least one stand in the list to assault {name}: an assault "
                        f"needs one stand or more (choose at least one stand in contact).")
            self.roll_button.setEnabled(False)
            return
        try:
            lines = self.system.assault_preview(window.document.scenario, window.library,
                                                window.scene.world(), self.piece_id,
                                                StandsOrder(tuple(self.chosen())))
        except AssaultError as error:
            self.preview.setText("")
            self.refuse(error)
            self.roll_button.setEnabled(False)
            return
        self.refuse("")
        self.preview.setText("Before rolling: " + "\n".join(lines))
        self.roll_button.setEnabled(not self.applied)

    def _nobody_text(self, name: str) -> str:
        if self.stands:
            return (f"No stand in contact with {name} may assault it: see the reasons above "
                    f"(only infantry with assault factor 2 or more, and war engines, assault).")
        if not self.candidates:
            return f"No enemy stand is on the table to assault {name}."
        nearest = self.candidates[0]
        return (f"No enemy stand is {nearest.rule} with {name}: the nearest, {nearest.name}, "
                f"is {nearest.figure} away. Move it into base contact first.")

    def roll(self) -> None:
        """Resolve the assault and apply it as one undo step (a refusal changes nothing)."""
        window = self.window_
        try:
            order = StandsOrder(tuple(self.chosen()), self.debris_target())
            result = self.system.storm(window.document.scenario, window.library,
                                       window.scene.world(), self.piece_id, order,
                                       self.make_dice())
        except AssaultError as error:
            self.refuse(error)
            return
        self.apply(result.change, f"Epic close assault on {self.piece_name}")
        self.note(result.text)
        self.roll_button.setEnabled(False)
        self.stand_list.setEnabled(False)
        if self.debris is not None:
            self.debris.setEnabled(False)
