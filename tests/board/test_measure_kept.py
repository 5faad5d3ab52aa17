"""Range rings that follow a drag, and kept measurements: removed, undone, saved and loaded."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.document.io import load_scenario, save_scenario
from board.game.core.targets import ModelTarget
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.view.measure.sketches import WHOLLY
from tests.board.qt_helpers import Left, NoMod, click

R25 = 12.5 / 25.4
Shift = Qt.KeyboardModifier.ShiftModifier


def ring_centre(item) -> QPointF:
    """The centre of the first ring on the table now (its area's box where the item stands)."""
    sketch = item.sketch()
    return item.mapToScene(sketch.areas[0].path.boundingRect().center() + sketch.offset)


def press_and_move(view, start, end, modifier=NoMod, steps=4):
    viewport = view.viewport()
    p0, p1 = view.mapFromScene(QPointF(*start)), view.mapFromScene(QPointF(*end))
    QTest.mousePress(viewport, Left, modifier, p0)
    for i in range(1, steps + 1):
        at = p0 + (p1 - p0) * (i / steps)
        QTest.mouseMove(viewport, QPoint(round(at.x()), round(at.y())))
    return view.mapToScene(p1) - view.mapToScene(p0), p1


def rings_around(window, model_id: str, whole_unit: bool, text: str = "6, 12") -> str:
    window.scene.clearSelection()
    if whole_unit:
        window.scene.select_unit_of(model_id)
    else:
        window.scene.model_item(model_id).setSelected(True)
    assert window.measure.rings_around_selection(text)
    return window.document.scenario.annotations[-1].id


def test_rings_around_a_unit_follow_the_live_drag_then_the_document(window):
    ring_id = rings_around(window, "b0", whole_unit=True)
    item = window.measure.layer.item(ring_id)
    centre = ring_centre(item)
    assert (centre.x(), centre.y()) == pytest.approx((42.0, 30.0), abs=0.01)
    drawn = item.computed
    moved, p1 = press_and_move(window.view, (40.0, 30.0), (40.0, 20.0), Shift)
    # Before the release the document has not moved, but the ring has.
    assert window.document.scenario.model("b0")[1].y == 30.0
    during = ring_centre(item)
    assert item.computed == drawn  # the whole unit moved together: the same picture, moved
    assert during.x() == pytest.approx(42.0 + moved.x(), abs=0.01)
    assert during.y() == pytest.approx(30.0 + moved.y(), abs=0.01)
    assert item.boundingRect().contains(item.sketch().bounds())  # painted where it is
    QTest.mouseRelease(window.view.viewport(), Left, Shift, p1)
    assert window.document.scenario.model("b0")[1].y == pytest.approx(30.0 + moved.y())
    after = ring_centre(item)
    assert item.pos() == QPointF(0, 0) and item.sketch().offset == QPointF(0, 0)
    assert after.y() == pytest.approx(30.0 + moved.y(), abs=0.01)
    window.undo_stack.undo()  # the move
    assert ring_centre(item).y() == pytest.approx(30.0, abs=0.01)


def test_a_unit_ring_reshapes_when_one_of_its_models_is_dragged_alone(window):
    ring_id = rings_around(window, "b0", whole_unit=True, text="2")
    item = window.measure.layer.item(ring_id)
    assert item.sketch().areas[0].path.contains(QPointF(44.0, 30.0 - 2.0 - R25 + 0.05))
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (44.0, 30.0), (44.0, 40.0))  # b2 alone
    area = item.sketch().areas[0].path
    assert item.pos() == QPointF(0, 0)  # not a shift: the union is made again
    assert area.contains(QPointF(44.0, 30.0 + moved.y()))  # around b2 where it is now
    assert area.contains(QPointF(40.0, 30.0))  # and still around b0
    assert not area.contains(QPointF(44.0, 30.0 - 2.0 - R25 + 0.05))  # b2 left there
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)


def test_a_ring_around_one_model_follows_it(window):
    ring_id = rings_around(window, "r0", whole_unit=False, text="3")
    item = window.measure.layer.item(ring_id)
    assert ring_centre(item).x() == pytest.approx(10.0, abs=0.01)
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (10.0, 40.0), (20.0, 44.0))
    centre = ring_centre(item)
    assert (centre.x(), centre.y()) == pytest.approx((10.0 + moved.x(), 40.0 + moved.y()),
                                                     abs=0.01)
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)


