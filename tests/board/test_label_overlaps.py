"""The demo with every overlay on: no label covers another label, a model, or a door, fire
point or weapon (board.view.items.obstacles.label_overlaps counts them)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import FeatureTarget, PieceTarget, UnitTarget
from board.game.measuring.rings import ring_annotation
from board.view.buildings import BuildingController
from board.view.items.obstacles import label_overlaps
from board.view.window import MainWindow
from tests.board.qt_helpers import click, drag


def settle(qtbot, window) -> None:
    """Paint until the deferred label placements and the legibility pass have run."""
    for _ in range(3):
        window.grab()
        qtbot.wait(20)
        qtbot.waitUntil(lambda: not window.view.legibility.pending, timeout=3000)
    window.grab()


@pytest.fixture
def demo(qtbot, library, tmp_path):
    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1900, 1300)  # the size of docs/demo.png (battleboard --screenshot)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    return win


def test_the_demo_alone_has_no_label_over_anything(demo, qtbot):
    settle(qtbot, demo)
    found = label_overlaps(demo.scene, demo.view.viewportTransform())
    assert {kind: len(pairs) for kind, pairs in found.items()} == {
        "label/label": 0, "label/model": 0, "label/symbol": 0}, found


def test_every_overlay_on_and_still_no_label_over_anything(demo, qtbot):
    demo.deploy.set_shown(True)  # zones, "out 3.18\"" marks
    demo.findChild(BuildingController, "buildings").show_void_shields(True)
    # Line of sight from the Helbrute to the bastion: rays and a label per eye.
    demo.shooting.sight.set(Shooter(ShooterKind.UNIT, "helbrute-ghar"), PieceTarget("bastion"))
    # Rings around the Scout Squad, the bastion's weapon ranges.
    demo.measure.layer.keep(ring_annotation("ring-1", UnitTarget("scouts-telion"), (6.0, 12.0),
                                            "in"), "rings")
    # A live within from the Tactical Squad to the bastion's door, with real clicks.
    tool = demo.measure.start_within()
    click(demo.view, (36.0, 40.5))
    click(demo.view, (23.0, 37.0))
    assert tool.target == FeatureTarget("bastion", "access_point", "door")
    demo.measure.keep()  # kept on the board too
    ruler = demo.measure.start_ruler()  # and a live ruler from the door to Captain Severus
    drag(demo.view, (23.0, 37.0), (45.5, 38.0))
    assert ruler.reading is not None and "the door of Imperial Bastion" in ruler.reading.start_name
    settle(qtbot, demo)
    found = label_overlaps(demo.scene, demo.view.viewportTransform())
    counts = {kind: len(pairs) for kind, pairs in found.items()}
    assert counts == {"label/label": 0, "label/model": 0, "label/symbol": 0}, found
