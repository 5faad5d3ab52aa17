"""A player's first game, step by step, with real keys and mouse clicks (no JSON anywhere).

Shared by the three "Your first game" tests: File ▸ New, a building from the palette, units
from the unit editor, a drag into contact, the storm dialog.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QWidget
from shapely.geometry import Point
from shapely.ops import nearest_points

from board.document.model import RuleSystem
from tests.board.qt_helpers import click, drag, drag_until

Ctrl = Qt.KeyboardModifier.ControlModifier
Shift = Qt.KeyboardModifier.ShiftModifier
Left = Qt.MouseButton.LeftButton
DOCS = Path(__file__).resolve().parents[2] / "docs"


def type_over(widget: QWidget, text: str) -> None:
    """Select the field's text and type ``text`` over it."""
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_A, Ctrl)
    QTest.keyClicks(widget, text)


def pick(combo: QComboBox, text: str) -> None:
    """Choose ``text`` in a combo box with the arrow keys, as a player would."""
    combo.setFocus()
    wanted = combo.findText(text)
    assert wanted >= 0, (text, [combo.itemText(k) for k in range(combo.count())])
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(wanted):
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentIndex() == wanted


def activate(window: QWidget) -> None:
    """Bring ``window`` to the front, as a player's click on it would (its keys reach it)."""
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)


def press_button(button: QWidget) -> None:
    """Click ``button`` with the mouse."""
    QTest.mouseClick(button, Left)


def file_new(window, system: RuleSystem, sides: tuple[str, str], table: str | None = None,
             shot: Callable[[QWidget], None] | None = None) -> None:
    """File ▸ New (Ctrl+N): choose the system, the table, name the two sides, press OK."""
    seen: list[str] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None and dialog.windowTitle() == "New scenario"
        pick(dialog.system_box, system.label)
        if table is not None:
            pick(dialog.table_box, table)
        for row, name in zip(dialog.sides, sides, strict=True):
            type_over(row.name_edit, name)
        if shot is not None:
            shot(dialog)
        seen.append(dialog.table_box.currentText())
        press_button(dialog.ok_button)

    QTimer.singleShot(0, fill)
    activate(window)
    QTest.keyClick(window, Qt.Key.Key_N, Ctrl)
    assert seen, "the New scenario dialog did not open"
    activate(window)
    assert window.scenario.rule_system is system
    assert [s.name for s in window.scenario.sides] == list(sides)


def place_from_palette(window, name: str) -> str:
    """Click ``name`` in the palette's terrain list, then *Place on table*; the new piece's id."""
    palette = window.palette_dock
    terrain = palette.terrain_list
    found = terrain.findItems(name, Qt.MatchFlag.MatchExactly)
    assert found, (name, [terrain.item(k).text() for k in range(terrain.count())])
    rect = terrain.visualItemRect(found[0])
    QTest.mouseClick(terrain.viewport(), Left, Qt.KeyboardModifier.NoModifier, rect.center())
    before = {p.id for p in window.scenario.terrain}
    press_button(palette.place_button)
    (new,) = [p.id for p in window.scenario.terrain if p.id not in before]
    return new


def enter_unit(window, name: str, side: str, count: int, base: str,
               stats: dict[str, str], troop: str | None = None,
               command: tuple[str, ...] = (),
               shot: Callable[[QWidget], None] | None = None) -> str:
    """Units ▸ Add Unit… (Ctrl+U): type the unit in, press OK; the new unit's id."""
    activate(window)
    QTest.keyClick(window, Qt.Key.Key_U, Ctrl)
    editor = window.features.units.editor
    assert editor is not None and editor.isVisible()
    type_over(editor.name_edit, name)
    pick(editor.side_box, side)
    if troop is not None:
        pick(editor.troop_box, troop)
    type_over(editor.count_box, str(count))
    pick(editor.preset_box, base)
    for key, value in stats.items():
        type_over(editor.stat_boxes[key], value)
    for key in command:
        QTest.mouseClick(editor.command_boxes[key], Left)
    if shot is not None:
        shot(editor)
    before = {u.id for u in window.scenario.units}
    press_button(editor.ok_button)
    assert not editor.isVisible(), editor.refusal.text()
    activate(window)
    (new,) = [u.id for u in window.scenario.units if u.id not in before]
    return new


