"""The palette dock: place terrain from the datasheets, add a unit, delete the selection."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from board.document.datasheet import Datasheet
from board.document.datasheets import PART_TAG, DatasheetLibrary
from board.document.model import Base, Scenario, TroopType
from board.view.dock_layout import scrolling

__all__ = ["UnitSpec", "PaletteDock", "BASE_CHOICES", "offered_datasheets"]

#: The bases offered when adding a unit: round and oval bases in mm, vehicle hulls in inches.
BASE_CHOICES: tuple[Base, ...] = (
    Base.round_mm(25),
    Base.round_mm(28.5),
    Base.round_mm(32),
    Base.round_mm(40),
    Base.round_mm(50),
    Base.round_mm(60),
    Base.round_mm(90),
    Base.round_mm(130),
    Base.oval_mm(60, 35),
    Base.oval_mm(75, 42),
    Base.oval_mm(90, 52),
    Base.oval_mm(105, 70),
    Base.oval_mm(120, 92),
    Base.oval_mm(170, 109),
    Base.hull_in(4.5, 3.0),
    Base.hull_in(5.0, 3.5),
    Base.hull_in(6.5, 4.0),
    Base.hull_in(1.0, 0.5),
)


@dataclass(frozen=True)
class UnitSpec:
    """What the player asked for in the Add unit form."""

    name: str
    side: str
    troop_type: TroopType
    count: int
    base: Base
    #: The profile's values (the unit editor's; the palette's quick form gives none).
    stats: dict[str, Any] = field(default_factory=dict)
    #: The command models asked for: ``champion``, ``standard``, ``musician`` (Fantasy).
    command: tuple[str, ...] = ()


class PaletteDock(QDockWidget):
    """Terrain to place (for the scenario's rule system) and a form to add a unit.

    Signals
    -------
    place_terrain(str)
        The datasheet id to place at the centre of the view.
    add_unit(UnitSpec)
        The unit to add at the centre of the view.
    delete_selected()
        Delete what is selected on the board.
    """

    place_terrain = Signal(str)
    add_unit = Signal(object)
    delete_selected = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Palette", parent)
        self.setObjectName("palette")
        #: Called with the datasheet id before it is placed (the player's library embeds its
        #: own buildings in the scenario there).
        self.before_place: Callable[[str], None] | None = None
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addWidget(self._terrain_box())
        layout.addWidget(self._unit_box())
        self.delete_button = QPushButton("Delete selected")
        self.delete_button.clicked.connect(self.delete_selected.emit)
        layout.addWidget(self.delete_button)
        layout.addStretch(1)
        self.setWidget(scrolling(body, self))

    # -- filling ------------------------------------------------------------------------
    def set_datasheets(self, sheets: list[Datasheet]) -> None:
        """Offer ``sheets`` (already filtered to the scenario's rule system)."""
        self.terrain_list.clear()
        for sheet in sheets:
            item = QListWidgetItem(sheet.name)
            item.setData(Qt.ItemDataRole.UserRole, sheet.id)
            item.setToolTip(sheet.notes or sheet.name)
            self.terrain_list.addItem(item)
        if sheets:
            self.terrain_list.setCurrentRow(0)

    def set_choices(self, troops: tuple[TroopType, ...], bases: tuple[Base, ...]) -> None:
        """Offer the rule system's troop types and common bases in the unit form."""
        self.troop_box.clear()
        for troop in troops:
            self.troop_box.addItem(troop.label, troop.value)
        self.bases: tuple[Base, ...] = tuple(bases)
        self.base_box.clear()
        for base in self.bases:
            self.base_box.addItem(base.label)

    def set_sides(self, sides: list[tuple[str, str]]) -> None:
        """Offer the sides ``(id, name)`` in the unit form."""
        self.side_box.clear()
        for side_id, name in sides:
            self.side_box.addItem(name, side_id)

    # -- the two boxes --------------------------------------------------------------------
    def _terrain_box(self) -> QGroupBox:
        box = QGroupBox("Terrain")
        layout = QVBoxLayout(box)
        self.terrain_list = QListWidget()
        self.terrain_list.itemDoubleClicked.connect(lambda _: self._emit_place())
        self.place_button = QPushButton("Place on table")
        self.place_button.clicked.connect(self._emit_place)
        layout.addWidget(self.terrain_list)
        layout.addWidget(self.place_button)
        return box

    def _unit_box(self) -> QGroupBox:
        box = QGroupBox("Add unit")
        form = QFormLayout(box)
        self.name_edit = QLineEdit("New unit")
        self.side_box = QComboBox()
        self.troop_box = QComboBox()
        for troop in TroopType:
            self.troop_box.addItem(troop.label, troop.value)
        self.count_box = QSpinBox()
        self.count_box.setRange(1, 100)
        self.count_box.setValue(5)
        self.base_box = QComboBox()
        #: The bases offered, in the order of :attr:`base_box`.
        self.bases = BASE_CHOICES
        for base in BASE_CHOICES:
            self.base_box.addItem(base.label)
        self.base_box.setCurrentIndex(2)
        self.add_button = QPushButton("Add unit")
        self.add_button.clicked.connect(self._emit_add)
        for label, widget in (
            ("Name", self.name_edit),
            ("Side", self.side_box),
            ("Troop type", self.troop_box),
            ("Models", self.count_box),
            ("Base", self.base_box),
        ):
            form.addRow(label, widget)
        form.addRow(self.add_button)
        return box

    def _emit_place(self) -> None:
        item = self.terrain_list.currentItem()
        if item is not None:
            datasheet_id = item.data(Qt.ItemDataRole.UserRole)
            if self.before_place is not None:
                self.before_place(datasheet_id)
            self.place_terrain.emit(datasheet_id)

    def _emit_add(self) -> None:
        side = self.side_box.currentData()
        if side is None:
            return
        self.add_unit.emit(
            UnitSpec(
                name=self.name_edit.text().strip() or "New unit",
                side=side,
                troop_type=TroopType(self.troop_box.currentData()),
                count=self.count_box.value(),
                base=self.bases[self.base_box.currentIndex()],
            )
        )


def offered_datasheets(library: DatasheetLibrary, scenario: Scenario) -> list[Datasheet]:
    """Return what the palette offers: the scenario's rule system's datasheets, its own too."""
    system = scenario.rule_system.value
    own = [d for d in scenario.custom_datasheets if system in d.systems and PART_TAG not in d.tags]
    ids = {d.id for d in own}
    shipped = [d for d in library.for_system(system) if d.id not in ids]
    return sorted(shipped + own, key=lambda d: (d.name.casefold(), d.id))
