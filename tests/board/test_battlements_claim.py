"""Moving a unit on or off battlements: the terrain test rolled and applied, then the claim of
an unclaimed building, all one undo step with the move (seed 000).

Seed 000: battlements "are difficult terrain"; "Jump units, Jet Pack units, Jetbikes and
Skimmers do not need to take Dangerous Terrain tests if they start or end their move on a
battlement"; "If a unit moves onto the battlements of an unclaimed, undestroyed building, they
immediately claim that building". RULES.md §1: "difficult: roll 2D6, highest = max move.
Dangerous: per model D6, 1 = Wound (no cover save)."
"""

from __future__ import annotations

from PySide6.QtCore import QPointF

from board.document.datasheets import place_datasheet
from board.document.model import TroopType
from rules.dice import Dice, FixedDice
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import drag

#: Just south of the hall's roof (the hall: x 11..17, y 27.5..32.5), and up on it.
GROUND, ROOF = (14.0, 34.5), (14.0, 31.0)


def medium_building(window, library, claimed_by=None, troop_type=TroopType.INFANTRY,
                    **options):
    scenario = make_scenario(library)
    scenario.terrain += place_datasheet(library, "wh40k_medium_building", 14.0, 30.0,
                                        piece_id="hall")
    scenario.piece("hall").claimed_by = claimed_by
    squad = scenario.unit("red-tac")
    squad.troop_type = troop_type
    for k, model in enumerate(squad.models):
        model.x, model.y = GROUND[0] - 3.0 + 1.5 * k, GROUND[1]
    scenario.options.update(options)
    window.show_scenario(scenario)
    window.view.zoom_by(2.0, window.view.mapFromScene(QPointF(14.0, 32.0)))
    return window.scenario.piece("hall")


def test_a_model_climbing_within_its_roll_claims_the_building(window, library):
    medium_building(window, library)
    window.scene.make_dice = lambda: FixedDice([2, 4])
    start = window.scenario.model("r2")[1]
    assert (start.x, start.y) == GROUND
    drag(window.view, GROUND, ROOF)  # 3.5": the highest die is 4
    moved = window.scenario.model("r2")[1]
    assert abs(moved.x - ROOF[0]) < 0.2 and abs(moved.y - ROOF[1]) < 0.2
    assert window.scenario.piece("hall").claimed_by == "red"
    assert "on the battlements claims Building, medium (40K)" in window.scenario.log[-1].text
    test = window.scenario.log[-2]
    assert test.text.startswith(
        "Tactical Squad (Building, medium (40K)): Infantry moving onto the battlements: "
        "battlements are difficult terrain: roll 2D6, the highest die is the farthest it may "
        "move: 2D6 → 2, 4: may move up to 4\"; moved 3.")
    assert test.rolls == [{"purpose": "difficult terrain (Tactical Squad)", "faces": [2, 4],
                           "sides": 6}] and test.seed is not None
    stats = window.scenario.unit("red-tac").stats
    assert stats["difficult_terrain_on"] == [1, "red"] and stats["difficult_terrain_move"] == 4
    window.undo_stack.undo()  # the move, the roll and the claim, whole
    assert window.scenario.piece("hall").claimed_by is None
    assert "difficult_terrain_on" not in window.scenario.unit("red-tac").stats
    back = window.scenario.model("r2")[1]
    assert (back.x, back.y) == GROUND


def test_a_climb_longer_than_the_roll_puts_the_models_back_and_keeps_the_roll(window, library):
    medium_building(window, library)
    window.scene.make_dice = lambda: FixedDice([1, 3])
    drag(window.view, GROUND, ROOF)  # 3.5" against a highest die of 3
    back = window.scenario.model("r2")[1]
    assert (back.x, back.y) == GROUND
    assert window.scenario.piece("hall").claimed_by is None  # nobody got up there
    text = window.scenario.log[-1].text
    assert "2D6 → 1, 3: may move up to 3\"; moved 3.4" in text
    assert "farther than 3\": the models go back (move them again, up to 3\")" in text
    assert window.scenario.unit("red-tac").stats["difficult_terrain_move"] == 3
    window.scene.make_dice = lambda: FixedDice([])  # the same turn: no second roll
    drag(window.view, GROUND, (14.0, 31.7))  # 2.8"
    assert window.scenario.piece("hall").claimed_by == "red"
    assert "rolled this turn already: may move up to 3\"; moved 2." in \
        window.scenario.log[-2].text


