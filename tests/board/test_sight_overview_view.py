"""Who sees whom on the real window: select a unit, the dock lists every enemy unit with the
line of sight tool's own verdicts, the board rings the models seen; a wall hides one."""

from __future__ import annotations

from PySide6.QtCore import Qt

from board.document.datasheets import place_datasheet
from board.document.io import default_library
from board.document.model import Base, Model, Scenario, Side, Table, TroopType, Unit
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import UnitTarget
from board.game.sight import line_of_sight
from tests.board.qt_helpers import click, drag


def _scenario():
    lib = default_library()
    red = Unit("red-tac", "Tactical Squad", "red", TroopType.INFANTRY,
               [Model(f"r{k}", Base.round_mm(32), 6.0 + 1.5 * k, 10.0) for k in range(5)])
    seen = Unit("blue-open", "Boyz", "blue", TroopType.INFANTRY,
                [Model(f"o{k}", Base.round_mm(32), 8.0 + 1.5 * k, 30.0) for k in range(4)])
    hidden = Unit("blue-hidden", "Gretchin", "blue", TroopType.INFANTRY,
                  [Model(f"h{k}", Base.round_mm(25), 40.0 + 1.2 * k, 10.0) for k in range(3)])
    wall = place_datasheet(lib, "wh40k_large_building", 30.0, 10.0, piece_id="wall")
    return Scenario(name="Sight", table=Table(60, 44),
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=wall, units=[red, seen, hidden]), lib


def test_selecting_a_unit_lists_what_it_sees(window, qtbot):
    scenario, lib = _scenario()
    window.show_scenario(scenario)
    window.view.fit_table()
    overview = window.features.overview
    click(window.view, (6.0, 10.0), Qt.KeyboardModifier.ShiftModifier)  # the whole unit
    qtbot.waitUntil(lambda: overview.unit_id == "red-tac" and len(overview.verdicts) == 2)
    rows = [overview.list.item(k).text() for k in range(overview.list.count())]
    assert rows[0].startswith("Boyz: 4 of 4 models visible")
    assert rows[1] == "Gretchin: out of sight (3 models)"
    assert overview.heading.text() == "Who sees whom: Tactical Squad sees 1 of 2 enemy units"
    # The same verdicts as the line of sight tool's, model by model.
    world = window.scene.world()
    for verdict in overview.verdicts:
        reading = line_of_sight(window.document.scenario, window.scene.datasheets, world,
                                Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget(verdict.unit_id))
        assert [(m.visible, m.cover) for m in reading.models] == \
            [(m.visible, m.cover) for m in verdict.models]
    assert len(overview.item.marks) == 4  # the Boyz ringed, the Gretchin not
    # Drag the Gretchin into the open: after the drop they are seen.
    drag(window.view, (40.0, 10.0), (40.0, 30.0), Qt.KeyboardModifier.ShiftModifier)
    click(window.view, (6.0, 10.0), Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: overview.unit_id == "red-tac"
                    and all(v.seen for v in overview.verdicts))
    assert len(overview.item.marks) == 7


def test_nothing_selected_nothing_listed(window, qtbot):
    overview = window.features.overview
    window.scene.clearSelection()
    qtbot.waitUntil(lambda: overview.unit_id is None)
    assert overview.list.count() == 0 and overview.item.marks == ()
    overview.action.setChecked(False)
    assert not overview.item.isVisible()


def test_a_drag_updates_the_list_before_the_release(window, qtbot):
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtTest import QTest

    from tests.board.qt_helpers import Left

    scenario, _ = _scenario()
    window.show_scenario(scenario)
    window.view.fit_table()
    overview = window.features.overview
    click(window.view, (6.0, 10.0), Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: overview.unit_id == "red-tac" and len(overview.verdicts) == 2)
    assert not next(v for v in overview.verdicts if v.unit_id == "blue-hidden").seen
    view = window.view
    start = view.mapFromScene(QPointF(6.0, 10.0))
    QTest.mousePress(view.viewport(), Left, Qt.KeyboardModifier.ShiftModifier, start)
    end = view.mapFromScene(QPointF(6.0, 36.0))  # down, out of the building's shadow
    for k in range(1, 6):
        at = start + (end - start) * (k / 5)
        QTest.mouseMove(view.viewport(), QPoint(round(at.x()), round(at.y())))
    qtbot.waitUntil(lambda: next(v for v in overview.verdicts
                                 if v.unit_id == "blue-hidden").seen > 0, timeout=2000)
    assert window.document.scenario.model("r0")[1].y == 10.0  # not let go yet
    QTest.mouseRelease(view.viewport(), Left, Qt.KeyboardModifier.ShiftModifier, end)


def test_every_verdict_is_read_whole_in_a_narrow_dock(window, qtbot):
    # A row longer than the dock is wide wraps (it was cut mid-word: "10 in cover, 4 in th").
    scenario, lib = _scenario()
    window.show_scenario(scenario)
    window.view.fit_table()
    overview = window.features.overview
    overview.list.setFixedWidth(180)
    click(window.view, (6.0, 10.0), Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: overview.unit_id == "red-tac" and len(overview.verdicts) == 2)
    qtbot.waitUntil(lambda: overview.list.viewport().width() < 180)
    width = overview.list.viewport().width()
    for k in range(overview.list.count()):
        row = overview.list.item(k)
        assert overview.list.visualItemRect(row).width() <= width, row.text()
        assert row.toolTip().replace("\n", " – ") == row.text()
    assert overview.list.horizontalScrollBar().maximum() == 0
