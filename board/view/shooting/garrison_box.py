"""The Shoot dialog's weapon box for a garrison (Warhammer Fantasy, seed 002).

A template weapon, a cannonball or a spell at the unit inside a building: the attack, its
Strength (and a stone thrower's lower Strength off the hole), whether the template's centre lies
over the building and whether a cannonball hit on the bounce. :meth:`GarrisonBox.shot` reads it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QSpinBox

from board.game.systems.fantasy.garrison_hits import ATTACKS, GarrisonShot

__all__ = ["GarrisonBox"]


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class GarrisonBox(QGroupBox):
    """The attack on a garrison, as the players describe it."""

    def __init__(self) -> None:
        super().__init__("Attack on the garrison (Warhammer Fantasy)")
        form = QFormLayout(self)
        self.attack = QComboBox()
        for key, name in ATTACKS.items():
            self.attack.addItem(name, key)
        self.strength = _spin(1, 10, 10)
        self.low_strength = _spin(1, 10, 3)
        self.centre_over = QCheckBox("the template's centre lies over the building")
        self.centre_over.setChecked(True)
        self.bounce = QCheckBox("the cannonball hit on the bounce")
        form.addRow("Attack", self.attack)
        form.addRow("Strength", self.strength)
        form.addRow("Strength off the hole", self.low_strength)
        form.addRow("", self.centre_over)
        form.addRow("", self.bounce)
        self._form = form
        self.attack.currentIndexChanged.connect(self._show_rows)
        self._show_rows()

    def _show_rows(self) -> None:
        key = self.attack.currentData()
        self._form.setRowVisible(self.low_strength, key == "stone_thrower")
        self._form.setRowVisible(self.centre_over, key == "stone_thrower")
        self._form.setRowVisible(self.bounce, key == "cannon")

    def signals(self) -> tuple[object, ...]:
        """What changes the odds."""
        return (self.attack.currentIndexChanged, self.strength.valueChanged,
                self.low_strength.valueChanged, self.centre_over.toggled, self.bounce.toggled)

    def shot(self) -> GarrisonShot:
        """The attack as the box has it."""
        key = str(self.attack.currentData())
        return GarrisonShot(key, self.strength.value(),
                            self.low_strength.value() if key == "stone_thrower" else None,
                            self.centre_over.isChecked(), self.bounce.isChecked())
