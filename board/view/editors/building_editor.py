"""The building editor: a player's own building, drawn with the mouse, checked, saved.

Start from a shipped datasheet or from scratch; click the footprint's corners (or type them),
then place doors (access points), fire points, emplaced weapons and battlement corners with
the mouse; set what the scenario's rule system asks of a building (armour per facing and hull
points for 40K and Horus Heresy; damage capacity, assault factor and armour for Epic 40,000;
floors and capacity for Warhammer Fantasy). *Save* checks it exactly as a datasheet file is
checked when loaded, and refuses with the reason (a door off the wall, a self-crossing
footprint); a good one is written to the player's library (:mod:`board.document.user_library`).
"""

from __future__ import annotations

import math
import re
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from board.document.datasheet import Datasheet
from board.document.datasheet_json import datasheet_from_dict, datasheet_to_dict
from board.document.errors import ScenarioError
from board.document.model import RuleSystem
from board.document.user_library import datasheet_id_for
from board.game.systems.setup import BUILDING_NUMBERS, DATASHEET_SYSTEMS, BuildingNumbers
from board.game.words import counted
from board.view.editors.building_canvas import BuildingCanvas

__all__ = ["BuildingEditor", "MODES", "DEFAULT_GUN", "parse_points", "wall_facing",
           "weapon_list"]

#: What a click on the drawing board places, in the order of the buttons.
MODES = ("footprint", "door", "fire point", "weapon", "battlements")

#: The gun an emplaced weapon starts with (the bastion's heavy bolter; seed 000).
DEFAULT_GUN = {"name": "Heavy bolter", "range": 36, "strength": 5, "ap": 4, "type": "Heavy 3",
               "shots": 3}

XY = tuple[float, float]


def weapon_list(sheets: list[Datasheet]) -> list[dict[str, Any]]:
    """The emplaced weapons a new gun may carry, each name once.

    The heavy bolter first, then every weapon the system's shipped datasheets mount, in the
    order found.

    >>> from board.document.io import default_library
    >>> names = [w["name"] for w in weapon_list(list(default_library().for_system("wh40k")))]
    >>> names[0], "Icarus lascannon" in names
    ('Heavy bolter', True)
    """
    found: dict[str, dict[str, Any]] = {str(DEFAULT_GUN["name"]): dict(DEFAULT_GUN)}
    for sheet in sheets:
        for gun in datasheet_to_dict(sheet).get("emplaced_weapons", []):
            weapon = gun.get("weapon")
            if isinstance(weapon, dict) and weapon.get("name"):
                found.setdefault(str(weapon["name"]), weapon)
    return list(found.values())


def parse_points(text: str) -> list[XY]:
    """Read typed corners ``-3,-3  3,-3  3,3`` (spaces or ``;`` between them).

    A :class:`ValueError` names the corner that is wrong.

    >>> parse_points("-3,-3; 3,-3 ; 3, 3")
    [(-3.0, -3.0), (3.0, -3.0), (3.0, 3.0)]
    """
    tidy = re.sub(r"\s*,\s*", ",", text.strip())
    points: list[XY] = []
    for k, chunk in enumerate(c for c in re.split(r"[;\s]+", tidy) if c):
        parts = chunk.split(",")
        if len(parts) != 2:
            raise ValueError(f"corner {k + 1} ({chunk!r}) is not written x,y")
        try:
            points.append((float(parts[0]), float(parts[1])))
        except ValueError:
            raise ValueError(f"corner {k + 1} ({chunk!r}) is not two numbers") from None
    return points


def wall_facing(footprint: list[XY], x: float, y: float) -> tuple[str, XY]:
    """The facing of the wall nearest (``x``, ``y``) and the nearest point on it."""
    best: tuple[float, str, XY] | None = None
    n = len(footprint)
    for k in range(n):
        (ax, ay), (bx, by) = footprint[k], footprint[(k + 1) % n]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy or 1e-12
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        px, py = ax + t * dx, ay + t * dy
        gap = math.hypot(x - px, y - py)
        mx, my = (ax + bx) / 2, (ay + by) / 2  # the wall's outward side: away from the centre
        cx = sum(p[0] for p in footprint) / n
        cy = sum(p[1] for p in footprint) / n
        ox, oy = mx - cx, my - cy
        facing = ("front" if oy < 0 else "rear") if abs(oy) >= abs(ox) else \
            ("right" if ox > 0 else "left")
        if best is None or gap < best[0]:
            best = (gap, facing, (px, py))
    assert best is not None
    return best[1], best[2]


