"""The Measurements dock: the distance to ask about, rings, the live reading, kept measurements."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from board.game.measuring.within import PRESETS

if TYPE_CHECKING:
    from board.view.measure.feature import MeasureFeature

__all__ = ["MeasureDock"]


def _button(text: str, slot: object, tip: str = "") -> QPushButton:
    button = QPushButton(text)
    button.clicked.connect(lambda *_: slot())  # type: ignore[operator]
    if tip:
        button.setToolTip(tip)
    return button


class MeasureDock(QDockWidget):
    """Measuring settings and results for ``feature``'s tools.

    ``distance`` is the N of "Is it within N?" (presets one click away), ``rings`` the
    distances of new range rings, ``readout`` the live reading, ``kept`` the kept
    measurements with their verdicts.
    """

    def __init__(self, feature: MeasureFeature, parent: QWidget | None = None) -> None:
        super().__init__("Measurements", parent)
        self.setObjectName("measurements")
        self.feature = feature
        layer = feature.layer
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(self._tools_row())
        column.addLayout(self._distance_rows())
        self.centre = QCheckBox("Ruler centre to centre")
        self.centre.toggled.connect(layer.set_centre_to_centre)
        column.addWidget(self.centre)
        column.addLayout(self._heights_row())
        column.addLayout(self._zone_row())
        column.addLayout(self._ring_row())
        self._add_results(column)
        scroll = QScrollArea(self)  # scrolls rather than making the window taller
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)
        layer.readout_changed.connect(self.show_reading)
        layer.kept_changed.connect(self.refresh)
        layer.scene.selectionChanged.connect(self.refresh_around)
        self.refresh()
        self.refresh_around()

    def _add_results(self, column: QVBoxLayout) -> None:
        """The live reading, the kept measurements, Keep and Remove."""
        self.readout = QLabel("")
        self.readout.setWordWrap(True)
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.readout.setMinimumHeight(32)  # two lines; it grows with a longer reading
        self.readout.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.readout.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.readout)
        column.addWidget(QLabel("Kept measurements:"))
        self.kept = QListWidget()
        self.kept.setWordWrap(True)
        self.kept.setMinimumHeight(64)  # three entries; Keep stays in sight at 1,280 x 800
        column.addWidget(self.kept, 1)
        row = QHBoxLayout()
        self.keep_button = _button("Keep", self.feature.keep, "Keep the ruler or verdict (K)")
        self.remove_button = _button("Remove", self.remove_current)
        row.addWidget(self.keep_button)
        row.addWidget(self.remove_button)
        column.addLayout(row)

    def _tools_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(_button("Ruler", self.feature.start_ruler, "Drag to measure (M)"))
        row.addWidget(_button("Within N?", self.feature.start_within, "Check a unit (N)"))
        return row

    def _distance_rows(self) -> QGridLayout:
        grid = QGridLayout()
        grid.addWidget(QLabel("N ="), 0, 0)
        self.distance = QDoubleSpinBox()
        self.distance.setRange(0.0, 1000.0)
        self.distance.setDecimals(2)
        self.distance.setValue(self.feature.layer.reach_value)
        self.distance.valueChanged.connect(self.feature.layer.set_reach)
        grid.addWidget(self.distance, 0, 1, 1, 4)
        self.presets: list[QPushButton] = []
        for k, value in enumerate(PRESETS):
            button = _button(f"{value:g}", lambda v=value: self.distance.setValue(v))
            button.setMaximumWidth(36)
            self.presets.append(button)
            grid.addWidget(button, 1 + k // 5, k % 5)
        return grid

    def _heights_row(self) -> QHBoxLayout:
        """How distances between heights are read: the system's rule or a house rule."""
        row = QHBoxLayout()
        row.addWidget(QLabel("Heights:"))
        self.heights = QComboBox()
        self.heights.setToolTip("How a distance between models at different heights is read "
                                "(saved with the scenario; one undo step)")
        self.heights.activated.connect(
            lambda index: self.feature.levels.set_rule(self.heights.itemData(index)))
        row.addWidget(self.heights, 1)
        return row

    def _refresh_heights(self) -> None:
        """Offer the rules, the scenario's chosen."""
        choices = self.feature.levels.rule_choices()
        self.heights.blockSignals(True)
        self.heights.clear()
        for value, text in choices:
            self.heights.addItem(text, value)
        self.heights.setCurrentIndex(self.heights.findData(self.feature.levels.rule_choice()))
        self.heights.blockSignals(False)

    def _zone_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.zones = QComboBox()
        row.addWidget(self.zones, 1)
        self.zones.setToolTip("A zone, or a part of the selected building (its battlements, "
                              "doors, fire points, weapons)")
        row.addWidget(_button("Within zone", self._within_zone,
                              "Is the unit within the chosen zone or part?"))
        return row

    def _ring_row(self) -> QGridLayout:
        grid = QGridLayout()
        grid.addWidget(QLabel("Rings around"), 0, 0)
        self.around = QComboBox()
        self.around.setToolTip("The selection, or one emplaced weapon of a selected building")
        grid.addWidget(self.around, 0, 1, 1, 2)
        row = QHBoxLayout()
        self.rings = QLineEdit("6, 12")
        self.rings.setToolTip("Ring distances, e.g. 6, 12")
        row.addWidget(self.rings, 1)
        row.addWidget(_button("Rings", self.add_rings,
                              "Range rings or an aura around the selection"))
        row.addWidget(_button("Weapons", self.feature.weapon_ranges,
                              "The selected building's emplaced weapon ranges"))
        grid.addLayout(row, 1, 0, 1, 3)
        return grid

    def add_rings(self) -> None:
        """Keep rings at the typed distances around what the "Rings around" list names."""
        self.feature.rings_around_selection(self.rings.text(), self.around.currentData())

    def refresh_around(self) -> None:
        """Offer the selection and, for a selected building, each of its emplaced weapons.

        The targets list follows too: a selected building's parts come first in it.
        """
        if not isValid(self) or not isValid(self.around):
            return
        self.around.clear()
        for text, mount in self.feature.ring_choices():
            self.around.addItem(text, mount)
        self._refresh_targets()

    def _refresh_targets(self) -> None:
        """The zones, and a selected building's battlements, doors, fire points and weapons."""
        current = self.zones.currentText()
        self.zones.clear()
        for name, target in self.feature.layer.zone_targets():
            self.zones.addItem(name, target)
        self.zones.setCurrentIndex(max(0, self.zones.findText(current)))

    def show_reading(self, text: str) -> None:
        """Show the live reading (or what to do next)."""
        if isValid(self) and isValid(self.readout):
            self.readout.setText(text)

    def refresh(self) -> None:
        """List the kept measurements with their results; offer the scenario's zones."""
        if not isValid(self) or not isValid(self.kept):
            return
        layer = self.feature.layer
        self.distance.setSuffix(f" {layer.unit}")
        self.kept.clear()
        for annotation_id, text in layer.kept_lines():
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, annotation_id)
            self.kept.addItem(item)
        self._refresh_targets()
        if getattr(self.feature, "levels", None) is not None:
            self._refresh_heights()

    def kept_ids(self) -> list[str]:
        """The ids listed, in order."""
        return [self.kept.item(k).data(Qt.ItemDataRole.UserRole) for k in range(self.kept.count())]

    def remove_current(self) -> None:
        """Remove the kept measurement chosen in the list."""
        item = self.kept.currentItem()
        if item is None:
            self.show_reading("Choose a kept measurement in the list to remove it")
            return
        self.feature.layer.remove(item.data(Qt.ItemDataRole.UserRole))

    def _within_zone(self) -> None:
        target = self.zones.currentData()
        if target is None:
            self.show_reading("This scenario has no zones to measure to")
            return
        self.feature.within_zone(target)
