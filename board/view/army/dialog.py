"""File ▸ Import Army List…'s dialog: every unit, what it becomes, what cannot be mapped and why.

One row per unit of the list: new or kept (a re-import), its models (a count the player may
change), its troop type and base (the player may change both), where the base came from, its
stats (editable as ``WS 4 · BS 4 …``) and the notes (characteristics kept as notes, values
not set and why). Rows below name the units a re-import removes and the entries that are not
units. A guessed base or troop type is marked until the player confirms it (the first
column's box) or sets it. *Import* places the army, one undo step; a refusal (no room in the
zone) is shown here and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from board.document.changes import Change
from board.document.edits import ScenarioDocument
from board.document.limits import MAX_MODELS
from board.document.model import Base
from board.document.roster import Roster
from board.document.roster.bases import BaseLibrary
from board.document.stats import PROFILES
from board.game.army.edit import (
    BASE_FORMS,
    StatsError,
    parse_base,
    parse_stats,
    set_base,
    set_count,
    set_troop_type,
    stats_text,
)
from board.game.army.mapping import UnitPlan
from board.game.army.plan import ImportError_, ImportPlan, import_change, plan_import
from board.game.core.names import member_word
from board.game.core.world import World
from board.game.systems.setup import base_sizes, troop_types

__all__ = ["ImportArmyDialog", "COLUMNS"]

#: The table's columns.
COLUMNS = ("", "Unit", "Models", "Troop type", "Base", "Base from", "Stats", "Notes")
_GREY = QColor("#777777")
_WARN = QColor("#b05a00")


def _n(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


class ImportArmyDialog(QDialog):
    """The plan of one list for one side; ``change`` is set when *Import* succeeds."""

    planned = Signal()

    def __init__(self, document: ScenarioDocument, world: Callable[[], World],
                 library: BaseLibrary, roster: Roster, source: str,
                 parent: QWidget | None = None, *, any_system: bool = False) -> None:
        super().__init__(parent)
        self.any_system = any_system
        self.setWindowTitle("Import Army List")
        self.document, self._world, self.library, self.roster = document, world, library, roster
        self.change: Change | None = None
        self.plan: ImportPlan | None = None
        self.system = document.scenario.rule_system
        #: What the system calls one of a unit's models ("stand" in Epic 40,000).
        self.member = member_word(self.system)
        self.side = QComboBox()
        for side in document.scenario.sides:
            self.side.addItem(side.name, side.id)
        self.side.currentIndexChanged.connect(self.replan)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._on_item_changed)
        self.remember = QCheckBox("Remember the bases and troop types I set for next time")
        self.remember.setChecked(True)
        self.replace = QCheckBox()
        self.replace.setToolTip("By default a different list is added beside the army already "
                                "on this side; tick to take that army off the board instead")
        self.replace.toggled.connect(self.replan)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox()
        self.import_button = QPushButton("Import")
        self.import_button.setDefault(True)
        self.buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._on_import)
        self.buttons.rejected.connect(self.reject)
        self._lay_out(source)
        self._filling = False
        self.replan()

    def _lay_out(self, source: str) -> None:
        top = QHBoxLayout()
        top.addWidget(QLabel(f"List: {source}"), 1)
        top.addWidget(QLabel("Side:"))
        top.addWidget(self.side)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.replace)
        layout.addWidget(self.remember)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(*self._size())

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        """Shown centred on the window, then moved inside the screen if it overhangs it."""
        super().showEvent(event)
        screen = self.screen()
        if screen is None:
            return
        room, frame = screen.availableGeometry(), self.frameGeometry()
        x = max(room.left(), min(frame.left(), room.right() + 1 - frame.width()))
        y = max(room.top(), min(frame.top(), room.bottom() + 1 - frame.height()))
        if (x, y) != (frame.left(), frame.top()):
            self.move(x, y)

    def _size(self) -> tuple[int, int]:
        """1,200 × 560, or less on a smaller screen: the Side box and Cancel stay on it."""
        parent = self.parentWidget()
        screen = parent.screen() if parent is not None else self.screen()
        room = screen.availableGeometry() if screen is not None else None
        if room is None:
            return 1200, 560
        return min(1200, room.width() - 60), min(560, room.height() - 100)

    # -- the plan -------------------------------------------------------------------------
    def replan(self) -> None:
        """Map the list for the chosen side and show it (nothing changes on the board)."""
        side = self.side.currentData()
        if side is None:
            self.error.setText("The scenario has no sides: add one in Units ▸ Sides first.")
            self.import_button.setEnabled(False)
            return
        try:
            self.plan = plan_import(self.document.scenario, self.roster, side, self.library,
                                    any_system=self.any_system,
                                    replace=self.replace.isChecked())
        except ImportError_ as error:
            self.error.setText(str(error))
            self.import_button.setEnabled(False)
            return
        self.error.clear()
        self.import_button.setEnabled(True)
        self._fill()
        self.planned.emit()

    def _summary(self, plan: ImportPlan) -> str:
        roster = self.roster
        points = "" if roster.points is None else f", {roster.points:g} pts"
        guesses = sum(1 for u in plan.units if u.guessed)
        system = roster.game_system or "no game system named"
        placed = [u for u in plan.units if u.placeable]
        sourced = sum(1 for u in placed if u.sourced)
        beside = (f" {_n(plan.beside, 'unit')} of another list on this side stay beside it."
                  if plan.beside else "")
        board = self.system.label
        article = "an" if board[:1].upper() in "AEIOU" else "a"  # "an Epic 40,000 board"
        return (f"<b>{roster.name}</b> ({roster.source_format}; {system}{points}) onto "
                f"{article} {board} board: {_n(len(plan.added), 'unit')} to add, "
                f"{len(plan.kept)} kept, {len(plan.removed) + len(plan.replaced)} to remove, "
                f"{_n(len(plan.skipped), 'entry', 'entries')} not a unit, "
                f"{_n(plan.models, self.member)}; bases: {sourced} of "
                f"{_n(len(placed), 'unit')} from a source; "
                f"{_n(guesses, 'guess', 'guesses')} to confirm (marked ⚠).{beside}")

    def _fill(self) -> None:
        plan = self.plan
        assert plan is not None
        self._filling = True
        self.summary.setText(self._summary(plan))
        self.table.setRowCount(0)
        for unit in plan.units:
            self._unit_row(unit, "kept" if unit.key in plan.kept else "new")
        for gone in plan.removed:
            self._other_row("removed", gone.name, "no longer in the list: taken off the board")
        for gone in plan.replaced:
            self._other_row("removed", gone.name, "of another list: replaced by this one")
        self._replace_box(plan)
        for skipped in plan.skipped:
            self._other_row("not a unit", skipped.name, skipped.reason)
        self.table.resizeColumnsToContents()
        for name, widest in (("Unit", 200), ("Base from", 260), ("Stats", 240)):
            column = COLUMNS.index(name)
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), widest))
        self._filling = False

    def _replace_box(self, plan: ImportPlan) -> None:
        """The Replace choice, shown while the side holds another list's army."""
        others = plan.beside + len(plan.replaced)
        self.replace.setText(f"Replace the army already on this side "
                             f"({_n(others, 'unit')} of another list) instead of adding "
                             f"this one beside it")
        self.replace.setVisible(others > 0)

    def _unit_row(self, unit: UnitPlan, status: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        mark = QTableWidgetItem(f"{status} ⚠" if unit.guessed else status)
        if unit.guessed:
            mark.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            mark.setCheckState(Qt.CheckState.Unchecked)
            mark.setToolTip("A guess: tick to confirm it, or set the base or troop type")
            mark.setForeground(_WARN)
        else:
            mark.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.table.setItem(row, 0, mark)
        name = self._fixed(unit.name)
        name.setToolTip("\n".join(f"{m.count} × {m.name}: {', '.join(m.wargear) or 'no wargear'}"
                                   for m in unit.models))  # the wargear of each kind of model
        self.table.setItem(row, 1, name)
        self.table.setCellWidget(row, 2, self._count_box(unit))
        self.table.setCellWidget(row, 3, self._troop_box(unit))
        self.table.setCellWidget(row, 4, self._base_box(unit))
        origin = self._fixed(f"{unit.base_origin}; troop type {unit.troop_from}")
        titles = sorted({m.choice.title for m in unit.models if m.choice.title})
        origin.setToolTip("\n".join([origin.text(), *titles]))
        self.table.setItem(row, 5, origin)
        stats = QTableWidgetItem(stats_text(self.system, unit.stats))
        stats.setToolTip("Edit as the labels show: WS 4 · BS 4 · …")
        self.table.setItem(row, 6, stats)
        notes = self._fixed("; ".join(unit.notes) or "—")
        notes.setToolTip("\n".join(unit.notes))
        self.table.setItem(row, 7, notes)

    def _other_row(self, status: str, name: str, why: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in ((0, status), (1, name), (7, why)):
            item = self._fixed(text)
            item.setForeground(_GREY)
            self.table.setItem(row, column, item)

    @staticmethod
    def _fixed(text: str) -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        return item

    def _count_box(self, unit: UnitPlan) -> QSpinBox:
        box = QSpinBox()
        box.setRange(0, MAX_MODELS)
        box.setValue(unit.count)
        box.valueChanged.connect(lambda n, u=unit: self._edit(lambda: set_count(
            u, n, self.system, self.library)))
        return box

    def _troop_box(self, unit: UnitPlan) -> QComboBox:
        box = QComboBox()
        for troop in troop_types(self.system):
            box.addItem(troop.label, troop)
        box.setCurrentIndex(max(0, box.findData(unit.troop_type)))
        box.activated.connect(lambda _i, u=unit, b=box: self._edit(
            lambda: set_troop_type(u, b.currentData())))
        return box

    def _base_box(self, unit: UnitPlan) -> QComboBox:
        """The bases offered (the system's presets), or any typed as the board labels them."""
        box = QComboBox()
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        box.setToolTip(f"Choose a base or type one: {BASE_FORMS}")
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        bases = list(dict.fromkeys(unit.base_of(m) for m in unit.models))
        if len(bases) > 1:  # a sergeant on 40 mm beside troopers on 32 mm: kept per model
            box.addItem(f"{unit.base_text} (per model)", None)
        for base in dict.fromkeys([*bases, *base_sizes(self.system)]):
            box.addItem(base.label, base)
        box.setCurrentIndex(0)
        box.activated.connect(lambda _i, u=unit, b=box: self._on_base(u, b))
        line = box.lineEdit()
        if line is not None:
            line.editingFinished.connect(lambda u=unit, b=box: self._on_base(u, b))
        return box

    def _on_base(self, unit: UnitPlan, box: QComboBox) -> None:
        text = box.currentText()
        index = box.findText(text)
        try:
            base = box.itemData(index) if index >= 0 else parse_base(text)
        except StatsError as error:
            self.error.setText(f"{unit.name}: {error}")
            return
        if base is None:  # the bases per model, as the sources give them
            if unit.base_override is not None:
                unit.base_override = None
                QTimer.singleShot(0, self._fill)
            return
        if unit.models and base == unit.base_of(unit.models[0]) and unit.base_override:
            return  # the same choice again (Return, then the editor's focus leaving)
        self.error.clear()
        set_base(unit, base)
        QTimer.singleShot(0, self._fill)  # after the box has finished with its signal

    def _edit(self, change: Callable[[], None]) -> None:
        change()
        self._fill()

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling or self.plan is None or item.row() >= len(self.plan.units):
            return
        unit = self.plan.units[item.row()]
        if item.column() == 0 and item.checkState() == Qt.CheckState.Checked:
            unit.confirmed = True
            QTimer.singleShot(0, self._fill)  # not while the table is still handling the edit
        elif item.column() == 6:
            try:
                values = parse_stats(self.system, item.text())
            except StatsError as error:
                self.error.setText(f"{unit.name}: {error}")
                return
            self.error.clear()
            for field in PROFILES[self.system]:  # the profile is replaced; the rest is kept
                unit.stats.pop(field.key, None)
            unit.stats.update(values)
            QTimer.singleShot(0, self._fill)  # after the editor has closed

    # -- importing ----------------------------------------------------------------------
    def unit_row(self, name: str) -> int:
        """The table row of the unit called ``name`` (tests and the docs' screenshot)."""
        assert self.plan is not None
        return next(k for k, u in enumerate(self.plan.units) if u.name == name)

    def base_choices(self, row: int) -> list[Base]:
        """The bases offered in ``row``'s base box."""
        box = self.table.cellWidget(row, 4)
        assert isinstance(box, QComboBox)
        return [box.itemData(k) for k in range(box.count())]

    def _on_import(self) -> None:
        assert self.plan is not None
        try:
            self.change = import_change(self.document, self._world(), self.plan)
        except ImportError_ as error:
            self.error.setText(f"Cannot import: {error}. Nothing was changed.")
            return
        self.accept()
