"""A Warhammer Fantasy garrison (Spearmen in a house) facing a Great Cannon: no Qt.

Shared by the window tests of the garrison shot (tests/board/test_garrison_shot_view.py) and the
exact odds tests (tests/game/test_exact_odds_epic_fantasy.py), which run without PySide6 in CI.
"""

from __future__ import annotations

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

PROFILE = {"ws": 3, "s": 3, "t": 3, "i": 3, "a": 1, "leadership": 7, "movement": 4}


def garrison_scenario(spearmen: int = 6) -> Scenario:
    spears = [Model(f"sp{k}", Base.round_mm(20), 30.0, 24.0) for k in range(spearmen)]
    cannon = Unit("cannon", "Great Cannon", "red", TroopType.WAR_MACHINE,
                  [Model("gc", Base.rectangle_mm(60.0, 100.0), 30.0, 40.0)],
                  stats=dict(PROFILE))
    return Scenario(
        name="Cannon", rule_system=RuleSystem.WARHAMMER_FANTASY,
        sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
        terrain=[TerrainPiece("house", "whfb_building_1_floor", 30.0, 24.0)],
        units=[cannon, Unit("spears", "Spearmen", "blue", TroopType.INFANTRY, spears,
                            embarked_in="house", stats=dict(PROFILE))])
