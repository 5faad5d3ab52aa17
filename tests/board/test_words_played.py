"""The words test, each system played through in the real window from File ▸ New.

Warhammer 40,000 (the board's 7th-edition rules), Horus Heresy, Epic 40,000 and Warhammer
Fantasy: the New dialog, a building from the palette, two units with plural names typed into
the unit editor, the deployment zones, a move, a move the board refuses, a ruler kept, a line of
sight, a garrison, a shot at the building and a storm. After every step every text the window
shows (status bar, docks, open dialogs), the log and Edit ▸ Undo's step names are read as a
player reads them (:func:`tests.game.plain_words.faults`): no id, no enum, no plural name with
a singular verb, no missing article, no inch on a board measured in centimetres.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from board.document.model import RuleSystem
from board.view.buildings.controller import BuildingController
from rules.dice import FixedDice
from tests.board.first_game import (
    activate,
    drag_into_contact,
    enter_unit,
    file_new,
    pick,
    place_from_palette,
    press_button,
    select_piece,
    storm_selected,
)
from tests.board.qt_helpers import click, drag
from tests.board.words import painted_texts, texts_of, visible_texts
from tests.game.plain_words import faults, said_twice

Left = Qt.MouseButton.LeftButton
SVG = "{http://www.w3.org/2000/svg}"
Ctrl, Shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier

FANTASY = {"movement": "4", "ws": "4", "bs": "3", "s": "3", "t": "4", "i": "2", "a": "1",
           "leadership": "7", "save": "6"}
FORTY = {"ws": "4", "s": "4", "toughness": "4", "leadership": "8", "save": "3"}
EPIC = {"movement": "15", "armour": "4", "assault_factor": "4"}

#: Each system: its building, its bases, the stats typed in.
SYSTEMS = {
    "40K": (RuleSystem.WH40K, "Imperial Bastion", "32 mm", FORTY),
    "40K 10th (New from Layout)": (RuleSystem.WH40K, "Imperial Bastion", "32 mm", FORTY),
    "Horus Heresy": (RuleSystem.HORUS_HERESY, "Imperial Bastion", "32 mm", FORTY),
    "Epic": (RuleSystem.EPIC40K, "Building, medium (Epic 40,000)", "40×20 mm rectangle", EPIC),
    "Fantasy": (RuleSystem.WARHAMMER_FANTASY, "Building, 1 floor (cottage)", "20 mm square",
                FANTASY),
}


class Reader:
    """Reads the window after each step; keeps every fault with the step's name."""

    def __init__(self, window) -> None:
        self.window, self.faults = window, []
        self.seen: list[tuple[str, list[str]]] = []  # every step's texts, to look at
        self.painted: list[str] = []

    def texts(self) -> list[str]:
        window = self.window
        painted = painted_texts(window.view.viewport())
        if os.environ.get("WORDS_DUMP"):
            self.painted.extend(painted)
        texts = visible_texts(window) + painted
        texts += window.log_dock.shown_text().splitlines()
        texts += [window.undo_stack.text(k) for k in range(window.undo_stack.count())]
        return texts

    def read(self, step: str, extra: list[str] | None = None) -> None:
        scenario = self.window.scenario
        texts = self.texts() + (extra or [])
        self.seen.append((step, texts))
        epic = scenario.rule_system is RuleSystem.EPIC40K
        said = faults(texts, scenario, cm=scenario.rule_system.uses_cm, stands=epic)
        said += [f"said twice: {t!r}" for text in texts for t in said_twice(text.splitlines())]
        self.faults += [f"{step}: {fault}" for fault in said]


def widget_texts(widget: QWidget) -> list[str]:
    """Every text a dialog shows now (its labels, lists, boxes, buttons)."""
    return [t for w in [widget, *widget.findChildren(QWidget)] if w.isVisibleTo(widget)
            for t in texts_of(w) if t]


#: What the log says when a building falls (40K's damage table, Epic's collapse).
FALLS = ("Collapse", "Detonation", "Catastrophic", "collapses", "destroyed", "ruins")


def shoot_until_it_falls(window, piece: str, tries: int = 60) -> bool:
    """Shoot a building… again and again, a seed each time, until the building falls."""
    press_button(window.shooting.dock.shoot)
    shoot = window.shooting.dialog
    for seed in range(1, tries + 1):
        epic = getattr(shoot, "firepower", None)
        if epic is not None and shoot.firepower.isVisible():
            shoot.firepower.setValue(shoot.firepower.maximum())  # the heaviest the form allows
        shoot.seed.setText(str(seed))
        press_button(shoot.roll_button)
        if any(word in window.scenario.log[-1].text for word in FALLS):
            return True
    return False


