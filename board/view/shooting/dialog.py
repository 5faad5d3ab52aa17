"""The Shoot a building dialog: weapon, firer and target in; exact odds; roll; one undo step.

Warhammer 40,000 and the Horus Heresy: the weapon's name, shots, Ballistic Skill, Strength, AP,
blast or template and the special rules the building rules read, or one of the emplaced
weapons of a building; the facing comes from where the firer stands. Epic 40,000: firepower,
whether the weapon is super-heavy and, with stands inside, the defender's choice of the one the
debris of critical row 10 falls on. The odds of every outcome show before rolling and
follow every change of a field. The dialog never blocks: it is shown, and :meth:`roll` is what
its Roll button calls (tests call it directly).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from board.document.model import Scenario
from board.game.core.names import Namer
from board.game.core.shots import FirepowerOrder, ShootingError, ShotPlan, ShotResult, WeaponOrder
from board.game.core.world import World
from board.game.firers import (
    Firer,
    embarked_in,
    fire_point_choices,
    firer_choices,
    firer_position,
    target_choices,
)
from board.game.occupancy.common import models_inside
from board.game.systems.protocol import ShotForm
from board.game.systems.registry import system_for
from board.view.commands import ApplyChangeCommand
from board.view.editors.stat_button import EditStatButton
from board.view.scene import BoardScene
from board.view.shooting.garrison_box import GarrisonBox

__all__ = ["ShootDialog"]


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class ShootDialog(QDialog):
    """Shoot a building on ``scene`` (optionally ``piece_id`` and the ``firer`` first)."""

    def __init__(self, scene: BoardScene, piece_id: str | None = None,
                 parent: QWidget | None = None, firer: Firer | None = None,
                 edit_unit: Callable[[str], object] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Shoot a building")
        self.scene = scene
        self.result_: ShotResult | None = None
        self.system = system_for(scene.document.scenario.rule_system)
        #: Which weapon box the system's shots need: each form is named, none is a default.
        self.form = self.system.shot_form
        self.epic = self.form is ShotForm.FIREPOWER
        boxes = {ShotForm.PROFILE: self._weapon_box, ShotForm.FIREPOWER: self._epic_box,
                 ShotForm.GARRISON: self._garrison_box}
        layout = QVBoxLayout(self)
        layout.addWidget(self._who())
        layout.addWidget(boxes[self.form]())
        self.facing = QLabel("")
        layout.addWidget(self.facing)
        layout.addWidget(QLabel("Odds before rolling:"))
        self.odds = QPlainTextEdit(readOnly=True)
        self.odds.setMinimumHeight(130)
        layout.addWidget(self.odds)
        #: A stat the shot needs is missing: opens that unit's editor (inside a building too).
        self.edit_stat = EditStatButton(edit_unit or (lambda _: None))
        layout.addWidget(self.edit_stat)
        layout.addLayout(self._buttons())
        self.outcome = QPlainTextEdit(readOnly=True)
        self.outcome.setMinimumHeight(220)
        layout.addWidget(self.outcome)
        if piece_id is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(piece_id)))
        if firer is not None and self.firer_index(firer) >= 0:
            self.firer.setCurrentIndex(self.firer_index(firer))
        self.resize(560, 900)
        self.update_odds()

    def firer_index(self, firer: Firer) -> int:
        """The row of ``firer`` in the Firer box (-1 when it is not offered)."""
        return next((i for i in range(self.firer.count()) if self.firer.itemData(i) == firer),
                    -1)

    # -- building the form --------------------------------------------------------------------
    def _who(self) -> QGroupBox:
        box = QGroupBox("Who shoots at what")
        form = QFormLayout(box)
        scenario = self.scene.document.scenario
        self.target = QComboBox()
        for piece_id, label in target_choices(scenario, self.scene.datasheets):
            self.target.addItem(label, piece_id)
        self.firer = QComboBox()
        for firer, label in firer_choices(scenario, self.scene.datasheets, self.scene.world()):
            self.firer.addItem(label, firer)
        form.addRow("Target building", self.target)
        form.addRow("Firer", self.firer)
        self.by_hand = QComboBox()  # seed 000: an embarked model fires an emplaced weapon
        self.fire_point = QComboBox()
        self.fire_models = QListWidget()
        self.fire_models.setMaximumHeight(90)
        form.addRow("Fired by (embarked model)", self.by_hand)
        form.addRow("Fire point", self.fire_point)
        form.addRow("Models shooting through it", self.fire_models)
        self._who_form = form
        self.target.currentIndexChanged.connect(self.update_odds)
        self.firer.currentIndexChanged.connect(self._on_firer_changed)
        self.by_hand.currentIndexChanged.connect(self.update_odds)
        self.fire_point.currentIndexChanged.connect(self.update_odds)
        self.fire_models.itemChanged.connect(self.update_odds)
        self._fill_from_building()
        return box

    def _fill_from_building(self) -> None:
        """Fill the rows of a shot from a building (hidden for a shot from the table).

        Who fires the emplaced weapon, or which models shoot through which fire point.
        """
        scenario, world = self.scene.document.scenario, self.scene.world()
        firer = self.firer.currentData()
        emplaced = isinstance(firer, Firer) and firer.emplaced
        inside = embarked_in(scenario, firer) if isinstance(firer, Firer) else None
        names = Namer.for_scenario(scenario, world)
        for box in (self.by_hand, self.fire_point):
            box.blockSignals(True)
            box.clear()
        self.fire_models.blockSignals(True)
        self.fire_models.clear()
        if emplaced and firer.piece_id is not None:
            for model_id, name in models_inside(scenario, firer.piece_id):
                self.by_hand.addItem(name, model_id)
        if inside is not None:
            for point_id, label, _ in fire_point_choices(world, inside):
                self.fire_point.addItem(label, point_id)
            for unit in scenario.units:
                if unit.id == firer.unit_id:
                    for model in unit.models:
                        item = QListWidgetItem(names.model(model.id))
                        item.setData(Qt.ItemDataRole.UserRole, model.id)
                        item.setCheckState(Qt.CheckState.Unchecked)
                        self.fire_models.addItem(item)
        for box in (self.by_hand, self.fire_point):
            box.blockSignals(False)
        self.fire_models.blockSignals(False)
        self._who_form.setRowVisible(self.by_hand, emplaced)
        self._who_form.setRowVisible(self.fire_point, inside is not None)
        self._who_form.setRowVisible(self.fire_models, inside is not None)

    def shooting_models(self) -> tuple[str, ...]:
        """The ids of the models ticked to shoot through the fire point."""
        items = (self.fire_models.item(i) for i in range(self.fire_models.count()))
        return tuple(item.data(Qt.ItemDataRole.UserRole) for item in items
                     if item.checkState() is Qt.CheckState.Checked)

    def _weapon_box(self) -> QGroupBox:
        box = QGroupBox("Weapon")
        form = QFormLayout(box)
        self.name = QLineEdit("Lascannon")
        self.shots, self.bs = _spin(1, 60, 1), _spin(1, 10, 4)
        self.strength = _spin(1, 10, 9)
        self.ap = QComboBox()
        self.ap.addItems(["–", "1", "2", "3", "4", "5", "6"])
        self.ap.setCurrentText("2")
        self.blast = QComboBox()
        self.blast.addItems(["no", "3\" blast", "5\" blast"])
        self.template = QCheckBox("template (hits automatically)")
        self.battlements = QCheckBox("the marker or template also covers the battlements")
        self.no_escape = QCheckBox("the template touches a fire point (No Escape)")
        self.specials = {rule: QCheckBox(rule) for rule in self.system.weapon_special_rules}
        rules = QHBoxLayout()
        for check in self.specials.values():
            rules.addWidget(check)
        for label, widget in (("Name", self.name), ("Shots", self.shots), ("BS", self.bs),
                              ("Strength", self.strength), ("AP", self.ap),
                              ("Blast", self.blast), ("", self.template),
                              ("", self.battlements), ("", self.no_escape)):
            form.addRow(label, widget)
        form.addRow("Special rules", rules)
        for signal in (self.shots.valueChanged, self.bs.valueChanged,
                       self.strength.valueChanged, self.ap.currentIndexChanged,
                       self.blast.currentIndexChanged, self.template.toggled,
                       self.battlements.toggled, self.no_escape.toggled,
                       *(c.toggled for c in self.specials.values())):
            signal.connect(self.update_odds)
        return box

    def _epic_box(self) -> QGroupBox:
        box = QGroupBox("Weapon (Epic 40,000)")
        form = QFormLayout(box)
        self.firepower = _spin(1, 60, 4)
        self.super_heavy = QCheckBox("super-heavy weapon (only these may target a building)")
        self.super_heavy.setChecked(True)
        self.debris = QComboBox()
        form.addRow("Firepower", self.firepower)
        form.addRow("", self.super_heavy)
        form.addRow("If critical row 10 comes up, the debris falls on", self.debris)
        self._epic_form = form
        self.firepower.valueChanged.connect(self.update_odds)
        self.super_heavy.toggled.connect(self.update_odds)
        self.target.currentIndexChanged.connect(self._fill_debris)
        self._fill_debris()
        return box

    def _garrison_box(self) -> GarrisonBox:
        self.garrison = GarrisonBox(self.system.garrison_attacks)
        for signal in self.garrison.signals():
            signal.connect(self.update_odds)  # type: ignore[attr-defined]
        return self.garrison

    def _fill_debris(self) -> None:
        """List the target's stands inside by name (the row hidden when nobody is inside)."""
        kept = self.debris.currentData()
        self.debris.clear()
        piece_id = self.target.currentData()
        choices = models_inside(self.scene.document.scenario, piece_id) if piece_id else []
        for model_id, name in choices:
            self.debris.addItem(name, model_id)
        self.debris.setCurrentIndex(max(0, self.debris.findData(kept)))
        self._epic_form.setRowVisible(self.debris, bool(choices))

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Seed (empty: random)"))
        self.seed = QLineEdit()
        row.addWidget(self.seed)
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.roll)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        row.addWidget(self.roll_button)
        row.addWidget(close)
        return row

    # -- reading the form -----------------------------------------------------------------
    def weapon(self) -> WeaponOrder:
        """The weapon as the form has it (an emplaced weapon as its building allows it)."""
        if self.epic:
            return WeaponOrder(f"firepower {self.firepower.value()}", 1, 1, 1, None)
        if self.form is ShotForm.GARRISON:
            return WeaponOrder(self.garrison.attack.currentText(), 1, 1, 1, None)
        firer = self.firer.currentData()
        if isinstance(firer, Firer) and firer.piece_id and firer.weapon_id:
            piece_id, weapon_id = firer.piece_id, firer.weapon_id
            order, _ = self.system.emplaced_order(self.scene.document.scenario,
                                                  self.scene.datasheets, self.scene.world(),
                                                  piece_id, weapon_id, self.bs.value())
            return order
        ap = None if self.ap.currentText() == "–" else int(self.ap.currentText())
        blast = {1: 3.0, 2: 5.0}.get(self.blast.currentIndex())
        specials = tuple(r for r, c in self.specials.items() if c.isChecked())
        return WeaponOrder(self.name.text().strip() or "weapon", self.shots.value(),
                           self.bs.value(), self.strength.value(), ap, blast,
                           self.template.isChecked(), specials,
                           on_battlements=self.battlements.isChecked(),
                           fire_point=self.no_escape.isChecked())

    def plan(self) -> ShotPlan:
        """The shot the form describes (:class:`ShootingError` if it cannot be made)."""
        piece_id = self.target.currentData()
        if piece_id is None and self.system.building_not_shot:
            raise ShootingError(self.system.building_not_shot)
        if piece_id is None:
            raise ShootingError("there is no standing building to shoot at")
        firer = self.firer.currentData()
        if not isinstance(firer, Firer):
            raise ShootingError("there is nobody on the table to shoot")
        scenario, world = self.scene.document.scenario, self.scene.world()
        inside = embarked_in(scenario, firer)
        at, label = firer_position(scenario, world, firer, piece_id, self.fire_point.currentData())
        if inside is not None:
            return ShotPlan(piece_id, self.weapon(), at, label, from_piece=inside,
                            through=self.fire_point.currentData(),
                            models=self.shooting_models())
        return ShotPlan(piece_id, self.weapon(), at, label,
                        by_hand=self.by_hand.currentData() if firer.emplaced else None)

    def _on_firer_changed(self) -> None:
        self._fill_from_building()
        firer = self.firer.currentData()
        emplaced = isinstance(firer, Firer) and firer.emplaced
        if self.form is ShotForm.PROFILE:
            for widget in (self.name, self.shots, self.strength, self.ap, self.blast,
                           self.template, self.battlements, self.no_escape,
                           *self.specials.values()):
                widget.setEnabled(not emplaced)
        self.update_odds()

    def order(self) -> object:
        """What the system's shot form adds to the plan (each form named, none a default)."""
        orders = {
            ShotForm.PROFILE: lambda: None,  # the plan's weapon is the whole order
            ShotForm.FIREPOWER: lambda: FirepowerOrder(self.firepower.value(),
                                                       self.super_heavy.isChecked(),
                                                       self.debris.currentData()),
            ShotForm.GARRISON: lambda: self.garrison.shot(),
        }
        return orders[self.form]()

    def update_odds(self) -> None:
        """Show who shoots from where and the exact odds of the shot as the form stands."""
        scenario, world = self.scene.document.scenario, self.scene.world()
        try:
            plan = self.plan()
            heading, lines = self.system.shot_preview(scenario, self.scene.datasheets, world,
                                                      plan, self.order())
        except (ShootingError, ValueError, KeyError) as error:
            self.facing.setText("")  # no firer stands anywhere for a shot that is refused
            self.odds.setPlainText(f"cannot shoot: {error}")
            self.edit_stat.offer(error, _unit_name(scenario, error))
            self.roll_button.setEnabled(False)
            return
        self.edit_stat.offer(None)
        self.facing.setText(heading)
        self.odds.setPlainText("\n".join(lines))
        self.roll_button.setEnabled(True)

    def _seed(self) -> int | None:
        text = self.seed.text().strip()
        if not text:
            return None
        if not text.isdigit():
            raise ShootingError(f"the seed must be a whole number, not {text!r}")
        return int(text)

    def roll(self) -> ShotResult | None:
        """Roll the shot, push it as one undo step and show what happened."""
        scenario, world = self.scene.document.scenario, self.scene.world()
        try:
            plan, seed, order = self.plan(), self._seed(), self.order()
            result = self.system.shoot(scenario, self.scene.datasheets, world, plan, order, seed)
        except (ShootingError, ValueError, KeyError) as error:
            self.outcome.setPlainText(f"Refused: {error}")
            return None
        what = (f"firepower {order.firepower}" if isinstance(order, FirepowerOrder)
                else plan.weapon.name)  # the step's name says the figure, not "firepower"
        text = f"Shoot {_piece_name(world, plan.piece_id)} with {what}"
        self.scene.undo_stack.push(ApplyChangeCommand(self.scene.document, result.change, text))
        seed_used = result.change.log[-1].seed
        self.outcome.setPlainText("\n".join(result.lines) + f"\n(seed {seed_used})")
        self.result_ = result
        if self.epic:
            self._fill_debris()
        self.update_odds()
        return result


def _unit_name(scenario: Scenario, error: BaseException) -> str:
    """The name of the unit a missing stat belongs to ("" for any other refusal)."""
    unit_id = getattr(error, "unit_id", None)
    return next((u.name for u in scenario.units if u.id == unit_id), "")


def _piece_name(world: World, piece_id: str) -> str:
    """The piece's datasheet name (its id when it is not on the table)."""
    piece = world.pieces.get(piece_id)
    return piece.sheet.name if piece is not None else piece_id
