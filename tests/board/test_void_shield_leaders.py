"""Issue 38: a unit's void-shield label moved away from its unit is joined to it by a line.

On the demo board, fitted, Captain Severus' label ("partly in (not covered)") cannot stand
under him: it is placed further down, and a line in its colour runs from him to it, drawn
under every label's text.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.view.buildings.void_shield_item import STATUS_COLOURS


def _near(colour: QColor, wanted: QColor) -> bool:
    return all(abs(a - b) <= 40 for a, b in ((colour.red(), wanted.red()),
                                             (colour.green(), wanted.green()),
                                             (colour.blue(), wanted.blue())))


def test_a_moved_void_shield_label_has_a_line_to_its_unit(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    buildings = win.features.buildings
    buildings.show_void_shields(True)
    image = win.view.viewport().grab().toImage()  # painted: the labels placed
    item = buildings.void_item
    marks = buildings.shield_picture().marks
    assert len(item.shown_label_rects()) == len(marks)
    index = next(k for k, m in enumerate(marks) if m.unit_id == "captain-severus")
    mark, box = marks[index], item.shown_label_rects()[index]
    end = QPointF(min(max(mark.at.x(), box.left()), box.right()),
                  min(max(mark.at.y(), box.top()), box.bottom()))
    gap = (end - mark.at)
    assert (gap.x() ** 2 + gap.y() ** 2) ** 0.5 > 2.0  # moved away: it needs its line
    amber = STATUS_COLOURS["partly in (not covered)"]
    seen = 0
    for k in range(2, 9):  # along the line, off the model and off the label
        at = win.view.mapFromScene(mark.at + gap * (k / 10))
        seen += _near(image.pixelColor(at.x(), at.y()), amber) or any(
            _near(image.pixelColor(at.x() + dx, at.y()), amber) for dx in (-1, 1))
    assert seen >= 5, f"no line from Captain Severus to his label ({seen} of 7 points)"