def _weapon_text(weapon: dict[str, Any]) -> str:
    """``Heavy bolter – 36", S5 AP4, Heavy 3``."""
    ap = weapon.get("ap")
    return (f"{weapon['name']} – {weapon.get('range', '?')}\", S{weapon.get('strength', '–')} "
            f"AP{'–' if ap is None else ap}, {weapon.get('type', '')}").rstrip(", ")


def _spin(low: int, high: int, value: int, special: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    if special:
        spin.setSpecialValueText(special)
    return spin


class BuildingEditor(QDialog):
    """Draw, place and type a building; :meth:`datasheet` is it, checked, or the reason not."""

    def __init__(self, system: RuleSystem, shipped: list[Datasheet], taken_ids: set[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system, self.shipped, self.taken_ids = system, shipped, taken_ids
        self.setWindowTitle("Building editor")
        self.footprint: list[XY] = []
        self.battlements: list[XY] = []
        self.doors: list[XY] = []
        #: What else each door's datasheet entry keeps (label, escape hatch), by door.
        self.door_fields: list[dict[str, Any]] = []
        self.fire_points: list[tuple[float, float, str]] = []
        self.guns: list[XY] = []
        #: Each gun's datasheet entry besides its place (its weapon first), by gun.
        self.gun_fields: list[dict[str, Any]] = []
        self.weapons = weapon_list(shipped)
        self.saved: Datasheet | None = None
        outer = QHBoxLayout(self)
        self.canvas = BuildingCanvas()
        self.canvas.clicked.connect(self.click)
        outer.addWidget(self.canvas)
        side = QVBoxLayout()
        outer.addLayout(side)
        form = QFormLayout()
        side.addLayout(form)
        self.start_box = QComboBox()
        self.start_box.addItem("Scratch (an empty board)", None)
        for sheet in shipped:
            self.start_box.addItem(sheet.name, sheet.id)
        self.start_box.currentIndexChanged.connect(self._start_from)
        self.name_edit = QLineEdit("My building")
        self.size_box = QComboBox()
        for size in ("small", "medium", "large"):
            self.size_box.addItem(size, size)
        self.size_box.setCurrentIndex(1)
        self.weapon_box = QComboBox()
        for weapon in self.weapons:
            self.weapon_box.addItem(_weapon_text(weapon), weapon["name"])
        self.weapon_box.setToolTip("The weapon of the next emplaced weapon placed (the "
                                   "weapons of the system's datasheets)")
        form.addRow("Start from", self.start_box)
        form.addRow("Name", self.name_edit)
        form.addRow("Size", self.size_box)
        form.addRow("Emplaced weapon", self.weapon_box)
        self.numbers: dict[str, QSpinBox | QDoubleSpinBox] = {}
        for label, key, spin in self._system_fields():
            self.numbers[key] = spin
            form.addRow(label, spin)
        side.addWidget(QLabel("A click on the board places:"))
        self.mode_group = QButtonGroup(self)
        modes = QHBoxLayout()
        self.mode_buttons: dict[str, QRadioButton] = {}
        for k, mode in enumerate(MODES):
            button = QRadioButton(mode)
            self.mode_group.addButton(button, k)
            self.mode_buttons[mode] = button
            modes.addWidget(button)
        self.mode_buttons["footprint"].setChecked(True)
        side.addLayout(modes)
        self.points_edit = QLineEdit()
        self.points_edit.setPlaceholderText("or type the corners: -3,-3 3,-3 3,3 -3,3")
        self.type_button = QPushButton("Use typed corners")
        self.type_button.clicked.connect(self.use_typed)
        self.clear_button = QPushButton("Clear all")
        self.clear_button.clicked.connect(self.clear)
        row = QHBoxLayout()
        for widget in (self.points_edit, self.type_button, self.clear_button):
            row.addWidget(widget)
        side.addLayout(row)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        side.addWidget(self.summary)
        self.refusal = QLabel("")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b71c1c;")
        side.addWidget(self.refusal)
        side.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        side.addWidget(buttons)
        self._redraw()

    # -- the rule system's numbers -----------------------------------------------------------
    def _system_fields(self) -> list[tuple[str, str, QSpinBox | QDoubleSpinBox]]:
        height = QDoubleSpinBox()
        height.setRange(0.0, 40.0)
        height.setValue(6.0)
        numbers = BUILDING_NUMBERS[self.system]
        if numbers is BuildingNumbers.EPIC:
            return [("Damage capacity", "damage_capacity", _spin(1, 200, 10)),
                    ("Assault factor", "assault_factor", _spin(0, 200, 20)),
                    ("Armour (kill roll)", "epic_armour", _spin(2, 6, 6)),
                    ("Capacity (stands)", "transport_capacity", _spin(-1, 50, -1, "by size"))]
        if numbers is BuildingNumbers.FLOORS:
            return [("Floors", "floors", _spin(1, 10, 1)),
                    ("Capacity (models)", "transport_capacity", _spin(-1, 200, 20, "by size"))]
        return [(f"Armour {facing}", f"armour_{facing}", _spin(10, 14, 14 if facing == "front"
                                                                else 13 if facing != "rear"
                                                                else 12))
                for facing in ("front", "right", "rear", "left")] + [
            ("Hull points", "hull_points", _spin(0, 10, 0, "by size")),
            ("Capacity (models)", "transport_capacity", _spin(-1, 60, -1, "by size")),
            ("Height (in)", "height", height)]

    # -- the mouse ---------------------------------------------------------------------------
    def mode(self) -> str:
        """What a click places now."""
        return MODES[self.mode_group.checkedId()]

    def click(self, x: float, y: float) -> None:
        """Place what the mode says at local (``x``, ``y``) inches."""
        mode = self.mode()
        if mode == "footprint":
            self.footprint.append((x, y))
        elif mode == "battlements":
            self.battlements.append((x, y))
        elif not self.footprint:
            self.refusal.setText("Draw the footprint first: doors, fire points and guns go on "
                                 "its walls.")
            return
        elif mode == "weapon":
            self.guns.append((x, y))
            self.gun_fields.append({"weapon": dict(self.chosen_weapon())})
        else:
            facing, on_wall = wall_facing(self.footprint, x, y)
            # A click near a wall lands on it; a click far off stays where it was, to be
            # refused on Save with the distance.
            at = on_wall if math.dist(on_wall, (x, y)) <= 0.5 else (x, y)
            if mode == "door":
                self.doors.append(at)
                self.door_fields.append({})
            else:
                self.fire_points.append((at[0], at[1], facing))
        self.refusal.setText("")
        self._redraw()

    def chosen_weapon(self) -> dict[str, Any]:
        """The weapon the next gun placed carries (the one picked in the list)."""
        return self.weapons[max(0, self.weapon_box.currentIndex())]

    def _gun(self, index: int) -> dict[str, Any]:
        """Gun ``index``'s datasheet fields (a heavy bolter when none was recorded)."""
        fields = self.gun_fields[index] if index < len(self.gun_fields) else {}
        return fields if isinstance(fields.get("weapon"), dict) else {"weapon": DEFAULT_GUN}

    def use_typed(self) -> None:
        """Take the typed corners as the footprint."""
        try:
            points = parse_points(self.points_edit.text())
        except ValueError as error:
            self.refusal.setText(f"Not accepted: {error}.")
            return
        self.footprint = points
        self.refusal.setText("")
        self._redraw()

    def clear(self) -> None:
        """Start again from an empty board."""
        self.footprint, self.battlements, self.doors, self.fire_points, self.guns = (
            [], [], [], [], [])
        self.door_fields, self.gun_fields = [], []
        self._redraw()

    def _start_from(self) -> None:
        sheet_id = self.start_box.currentData()
        sheet = next((s for s in self.shipped if s.id == sheet_id), None)
        self.clear()
        if sheet is None:
            return
        self.name_edit.setText(f"{sheet.name} (mine)")
        self.footprint = [tuple(p) for p in sheet.footprint]  # type: ignore[misc]
        data = datasheet_to_dict(sheet)
        doors, guns = data.get("access_points", []), data.get("emplaced_weapons", [])
        self.doors = [(a["x"], a["y"]) for a in doors]
        self.door_fields = [{k: v for k, v in a.items() if k not in ("id", "x", "y")}
                            for a in doors]
        self.fire_points = [(p.x, p.y, p.facing) for p in sheet.fire_points]
        self.guns = [(w["x"], w["y"]) for w in guns]
        self.gun_fields = [{k: v for k, v in w.items() if k not in ("id", "x", "y")}
                           for w in guns]
        self.battlements = list(sheet.battlements.polygon) if sheet.battlements else []
        if sheet.size is not None:
            self.size_box.setCurrentIndex(self.size_box.findData(sheet.size.value))
        for key, spin in self.numbers.items():
            value = getattr(sheet, key, None)
            if key.startswith("armour_") and sheet.armour:
                value = sheet.armour.get(key.removeprefix("armour_"))
            if isinstance(value, int | float) and not isinstance(value, bool):
                spin.setValue(value)  # type: ignore[arg-type]
        self._redraw()

    def _redraw(self) -> None:
        self.canvas.show_sheet(self.footprint, self.battlements, self.doors,
                               [(x, y) for x, y, _ in self.fire_points], self.guns)
        names = [str(self._gun(k)["weapon"].get("name", "?")) for k in range(len(self.guns))]
        armed = ", ".join(f"{n} ×{names.count(n)}" if names.count(n) > 1 else n
                          for n in dict.fromkeys(names))
        self.summary.setText(f"{counted(len(self.footprint), 'footprint corner')}, "
                             f"{counted(len(self.doors), 'door')}, "
                             f"{counted(len(self.fire_points), 'fire point')}, "
                             f"{counted(len(self.guns), 'emplaced weapon')}"
                             f"{f' ({armed})' if armed else ''}, "
                             f"{counted(len(self.battlements), 'battlement corner')}")

    # -- the answer --------------------------------------------------------------------------
    def data(self) -> dict[str, Any]:
        """The building as datasheet JSON values."""
        name = self.name_edit.text().strip() or "My building"
        systems = list(DATASHEET_SYSTEMS[self.system])
        data: dict[str, Any] = {
            "id": datasheet_id_for(name, self.taken_ids), "name": name, "kind": "building",
            "systems": systems, "footprint": [list(p) for p in self.footprint],
            "size": self.size_box.currentData(),
            "access_points": [{"id": f"door-{k}", "x": x, "y": y, "label": f"Door {k}",
                               **(self.door_fields[k - 1] if k <= len(self.door_fields)
                                  else {})}
                              for k, (x, y) in enumerate(self.doors, start=1)],
            "fire_points": [{"id": f"fire-{k}", "x": x, "y": y, "facing": f, "models": 2}
                            for k, (x, y, f) in enumerate(self.fire_points, start=1)],
            "emplaced_weapons": [{"id": f"gun-{k}", "x": x, "y": y, **self._gun(k - 1)}
                                 for k, (x, y) in enumerate(self.guns, start=1)],
            "notes": "Made in the building editor.",
        }
        if len(self.battlements) >= 3:
            data["battlements"] = {"polygon": [list(p) for p in self.battlements],
                                   "height": float(self.numbers["height"].value())
                                   if "height" in self.numbers else 0.0}
        armour = {k.removeprefix("armour_"): int(s.value()) for k, s in self.numbers.items()
                  if k.startswith("armour_")}
        if armour:
            data["armour"] = armour
        for key, spin in self.numbers.items():
            if key.startswith("armour_"):
                continue
            value = spin.value()
            if spin.specialValueText() and value == spin.minimum():
                continue  # "by size": the rules derive it
            data[key] = float(value) if isinstance(spin, QDoubleSpinBox) else int(value)
        return data

    def datasheet(self) -> Datasheet:
        """The building, checked as a datasheet file is; a :class:`ScenarioError` if not."""
        if len(self.footprint) < 3:
            raise ScenarioError(f"a footprint needs at least 3 corners, it has "
                                f"{len(self.footprint)}: click them on the board", "footprint")
        return datasheet_from_dict(self.data())

    def accept(self) -> None:  # noqa: D102 - Qt override: refuse with the reason
        try:
            sheet = self.datasheet()
        except ScenarioError as error:
            self.refusal.setText(f"Not a valid building — {error}")
            return
        self.saved = sheet
        super().accept()

    def as_dict(self) -> dict[str, Any]:
        """The accepted datasheet as JSON values (empty before Save)."""
        return {} if self.saved is None else datasheet_to_dict(self.saved)