def new_from_layout(window, seen: list[str]) -> None:
    """File ▸ New from Layout…: a pattern by keyboard, a layout by its picture, OK."""
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from board.game.layouts.catalogue import load_catalogue

    if load_catalogue() is None:
        pytest.skip("wh40kdc is not installed")

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        box = dialog.pattern_box
        box.setFocus()
        while not box.currentText().startswith("Dawn of War"):
            QTest.keyClick(box, Qt.Key.Key_Down)
        view = dialog.layouts
        QTest.mouseClick(view.viewport(), Left, Qt.KeyboardModifier.NoModifier,
                         view.visualItemRect(view.item(0)).center())
        seen.extend(widget_texts(dialog))
        QTest.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Left)

    QTimer.singleShot(0, act)
    window.actions_["new_from_layout"].trigger()
    assert window.scenario.options.get("edition"), seen


def claim_by_right_click(window, piece: str, side: str) -> list[str]:
    """Right-click the building, read its menu, choose *Claimed by* ``side``; the menu's words."""
    from PySide6.QtWidgets import QApplication, QMenu

    seen: list[str] = []

    def choose() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, choose)
            return
        seen.extend([menu.title(), *(a.text() for a in menu.actions())])
        menu.setActiveAction(next(a for a in menu.actions() if a.text() == f"Claimed by {side}"))
        QTest.keyClick(menu, Qt.Key.Key_Return)  # the player's choice, with the keyboard

    spot = window.scenario.piece(piece)
    QTimer.singleShot(0, choose)
    at = window.view.mapFromScene(QPointF(spot.x, spot.y))
    viewport = window.view.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at)
    # A right-click's menu event, as the platform sends it after the click (offscreen sends
    # none by itself): the view opens the building's menu and waits for the choice.
    QApplication.sendEvent(viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at,
                                                       viewport.mapToGlobal(at)))
    assert QApplication.activePopupWidget() is None
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # the menu goes
    activate(window)
    assert window.scenario.piece(piece).claimed_by is not None, seen
    return seen


