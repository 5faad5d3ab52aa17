"""The Building dock: the selected building's datasheet and state, and its embark controls.

The dock shows what it is given (the lines of
:class:`board.game.reports.summary.BuildingSummary`, the units to offer, the coverage lines) and
turns its buttons into signals; the controller
(:mod:`board.view.buildings.controller`) computes and acts.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from board.view import style

__all__ = ["BuildingDock"]

REFUSED, DONE = style.REFUSED_TEXT.name(), style.DONE_TEXT.name()
#: Pixels: the dock's least height; its contents scroll below that.
MIN_HEIGHT = 120

NO_BUILDING = "Select a building to see its datasheet and state."


class BuildingDock(QDockWidget):
    """The selected building: facts, who is inside, embark, disembark, void shields."""

    #: Embark the unit (id) into the building (id).
    embark_requested = Signal(str, str)
    #: Start disembarking the unit (id).
    disembark_requested = Signal(str)
    #: Move the unit (id) inside into the adjacent part (id).
    move_requested = Signal(str, str)
    #: Finish the disembarkation in progress.
    complete_requested = Signal()
    #: Abandon the disembarkation in progress.
    abandon_requested = Signal()
    #: Show or hide the void-shield zones.
    void_shields_toggled = Signal(bool)
    #: A unit inside was double-clicked: edit its profile (it cannot be selected on the table).
    edit_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Building", parent)
        self.setObjectName("building")
        self.piece_id: str | None = None
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.title = QLabel(NO_BUILDING)
        self.title.setWordWrap(True)
        self.facts = QListWidget()
        self.facts.setWordWrap(True)
        self.facts.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.unit_choice = QComboBox()
        self.unit_choice.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.unit_choice.setMinimumContentsLength(14)
        self.embark_button = QPushButton("Embark")
        self.inside_list = QListWidget()
        self.inside_list.setMaximumHeight(70)
        self.inside_list.setWordWrap(True)
        self.inside_list.setToolTip("The units inside; double-click one to edit its profile")
        self.disembark_button = QPushButton("Disembark…")
        self.part_choice = QComboBox()
        self.move_button = QPushButton("Move into part")
        self.complete_button = QPushButton("Complete (Enter)")
        self.abandon_button = QPushButton("Abandon (Esc)")
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.show_void_shields = QCheckBox("Show void shield zones")
        self.coverage_list = QListWidget()
        self.coverage_list.setMaximumHeight(130)
        self.coverage_list.setWordWrap(True)
        self._lay_out(layout)
        scroll = QScrollArea(self)  # a short dock scrolls instead of making the window tall
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        scroll.setMinimumHeight(MIN_HEIGHT)
        self.setWidget(scroll)
        self._connect()
        self.set_disembarking(False)

    def _lay_out(self, layout: QVBoxLayout) -> None:
        """What a player acts with first (embark, disembark, complete, abandon), then the facts.

        The buttons stay in sight at the top of a short dock; the datasheet's lines and the
        void-shield coverage below them take the room left and scroll.
        """
        layout.addWidget(self.title)
        layout.addWidget(self.message)
        embark = QHBoxLayout()
        embark.addWidget(QLabel("Embark:"))
        embark.addWidget(self.unit_choice, 1)
        embark.addWidget(self.embark_button)
        layout.addLayout(embark)
        layout.addWidget(QLabel("Inside:"))
        layout.addWidget(self.inside_list)
        layout.addWidget(self.disembark_button)
        parts = QHBoxLayout()
        parts.addWidget(self.part_choice, 1)
        parts.addWidget(self.move_button)
        layout.addLayout(parts)
        done = QHBoxLayout()
        done.addWidget(self.complete_button)
        done.addWidget(self.abandon_button)
        layout.addLayout(done)
        layout.addWidget(self.facts, 1)
        layout.addWidget(self.show_void_shields)
        layout.addWidget(self.coverage_list)

    def _connect(self) -> None:
        self.embark_button.clicked.connect(self._on_embark_clicked)
        self.inside_list.itemDoubleClicked.connect(
            lambda item: self.edit_requested.emit(str(item.data(256))))
        self.disembark_button.clicked.connect(self._on_disembark_clicked)
        self.move_button.clicked.connect(self._on_move_clicked)
        self.complete_button.clicked.connect(lambda: self.complete_requested.emit())
        self.abandon_button.clicked.connect(lambda: self.abandon_requested.emit())
        self.show_void_shields.toggled.connect(self.void_shields_toggled.emit)

    # -- what the controller sets -----------------------------------------------------------
    def show_building(self, piece_id: str | None, title: str, lines: list[str]) -> None:
        """Show a building's summary lines (or the hint when ``piece_id`` is None)."""
        self.piece_id = piece_id
        self.title.setText(title if piece_id else NO_BUILDING)
        self.facts.clear()
        self.facts.addItems(lines)

    def set_units(self, outside: list[tuple[str, str]], inside: list[tuple[str, str]]) -> None:
        """Offer ``outside`` units to embark and ``inside`` ones to disembark: (id, label)."""
        keep = self.unit_choice.currentData()
        self.unit_choice.clear()
        for unit_id, label in outside:
            self.unit_choice.addItem(label, unit_id)
        at = self.unit_choice.findData(keep)
        if at >= 0:
            self.unit_choice.setCurrentIndex(at)
        self.inside_list.clear()
        for unit_id, label in inside:
            self.inside_list.addItem(label)
            self.inside_list.item(self.inside_list.count() - 1).setData(256, unit_id)
        if inside:
            self.inside_list.setCurrentRow(0)
        has_building = self.piece_id is not None
        self.embark_button.setEnabled(has_building and bool(outside))
        self.disembark_button.setEnabled(has_building and bool(inside))

    def set_parts(self, parts: list[tuple[str, str]]) -> None:
        """Offer the adjacent parts ``(id, name)`` of a multi-part building (hidden if none)."""
        self.part_choice.clear()
        for part_id, name in parts:
            self.part_choice.addItem(name, part_id)
        self.part_choice.setVisible(bool(parts))
        self.move_button.setVisible(bool(parts))
        self.move_button.setEnabled(bool(parts) and self.inside_list.count() > 0)

    def set_disembarking(self, active: bool) -> None:
        """Enable the complete and abandon buttons while a disembarkation is in progress."""
        self.complete_button.setEnabled(active)
        self.abandon_button.setEnabled(active)

    def set_message(self, text: str) -> None:
        """Show the last decision or refusal (a refusal in red)."""
        refused = text.startswith("cannot")
        self.message.setStyleSheet(f"color: {REFUSED if refused else DONE}; font-weight: bold")
        self.message.setText(text)

    def set_coverage(self, lines: list[str]) -> None:
        """Show each unit's void-shield coverage."""
        self.coverage_list.clear()
        self.coverage_list.addItems(lines)

    def selected_inside(self) -> str | None:
        """The id of the unit chosen in the inside list."""
        item = self.inside_list.currentItem()
        return None if item is None else str(item.data(256))

    # -- buttons --------------------------------------------------------------------------
    def _on_embark_clicked(self) -> None:
        unit_id = self.unit_choice.currentData()
        if self.piece_id is not None and unit_id is not None:
            self.embark_requested.emit(str(unit_id), self.piece_id)

    def _on_move_clicked(self) -> None:
        unit_id, part = self.selected_inside(), self.part_choice.currentData()
        if unit_id is not None and part:
            self.move_requested.emit(unit_id, part)

    def _on_disembark_clicked(self) -> None:
        unit_id = self.selected_inside()
        if unit_id is not None:
            self.disembark_requested.emit(unit_id)