def test_a_second_climb_too_far_on_the_same_roll_puts_the_models_back(window, library):
    """Issue 28: the second drag of the turn reuses the roll of 1 and 3; a 3.5" climb must go
    back, not stay where it was dropped while the log says it goes back."""
    medium_building(window, library)
    window.scene.make_dice = lambda: FixedDice([1, 3])
    drag(window.view, GROUND, (14.0, 31.7))  # 2.8": up, within the 3"
    assert window.scenario.unit("red-tac").stats["difficult_terrain_move"] == 3
    window.scene.make_dice = lambda: FixedDice([])  # the same turn: no second roll
    start = window.scenario.model("r1")[1]
    assert (start.x, start.y) == (12.5, GROUND[1])
    drag(window.view, (12.5, GROUND[1]), (12.5, 31.0))  # 3.5" against the 3" kept
    text = window.scenario.log[-1].text
    assert "rolled this turn already: may move up to 3\"; moved 3.4" in text
    assert "farther than 3\": the models go back" in text
    back = window.scenario.model("r1")[1]
    assert (back.x, back.y) == (12.5, GROUND[1])
    window.undo_stack.undo()
    assert window.scenario.model("r1")[1].y == GROUND[1]


def test_a_building_the_enemy_holds_is_not_claimed_from_its_battlements(window, library):
    medium_building(window, library, claimed_by="blue")
    window.scene.make_dice = lambda: FixedDice([6, 6])
    entries = len(window.scenario.log)
    drag(window.view, GROUND, ROOF)
    assert window.scenario.piece("hall").claimed_by == "blue"
    assert len(window.scenario.log) == entries + 1  # only the difficult-terrain test
    assert "difficult terrain" in window.scenario.log[-1].text


def test_a_skimmer_on_and_off_the_battlements_rolls_nothing(window, library):
    """Seed 000: "Jump units, Jet Pack units, Jetbikes and Skimmers do not need to take
    Dangerous Terrain tests if they start or end their move on a battlement." Dragged on and
    off again: two notes, no die (the dice given have none); each drag one undo step."""
    medium_building(window, library, troop_type=TroopType.SKIMMER)
    window.scene.make_dice = lambda: FixedDice([])
    drag(window.view, GROUND, ROOF)
    drag(window.view, ROOF, GROUND)
    texts = [e.text for e in window.scenario.log[-3:]]
    assert "Skimmer moving onto the battlements: no Dangerous Terrain test" in texts[0]
    assert "Skimmer moving off the battlements: no Dangerous Terrain test" in texts[2]
    assert all(e.rolls == [] for e in window.scenario.log[-3:])
    window.undo_stack.undo()
    assert "moving off" not in window.scenario.log[-1].text


def test_bikes_rolling_a_one_on_the_dangerous_test_lose_the_model(window, library):
    """With the option for the recalled 7th-edition reading (bikes treat difficult terrain as
    dangerous), a bike dragged up rolls a D6: a 1 is a Wound, no cover save; its 4+ armour
    save fails on a 2 and the one-Wound model is removed. Undo brings it back."""
    medium_building(window, library, troop_type=TroopType.BIKES,
                    bikes_and_cavalry_dangerous=True)
    window.scenario.unit("red-tac").stats["save"] = 4
    window.scene.make_dice = lambda: FixedDice([1, 2])
    drag(window.view, GROUND, ROOF)
    squad = window.scenario.unit("red-tac")
    assert [m.id for m in squad.models] == ["r0", "r1", "r3", "r4"]
    assert "r2" not in window.scene.model_items()
    entry = window.scenario.log[-1]
    assert "Bikes moving onto the battlements: battlements are difficult terrain, dangerous " \
           "to it: a D6 per model, a 1 is a Wound: 1D6 → 1: a 1 for Tactical Squad, model 3; " \
           "lost: Tactical Squad, model 3" in entry.text
    assert [r["faces"] for r in entry.rolls] == [[1], [2]]
    assert window.scenario.piece("hall").claimed_by is None  # the only climber fell
    window.undo_stack.undo()
    assert len(window.scenario.unit("red-tac").models) == 5


def test_by_default_bikes_take_the_difficult_test(window, library):
    """RULES.md names only vehicles as treating difficult terrain as dangerous."""
    medium_building(window, library, troop_type=TroopType.BIKES)
    window.scene.make_dice = lambda: Dice(seed=3)
    drag(window.view, GROUND, ROOF)
    texts = [e.text for e in window.scenario.log]
    assert any("Bikes moving onto the battlements: battlements are difficult terrain: roll 2D6"
               in t for t in texts), texts
