"""The battlements' terrain tests through the game layer (no Qt): vehicles, replaying the dice.

RULES.md §1: "Vehicles treat difficult as dangerous; fail = −1 HP + Immobilised." Seed 000:
battlements "are difficult terrain".
"""

from __future__ import annotations

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.world import WorldCache
from board.game.moves import after_drag
from rules.dice import Dice, FixedDice
from tests.game.samples import RED, library, round_unit, scenario

#: A medium 40K building at (10, 10): roof x 7..13, y 7.5..12.5.
HALL = TerrainPiece("hall", "wh40k_medium_building", 10.0, 10.0)


def test_a_vehicle_failing_the_dangerous_test_is_reported_immobilised():
    tank = Unit("tank", "Rhino", RED, TroopType.VEHICLE,
                [Model("t", Base.hull_in(4.0, 2.5), 10.0, 15.0)])
    s = scenario(terrain=[HALL], units=[tank])
    world = WorldCache(library()).world_for(s)
    change = after_drag(s, library(), world, {"t": (10.0, 15.0)}, {"t": (10.0, 10.0)}, False,
                        FixedDice([1]))
    assert change is not None
    text = change.log[0].text
    assert "Vehicle moving onto the battlements: battlements are difficult terrain, dangerous " \
           "to it: a D6 per model, a 1 is -1 hull point and Immobilised: 1D6 → 1" in text
    assert "loses 1 hull point and is Immobilised (the board keeps no vehicle hull points" in text
    assert change.units["tank"].models[0].y == 10.0  # the vehicle stays where it was driven


def test_the_logged_dice_replay_from_the_logged_seed():
    """The same dice path as every roll: the seed in the log gives the faces in the log."""
    squad = round_unit("sq", RED, [(10.0, 13.5)])
    s = scenario(RuleSystem.HORUS_HERESY, terrain=[HALL], units=[squad])
    world = WorldCache(library()).world_for(s)
    change = after_drag(s, library(), world, {"sq-1": (10.0, 13.5)}, {"sq-1": (10.0, 11.0)},
                        False, Dice(seed=1234))
    [entry, *_] = change.log
    assert entry.seed == 1234
    faces = entry.rolls[0]["faces"]
    assert faces == list(Dice(seed=1234).roll(2, "difficult terrain").faces)
    assert f"may move up to {max(faces)}\"" in entry.text


def test_fantasy_and_epic_drags_roll_nothing():
    squad = round_unit("sq", RED, [(10.0, 13.5)])
    s = scenario(RuleSystem.WARHAMMER_FANTASY, units=[squad])
    world = WorldCache(library()).world_for(s)
    assert after_drag(s, library(), world, {"sq-1": (10.0, 13.5)}, {"sq-1": (10.0, 11.0)},
                      False, FixedDice([])) is None
