"""The ruler and "Is it within N?" driven through real mouse events on the real viewport."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import place_datasheet
from board.document.model import Base, Model, RuleSystem, Scenario, Side, Table, TroopType, Unit
from board.game.core.targets import ModelTarget, PieceTarget, PointTarget, UnitTarget, ZoneTarget
from board.view.measure import RulerTool, WithinTool
from tests.board.qt_helpers import Left, NoMod, click, drag

R32, R25 = 16.0 / 25.4, 12.5 / 25.4  # radii of 32 mm and 25 mm bases, inches
Shift = Qt.KeyboardModifier.ShiftModifier


def landed(view, at: tuple[float, float]) -> tuple[float, float]:
    """Where a click at ``at`` really lands on the table (the mouse has whole pixels)."""
    point = view.mapToScene(view.mapFromScene(QPointF(*at)))
    return (round(point.x(), 3), round(point.y(), 3))


def ruler(window) -> RulerTool:
    return window.measure.start_ruler()


def test_a_ruler_between_two_known_bases_reads_the_known_distance(window, qtbot):
    tool = ruler(window)
    drag(window.view, (10.0, 40.0), (40.0, 30.0))  # r0 (32 mm) to b0 (25 mm)
    expected = math.dist((10.0, 40.0), (40.0, 30.0)) - R32 - R25  # 30.5007"
    reading = tool.reading
    assert (tool.first, tool.second) == (ModelTarget("r0"), ModelTarget("b0"))
    assert reading.distance == pytest.approx(expected, abs=1e-6)
    assert reading.text == f'{expected:.2f}"' == '30.50"'
    assert math.dist(reading.start, (10.0, 40.0)) == pytest.approx(R32)  # on r0's rim
    assert math.dist(reading.end, (40.0, 30.0)) == pytest.approx(R25)
    qtbot.waitUntil(lambda: '30.50"' in window.measure.dock.readout.text())
    readout = window.measure.dock.readout.text()
    assert "from Tactical Squad, model 1 to Guard Squad, model 1" in readout
    assert window.document.scenario.model("r0")[1].x == 10.0  # the ruler moved nothing
    assert window.undo_stack.count() == 0


def test_the_ruler_reads_live_while_dragging_before_release(window, qtbot):
    tool = ruler(window)
    view = window.view
    viewport = view.viewport()
    p0 = view.mapFromScene(QPointF(10.0, 40.0))
    QTest.mousePress(viewport, Left, NoMod, p0)
    readings = []
    for x in (20.0, 30.0, 40.0):
        at = view.mapFromScene(QPointF(x, 30.0))
        QTest.mouseMove(viewport, QPoint(at.x(), at.y()))
        readings.append(tool.reading.distance)
    assert readings[0] < readings[1] < readings[2]
    assert tool.second == ModelTarget("b0")  # the cursor is over b0: it snaps to its base
    assert readings[2] == pytest.approx(math.dist((10, 40), (40, 30)) - R32 - R25, abs=1e-6)
    QTest.mouseRelease(viewport, Left, NoMod, view.mapFromScene(QPointF(40.0, 30.0)))


def test_centre_to_centre_option(window):
    tool = ruler(window)
    window.measure.dock.centre.setChecked(True)
    drag(window.view, (10.0, 40.0), (40.0, 30.0))
    assert tool.reading.centre_to_centre
    assert tool.reading.text == '31.62"'  # sqrt(30² + 10²)
    assert tool.reading.start == (10.0, 40.0)


def test_from_a_point_to_a_building_footprint(window):
    tool = ruler(window)
    drag(window.view, (50.0, 2.0), (50.0, 14.0))  # down onto the small building ("hut")
    assert isinstance(tool.first, PointTarget) and tool.second == PieceTarget("hut")
    top = window.measure.layer.world().piece("hut").footprint.bounds[1]
    assert tool.reading.distance == pytest.approx(top - tool.first.y, abs=1e-6)


def test_shift_picks_the_whole_unit_and_measures_from_its_nearest_model(window):
    tool = ruler(window)
    drag(window.view, (10.0, 40.0), (40.0, 30.0), modifier=Shift)
    assert tool.first == UnitTarget("red-tac")
    assert tool.reading.start_part == "r4"  # the nearest of r0..r4 to b0
    expected = math.dist((16.0, 40.0), (40.0, 30.0)) - R32 - R25
    assert tool.reading.distance == pytest.approx(expected, abs=1e-6)


def test_an_epic_board_reads_centimetres(qtbot, window, library):
    red = Unit("a", "A", "red", TroopType.INFANTRY, [Model("a1", Base.round_mm(20), 20.0, 20.0)])
    blue = Unit("b", "B", "blue", TroopType.INFANTRY, [Model("b1", Base.round_mm(20), 30.0, 20.0)])
    window.show_scenario(Scenario("epic", Table(72.0, 48.0), RuleSystem.EPIC40K,
                                  sides=[Side("red", "Red", "#c00000"),
                                         Side("blue", "Blue", "#0000c0")], units=[red, blue]))
    window.view.fit_table()
    tool = ruler(window)
    drag(window.view, (20.0, 20.0), (30.0, 20.0))
    gap = 10.0 - 20.0 / 25.4
    assert tool.reading.text == f"{gap * 2.54:.2f} cm" == "23.40 cm"
    assert window.measure.dock.distance.suffix() == " cm"


def test_keep_a_ruler_then_undo_and_redo(window, qtbot):
    tool = ruler(window)
    drag(window.view, (10.0, 40.0), (40.0, 30.0))
    QTest.keyClick(window.view, Qt.Key.Key_K)
    notes = window.document.scenario.annotations
    assert [(a.id, a.kind) for a in notes] == [("ruler-1", "ruler")]
    assert notes[0].data["from"] == {"type": "model", "id": "r0"}
    assert window.measure.dock.kept_ids() == ["ruler-1"]
    assert '30.50"' in window.measure.dock.kept.item(0).text()
    kept = window.measure.layer.item("ruler-1").sketch()
    assert kept is not None and kept.labels[0].text == '30.50"'
    window.undo_stack.undo()
    assert window.document.scenario.annotations == []
    assert window.measure.dock.kept_ids() == []
    window.undo_stack.redo()
    assert window.measure.dock.kept_ids() == ["ruler-1"]
    assert tool.keep()  # a second keep is a second annotation
    assert [a.id for a in window.document.scenario.annotations] == ["ruler-1", "ruler-2"]


def test_keep_with_nothing_measured_says_so_and_changes_nothing(window):
    ruler(window)
    assert not window.measure.keep()
    assert "Nothing to keep" in window.measure.dock.readout.text()
    assert window.undo_stack.count() == 0


def test_escape_leaves_the_ruler_and_takes_its_line_away(window):
    tool = ruler(window)
    drag(window.view, (10.0, 40.0), (40.0, 30.0))
    assert tool.item.scene() is window.scene
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert tool.item.scene() is None and not isinstance(window.scene.tool, RulerTool)


# -- within ------------------------------------------------------------------------------------
def within(window, unit_of: str | None = None) -> WithinTool:
    if unit_of is not None:
        window.scene.select_unit_of(unit_of)
    return window.measure.start_within()


def test_within_shows_a_verdict_per_model_and_marks_the_failing_ones(window, qtbot):
    window.measure.dock.presets[3].click()  # 6"
    tool = within(window)
    assert "click a model of the unit" in window.measure.dock.readout.text()
    click(window.view, (44.0, 30.0))  # b2 of the Guard Squad: its unit is checked
    assert tool.unit_id == "blue-guard"
    click(window.view, (36.0, 30.0))  # a point about 4" left of b0
    reading = tool.reading
    point = landed(window.view, (36.0, 30.0))
    assert tool.target == PointTarget(*point)
    by_model = {m.model_id: m for m in reading.models}
    # b0 at 40: closest 4 - r, farthest 4 + r (wholly); b1 at 42: 6 - r (within, not wholly);
    # b2 at 44: 8 - r = 7.51" (not within, 1.51" too far)
    assert by_model["b0"].verdict == "wholly within"
    assert by_model["b1"].verdict == "within"
    assert by_model["b2"].verdict == "not within"
    assert reading.verdict == "within"
    over = math.dist(point, (44.0, 30.0)) - R25 - 6.0
    assert by_model["b2"].closest - 6.0 == pytest.approx(over, abs=1e-9)
    marks = [label.text for label in tool.item.sketch().labels]
    # One callout for the unit (each model's numbers are in the dock): 1 model out, by over.
    assert len(marks) == 1 and marks[0].endswith(f'1 not within, up to +{over:.2f}"')
    words = 'Guard Squad, model 3: not within 6.00"'
    qtbot.waitUntil(lambda: words in window.measure.dock.readout.text())
    assert f'{over:.2f}" too far' in window.measure.dock.readout.text()


def test_a_preset_changes_the_distance_and_the_verdicts_follow(window):
    tool = within(window, "b0")
    click(window.view, (36.0, 30.0))
    assert tool.reading.verdict == "within"
    window.measure.dock.presets[6].click()  # 24"
    assert window.measure.layer.reach == 24.0
    assert tool.reading.verdict == "wholly within"
    window.measure.dock.presets[0].click()  # 1"
    assert tool.reading.verdict == "not within" and len(tool.reading.failing) == 3


def test_within_a_unit_target_with_shift_and_a_building(window):
    window.measure.dock.presets[6].click()  # 24"
    tool = within(window, "r0")
    assert tool.unit_id == "red-tac"
    QTest.mouseClick(window.view.viewport(), Left, Shift,
                     window.view.mapFromScene(QPointF(40.0, 30.0)))
    assert tool.target == UnitTarget("blue-guard")
    closest = {m.model_id: m.closest for m in tool.reading.models}
    assert closest["r4"] == pytest.approx(math.dist((16, 40), (40, 30)) - R32 - R25, abs=1e-6)
    click(window.view, (50.0, 14.0))
    assert tool.target == PieceTarget("hut")


def test_within_a_deployment_zone_from_the_dock(window):
    window.measure.dock.presets[8].click()  # 48"
    tool = within(window, "r0")
    dock = window.measure.dock
    names = [dock.zones.itemText(k) for k in range(dock.zones.count())]
    assert names == ["Blue's deployment zone", "Red's deployment zone"]
    dock.zones.setCurrentIndex(0)
    window.measure.within_zone(dock.zones.currentData())
    assert isinstance(tool.target, ZoneTarget) and tool.reading is not None
    assert tool.reading.target == "Blue's deployment zone"


def test_keep_a_within_and_undo(window):
    tool = within(window, "b0")
    click(window.view, (36.0, 30.0))
    window.measure.dock.keep_button.click()
    (note,) = window.document.scenario.annotations
    assert note.kind == "within" and note.data["unit"] == "blue-guard"
    assert note.data["distance"] == 6.0 and note.data["distance_unit"] == "in"
    text = window.measure.dock.kept.item(0).text()
    x, y = landed(window.view, (36.0, 30.0))
    assert text.startswith(f'Within 1: Guard Squad within 6.00" of point ({x:g}, {y:g})')
    assert "Guard Squad, model 3: not within" in text
    window.undo_stack.undo()
    assert window.document.scenario.annotations == []
    assert tool.reading is not None  # the live verdict stays until Escape


def test_a_refused_target_says_why(window, qtbot):
    tool = within(window, "b0")
    tool.set_target(ModelTarget("ghost"))
    assert tool.reading is None
    assert "no model 'ghost' on the table" in tool.error


def test_moving_a_model_remeasures_the_live_verdict(window):
    tool = within(window, "b0")
    click(window.view, (36.0, 30.0))
    assert {m.model_id: m.verdict for m in tool.reading.models}["b2"] == "not within"
    window.document.move_models({"b2": (41.0, 33.0)})
    assert {m.model_id: m.verdict for m in tool.reading.models}["b2"] != "not within"


def test_the_overlay_measures_once_a_move_before_the_repaint_and_never_in_paint(window, qtbot):
    tool = ruler(window)
    view = window.view
    viewport = view.viewport()
    QTest.mousePress(viewport, Left, NoMod, view.mapFromScene(QPointF(10.0, 40.0)))
    before = tool.item.computed
    readings = [tool.reading.distance]
    for k in range(30):  # 30 moves with no repaint between them
        at = view.mapFromScene(QPointF(12.0 + k, 38.0))
        QTest.mouseMove(viewport, QPoint(at.x(), at.y()))
        readings.append(tool.reading.distance)
    assert tool.item.computed == before + 30  # each move read at its end, once
    assert readings == sorted(readings) and len(set(readings)) == 31  # as the ruler grew
    paint = tool.item.paint
    measured_in_paint = []

    def watched(*args):
        count = tool.item.computed
        paint(*args)
        measured_in_paint.append(tool.item.computed - count)

    tool.item.paint = watched
    window.grab()  # a repaint draws what was measured
    assert measured_in_paint and set(measured_in_paint) == {0}
    assert tool.item.computed == before + 30
    QTest.mouseRelease(viewport, Left, NoMod, view.mapFromScene(QPointF(41.0, 38.0)))


def test_a_ruler_to_a_custom_placed_building(window, library):
    pieces = place_datasheet(library, "wh40k_small_building", 60.0, 10.0, piece_id="shed")
    from board.view.commands import AddPiecesCommand

    window.undo_stack.push(AddPiecesCommand(window.document, pieces, "shed"))
    tool = ruler(window)
    drag(window.view, (60.0, 30.0), (60.0, 10.0))
    assert tool.second == PieceTarget("shed")
    bottom = window.measure.layer.world().piece("shed").footprint.bounds[3]
    start = landed(window.view, (60.0, 30.0))
    assert tool.reading.distance == pytest.approx(start[1] - bottom, abs=1e-6)


def test_a_selected_units_name_label_does_not_catch_the_click(window):
    tool = within(window, "r0")  # the Tactical Squad is selected: its name shows above r2
    item = window.scene.model_item("r2")
    assert item.label_visible
    above = window.view.mapFromScene(QPointF(12.0 + 1.5, 40.0)) + QPoint(0, -18)  # on the label
    QTest.mouseClick(window.view.viewport(), Left, NoMod, above)
    assert isinstance(tool.target, PointTarget)
    assert tool.target.y < 40.0 - R32


def test_the_measure_menu_and_its_shortcuts(window):
    texts = [a.text() for a in window.menu("&Measure").actions() if a.text()]
    assert texts[:5] == ["&Ruler", "Is it &within N?", "&Keep measurement",
                         "Range rings around selection", "Emplaced weapon ranges"]
    QTest.keyClick(window.view, Qt.Key.Key_M)
    assert isinstance(window.scene.tool, RulerTool)
    QTest.keyClick(window.view, Qt.Key.Key_N)
    assert isinstance(window.scene.tool, WithinTool)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not isinstance(window.scene.tool, RulerTool | WithinTool)


def test_within_on_an_epic_board_asks_in_centimetres(window):
    red = Unit("a", "A", "red", TroopType.INFANTRY,
               [Model(f"a{k}", Base.round_mm(20), x, 20.0) for k, x in ((1, 20.0), (2, 23.0))])
    window.show_scenario(Scenario("epic", Table(72.0, 48.0), RuleSystem.EPIC40K,
                                  sides=[Side("red", "Red", "#c00000")], units=[red]))
    window.view.fit_table()
    window.measure.dock.presets[4].click()  # 12 cm = 4.72"
    assert window.measure.layer.reach == pytest.approx(12 / 2.54)
    tool = within(window, "a1")
    assert window.view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    tool.set_target(PointTarget(15.0, 20.0))
    by_model = {m.model_id: m.verdict for m in tool.reading.models}
    # a1: 5" - 0.39" = 4.61" (within 4.72"); a2: 8" - 0.39" = 7.61" (not)
    assert by_model == {"a1": "within", "a2": "not within"}
    over = (8.0 - 10 / 25.4) * 2.54 - 12.0
    assert f"{over:.2f} cm too far" in "\n".join(tool.lines)
