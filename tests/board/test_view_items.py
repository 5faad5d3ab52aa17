"""What the items draw: buildings with armour, doors, fire points and guns; models; the table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QUndoStack

from board.document.datasheet import Datasheet, FirePoint, TerrainKind
from board.document.edits import ScenarioDocument
from board.view.building_look import look_of
from board.view.convert import placement_transform, to_path, to_point
from board.view.items import BuildingItem, ModelItem
from board.view.scene import BoardScene


@pytest.fixture
def scene(qapp, document, library):
    return BoardScene(document, library, QUndoStack())


def test_one_item_per_model_on_the_table_and_per_piece(scene, document):
    on_table = {m.id for u in document.scenario.units if u.on_table for m in u.models}
    assert set(scene.model_items()) == on_table
    assert set(scene.piece_items()) == {"bastion", "hut"}


def test_bastion_shows_armour_on_each_facing_and_its_symbols(scene, library):
    item = scene.piece_item("bastion")
    sheet = library["imperial_bastion"]
    assert [item.armour_text(f) for f in ("front", "right", "rear", "left")] == [
        str(sheet.armour[f]) for f in ("front", "right", "rear", "left")]
    assert item.marker_count == {
        "AccessPointMarker": len(sheet.access_points),
        "FirePointMarker": len(sheet.fire_points),
        "WeaponMarker": len(sheet.emplaced_weapons),
    }
    assert "held by Red" in item.name_text and "inside: Veteran Squad" in item.name_text


def test_building_placement_follows_the_document_convention(scene):
    item = scene.piece_item("hut")  # rotation 90: its front faces +x
    front = item.mapToScene(QPointF(0.0, -1.0)) - item.mapToScene(QPointF(0.0, 0.0))
    assert (front.x(), front.y()) == pytest.approx((1.0, 0.0), abs=1e-9)
    transform = placement_transform(50.0, 14.0, 90.0)
    assert transform.map(to_point((0.0, -1.0))) == item.mapToScene(QPointF(0.0, -1.0))


def test_fire_points_point_out_of_their_wall():
    sheet = Datasheet("hut", "Hut", TerrainKind.BUILDING, ("wh40k",),
                      footprint=((-2, -2), (2, -2), (2, 2), (-2, 2)),
                      fire_points=(FirePoint("a", 0, 2, "rear"), FirePoint("b", -2, 0, "left")))
    look = look_of(sheet)
    assert [m.angle for m in look.fire_points] == [180.0, 270.0]
    assert look.armour_badges == ()


def test_model_item_shapes_and_label(scene, qtbot):
    tank = scene.model_item("t0")
    rect = tank.shape().boundingRect()
    assert (rect.width(), rect.height()) == pytest.approx((3.5, 5.0))  # width across, length along
    assert tank.rotation() == 270.0
    trooper = scene.model_item("r0")
    assert trooper.shape().boundingRect().width() == pytest.approx(32 / 25.4)
    # The item's own bounds stay within a fraction of an inch of its base (DESIGN pitfall).
    assert trooper.boundingRect().width() < 32 / 25.4 + 0.3
    assert not trooper.label_visible
    # At rest the board's layer draws it; selected, it draws itself (its ring over the rest).
    assert trooper.drawn_by_layer and trooper.cacheMode() == ModelItem.CacheMode.NoCache
    trooper.setSelected(True)
    assert trooper.label_visible and trooper.name == "Tactical Squad (Red)"
    assert not trooper.drawn_by_layer
    assert trooper.cacheMode() == ModelItem.CacheMode.DeviceCoordinateCache
    trooper.setSelected(False)
    assert not trooper.label_visible and trooper.drawn_by_layer


def test_sides_are_drawn_in_their_colours(scene):
    image = QImage(720, 480, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 720, 480), QRectF(0, 0, 72, 48))
    painter.end()
    red = image.pixelColor(103, 403)  # r0 at (10, 40) in, beside its white facing tick
    blue = image.pixelColor(402, 298)  # b0 at (40, 30) in, facing down the table
    assert red.red() > 150 and red.blue() < 100
    assert blue.blue() > 150 and blue.red() < 100


def test_unknown_datasheet_is_drawn_not_fatal(qapp, scenario, library):
    scenario.terrain[1].datasheet = "no_such_sheet"
    scene = BoardScene(ScenarioDocument(scenario), library, QUndoStack())
    assert "unknown datasheet no_such_sheet" in scene.piece_item("hut").name_text


def test_convert_path_is_closed_polygon():
    path = to_path([(0.0, 0.0), (3.0, 0.0), (3.0, 2.0)])
    assert path.contains(QPointF(2.0, 0.5)) and not path.contains(QPointF(0.5, 1.5))
    assert to_path([(0.0, 0.0), (1.0, 1.0)]).isEmpty()


def test_building_item_has_no_document_reference(scene):
    item = scene.piece_item("bastion")
    assert isinstance(item, BuildingItem)
    assert not any(isinstance(v, ScenarioDocument) for v in vars(item).values())


@pytest.mark.parametrize("zoom", [1.0, 3.0])
def test_rulers_line_up_with_the_table(window, zoom):
    from PySide6.QtCore import QPoint

    view = window.view
    view.zoom_by(zoom)
    for ruler, horizontal in ((window.board.top_ruler, True), (window.board.left_ruler, False)):
        ticks = ruler.ticks()
        assert ticks, "no tick on screen"
        for inch, at, _ in ticks[:: max(1, len(ticks) // 5)]:
            on_view = view.viewport().mapToGlobal(view.mapFromScene(QPointF(inch, inch)))
            on_ruler = ruler.mapToGlobal(QPoint(at, at))
            assert (on_ruler.x() if horizontal else on_ruler.y()) == (
                on_view.x() if horizontal else on_view.y())
    numbered = [inch for inch, _, n in window.board.top_ruler.ticks() if n]
    assert numbered and all(inch == int(inch) for inch in numbered)


def test_the_unit_name_shows_when_the_mouse_is_over_a_model(window, qtbot):
    from PySide6.QtTest import QTest

    item = window.scene.model_item("b1")
    assert not item.label_visible
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(42.0, 30.0)))
    qtbot.waitUntil(lambda: item.label_visible, timeout=2000)
    assert item.name == "Guard Squad (Blue)"
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(5.0, 5.0)))
    qtbot.waitUntil(lambda: not item.label_visible, timeout=2000)


def test_geometry_to_path_keeps_holes():
    import shapely

    from board.view.convert import geometry_to_path

    ring = shapely.box(0, 0, 4, 4).difference(shapely.box(1, 1, 3, 3))
    path = geometry_to_path(ring)
    assert path.contains(QPointF(0.5, 0.5)) and not path.contains(QPointF(2.0, 2.0))
    two = geometry_to_path(shapely.MultiPolygon([shapely.box(0, 0, 1, 1), shapely.box(5, 5, 6, 6)]))
    assert two.contains(QPointF(5.5, 5.5)) and not two.contains(QPointF(3.0, 3.0))


def test_the_pixmap_cache_is_raised(scene):
    from PySide6.QtGui import QPixmapCache

    from board.view.scene import PIXMAP_CACHE_KIB

    assert QPixmapCache.cacheLimit() >= PIXMAP_CACHE_KIB


def test_epic_boards_count_centimetres(window):
    from board.document.model import RuleSystem

    scenario = window.scenario
    scenario.rule_system = RuleSystem.EPIC40K
    window.show_scenario(scenario)
    assert window.board.corner.text() == "cm"
    ticks = window.board.top_ruler.ticks()
    value, at, _ = ticks[len(ticks) // 2]
    on_view = window.view.viewport().mapToGlobal(
        window.view.mapFromScene(QPointF(value / 2.54, 0.0)))
    assert window.board.top_ruler.mapToGlobal(QPointF(at, 0).toPoint()).x() == on_view.x()
    assert max(v for v, _, _ in ticks) <= 72 * 2.54 + 1e-9
