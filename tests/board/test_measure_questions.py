"""The two questions the board exists for, asked from a clean demo in three actions each.

"Is my squad within 6" of the door?" and "is that tank covered by the void shield?": a key
press and two clicks with real events on the viewport, the verdicts checked against values
worked out by hand below (plain arithmetic on the demo file's numbers, not the geometry API).
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.game.core.targets import FeatureTarget, ZoneTarget
from board.view.measure import WithinTool
from tests.board.conftest import park_the_pointer
from tests.board.qt_helpers import click

Shift = Qt.KeyboardModifier.ShiftModifier
R32 = 16.0 / 25.4  # a 32 mm base's radius, inches

# The demo by hand: the Imperial Bastion stands at (22, 34) turned 180°; its datasheet's door
# is at (-1, -3), so on the table it is at (22 + 1, 34 + 3) = (23, 37). Tactical Squad Cato's
# nearest model to it is model 1 at (36, 40.5) on a 32 mm base.
DOOR = (23.0, 37.0)
CATO_1 = (36.0, 40.5)
CATO_TO_DOOR = math.hypot(36.0 - 23.0, 40.5 - 37.0) - R32  # 13.4629 - 0.6299 = 12.8330"

# The Void Shield Generator's 4"x4" footprint stands at (31, 39): x 29..33, y 37..41. Rhino
# Fidelis is a 4.75" x 3.5" hull at (52, 42.5) facing 0° (its length up the table): x
# 50.25..53.75, y 40.125..44.875. Its farthest part from the footprint is the corner
# (53.75, 44.875): 20.75" right and 3.875" below the footprint's nearest corner.
GENERATOR = (29.0, 37.0, 33.0, 41.0)


def rect_gap(x: float, y: float, box: tuple[float, float, float, float]) -> float:
    """Distance from a point to an upright rectangle (0 inside), by hand."""
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))


def hull_corners(x: float, y: float, length: float, width: float) -> list[tuple[float, float]]:
    """The corners of a hull facing up the table."""
    return [(x + dx, y + dy) for dx in (-width / 2, width / 2) for dy in (-length / 2, length / 2)]


@pytest.fixture(params=[(1400, 900), (1280, 800)], ids=["default", "laptop"])
def demo(request, qtbot, library, tmp_path):
    """The main window on the demo, as ``battleboard`` opens it (on a laptop's screen too)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(*request.param)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    park_the_pointer(win)
    return win


def hover(view, at: tuple[float, float]) -> None:
    """Move the pointer (no button) to ``at`` inches."""
    p = view.mapFromScene(QPointF(*at))
    QTest.mouseMove(view.viewport(), QPoint(p.x(), p.y()))


def test_is_my_squad_within_six_inches_of_the_door(demo, qtbot):
    view = demo.view
    QTest.keyClick(view.viewport(), Qt.Key.Key_N)  # 1: Is it within N? (N is 6 at start)
    tool = demo.scene.tool
    assert isinstance(tool, WithinTool) and demo.measure.layer.reach_value == 6.0
    click(view, CATO_1)  # 2: the squad
    hover(view, DOOR)  # hovering names what a click would measure to
    assert tool.hover == FeatureTarget("bastion", "access_point", "door")
    qtbot.waitUntil(lambda: "the door of Imperial Bastion" in demo.statusBar().currentMessage())
    click(view, DOOR)  # 3: the door
    assert tool.target == FeatureTarget("bastion", "access_point", "door")
    reading = tool.reading
    assert reading.verdict == "not within"
    closest = min(m.closest for m in reading.models)
    assert closest == pytest.approx(CATO_TO_DOOR, abs=1e-3)  # 12.833"
    assert reading.headline == ('Tactical Squad Cato not within 6.00" of the door of '
                                'Imperial Bastion (closest part 12.83")')
    qtbot.waitUntil(lambda: "12.83" in demo.measure.dock.readout.text())
    assert "the door of Imperial Bastion" in demo.measure.dock.readout.text()
    assert_nothing_covered(demo, qtbot)  # the callout on the board reads whole


def assert_nothing_covered(win, qtbot) -> None:
    """No label on the board covers another label, a model or a door, fire point or weapon."""
    from board.view.items.obstacles import label_overlaps

    for _ in range(3):
        win.grab()
        qtbot.wait(20)
        qtbot.waitUntil(lambda: not win.view.legibility.pending, timeout=3000)
    win.grab()
    found = label_overlaps(win.scene, win.view.viewportTransform())
    assert {kind: len(pairs) for kind, pairs in found.items()} == {
        "label/label": 0, "label/model": 0, "label/symbol": 0}, found


def test_is_that_tank_covered_by_the_void_shield(demo, qtbot):
    view = demo.view
    QTest.keyClick(view.viewport(), Qt.Key.Key_N)  # 1: Is it within N?
    tool = demo.scene.tool
    click(view, (52.0, 42.5))  # 2: the Rhino
    assert tool.unit_id == "rhino-fidelis"
    click(view, (31.0, 39.0), Shift)  # 3: Shift+click the generator: its void-shield zone
    assert tool.target == ZoneTarget("void_shield", "void-shield-generator")
    farthest = max(rect_gap(x, y, GENERATOR) for x, y in hull_corners(52.0, 42.5, 4.75, 3.5))
    assert farthest == pytest.approx(math.hypot(20.75, 3.875))  # 21.109"
    reading = tool.reading
    assert reading.reach == 12.0  # the zone's own reach, whatever N says
    assert reading.models[0].farthest == pytest.approx(farthest, abs=1e-3)
    assert reading.answer == "out"
    assert reading.headline.startswith('Rhino Fidelis: farthest part 21.11" from Void Shield '
                                       'Generator, not wholly within 12.00": out')
    assert_nothing_covered(demo, qtbot)


def test_a_tank_partly_in_the_zone_gets_one_verdict_whatever_n(demo, qtbot):
    # Set up (not one of the three actions): the Rhino driven to (41.7, 45.6), clear of the
    # squad: its farthest corner (43.45, 47.975) is 10.45" right of and 6.975" below the
    # footprint's corner (33, 41): 12.564", 0.56" out; its nearest corner is 7.30" off: in.
    demo.document.move_models({"rhino-fidelis-1": (41.7, 45.6)})
    farthest = max(rect_gap(x, y, GENERATOR) for x, y in hull_corners(41.7, 45.6, 4.75, 3.5))
    assert farthest == pytest.approx(math.hypot(10.45, 6.975))  # 12.564"
    view = demo.view
    QTest.keyClick(view.viewport(), Qt.Key.Key_N)
    tool = demo.scene.tool
    click(view, (41.7, 45.6))
    click(view, (31.0, 39.0), Shift)
    for n in (6.0, 12.0, 24.0):  # N = 12 once said "wholly within 12.00" of the zone"
        demo.measure.dock.distance.setValue(n)
        reading = tool.reading
        assert reading.models[0].farthest == pytest.approx(farthest, abs=1e-3)
        assert reading.answer == "partly in (not covered)"
        # The zone is drawn where it is, 12" round the footprint (x 17..45, y 25..53), not
        # N more (it was drawn at 18" and 24": the Rhino stood inside the dashed line).
        zone = tool.item.sketch().areas[0].path
        bounds = zone.boundingRect()
        assert (bounds.left(), bounds.top(), bounds.right(), bounds.bottom()) == pytest.approx(
            (GENERATOR[0] - 12.0, GENERATOR[1] - 12.0, GENERATOR[2] + 12.0, GENERATOR[3] + 12.0),
            abs=0.02)
        assert not zone.contains(QPointF(43.45, 47.975))  # the corner 12.564" off: outside
    from board.game.measuring.coverage import unit_coverage
    coverage = unit_coverage(demo.scene.world(), "rhino-fidelis")
    assert coverage.status.value == reading.answer  # the coverage overlay's verdict
    assert coverage.models[0].sticks_out == pytest.approx(farthest - 12.0, abs=1e-3)


def test_the_battlements_are_a_target_chosen_for_the_selected_building(demo, qtbot):
    from board.game.core.targets import FeatureTarget
    from board.view.measure.dock import MeasureDock

    click(demo.view, (22.0, 33.0))  # select the bastion
    dock = demo.findChild(MeasureDock, "measurements")
    names = [dock.zones.itemText(k) for k in range(dock.zones.count())]
    assert names[:2] == ["the battlements of Imperial Bastion", "the door of Imperial Bastion"]
    assert "front fire point 1 of Imperial Bastion" in names
    assert "Heavy bolter (front) of Imperial Bastion" in names
    dock.zones.setCurrentIndex(0)
    button = next(b for b in dock.findChildren(type(dock.keep_button))
                  if b.text() == "Within zone")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    tool = demo.scene.tool
    assert isinstance(tool, WithinTool)
    assert tool.target == FeatureTarget("bastion", "battlements")
    click(demo.view, CATO_1)  # the squad
    reading = tool.reading
    # The battlements are the bastion's roof, 19..25 x 31..37: model 1 at (36, 40.5) is
    # 11" right and 3.5" below its corner (25, 37), less its base, across; and the roof is
    # 8" up, 6.5" above the model's 1.5" top (issue 40: the straight line).
    expected = math.hypot(math.hypot(11.0, 3.5) - R32, 8.0 - 1.5)
    assert min(m.closest for m in reading.models) == pytest.approx(expected, abs=1e-3)
    assert "the battlements of Imperial Bastion" in reading.headline