def exported(window, stem: Path) -> list[str]:
    """The summary written with the view: in the PNG (as drawn), the SVG's text, the PDF's
    text as poppler reads it (``pdftotext``, when installed)."""
    texts = list(window.exporter.summary())  # the PNG's lines, drawn below the picture
    window.exporter.export_to(stem.with_suffix(".png"))
    svg = stem.with_suffix(".svg")
    window.exporter.export_to(svg)
    texts += ["".join(t.itertext()) for t in ET.parse(svg).getroot().iter(f"{SVG}text")]
    pdf = stem.with_suffix(".pdf")
    window.exporter.export_to(pdf)
    if shutil.which("pdftotext"):
        out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                             text=True, check=True, timeout=60).stdout
        texts += [line.strip() for line in out.splitlines() if line.strip()]
    assert sum("Kept measurements" in t for t in texts) >= 3, texts  # PNG, SVG and PDF
    return texts


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_system_played_through_reads_plainly(fresh_window, qtbot, name, tmp_path):
    window = fresh_window
    system, building, base, stats = SYSTEMS[name]
    reader = Reader(window)
    dialogs: list[str] = []
    if "Layout" in name:  # a 10th-edition table with objectives; its sides are Red and Blue
        new_from_layout(window, dialogs)
        ours, theirs = "Red", "Blue"
    else:
        file_new(window, system, ("Iron Warriors", "Black Orcs"),
                 shot=lambda d: dialogs.extend(widget_texts(d)))
        ours, theirs = "Iron Warriors", "Black Orcs"
    reader.read("File ▸ New", dialogs)
    piece = place_from_palette(window, building)
    reader.read("a building placed")
    reader.read("claimed from its menu", claim_by_right_click(window, piece, ours))

    orcs = enter_unit(window, "Black Orcs", theirs, 5, base, stats,
                      shot=lambda e: dialogs.extend(widget_texts(e)))
    reader.read("a unit typed in", dialogs)
    activate(window)
    QTest.keyClick(window.view, Qt.Key.Key_D, Ctrl | Shift)
    reader.read("deployment zones")
    QTest.keyClick(window.view, Qt.Key.Key_D, Ctrl | Shift)
    drag_into_contact(window, orcs, piece)
    reader.read("into contact")
    select_piece(window, piece)
    dock = window.findChild(BuildingController, "buildings").dock
    if dock.unit_choice.count():
        pick(dock.unit_choice, dock.unit_choice.itemText(0))
        press_button(dock.embark_button)
    reader.read("garrison")
    if window.scenario.units_in(piece):  # Delete on an occupied building is refused
        select_piece(window, piece)
        QTest.keyClick(window.view, Qt.Key.Key_Delete)
        assert window.scenario.piece(piece) is not None
        reader.read("delete refused")
    raiders = enter_unit(window, "Chosen Raiders", ours, 5, base, stats)
    model = window.scenario.unit(raiders).models[-1]
    drag(window.view, (model.x, model.y), (model.x + 2.0, model.y), Shift)
    reader.read("a move")
    model = window.scenario.unit(raiders).models[-1]
    table = window.scenario.table
    drag(window.view, (model.x, model.y), (table.width + 6.0, model.y), Shift)
    reader.read("a move off the table")
    overview = window.features.overview  # who sees whom: the moved unit, Shift+click
    if not overview.action.isChecked():
        overview.action.trigger()
    click(window.view, (model.x, model.y), Shift)
    qtbot.waitUntil(lambda: overview.unit_id == raiders)
    reader.read("who sees whom", [overview.heading.text()] + [
        overview.list.item(k).text() for k in range(overview.list.count())])
    window.scene.clearSelection()
    window.measure.start_ruler()
    spot = window.scenario.piece(piece)
    model = max(window.scenario.unit(raiders).models,  # the one clear of the building's marks
                key=lambda m: (m.x - spot.x) ** 2 + (m.y - spot.y) ** 2)
    drag(window.view, (model.x, model.y), (spot.x, spot.y))  # the ruler is a drag
    assert window.measure.dock.readout.text(), "the ruler read nothing"
    window.measure.keep()
    reader.read("a ruler kept")
    window.measure.dock.presets[3].click()  # Is it within N? (6 on the dock) of the building
    tool = window.measure.start_within()
    click(window.view, (model.x, model.y))
    click(window.view, (spot.x, spot.y))
    assert tool.reading is not None, window.measure.dock.readout.text()
    window.measure.keep()
    reader.read("within N, kept")
    window.scene.set_tool(None)
    QTest.keyClick(window, Qt.Key.Key_L)
    click(window.view, (model.x, model.y), Shift)
    click(window.view, (spot.x, spot.y))
    reader.read("line of sight")
    reader.read("exported with the line of sight", exported(window, tmp_path / "sight"))
    QTest.keyClick(window, Qt.Key.Key_Escape)
    press_button(window.shooting.dock.shoot)
    shoot = window.shooting.dialog
    shoot.seed.setText("7")
    press_button(shoot.roll_button)
    reader.read("a shot at the building")
    shoot.close()
    if window.scenario.unit(orcs).embarked_in is not None:  # else the Orcs storm it
        drag_into_contact(window, raiders, piece)
    window.storm.make_dice = lambda: FixedDice([4, 6, 2, 3, 5, 5, 3, *[4] * 60])
    select_piece(window, piece)
    storm = storm_selected(window)
    for button in ("roll_button", "declare_button", "react_button", "charge_button",
                   "parties_button", "fight_button", "resolve_button"):
        found = getattr(storm, button, None)
        if found is not None and found.isEnabled() and found.isVisible():
            press_button(found)
    reader.read("a storm")
    storm.close()
    reader.read("exported after the storm", exported(window, tmp_path / "storm"))
    if system is not RuleSystem.WARHAMMER_FANTASY:  # Fantasy's garrison fled above
        assert shoot_until_it_falls(window, piece), window.scenario.log[-1].text
        reader.read("the building falls")
    if dump := os.environ.get("WORDS_DUMP"):
        with open(f"{dump}/{name}.txt", "w", encoding="utf-8") as out:
            for step, texts in reader.seen:
                out.write(f"== {step}\n" + "\n".join(texts) + "\n")
            out.write("== painted\n" + "\n".join(dict.fromkeys(reader.painted)) + "\n")
    assert reader.faults == [], "\n".join(reader.faults)
