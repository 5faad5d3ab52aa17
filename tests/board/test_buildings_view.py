"""The Building dock, embarking by drag, disembarking by placing models, void shields.

Real mouse and keyboard events on the real view; the readouts and the document are checked.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import place_datasheet
from board.document.io import default_library
from board.document.model import Base, Model, Scenario, TroopType, Unit
from board.game.core.names import Namer
from board.game.measuring.coverage import void_shield_coverage
from board.game.reports.summary import summarise
from board.view.buildings import BuildingController, DisembarkTool
from geometry import Circle, farthest_distance
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import click, drag

Shift = Qt.KeyboardModifier.ShiftModifier
RADIUS = 32 / 25.4 / 2
#: The sample bastion (centre 24, 24, unturned): its door is at (23, 21).
DOOR = (23.0, 21.0)


def controller(window) -> BuildingController:
    found = window.findChild(BuildingController, "buildings")
    assert found is not None
    return found


def dock_lines(widget) -> list[str]:
    return [widget.item(i).text() for i in range(widget.count())]


def at_the_door(count: int) -> list[Model]:
    spots = [(21.6, 20.3), (23.0, 20.3), (24.4, 20.3), (22.3, 19.0), (23.7, 19.0)]
    spots += [(17.0 + 1.4 * k, 15.0) for k in range(20)]
    return [Model(f"n{k}", Base.round_mm(32), *spots[k]) for k in range(count)]


def show_empty_bastion(window, library, count: int) -> None:
    """The sample with the bastion empty and unclaimed, and a red unit of ``count`` at its door."""
    scenario = make_scenario(library)
    scenario.units = [u for u in scenario.units if u.id != "red-vets"]
    scenario.piece("bastion").claimed_by = None
    scenario.units.append(Unit("new", "Assault Squad", "red", TroopType.INFANTRY,
                               at_the_door(count)))
    window.show_scenario(scenario)
    window.view.fit_table()


def test_the_dock_shows_the_clicked_buildings_summary_and_follows_changes(window, library):
    click(window.view, (25.5, 25.5))
    dock = controller(window).dock
    expected = summarise(window.scenario, window.scene.datasheets, window.scenario.piece("bastion"))
    assert dock.piece_id == "bastion"
    assert dock_lines(dock.facts) == expected.lines()
    assert "hull points: 4 of 4" in dock_lines(dock.facts)
    assert "inside: Veteran Squad, 1 model (capacity 20 models)" in dock_lines(dock.facts)
    assert dock_lines(dock.inside_list) == ["Veteran Squad (Red, 1 model)"]
    click(window.view, (50.0, 14.0))
    hut = summarise(window.scenario, window.scene.datasheets, window.scenario.piece("hut"))
    assert dock.piece_id == "hut" and dock_lines(dock.facts) == hut.lines()


def test_dragging_a_unit_onto_a_building_embarks_it_and_undo_takes_it_back(window, library):
    show_empty_bastion(window, library, 5)
    before = {m.id: (m.x, m.y) for m in window.scenario.unit("new").models}
    drag(window.view, (23.0, 20.3), (24.0, 24.0), Shift)
    unit = window.scenario.unit("new")
    assert unit.embarked_in == "bastion"
    assert window.scenario.piece("bastion").claimed_by == "red"
    assert "n0" not in window.scene.model_items()
    assert window.scenario.log[-1].text.startswith(
        "Assault Squad (5 models) embark in Imperial Bastion; now claimed by Red")
    assert window.undo_stack.text(0) == "Assault Squad embarks in Imperial Bastion"
    dock = controller(window).dock
    assert dock.piece_id == "bastion" and "Assault Squad (Red, 5 models)" in dock_lines(
        dock.inside_list)
    assert window.undo_stack.count() == 1
    assert "Imperial Bastion: Assault Squad (Red, 5 models)" in dock_lines(window.garrisons.list)
    window.undo_stack.undo()
    unit = window.scenario.unit("new")
    assert unit.embarked_in is None and window.scenario.piece("bastion").claimed_by is None
    assert {m.id: (m.x, m.y) for m in unit.models} == before
    assert window.scene.model_item("n1").pos() == QPointF(*before["n1"])
    assert not window.scenario.log


def test_an_embark_over_capacity_is_refused_with_the_numbers_and_nothing_moves(window, library):
    show_empty_bastion(window, library, 22)
    before = {m.id: (m.x, m.y) for m in window.scenario.unit("new").models}
    drag(window.view, (23.0, 20.3), (24.0, 24.0), Shift)
    reason = "cannot embark: Imperial Bastion holds 20 models, Assault Squad has 22"
    assert controller(window).dock.message.text() == reason
    assert window.statusBar().currentMessage() == reason
    unit = window.scenario.unit("new")
    assert unit.embarked_in is None and window.undo_stack.count() == 0
    assert {m.id: (m.x, m.y) for m in unit.models} == before
    assert window.scene.model_item("n3").pos() == QPointF(*before["n3"])


def test_the_embark_button_refuses_a_unit_too_far_from_the_door(window):
    click(window.view, (50.0, 14.0))
    dock = controller(window).dock
    dock.unit_choice.setCurrentIndex(dock.unit_choice.findData("red-tac"))
    QTest.mouseClick(dock.embark_button, Qt.MouseButton.LeftButton)
    assert dock.message.text().startswith("cannot embark: 5 of 5 models are not within 2\"")
    assert window.scenario.unit("red-tac").embarked_in is None


def start_disembark(window) -> DisembarkTool:
    click(window.view, (25.5, 25.5))
    dock = controller(window).dock
    QTest.mouseClick(dock.disembark_button, Qt.MouseButton.LeftButton)
    tool = window.scene.tool
    assert isinstance(tool, DisembarkTool)
    return tool


def drag_ghost(window, tool: DisembarkTool, model_id: str, to: tuple[float, float]) -> None:
    drag(window.view, tool.positions[model_id], to)


def test_a_model_placed_6_1_inches_out_is_named_then_moving_it_in_disembarks(window):
    window.view.zoom_by(4.0, window.view.mapFromScene(QPointF(*DOOR)))
    tool = start_disembark(window)
    assert tool.plan.reach == 6.0 and not tool.illegal()
    drag_ghost(window, tool, "v0", (DOOR[0], DOOR[1] - 6.1 + RADIUS))
    x, y = tool.positions["v0"]
    far = farthest_distance(Circle(x, y, RADIUS), tool.plan.access[0][1])
    assert 6.05 < far < 6.15
    assert tool.illegal() == ["v0"]
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Return)
    message = controller(window).dock.message.text()
    assert message.startswith(
        "cannot disembark: 1 model not placed legally: Veteran Squad (too far")
    assert f'farthest part {far:.2f}" from door, limit 6.00"' in message
    assert window.scenario.unit("red-vets").embarked_in == "bastion"
    assert window.scene.tool is tool and window.undo_stack.count() == 0
    drag_ghost(window, tool, "v0", (DOOR[0], DOOR[1] - 5.0 + RADIUS))
    assert not tool.illegal()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Return)
    unit = window.scenario.unit("red-vets")
    assert unit.embarked_in is None
    assert (unit.models[0].x, unit.models[0].y) == tool.positions["v0"]
    assert window.scene.model_item("v0") is not None
    assert window.scenario.log[-1].text.startswith("Veteran Squad leave Imperial Bastion")
    assert not isinstance(window.scene.tool, DisembarkTool)
    said = controller(window).dock.message.text()  # once "disembarkation abandoned: …"
    assert said.startswith("Veteran Squad disembarked") and "abandoned" not in said
    assert "abandoned" not in window.statusBar().currentMessage()
    window.undo_stack.undo()
    assert window.scenario.unit("red-vets").embarked_in == "bastion"
    assert "v0" not in window.scene.model_items()


def test_escape_abandons_a_disembarkation_and_changes_nothing(window):
    tool = start_disembark(window)
    item = tool.item
    drag_ghost(window, tool, "v0", (10.0, 10.0))
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert not isinstance(window.scene.tool, DisembarkTool)
    assert item.scene() is None
    assert window.scenario.unit("red-vets").embarked_in == "bastion"
    assert window.undo_stack.count() == 0
    assert "abandoned" in controller(window).dock.message.text()


def test_void_shield_verdicts_covered_partly_in_and_out(window, library, qtbot):
    scenario = make_scenario(library)
    scenario.terrain += place_datasheet(library, "void_shield_generator", 12.0, 24.0,
                                        piece_id="vsg")
    scenario.units = [u for u in scenario.units if u.id != "red-tac"]
    near = [Model(f"c{k}", Base.round_mm(32), 12.0 + 1.5 * k, 31.0) for k in range(3)]
    straddle = [Model("p0", Base.round_mm(32), 12.0, 36.0), Model("p1", Base.round_mm(32), 12.0,
                                                                    44.0)]
    scenario.units += [Unit("near", "Near", "red", TroopType.INFANTRY, near),
                       Unit("straddle", "Straddle", "red", TroopType.INFANTRY, straddle)]
    window.show_scenario(scenario)
    dock = controller(window).dock
    QTest.mouseClick(dock.show_void_shields, Qt.MouseButton.LeftButton)
    assert dock.show_void_shields.isChecked()
    verdicts = {c.unit_id: c for c in void_shield_coverage(window.scene.world())}
    assert verdicts["near"].status.value == "covered"
    assert verdicts["straddle"].status.value == "partly in (not covered)"
    assert verdicts["blue-tank"].status.value == "out"
    names = Namer.for_world(window.scene.world(), window.scenario)
    assert dock_lines(dock.coverage_list) == [c.explain(names) for c in verdicts.values()]
    picture = controller(window).shield_picture()
    assert {m.text for m in picture.marks} == {c.explain(names) for c in verdicts.values()}
    assert controller(window).void_item in window.scene.items()
    view = window.view
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(QPointF(12.0, 44.0)))
    QTest.mouseMove(view.viewport(), view.mapFromScene(QPointF(12.0, 39.0)))
    QTest.mouseMove(view.viewport(), view.mapFromScene(QPointF(12.0, 34.0)))
    live = {m.unit_id: m.status for m in controller(window).shield_picture().marks}
    assert live["straddle"] == "covered"  # follows the drag before the move is dropped
    assert window.scenario.model("p1")[1].y == 44.0
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, view.mapFromScene(QPointF(12.0, 34.0)))
    after = {c.unit_id: c.status.value for c in void_shield_coverage(window.scene.world())}
    assert after["straddle"] == "covered"
    assert "Straddle: covered by Void Shield Generator" in dock_lines(dock.coverage_list)
    QTest.mouseClick(dock.show_void_shields, Qt.MouseButton.LeftButton)
    assert controller(window).void_item is None


@pytest.mark.parametrize("count", [3])
def test_dragging_part_of_a_unit_onto_a_building_just_moves_it(window, library, count):
    show_empty_bastion(window, library, count)
    drag(window.view, (23.0, 20.3), (24.0, 24.0))
    assert window.scenario.unit("new").embarked_in is None
    assert window.undo_stack.count() == 1


def test_a_fantasy_garrison_leaves_into_its_exit_ring(window, library):
    from board.document.model import RuleSystem, Scenario, Side, Table

    house = place_datasheet(library, "whfb_building_2_floor", 30.0, 24.0, piece_id="house")
    spears = Unit("spears", "Spearmen", "red", TroopType.INFANTRY,
                  [Model(f"s{k}", Base.round_mm(20), 0.0, 0.0) for k in range(4)],
                  embarked_in="house", stats={"movement": 4})
    window.show_scenario(Scenario(name="Fantasy", table=Table(72.0, 48.0),
                                  rule_system=RuleSystem.WARHAMMER_FANTASY,
                                  sides=[Side("red", "Red", "#c62828")], terrain=house,
                                  units=[spears]))
    click(window.view, (30.0, 24.0))
    dock = controller(window).dock
    assert "garrison: Spearmen of Red, in since before the first turn" in dock_lines(dock.facts)
    QTest.mouseClick(dock.disembark_button, Qt.MouseButton.LeftButton)
    tool = window.scene.tool
    assert isinstance(tool, DisembarkTool) and tool.plan.reach == 8.0 and not tool.illegal()
    footprint = window.scene.world().piece("house").footprint
    top = footprint.bounds[1]
    drag_ghost(window, tool, "s0", (30.0, top - 0.6))
    assert tool.illegal() == ["s0"]
    QTest.mouseClick(dock.complete_button, Qt.MouseButton.LeftButton)
    assert "Spearmen, model 1 (too close" in dock.message.text()
    assert window.scenario.unit("spears").embarked_in == "house"
    drag_ghost(window, tool, "s0", (30.0, top - 3.0))
    QTest.mouseClick(dock.complete_button, Qt.MouseButton.LeftButton)
    assert window.scenario.unit("spears").embarked_in is None
    assert window.scenario.piece("house").claimed_by is None


def test_a_unit_taken_out_by_another_action_ends_its_disembarkation(window):
    import copy

    from board.document.changes import Change
    from board.view.commands import ApplyChangeCommand

    tool = start_disembark(window)
    out = copy.deepcopy(window.scenario.unit("red-vets"))
    out.embarked_in = None
    window.undo_stack.push(ApplyChangeCommand(window.document, Change(units={"red-vets": out}),
                                              "forced out"))
    assert not isinstance(window.scene.tool, DisembarkTool) and tool.item.scene() is None
    dock = controller(window).dock
    assert "no longer inside Imperial Bastion" in dock.message.text()  # its name, not its id
    assert not dock.complete_button.isEnabled()


def test_a_unit_that_embarked_this_turn_cannot_disembark_until_the_next(window, library):
    show_empty_bastion(window, library, 5)
    drag(window.view, (23.0, 20.3), (24.0, 24.0), Shift)
    dock = controller(window).dock
    QTest.mouseClick(dock.disembark_button, Qt.MouseButton.LeftButton)
    assert dock.message.text() == ("cannot disembark: the unit did not begin the Movement "
                                   "phase inside")
    assert not isinstance(window.scene.tool, DisembarkTool)
    window.scenario.options["turn"] = 2
    QTest.mouseClick(dock.disembark_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.scene.tool, DisembarkTool)


def test_moving_into_the_next_part_of_a_fortress_from_the_dock(window, library):
    scenario = make_scenario(library)
    scenario.terrain += place_datasheet(library, "fortress_of_redemption", 48.0, 30.0,
                                        piece_id="fortress")
    scenario.units = [u for u in scenario.units if u.id != "red-vets"]
    scenario.units.append(Unit("in-wall", "Wall Guard", "red", TroopType.INFANTRY,
                               at_the_door(3), embarked_in="fortress.wall"))
    window.show_scenario(scenario)
    wall = window.scene.world().piece("fortress.wall").footprint.centroid
    click(window.view, (wall.x, wall.y))
    dock = controller(window).dock
    assert dock.piece_id == "fortress.wall"
    parts = [dock.part_choice.itemData(i) for i in range(dock.part_choice.count())]
    assert sorted(parts) == ["fortress.left_annex", "fortress.right_annex", "fortress.tower"]
    names = {dock.part_choice.itemText(i) for i in range(dock.part_choice.count())}
    assert not names & set(parts) and len(names) == 3  # a player reads names, never ids
    dock.part_choice.setCurrentIndex(dock.part_choice.findData("fortress.tower"))
    QTest.mouseClick(dock.move_button, Qt.MouseButton.LeftButton)
    assert window.scenario.unit("in-wall").embarked_in == "fortress.tower"
    assert window.scenario.piece("fortress.tower").claimed_by == "red"
    assert "this takes their whole move" in dock.message.text()
    window.undo_stack.undo()
    assert window.scenario.unit("in-wall").embarked_in == "fortress.wall"


def _horde_at_the_door(scenario: Scenario) -> None:
    # the shipped bastion also has an escape hatch in its rear wall: these tests are about the
    # door alone, so the bastion here is a custom one without the hatch
    sheet = default_library()["imperial_bastion"]
    door_only = replace(sheet, id="bastion_door_only", access_points=sheet.access_points[:1])
    scenario.custom_datasheets.append(door_only)
    scenario.piece("bastion").datasheet = "bastion_door_only"
    wall = [(x, y) for x in range(11, 36, 2) for y in range(9, 34, 2)
            if (x - DOOR[0]) ** 2 + (y - DOOR[1]) ** 2 <= 64 and not (20 < x < 28 and 20 < y < 28)]
    scenario.units.append(Unit("horde", "Horde", "blue", TroopType.INFANTRY,
                               [Model(f"h{k}", Base.round_mm(25), float(x), float(y))
                                for k, (x, y) in enumerate(wall)]))


def test_enemies_at_the_door_send_the_unit_out_onto_the_battlements(window, library):
    scenario = make_scenario(library)
    _horde_at_the_door(scenario)  # the bastion's battlements are free
    window.show_scenario(scenario)
    tool = start_disembark(window)
    assert not tool.plan.emergency and tool.plan.battlements is not None
    assert not tool.illegal()
    x, y = tool.positions["v0"]
    assert tool.plan.battlements.contains(Circle(x, y, RADIUS).polygon())  # up on the roof
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Return)
    assert window.scenario.unit("red-vets").embarked_in is None
    assert window.scenario.log[-1].text.endswith("1 model onto its battlements")
    assert window.scenario.piece("bastion").state["on_battlements"] == ["red-vets"]
    window.undo_stack.undo()
    assert window.scenario.unit("red-vets").embarked_in == "bastion"


def test_enemies_at_the_door_draw_the_emergency_zone(window, library):
    scenario = make_scenario(library)
    _horde_at_the_door(scenario)
    scenario.piece("bastion").state["battlements_ruined"] = True  # no way up either
    window.show_scenario(scenario)
    tool = start_disembark(window)
    assert tool.plan.emergency and tool.picture().normal_zone is not None
    assert "emergency disembarkation" in controller(window).dock.message.text()
    assert not tool.illegal()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Return)
    assert window.scenario.unit("red-vets").embarked_in is None
    assert "no voluntary actions this turn" in window.scenario.log[-1].text


def test_shift_dragging_a_placed_model_moves_them_all_in_formation(window, library):
    scenario = make_scenario(library)
    scenario.unit("red-vets").models = at_the_door(5)
    window.show_scenario(scenario)
    tool = start_disembark(window)
    before = dict(tool.positions)
    grab = before["n2"]
    moved = drag(window.view, grab, (grab[0] + 2.0, grab[1] + 1.0), Shift)
    for model_id, (x, y) in before.items():
        assert tool.positions[model_id] == pytest.approx((x + moved.x(), y + moved.y()))
    drag(window.view, tool.positions["n0"], (grab[0] - 1.0, grab[1] - 3.0))
    assert tool.positions["n1"] == pytest.approx((before["n1"][0] + moved.x(),
                                                  before["n1"][1] + moved.y()))
    assert window.scenario.unit("red-vets").embarked_in == "bastion"
