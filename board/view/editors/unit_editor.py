"""The unit editor: a new unit, or an existing one's name, side, troop type and profile.

Every field a rule reads is offered under the scenario's rule system's profile
(:data:`board.document.stats.PROFILES`) with a line trooper's values; each value is checked
against the declared stat table when the player presses OK, and a value out of range is
refused with the reason in the dialog (nothing is added or changed).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from board.document.errors import ScenarioError
from board.document.model import Base, BaseShape, RuleSystem, Side, TroopType, Unit
from board.document.scenario_json import MAX_BASE_MM, MAX_HULL_IN
from board.document.stats import PROFILES, Kind, check_value, stat
from board.game.systems.setup import (
    COMMAND_GROUP_SYSTEMS,
    DEFAULT_MODELS,
    base_sizes,
    troop_types,
)
from board.view.palette import UnitSpec

__all__ = ["UnitEditor", "SHAPE_NAMES", "COMMAND_GROUP", "REFUSAL_STYLE", "NOT_SET"]

#: The base shapes in the order offered, with the names a player reads.
SHAPE_NAMES: tuple[tuple[BaseShape, str], ...] = (
    (BaseShape.ROUND, "Round"), (BaseShape.OVAL, "Oval"), (BaseShape.SQUARE, "Square"),
    (BaseShape.RECTANGLE, "Rectangular"), (BaseShape.HULL, "Vehicle hull (no base)"))

#: Warhammer Fantasy's command group: which stat names the model, and the check box's words.
COMMAND_GROUP = (("champion", "Champion"), ("standard", "Standard bearer"),
                 ("musician", "Musician"))

REFUSAL_STYLE = "color: #b71c1c;"

#: Spin boxes accept more than the rules allow so that the rules' range, not the widget,
#: refuses a value, with the reason.
_WIDE = 999

#: What a profile box of an edited unit shows for a stat the unit does not have and no rule
#: reads a default for: the rule that needs it refuses, so no number is shown as if stored.
NOT_SET = "not set"


class UnitEditor(QDialog):
    """Name, side, troop type, models, base and the profile of a unit.

    ``unit`` given: the dialog edits it (its models and base stay); :meth:`edited` is its new
    version. Otherwise :meth:`spec` is the unit to add.
    """

    def __init__(self, system: RuleSystem, sides: list[Side], unit: Unit | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system, self.unit = system, unit
        self.setWindowTitle("Edit unit" if unit else "New unit")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.name_edit = QLineEdit(unit.name if unit else "New unit")
        self.side_box = QComboBox()
        for side in sides:
            self.side_box.addItem(side.name, side.id)
        self.troop_box = QComboBox()
        for troop in troop_types(system):
            self.troop_box.addItem(troop.label, troop.value)
        self.count_box = QSpinBox()
        self.count_box.setRange(1, 200)
        self.count_box.setValue(len(unit.models) if unit else DEFAULT_MODELS[system])
        form.addRow("Name", self.name_edit)
        form.addRow("Side", self.side_box)
        form.addRow("Troop type", self.troop_box)
        form.addRow("Models", self.count_box)
        layout.addWidget(self._base_box())
        layout.addWidget(self._profile_box())
        self.refusal = QLabel("")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        layout.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout.addWidget(buttons)
        if unit is not None:
            self._fill_from(unit)

    # -- the base ---------------------------------------------------------------------------
    def _base_box(self) -> QGroupBox:
        box = QGroupBox("Base")
        grid = QFormLayout(box)
        self.preset_box = QComboBox()
        self.preset_box.addItem("Common sizes…", None)
        for base in base_sizes(self.system):
            self.preset_box.addItem(base.label, base)
        self.shape_box = QComboBox()
        for shape, name in SHAPE_NAMES:
            self.shape_box.addItem(name, shape.value)
        self.length_box, self.width_box = _size_spin(), _size_spin()
        self.size_unit = QLabel("mm")
        sizes = QHBoxLayout()
        for widget in (QLabel("length"), self.length_box, QLabel("width"), self.width_box,
                       self.size_unit):
            sizes.addWidget(widget)
        grid.addRow("Common size", self.preset_box)
        grid.addRow("Shape", self.shape_box)
        grid.addRow("Size", sizes)
        self.preset_box.currentIndexChanged.connect(self._use_preset)
        self.shape_box.currentIndexChanged.connect(self._shape_changed)
        self.set_base(base_sizes(self.system)[0])
        box.setEnabled(self.unit is None)
        self.count_box.setEnabled(self.unit is None)
        return box

    def set_base(self, base: Base) -> None:
        """Show ``base`` in the shape and size fields."""
        self.shape_box.setCurrentIndex(self.shape_box.findData(base.shape.value))
        self.length_box.setValue(base.length)
        self.width_box.setValue(base.width)
        self._shape_changed()

    def _use_preset(self) -> None:
        base = self.preset_box.currentData()
        if isinstance(base, Base):
            self.set_base(base)

    def _shape_changed(self) -> None:
        shape = BaseShape(self.shape_box.currentData())
        self.size_unit.setText("mm" if shape.in_mm else "in")
        one_size = shape in (BaseShape.ROUND, BaseShape.SQUARE)
        self.width_box.setEnabled(not one_size)
        if one_size:
            self.width_box.setValue(self.length_box.value())

    def base(self) -> Base:
        """The base the fields describe; a :class:`ValueError` says why it cannot be."""
        shape = BaseShape(self.shape_box.currentData())
        length = self.length_box.value()
        width = length if shape in (BaseShape.ROUND, BaseShape.SQUARE) else self.width_box.value()
        limit, unit = (MAX_BASE_MM, "mm") if shape.in_mm else (MAX_HULL_IN, "in")
        for what, value in (("length", length), ("width", width)):
            if not 0 < value <= limit:
                raise ValueError(f"the base's {what} must be more than 0 and at most "
                                 f"{limit:g} {unit}, got {value:g}")
        return Base(shape, length, width)

    # -- the profile ------------------------------------------------------------------------
    def _profile_box(self) -> QGroupBox:
        box = QGroupBox(f"Profile ({self.system.label})")
        grid = QGridLayout(box)
        self.stat_boxes: dict[str, QSpinBox | QDoubleSpinBox] = {}
        for column, field in enumerate(PROFILES[self.system]):
            declared = stat(field.key)
            spin: QSpinBox | QDoubleSpinBox
            if declared.kind is Kind.NUMBER:
                spin = QDoubleSpinBox()
                spin.setDecimals(1)
            else:
                spin = QSpinBox()
            spin.setRange(-_WIDE - 1, _WIDE)  # the lowest reads "not set"
            spin.setSpecialValueText(NOT_SET)
            spin.setValue(field.default)
            spin.setToolTip(f"{declared.name}: {declared.meaning} "
                            f"({declared.range_text or 'any value'})")
            label = QLabel(field.label)
            label.setToolTip(declared.name)
            row, col = divmod(column, 6)
            grid.addWidget(label, 2 * row, col)
            grid.addWidget(spin, 2 * row + 1, col)
            self.stat_boxes[field.key] = spin
        self.command_boxes: dict[str, QCheckBox] = {}
        if self.system in COMMAND_GROUP_SYSTEMS:
            row = grid.rowCount()
            for col, (key, words) in enumerate(COMMAND_GROUP):
                check = QCheckBox(words)
                check.setToolTip(f"a model of the front rank is the unit's {words.lower()}")
                grid.addWidget(check, row, col * 2, 1, 2)
                self.command_boxes[key] = check
        return box

    def stats(self) -> dict[str, Any]:
        """The profile's values; a :class:`ValueError` names the first out of range."""
        values: dict[str, Any] = {}
        for key, spin in self.stat_boxes.items():
            value: Any = spin.value()
            if value == spin.minimum():  # "not set": the unit keeps no value
                continue
            if isinstance(spin, QSpinBox):
                value = int(value)
            try:
                check_value(key, value)
            except ScenarioError as error:
                raise ValueError(f"{error.message} — change it in the Profile box") from None
            values[key] = value
        return values

    def command_group(self) -> list[str]:
        """The command models asked for (``champion``, ``standard``, ``musician``)."""
        return [key for key, box in self.command_boxes.items() if box.isChecked()]

    # -- the answer -------------------------------------------------------------------------
    def spec(self) -> UnitSpec:
        """The unit to add; a :class:`ValueError` says which value is wrong."""
        name = self.name_edit.text().strip()
        if not name:
            raise ValueError("the unit needs a name")
        side = self.side_box.currentData()
        if side is None:
            raise ValueError("the scenario has no side to put the unit on")
        return UnitSpec(name, str(side), TroopType(self.troop_box.currentData()),
                        self.count_box.value(), self.base(), self.stats(),
                        tuple(self.command_group()))

    def edited(self) -> Unit:
        """The edited unit's new version (same models); a :class:`ValueError` says why not."""
        assert self.unit is not None
        spec = self.spec()
        stats = {**self.unit.stats, **spec.stats}
        for key, _ in COMMAND_GROUP:
            stats.pop(key, None)
        front = [m.id for m in self.unit.models]
        for key, model_id in zip(spec.command, front, strict=False):
            stats[key] = model_id
        return Unit(self.unit.id, spec.name, spec.side, spec.troop_type, self.unit.models,
                    self.unit.embarked_in, self.unit.joined_to, stats)

    def accept(self) -> None:  # noqa: D102 - Qt override: refuse with the reason
        try:
            self.edited() if self.unit is not None else self.spec()
        except ValueError as error:
            self.refusal.setText(f"Not accepted: {error}.")
            return
        self.refusal.setText("")
        super().accept()

    def _fill_from(self, unit: Unit) -> None:
        self.side_box.setCurrentIndex(max(0, self.side_box.findData(unit.side)))
        index = self.troop_box.findData(unit.troop_type.value)
        if index < 0:
            self.troop_box.addItem(unit.troop_type.label, unit.troop_type.value)
            index = self.troop_box.count() - 1
        self.troop_box.setCurrentIndex(index)
        self.set_base(unit.models[0].base)
        for key, spin in self.stat_boxes.items():
            value = unit.stats.get(key)
            if value is None:  # what the rules read: the declared default, else nothing
                value = stat(key).default
            if not isinstance(value, int | float) or isinstance(value, bool):
                value = spin.minimum()  # "not set"
            if isinstance(spin, QSpinBox):
                spin.setValue(int(value))
            else:
                spin.setValue(float(value))
            if key not in unit.stats:
                spin.setToolTip(f"{spin.toolTip()} — not stored for this unit, read as: "
                                f"{stat(key).default_text}")
        for key, box in self.command_boxes.items():
            box.setChecked(unit.stats.get(key) is not None)


def _size_spin() -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setDecimals(2)
    spin.setRange(-_WIDE, 10 * _WIDE)
    return spin
