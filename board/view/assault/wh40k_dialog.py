"""The close-combat Storm form (40K, Horus Heresy): a unit fights a building, odds first.

The odds and the roll come from the scenario's system (``GameSystem.assault_preview`` and
``storm`` with a :class:`~board.game.core.assault.CloseCombatOrder`), and the grenades it
offers from ``GameSystem.grenades``: the form names no system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from board.game.assault_reach import assault_candidates
from board.game.core.assault import AssaultError, CloseCombatAttack, CloseCombatOrder
from board.game.kit import Dice
from board.game.systems.registry import system_for
from board.view.assault.common import AssaultDialog, no_candidate_text, out_of_reach_text

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["CloseCombatDialog"]


class CloseCombatDialog(AssaultDialog):
    """The attack (name, Strength, AP, attacks, Armourbane, Haywire), its odds, and *Roll*.

    The odds are recomputed whenever a value changes; rolling applies the outcome as one undo
    step, like a shot.
    """

    def __init__(self, window: MainWindow, piece_id: str, make_dice: Callable[[], Dice]) -> None:
        super().__init__(window, piece_id, make_dice,
                         "Close combat against a building (hits automatically, rear armour)")
        self.system = system_for(window.document.scenario.rule_system)
        #: The grenades offered ready-made, by name.
        self.presets = {g.name: g for g in self.system.grenades}
        form = QWidget()
        layout = QFormLayout(form)
        self.attacker = QComboBox()
        self.candidates = assault_candidates(window.document.scenario, window.scene.world(),
                                             piece_id)
        for candidate in self.candidates:
            if candidate.allowed:
                self.attacker.addItem(candidate.text, candidate.name)
        self.attacker.setToolTip("Only enemy units with a model in base contact may fight the "
                                 "building in close combat (assaulting a building)")
        self.weapon = QLineEdit("Close combat attacks")
        self.preset = QComboBox()
        self.preset.addItems(["Other weapon", *self.presets])
        self.strength = _spin(1, 10, 4)
        self.ap = QComboBox()
        self.ap.addItems(["–", "1", "2", "3", "4", "5", "6"])
        self.attacks = _spin(1, 60, 1)
        self.armourbane = QCheckBox("Armourbane (2D6 penetration)")
        self.haywire = QCheckBox("Haywire")
        for label, widget in (("Attacker", self.attacker), ("Grenade", self.preset),
                              ("Weapon", self.weapon), ("Strength", self.strength),
                              ("AP", self.ap), ("Attacks (all hit)", self.attacks),
                              ("", self.armourbane), ("", self.haywire)):
            layout.addRow(label, widget)
        self.add(form)
        self.out_of_reach = QLabel(out_of_reach_text(self.candidates))
        self.out_of_reach.setWordWrap(True)
        self.add(self.out_of_reach)
        self.odds = QLabel("")
        self.odds.setWordWrap(True)
        self.add(self.odds)
        self.roll_button = QPushButton("Roll the attacks")
        self.add(self.roll_button)
        self.preset.currentTextChanged.connect(self._use_preset)
        for changed in (self.strength.valueChanged, self.attacks.valueChanged,
                        self.ap.currentIndexChanged, self.armourbane.toggled,
                        self.haywire.toggled, self.weapon.textChanged):
            changed.connect(self._update_odds)
        self.roll_button.clicked.connect(self.roll)
        self._update_odds()

    def attacker_name(self) -> str | None:
        """The unit chosen to fight (``None``: no enemy unit is in base contact)."""
        name = self.attacker.currentData()
        return None if name is None else str(name)

    def attack(self) -> CloseCombatAttack:
        """The attack the fields describe (an :class:`AssaultError` if they do not add up)."""
        ap = None if self.ap.currentIndex() == 0 else int(self.ap.currentText())
        return CloseCombatAttack(self.weapon.text() or "Close combat attacks",
                                 self.strength.value(), ap, self.attacks.value(),
                                 self.armourbane.isChecked(), self.haywire.isChecked())

    def _use_preset(self, name: str) -> None:
        preset = self.presets.get(name)
        if preset is None:
            return
        self.weapon.setText(preset.name)
        self.strength.setValue(preset.strength)
        self.ap.setCurrentIndex(0 if preset.ap is None else preset.ap)
        self.armourbane.setChecked(preset.armourbane)
        self.haywire.setChecked(preset.haywire)

    def _update_odds(self, *_: object) -> None:
        window = self.window_
        try:
            odds = self.system.assault_preview(window.document.scenario, window.library,
                                               window.scene.world(), self.piece_id,
                                               CloseCombatOrder(self.attack()))
        except AssaultError as error:
            self.odds.setText("")
            self.refuse(error)
            self.roll_button.setEnabled(False)
            return
        self.odds.setText("Odds before rolling:\n" + "\n".join(odds))
        if self.attacker_name() is None:
            self.refuse(no_candidate_text(self.candidates, "fight it in close combat"))
            self.roll_button.setEnabled(False)
            return
        self.refuse("")
        self.roll_button.setEnabled(not self.applied)

    def roll(self) -> None:
        """Roll the attacks and apply the outcome as one undo step."""
        window = self.window_
        attacker = self.attacker_name()
        if attacker is None:
            self.refuse(no_candidate_text(self.candidates, "fight it in close combat"))
            return
        try:
            order = CloseCombatOrder(self.attack(), attacker)
            result = self.system.storm(window.document.scenario, window.library,
                                       window.scene.world(), self.piece_id, order,
                                       self.make_dice())
        except AssaultError as error:
            self.refuse(error)
            return
        self.apply(result.change, f"Close combat against {self.piece_name}")
        self.note(result.text)
        self.roll_button.setEnabled(False)


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin
