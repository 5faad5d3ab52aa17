"""A frenzied garrison forced out toward the nearest enemy, from End turn (seed 002).

"A unit that's Frenzied or otherwise forced to charge exits toward the nearest enemy instead,
rather than actually charging": as its turn begins, with an enemy within its charge reach
(Movement + 2D6, at most Movement + 12"), measured from the building.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from shapely.geometry import Point, box

from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    TerrainPiece,
    TroopType,
    Unit,
)
from tests.board.test_fantasy_garrison_rules_view import (  # noqa: F401 (the fixture)
    PROFILE,
    fantasy_window,
)

BASE = Base.round_mm(20)
R = BASE.length_in / 2
HOUSE = box(28.0, 22.5, 32.0, 25.5)


def frenzied(orcs_gap: float) -> Scenario:
    """Red berserkers (frenzied, Movement 4) in the house (x 28..32, y 22.5..25.5) since turn
    1; blue orcs ``orcs_gap`` inches east of its east wall; Blue to play, turn 1."""
    berserkers = Unit("zerk", "Berserkers", "red", TroopType.INFANTRY,
                      [Model(f"z{k}", BASE, 30.0, 24.0) for k in range(5)], embarked_in="house",
                      stats={**PROFILE, "frenzy": True})
    orcs = Unit("orcs", "Orcs", "blue", TroopType.INFANTRY,
                [Model(f"o{k}", BASE, 32.0 + orcs_gap + R + 0.8 * k, 24.0) for k in range(5)],
                stats=dict(PROFILE))
    house = TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0,
                         state={"garrison": {"unit": "zerk", "side": "red", "entered_turn": 1}})
    return Scenario(name="Frenzy", rule_system=RuleSystem.WARHAMMER_FANTASY,
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=[house], units=[berserkers, orcs],
                    options={"turn": 1, "player": "blue"})


def end_turn(window) -> None:
    QTest.mouseClick(window.shooting.dock.end_turn, Qt.MouseButton.LeftButton)


def test_a_frenzied_garrison_with_an_enemy_in_reach_is_forced_out_toward_it(fantasy_window):  # noqa: F811
    window = fantasy_window
    window.show_scenario(frenzied(orcs_gap=10.0))
    end_turn(window)  # Blue's turn ends: Red's begins
    zerk = window.scenario.unit("zerk")
    assert zerk.embarked_in is None
    assert window.scenario.piece("house").state["garrison"] is None
    gaps = [HOUSE.distance(Point(m.x, m.y)) - R for m in zerk.models]
    assert min(gaps) == pytest.approx(1.0)  # the rear 1" beyond the east wall
    assert all(m.x > 32.0 for m in zerk.models) and max(gaps) <= 8.0  # twice its Movement
    text = window.scenario.log[-1].text
    assert ("Berserkers in Building, 1 floor (cottage) is frenzied and Orcs 10.00\" from the "
            "building, its charge reach Movement 4\" + 2D6: 16\": the garrison is forced to "
            "charge: it leaves the building toward the nearest enemy instead of charging; it is "
            "placed outside toward Orcs, its rear 1\" from the building") in text, text
    assert all(window.scene.model_item(m.id).isVisible() for m in zerk.models)
    window.undo_stack.undo()
    assert window.scenario.unit("zerk").embarked_in == "house"


def test_a_frenzied_garrison_with_no_enemy_in_reach_stays_and_is_told_why(fantasy_window):  # noqa: F811
    window = fantasy_window
    window.show_scenario(frenzied(orcs_gap=16.5))
    end_turn(window)
    assert window.scenario.unit("zerk").embarked_in == "house"
    assert ("Berserkers in Building, 1 floor (cottage) is frenzied, but no enemy is within its "
            "charge reach (Orcs 16.50\" from the building, its charge reach Movement 4\" + 2D6: "
            "16\")") in window.scenario.log[-1].text
