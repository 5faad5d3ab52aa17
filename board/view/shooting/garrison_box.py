"""The Shoot dialog's weapon box for a garrison (Warhammer Fantasy, seed 002).

A missile volley or a bolt thrower (rolled to hit against the garrison's hard cover), a
template weapon, a cannonball or a spell at the unit inside a building: the attack, its
Strength (and a stone thrower's lower Strength off the hole), whether the template's centre lies
over the building, whether a cannonball hit on the bounce, and for shots the number fired, the
Ballistic Skill and whether the firers moved or shoot at long range. The attacks are the
system's (``GameSystem.garrison_attacks``). :meth:`GarrisonBox.shot` reads it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QSpinBox, QWidget

from board.game.core.shots import GarrisonShot

__all__ = ["GarrisonBox"]

#: The attacks rolled to hit (a volley of shots; a bolt thrower fires one).
_AIMED = ("missiles", "bolt_thrower")


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class GarrisonBox(QGroupBox):
    """The attack on a garrison, as the players describe it."""

    def __init__(self, attacks: tuple[tuple[str, str], ...]) -> None:
        super().__init__("Attack on the garrison (Warhammer Fantasy)")
        form = QFormLayout(self)
        self.attack = QComboBox()
        for key, name in attacks:
            self.attack.addItem(name, key)
        self.attack.setCurrentIndex(max(0, self.attack.findData("stone_thrower")))
        self.strength = _spin(1, 10, 10)
        self.low_strength = _spin(1, 10, 3)
        self.centre_over = QCheckBox("the template's centre lies over the building")
        self.centre_over.setChecked(True)
        self.bounce = QCheckBox("the cannonball hit on the bounce")
        self.shots = _spin(1, 60, 10)
        self.ballistic_skill = _spin(1, 10, 3)
        self.moved = QCheckBox("the firers moved (−1 to hit)")
        self.long_range = QCheckBox("at long range (−1 to hit)")
        for label, widget in (("Attack", self.attack), ("Shots", self.shots),
                              ("Ballistic Skill", self.ballistic_skill),
                              ("Strength", self.strength),
                              ("Strength off the hole", self.low_strength),
                              ("", self.centre_over), ("", self.bounce), ("", self.moved),
                              ("", self.long_range)):
            form.addRow(label, widget)
        self._form = form
        self.attack.currentIndexChanged.connect(self._show_rows)
        self._show_rows()

    def _show_rows(self) -> None:
        key = self.attack.currentData()
        shown: dict[QWidget, bool] = {
            self.low_strength: key == "stone_thrower", self.centre_over: key == "stone_thrower",
            self.bounce: key == "cannon", self.shots: key == "missiles",
            self.ballistic_skill: key in _AIMED, self.moved: key in _AIMED,
            self.long_range: key in _AIMED}
        for widget, visible in shown.items():
            self._form.setRowVisible(widget, visible)

    def signals(self) -> tuple[object, ...]:
        """What changes the odds."""
        return (self.attack.currentIndexChanged, self.strength.valueChanged,
                self.low_strength.valueChanged, self.centre_over.toggled, self.bounce.toggled,
                self.shots.valueChanged, self.ballistic_skill.valueChanged, self.moved.toggled,
                self.long_range.toggled)

    def shot(self) -> GarrisonShot:
        """The attack as the box has it."""
        key = str(self.attack.currentData())
        return GarrisonShot(key, self.strength.value(),
                            self.low_strength.value() if key == "stone_thrower" else None,
                            self.centre_over.isChecked(), self.bounce.isChecked(),
                            self.shots.value(), self.ballistic_skill.value(),
                            self.moved.isChecked(), self.long_range.isChecked())