def _gap_after(window, unit_id: str, piece_id: str, dx: float, dy: float) -> float:
    """The unit's nearest base's gap to the footprint if the unit moved by (dx, dy)."""
    footprint = window.scene.world().piece(piece_id).footprint
    unit = window.scenario.unit(unit_id)
    return min(Point(m.x + dx, m.y + dy).distance(footprint) - m.base.width_in / 2
               for m in unit.models)


def drag_into_contact(window, unit_id: str, piece_id: str, gap: float = 0.04,
                      within: float = 0.09) -> None:
    """Shift-drag the unit by its farthest model until its nearest base touches the building.

    The unit first goes round to the building's east side (a release over a building, or over
    its name label below it, asks to embark), then closes in on the east wall; the drop point
    is always the model farthest from the building.
    """
    footprint = window.scene.world().piece(piece_id).footprint
    unit = window.scenario.unit(unit_id)
    x0, _, x1, _ = footprint.bounds
    left = min(unit.models, key=lambda m: m.x)
    right = max(unit.models, key=lambda m: m.x)
    east = (x1 + 3.0 + (right.x - left.x) + 1.0, footprint.centroid.y)
    before = right.x
    drag(window.view, (right.x, right.y), east, Shift)
    assert window.scenario.model(right.id)[1].x != before, window.statusBar().currentMessage()
    unit = window.scenario.unit(unit_id)
    lead = min(unit.models, key=lambda m: Point(m.x, m.y).distance(footprint))
    tail = max(unit.models, key=lambda m: Point(m.x, m.y).distance(footprint))
    wall, _ = nearest_points(footprint, Point(lead.x, lead.y))
    away = (lead.x - wall.x, lead.y - wall.y)
    norm = math.hypot(*away)
    reach = lead.base.width_in / 2 + gap
    target = (wall.x + away[0] / norm * reach, wall.y + away[1] / norm * reach)
    dx, dy = target[0] - lead.x, target[1] - lead.y

    def touches(mx: float, my: float) -> bool:
        return 0.0 <= _gap_after(window, unit_id, piece_id, mx, my) <= within

    drag_until(window.view, (tail.x, tail.y), (tail.x + dx, tail.y + dy), touches, Shift)
    assert 0.0 <= _gap_after(window, unit_id, piece_id, 0.0, 0.0) <= within


def select_piece(window, piece_id: str) -> None:
    """Click the building (its centre) to select it."""
    piece = window.scenario.piece(piece_id)
    window.scene.clearSelection()  # as Escape or a click on bare table would: no unit labels
    click(window.view, (piece.x, piece.y))
    assert window.scene.selected_piece_ids() == [piece_id], (
        window.scene.selected_piece_ids(), window.scene.selected_model_ids())


def storm_selected(window):
    """Buildings ▸ Storm a Building… (Ctrl+Shift+A) on the selected building."""
    activate(window)
    window.view.setFocus()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_A, Ctrl | Shift)
    dialog = window.storm.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def view_point(window, at: tuple[float, float]) -> QPoint:
    """The viewport pixel of the table point ``at``."""
    return window.view.mapFromScene(QPointF(*at))


def save_shot(widget: QWidget, name: str) -> None:
    """Keep a picture of ``widget`` for the "Your first game" pages, when asked to.

    ``BATTLEBOARD_DOC_SHOTS=1 python -m pytest tests/board/test_first_game_*.py`` writes them
    to docs/; a plain test run writes nothing.
    """
    if os.environ.get("BATTLEBOARD_DOC_SHOTS") != "1":
        return
    QApplication.processEvents()
    assert widget.grab().save(str(DOCS / name), "PNG")
