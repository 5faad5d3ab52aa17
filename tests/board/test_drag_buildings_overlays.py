"""Overlays that follow a building while it is dragged, before the release moves it.

Real mouse presses and moves on the real viewport: the void-shield zones and verdicts, and a
kept ruler and "within" to a building, are read mid-drag, then after release and undo.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from shapely.geometry import Point

from board.document.datasheets import place_datasheet
from board.document.model import Base, Model, TroopType, Unit
from board.game.core.targets import ModelTarget, PieceTarget, ZoneTarget
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.view.buildings import BuildingController
from board.view.measure.sketches import WHOLLY
from geometry import place_footprint
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import Left, NoMod

R32 = 16.0 / 25.4
R25 = 12.5 / 25.4
Shift = Qt.KeyboardModifier.ShiftModifier


def controller(window) -> BuildingController:
    found = window.findChild(BuildingController, "buildings")
    assert found is not None
    return found


def press_and_move(view, start, end, modifier=NoMod, steps=4):
    """Press at ``start`` and move to ``end`` (inches) without releasing.

    Returns the table distance travelled and the last mouse position (pixels).
    """
    viewport = view.viewport()
    p0, p1 = view.mapFromScene(QPointF(*start)), view.mapFromScene(QPointF(*end))
    QTest.mousePress(viewport, Left, modifier, p0)
    for i in range(1, steps + 1):
        at = p0 + (p1 - p0) * (i / steps)
        QTest.mouseMove(viewport, QPoint(round(at.x()), round(at.y())))
    return view.mapToScene(p1) - view.mapToScene(p0), p1


def show_generator(window, library) -> None:
    """The sample with a Void Shield Generator at (12, 24) (footprint x 10..14, y 22..26),
    a red squad covered by it, and the blue squad 26" away; the void shields shown."""
    scenario = make_scenario(library)
    scenario.terrain += place_datasheet(library, "void_shield_generator", 12.0, 24.0,
                                        piece_id="vsg")
    scenario.units = [u for u in scenario.units if u.id != "red-tac"]
    near = [Model(f"c{k}", Base.round_mm(32), 12.0 + 1.5 * k, 31.0) for k in range(3)]
    scenario.units.append(Unit("near", "Near Squad", "red", TroopType.INFANTRY, near))
    window.show_scenario(scenario)
    window.view.fit_table()
    QTest.mouseClick(controller(window).dock.show_void_shields, Left)
    assert controller(window).void_item is not None


def statuses(window) -> dict[str, str]:
    return {m.unit_id: m.status for m in controller(window).shield_picture().marks}


def zone_centre(window) -> QPointF:
    return controller(window).shield_picture().zones.boundingRect().center()


def test_a_dragged_generator_takes_its_zone_and_judges_the_units_where_it_stands(
        window, library, qtbot):
    show_generator(window, library)
    assert statuses(window) == {"blue-guard": "out", "blue-tank": "out", "near": "covered"}
    before = zone_centre(window)
    assert (before.x(), before.y()) == pytest.approx((12.0, 24.0), abs=0.01)
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (12.0, 24.0), (34.0, 26.0))
    assert window.scene.selected_piece_ids() == ["vsg"]
    piece = window.document.scenario.piece("vsg")
    assert (piece.x, piece.y) == (12.0, 24.0)  # not released: the document has not moved
    item = window.scene.piece_item("vsg").pos()
    assert (item.x() - 12.0, item.y() - 24.0) == pytest.approx((moved.x(), moved.y()))
    during = zone_centre(window)
    assert (during.x(), during.y()) == pytest.approx((12.0 + moved.x(), 24.0 + moved.y()),
                                                     abs=0.01)
    # Footprint x 32..36, y 24..28 now: the blue squad (x 40..44, y 30) is wholly within 12",
    # the red squad (x 12..15) 17" and more away.
    assert statuses(window) == {"blue-guard": "covered", "blue-tank": "out", "near": "out"}
    guard = next(m for m in controller(window).shield_picture().marks
                 if m.unit_id == "blue-guard")
    assert guard.text == "Guard Squad: covered by Void Shield Generator"
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)
    assert window.document.scenario.piece("vsg").x == pytest.approx(12.0 + moved.x())
    assert statuses(window)["blue-guard"] == "covered"
    assert zone_centre(window).x() == pytest.approx(12.0 + moved.x(), abs=0.01)
    window.undo_stack.undo()
    assert statuses(window) == {"blue-guard": "out", "blue-tank": "out", "near": "covered"}
    assert zone_centre(window).x() == pytest.approx(12.0, abs=0.01)


def test_each_move_makes_one_picture_before_its_repaint_and_a_paint_makes_none(window, library,
                                                                               qtbot):
    show_generator(window, library)
    window.scene.clearSelection()
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Left, NoMod, window.view.mapFromScene(QPointF(12.0, 24.0)))
    made = controller(window).pictures_made
    for step in range(1, 9):  # eight moves, no paint between them
        QTest.mouseMove(viewport, window.view.mapFromScene(QPointF(12.0 + step, 24.0)))
    assert controller(window).pictures_made == made + 8  # each read at the end of its move
    viewport.repaint()  # a paint draws what was read
    assert controller(window).pictures_made == made + 8
    centre = controller(window).void_item.picture.zones.boundingRect().center()
    assert controller(window).pictures_made == made + 8
    offset = window.scene.piece_item("vsg").pos().x() - 12.0
    assert offset > 6.0 and centre.x() == pytest.approx(12.0 + offset, abs=0.01)  # the last
    QTest.mouseRelease(viewport, Left, NoMod, window.view.mapFromScene(QPointF(20.0, 24.0)))