def test_emplaced_weapon_ranges_follow_their_building(window):
    window.scene.clearSelection()
    click(window.view, (24.0, 22.0))  # the bastion
    assert window.scene.selected_piece_ids() == ["bastion"]
    assert window.measure.weapon_ranges()
    item = window.measure.layer.item(window.document.scenario.annotations[-1].id)
    mounts = window.measure.layer.world().piece("bastion").mounts
    texts = [label.text for label in item.sketch().labels]
    # the weapon by name and wall, not its id; mounted 2" up a wall, its reach meets the
    # table sqrt(36² − 2²) = 35.94" out (issue 40, the straight line)
    assert texts[0] == 'Heavy bolter (front) 36.00" (35.94" on the table from 2.00" up)'
    assert texts[-1].endswith(' 96.00" (95.48" on the table from 10.00" up)')
    assert mounts[-1].id not in texts[-1]
    first = ring_centre(item)
    moved, p1 = press_and_move(window.view, (24.0, 22.0), (30.0, 22.0))
    assert ring_centre(item).x() == pytest.approx(first.x() + moved.x(), abs=0.01)
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)


def test_rings_refuse_a_bad_selection_or_distances_and_change_nothing(window):
    window.scene.clearSelection()
    assert not window.measure.rings_around_selection("6")
    assert "select one model, a whole unit or one building" in window.measure.dock.readout.text()
    window.scene.select_unit_of("b0")
    assert not window.measure.rings_around_selection("6, six")
    assert "'six' is not a distance" in window.measure.dock.readout.text()
    window.scene.model_item("r0").setSelected(True)  # two units
    assert not window.measure.rings_around_selection("6")
    window.scene.clearSelection()
    window.scene.model_item("r0").setSelected(True)
    assert not window.measure.weapon_ranges()
    assert window.undo_stack.count() == 0 and window.document.scenario.annotations == []


def test_remove_a_kept_measurement_from_the_dock_and_undo(window):
    rings_around(window, "b0", whole_unit=True)
    window.measure.layer.keep(ruler_annotation("ruler-1", ModelTarget("r0"), ModelTarget("b0")),
                              "Keep ruler")
    dock = window.measure.dock
    assert dock.kept_ids() == ["ring-1", "ruler-1"]
    ruler_item = window.measure.layer.item("ruler-1")
    dock.kept.setCurrentRow(0)
    dock.remove_button.click()
    assert dock.kept_ids() == ["ruler-1"]
    assert [a.id for a in window.document.scenario.annotations] == ["ruler-1"]
    with pytest.raises(KeyError):
        window.measure.layer.item("ring-1")
    assert ruler_item.scene() is window.scene
    window.undo_stack.undo()
    assert dock.kept_ids() == ["ring-1", "ruler-1"]  # back in its place
    assert window.measure.layer.item("ring-1").scene() is window.scene


def test_remove_with_nothing_chosen_says_so(window):
    window.measure.dock.remove_current()
    assert "Choose a kept measurement" in window.measure.dock.readout.text()


def test_a_kept_ruler_measures_again_when_the_models_move(window):
    window.measure.layer.keep(ruler_annotation("ruler-1", ModelTarget("r0"), ModelTarget("b0")),
                              "Keep ruler")
    item = window.measure.layer.item("ruler-1")
    assert item.sketch().labels[0].text == '30.50"'
    window.document.move_models({"b0": (20.0, 40.0)})
    gap = 10.0 - 16.0 / 25.4 - R25
    assert item.sketch().labels[0].text == f'{gap:.2f}"'
    assert f'{gap:.2f}"' in window.measure.dock.kept.item(0).text()


def test_a_kept_measurement_whose_model_is_gone_says_why(window):
    window.measure.layer.keep(ruler_annotation("ruler-1", ModelTarget("r0"), ModelTarget("ghost")),
                              "Keep ruler")
    assert window.measure.layer.item("ruler-1").sketch() is None
    assert "Ruler 1: cannot be measured" in window.measure.dock.kept.item(0).text()
    assert window.measure.dock.kept.item(0).text() == (  # by name, never the id ("ghost")
        "Ruler 1: cannot be measured: a model it measures is no longer in the game")


def test_kept_measurements_survive_save_and_load(window, tmp_path, library):
    rings_around(window, "b0", whole_unit=True)
    window.scene.clearSelection()
    window.scene.select_unit_of("b0")
    tool = window.measure.start_within()
    click(window.view, (36.0, 30.0))
    assert tool.keep()
    window.measure.layer.keep(ruler_annotation("ruler-1", ModelTarget("r0"), ModelTarget("b0")),
                              "Keep ruler")
    before = window.measure.layer.kept_lines()
    path = tmp_path / "kept.json"
    save_scenario(window.document.scenario, path)
    window.show_scenario(load_scenario(path, library), path)
    assert window.measure.layer.kept_lines() == before
    assert window.measure.dock.kept_ids() == ["ring-1", "within-1", "ruler-1"]
    for annotation_id in ("ring-1", "within-1", "ruler-1"):
        assert window.measure.layer.item(annotation_id).sketch() is not None
    assert math.isclose(window.measure.layer.reach, 6.0)


