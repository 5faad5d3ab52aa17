"""Who controls a gun emplacement (seed 000 FAQ), on the table."""

from __future__ import annotations

from board.document.model import RuleSystem, TerrainPiece
from board.game.core.world import WorldCache
from board.game.systems.wh40k.battlements import gun_emplacement_control
from tests.game.samples import BLUE, RED, library, round_unit, scenario

R = 32 / 25.4 / 2  # a 32 mm base's radius, inches


def test_both_sides_in_base_contact_both_control_it():
    """Seed 000 FAQ: "If both players have models in base contact with a gun emplacement,
    which player controls it? They both do." The emplacement is 2" square at (10, 10)."""
    gun = TerrainPiece("gun", "aegis_gun_emplacement", 10.0, 10.0)
    red = round_unit("red", RED, [(11.0 + R, 10.0)])       # touching the right side
    blue = round_unit("blue", BLUE, [(9.0 - R - 0.01, 10.0)])  # 0.01" short of the left side
    s = scenario(RuleSystem.WH40K, [gun], [red, blue])
    assert gun_emplacement_control(s, WorldCache(library()).world_for(s), "gun") == (RED,)
    s.unit("blue").models[0].x = 9.0 - R  # now touching too
    assert gun_emplacement_control(s, WorldCache(library()).world_for(s), "gun") == (BLUE, RED)