def test_a_dragged_units_mark_follows_it(window, library):
    show_generator(window, library)
    mark = next(m for m in controller(window).shield_picture().marks if m.unit_id == "near")
    assert (mark.at.x(), mark.at.y()) == pytest.approx((13.5, 31.0))
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (12.0, 31.0), (12.0, 44.0), Shift)
    mark = next(m for m in controller(window).shield_picture().marks if m.unit_id == "near")
    assert (mark.at.x(), mark.at.y()) == pytest.approx((13.5 + moved.x(), 31.0 + moved.y()),
                                                       abs=1e-6)
    assert mark.status == "out"  # 18" below the generator's footprint now
    assert window.document.scenario.model("c0")[1].y == 31.0
    QTest.mouseRelease(window.view.viewport(), Left, Shift, p1)
    window.undo_stack.undo()


def bastion_at(xy: tuple[float, float], library):
    """The footprint of the sample's (unturned) bastion placed at ``xy``."""
    return place_footprint(library["imperial_bastion"].footprint, *xy, 0.0)


def test_a_kept_ruler_and_verdict_to_a_building_follow_it_while_it_is_dragged(
        window, library):
    layer = window.measure.layer
    layer.keep(ruler_annotation("ruler-1", ModelTarget("r0"), PieceTarget("bastion")), "Keep")
    layer.keep(within_annotation("within-1", "blue-guard", PieceTarget("bastion"), 6.0), "Keep")
    ruler_item, within_item = layer.item("ruler-1"), layer.item("within-1")
    still = Point(10.0, 40.0).distance(bastion_at((24.0, 24.0), library)) - R32
    assert ruler_item.sketch().labels[0].text == f'{still:.2f}"'
    assert [a.edge for a in within_item.sketch().areas[1:]].count(WHOLLY) == 0  # 13" and more
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (24.0, 22.0), (33.0, 24.0))
    assert window.scene.selected_piece_ids() == ["bastion"]
    assert window.document.scenario.piece("bastion").x == 24.0  # not released yet
    footprint = bastion_at((24.0 + moved.x(), 24.0 + moved.y()), library)
    gap = Point(10.0, 40.0).distance(footprint) - R32
    assert gap - still > 5.0  # dragged away from the red squad
    assert ruler_item.sketch().labels[0].text == f'{gap:.2f}"'
    assert ruler_item.boundingRect().contains(ruler_item.sketch().bounds())
    # The guard (x 40, 42, 44; y 30) wholly within 6" of the bastion where it stands now.
    wholly = [Point(40.0 + 2.0 * k, 30.0).distance(footprint) + R25 <= 6.0 for k in range(3)]
    assert wholly == [True, False, False]
    assert [a.edge for a in within_item.sketch().areas[1:]].count(WHOLLY) == 1
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)
    assert ruler_item.sketch().labels[0].text == f'{gap:.2f}"'
    window.undo_stack.undo()
    assert ruler_item.sketch().labels[0].text == f'{still:.2f}"'


def test_dragging_a_building_that_projects_no_shields_leaves_the_zones_alone(window, library):
    show_generator(window, library)
    before = controller(window).shield_picture()
    made = controller(window).pictures_made
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (24.0, 22.0), (34.0, 22.0))  # the bastion
    assert window.scene.selected_piece_ids() == ["bastion"]
    window.view.viewport().repaint()
    assert controller(window).shield_picture() is before
    assert controller(window).pictures_made == made
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)
    assert window.document.scenario.piece("bastion").x == pytest.approx(24.0 + moved.x())
    window.undo_stack.undo()


def test_a_kept_ruler_to_a_void_shield_zone_follows_its_generator(window, library):
    show_generator(window, library)
    layer = window.measure.layer
    layer.keep(ruler_annotation("ruler-1", ModelTarget("t0"), ZoneTarget("void_shield", "vsg")),
               "Keep")
    item = layer.item("ruler-1")
    tank = window.scene.world().models["t0"].shape

    def to_zone(x: float, y: float) -> float:
        generator = place_footprint(library["void_shield_generator"].footprint, x, y, 0.0)
        return max(tank.distance(generator) - 12.0, 0.0)

    assert item.sketch().labels[0].text == f'{to_zone(12.0, 24.0):.2f}"'
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (12.0, 24.0), (30.0, 30.0))
    now = to_zone(12.0 + moved.x(), 24.0 + moved.y())
    assert to_zone(12.0, 24.0) - now > 10.0
    assert item.sketch().labels[0].text == f'{now:.2f}"'
    assert item.boundingRect().contains(item.sketch().bounds())
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)
    window.undo_stack.undo()
    assert item.sketch().labels[0].text == f'{to_zone(12.0, 24.0):.2f}"'
