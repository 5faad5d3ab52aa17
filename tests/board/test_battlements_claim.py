"""Moving a unit onto the battlements of an unclaimed building claims it, one undo step with the
move (seed 000); a building another side holds is not claimed that way."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from board.document.datasheets import place_datasheet
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import drag


def medium_building(window, library, claimed_by=None):
    scenario = make_scenario(library)
    scenario.terrain += place_datasheet(library, "wh40k_medium_building", 14.0, 30.0,
                                        piece_id="hall")
    scenario.piece("hall").claimed_by = claimed_by
    window.show_scenario(scenario)
    window.view.zoom_by(2.0, window.view.mapFromScene(QPointF(12.0, 34.0)))
    return window.scenario.piece("hall")


def test_a_model_dragged_onto_the_battlements_claims_the_building(window, library):
    hall = medium_building(window, library)
    assert hall.claimed_by is None
    r0 = window.scenario.model("r0")[1]
    drag(window.view, (r0.x, r0.y), (hall.x, hall.y))  # onto the middle of the roof
    moved = window.scenario.model("r0")[1]
    assert abs(moved.x - hall.x) < 0.2 and abs(moved.y - hall.y) < 0.2
    assert window.scenario.piece("hall").claimed_by == "red"
    assert window.scenario.log[-1].text.startswith("Tactical Squad: ")
    assert "on the battlements claims Building, medium (40K)" in window.scenario.log[-1].text
    assert window.scenario.log[-2].text == (
        "Tactical Squad (Building, medium (40K)): Infantry moving onto the battlements: "
        "battlements are difficult terrain: roll 2D6, the highest die is the farthest it may "
        "move")
    window.undo_stack.undo()  # the move and the claim, whole
    assert window.scenario.piece("hall").claimed_by is None
    assert (window.scenario.model("r0")[1].x, window.scenario.model("r0")[1].y) == (r0.x, r0.y)


def test_a_building_the_enemy_holds_is_not_claimed_from_its_battlements(window, library):
    hall = medium_building(window, library, claimed_by="blue")
    r0 = window.scenario.model("r0")[1]
    entries = len(window.scenario.log)
    drag(window.view, (r0.x, r0.y), (hall.x, hall.y))
    assert window.scenario.piece("hall").claimed_by == "blue"
    assert len(window.scenario.log) == entries + 1  # only the difficult-terrain note
    assert "difficult terrain" in window.scenario.log[-1].text


def test_a_skimmer_leaving_the_battlements_takes_no_dangerous_terrain_test(window, library):
    """Seed 000: "Jump units, Jet Pack units, Jetbikes and Skimmers do not need to take
    Dangerous Terrain tests if they start or end their move on a battlement." Dragged on and
    off again: two notes, no test; each drag one undo step."""
    from board.document.model import TroopType

    hall = medium_building(window, library)
    window.scenario.unit(window.scenario.model("r0")[0].id).troop_type = TroopType.SKIMMER
    r0 = window.scenario.model("r0")[1]
    start = (r0.x, r0.y)
    drag(window.view, start, (hall.x, hall.y))
    drag(window.view, (hall.x, hall.y), start)
    texts = [e.text for e in window.scenario.log[-3:]]
    assert "Skimmer moving onto the battlements: no Dangerous Terrain test" in texts[0]
    assert "Skimmer moving off the battlements: no Dangerous Terrain test" in texts[2]
    window.undo_stack.undo()
    assert "moving off" not in window.scenario.log[-1].text