def test_rings_on_an_epic_board_are_typed_and_shown_in_centimetres(window):
    from board.document.model import Base, Model, RuleSystem, Scenario, Side, Table, TroopType, Unit

    squad = Unit("a", "A", "red", TroopType.INFANTRY, [Model("a1", Base.round_mm(20), 30.0, 20.0)])
    window.show_scenario(Scenario("epic", Table(72.0, 48.0), RuleSystem.EPIC40K,
                                  sides=[Side("red", "Red", "#c00000")], units=[squad]))
    ring_id = rings_around(window, "a1", whole_unit=False, text="15")
    note = window.document.scenario.annotations[-1]
    assert (note.data["distances"], note.data["distance_unit"]) == ([15.0], "cm")
    sketch = window.measure.layer.item(ring_id).sketch()
    assert sketch.labels[0].text == "15.00 cm"
    radius = sketch.areas[0].path.boundingRect().width() / 2
    assert radius == pytest.approx(15.0 / 2.54 + 10.0 / 25.4, abs=0.01)


def test_a_kept_ruler_and_verdict_follow_the_live_drag(window):
    layer = window.measure.layer
    layer.keep(ruler_annotation("ruler-1", ModelTarget("r0"), ModelTarget("b0")), "Keep ruler")
    layer.keep(within_annotation("within-1", "blue-guard", ModelTarget("r0"), 24.0), "Keep")
    ruler_item, within_item = layer.item("ruler-1"), layer.item("within-1")
    assert ruler_item.sketch().labels[0].text == '30.50"'
    verdicts = [a.edge for a in within_item.sketch().areas[1:]]
    assert verdicts.count(WHOLLY) == 0  # b0..b2 are 30" and more from r0
    window.scene.clearSelection()
    moved, p1 = press_and_move(window.view, (40.0, 30.0), (20.0, 40.0))  # b0 alone, near r0
    assert window.document.scenario.model("b0")[1].x == 40.0  # not released yet
    b0 = (40.0 + moved.x(), 30.0 + moved.y())
    gap = math.dist((10.0, 40.0), b0) - 16.0 / 25.4 - R25
    assert ruler_item.sketch().labels[0].text == f'{gap:.2f}"'
    assert ruler_item.boundingRect().contains(ruler_item.sketch().bounds())
    verdicts = [a.edge for a in within_item.sketch().areas[1:]]
    assert verdicts.count(WHOLLY) == 1  # b0, now a few inches from r0
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)
    assert ruler_item.sketch().labels[0].text == f'{gap:.2f}"'
    window.undo_stack.undo()
    assert ruler_item.sketch().labels[0].text == '30.50"'


def test_escape_during_a_drag_puts_the_ring_back(window):
    ring_id = rings_around(window, "b0", whole_unit=True)
    item = window.measure.layer.item(ring_id)
    start = ring_centre(item)
    moved, p1 = press_and_move(window.view, (40.0, 30.0), (40.0, 20.0), Shift)
    assert ring_centre(item).y() == pytest.approx(start.y() + moved.y(), abs=0.01)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert ring_centre(item).y() == pytest.approx(start.y(), abs=0.01)
    QTest.mouseRelease(window.view.viewport(), Left, Shift, p1)
    assert window.document.scenario.model("b0")[1].y == 30.0


def test_rings_at_chosen_distances_around_one_emplaced_weapon(window):
    dock = window.measure.dock
    window.scene.clearSelection()
    assert [dock.around.itemText(k) for k in range(dock.around.count())] == ["the selection"]
    click(window.view, (24.0, 22.0))  # the bastion
    mounts = window.measure.layer.world().piece("bastion").mounts
    offered = [dock.around.itemData(k) for k in range(dock.around.count())]
    assert offered == [None, *(m.id for m in mounts)]
    dock.around.setCurrentIndex(1)
    dock.rings.setText("12")
    dock.add_rings()
    note = window.document.scenario.annotations[-1]
    assert note.data["mount"] == mounts[0].id and note.data["distances"] == [12.0]
    item = window.measure.layer.item(note.id)
    centre = ring_centre(item)
    assert (centre.x(), centre.y()) == pytest.approx((mounts[0].x, mounts[0].y), abs=0.01)
    assert item.sketch().labels[0].text == \
        'Heavy bolter (front) 12.00" (11.83" on the table from 2.00" up)'  # sqrt(144 - 4)
    assert dock.around.itemText(1) == "Heavy bolter (front)"
    assert 'ring 12.00" around Heavy bolter (front) of Imperial Bastion' in dock.kept.item(0).text()
    moved, p1 = press_and_move(window.view, (24.0, 22.0), (30.0, 22.0))
    assert ring_centre(item).x() == pytest.approx(mounts[0].x + moved.x(), abs=0.01)
    QTest.mouseRelease(window.view.viewport(), Left, NoMod, p1)


def test_a_weapon_ring_needs_a_building_selected(window):
    window.scene.clearSelection()
    window.scene.select_unit_of("b0")
    assert not window.measure.rings_around_selection("6", mount="anything")
    assert "select one building first" in window.measure.dock.readout.text()
