"""The bastion's escape hatch on the board (seed 000 FAQ), driven by real mouse and keys.

Seed 000 FAQ: "Can an opponent assault an escape hatch – the unit can't assault out of one but
can it be assaulted as a normal Access Point? No." A unit placed out by the hatch is marked for
the turn and the storm dialog refuses it, naming why; the next turn it may charge again.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import place_datasheet
from board.view.assault import CloseCombatDialog, StormTool
from board.view.buildings import BuildingController, DisembarkTool
from geometry import Circle, distance
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import click, drag

RADIUS = 32 / 25.4 / 2
#: The sample bastion (centre 24, 24): its door is at (23, 21), its escape hatch at (25, 27).
HATCH = (25.0, 27.0)


def controller(window) -> BuildingController:
    found = window.findChild(BuildingController, "buildings")
    assert found is not None
    return found


def bastion_with_an_enemy_hut_behind(window, library) -> None:
    """The sample, and a blue-held small building just south of the bastion's rear wall."""
    scenario = make_scenario(library)
    scenario.terrain = [p for p in scenario.terrain if p.id != "hut"]
    scenario.terrain += place_datasheet(library, "wh40k_small_building", 25.0,
                                        28.5 + RADIUS + 2.0, piece_id="hut")
    scenario.piece("hut").claimed_by = "blue"
    window.show_scenario(scenario)
    window.view.zoom_by(3.0, window.view.mapFromScene(QPointF(*HATCH)))


def out_by_the_hatch(window) -> None:
    click(window.view, (23.0, 23.0))
    QTest.mouseClick(controller(window).dock.disembark_button, Qt.MouseButton.LeftButton)
    tool = window.scene.tool
    assert isinstance(tool, DisembarkTool)
    assert tool.plan.escape_hatches == ("escape-hatch",)
    assert controller(window).dock.message.text().endswith(
        "A unit out by the escape hatch (a model that only the hatch reaches) may not charge "
        "this turn.")
    assert distance(Circle(*tool.positions["v0"], RADIUS), tool.plan.access[0][1]) <= 6.0
    drag(window.view, tool.positions["v0"], (25.0, 28.46))
    assert not tool.illegal()
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Return)


def test_a_unit_out_of_the_escape_hatch_may_not_storm_that_turn(window, library):
    """The first placement is by the door (it keeps the charge); placed 8" from the door, the
    model can only have come out by the hatch: the log says so, the storm dialog refuses."""
    bastion_with_an_enemy_hut_behind(window, library)
    out_by_the_hatch(window)
    vets = window.scenario.unit("red-vets")
    assert vets.embarked_in is None
    x, y = vets.models[0].x, vets.models[0].y
    assert distance(Circle(x, y, RADIUS), window.scene.world().piece("hut").footprint) <= 0.1
    text = window.scenario.log[-1].text
    assert "by the escape hatch: a unit that came out of an escape hatch cannot charge this " \
           "turn (the escape hatch rule)" in text
    assert vets.stats["escape_hatch_on"] == [1, "red"]
    click(window.view, (60.0, 44.0))  # empty table: nothing selected
    window.storm.action.trigger()
    assert isinstance(window.scene.tool, StormTool)
    click(window.view, (25.0, 31.0))
    dialog = window.storm.dialog
    assert isinstance(dialog, CloseCombatDialog)
    assert dialog.attacker_name() is None and not dialog.roll_button.isEnabled()
    assert ("Veteran Squad: came out of an escape hatch this turn: a unit cannot assault out "
            "of one (the escape hatch rule)") in dialog.out_of_reach.text()
    assert dialog.refusal.text().endswith("cannot assault out of one (the escape hatch rule).")
    dialog.close()
    window.undo_stack.undo()  # back inside, the mark gone with it
    assert "escape_hatch_on" not in window.scenario.unit("red-vets").stats


def test_next_turn_the_unit_out_of_the_hatch_may_storm(window, library):
    bastion_with_an_enemy_hut_behind(window, library)
    out_by_the_hatch(window)
    window.scenario.options["turn"] = 2
    click(window.view, (25.0, 31.0))  # select the hut, then storm it
    window.storm.action.trigger()
    dialog = window.storm.dialog
    assert isinstance(dialog, CloseCombatDialog)
    assert dialog.attacker_name() == "Veteran Squad"
